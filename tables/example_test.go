package tables_test

import (
	"math/big"
	"os"

	"github.com/cubecensus/cubecensus/tables"
)

// A stage's table, written as Arrow IPC with its provenance and read back
// as a notebook would: the exact count keeps every digit.
func ExampleWrite() {
	dir, err := os.MkdirTemp("", "tables-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)

	t := tables.NewTable("example_orders",
		tables.Column{Name: "group", Kind: tables.String, Doc: "the group"},
		tables.Column{Name: "order", Kind: tables.BigInt, Doc: "its number of positions"})
	cube, _ := new(big.Int).SetString("43252003274489856000", 10) // beyond 2^64
	t.Append("H", big.NewInt(19_508_428_800))
	t.Append("the cube", cube)
	path, err := tables.Write(dir, t, tables.NewProvenance("example", 1))
	if err != nil {
		panic(err)
	}

	back, _, err := tables.Read(path)
	if err != nil {
		panic(err)
	}
	if err := tables.Format(os.Stdout, back, "csv"); err != nil {
		panic(err)
	}
	// Output:
	// group,order
	// H,19508428800
	// the cube,43252003274489856000
}
