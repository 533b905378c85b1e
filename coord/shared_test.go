package coord

import "sync"

// shared are the tables the tests read, loaded (or built) once, on the
// first test that asks.
var shared = sync.OnceValue(func() *Tables {
	t, err := Load(Config{})
	if err != nil {
		panic(err)
	}
	return t
})
