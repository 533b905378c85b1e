package main

import (
	"flag"
	"fmt"
	"io"
)

// parseFlags parses fs from args with flags allowed before, between and
// after the positional arguments ("run canonical --out x"), and returns the
// positional arguments. A bad flag is a one-line usage error.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, fmt.Errorf("%w: %s: %v", errUsage, fs.Name(), err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}
