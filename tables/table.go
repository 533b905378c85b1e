package tables

import (
	"fmt"
	"math/big"
)

// Kind is the type of a column.
type Kind int

// The column kinds and their Go values.
const (
	String  Kind = iota // string
	Int64               // int64
	Uint64              // uint64
	Float64             // float64
	Bool                // bool
	BigInt              // *big.Int, stored as decimal128(38,0): |x| < 10^38
)

var kindNames = [...]string{"string", "int64", "uint64", "float64", "bool", "decimal128(38,0)"}

func (k Kind) String() string { return kindNames[k] }

// Column describes one column of a table.
type Column struct {
	Name     string
	Kind     Kind
	Nullable bool
	Doc      string // one line: what the column holds, stored in the field metadata
}

// Table is a small in-memory table: its name (the file stem), columns and
// rows. Rows hold Go values of the columns' kinds, or nil for null.
type Table struct {
	Name    string
	Columns []Column
	Rows    [][]any
}

// NewTable returns an empty table.
func NewTable(name string, cols ...Column) *Table {
	return &Table{Name: name, Columns: cols}
}

// Append adds a row. It panics, with a message starting "tables:", if the
// values do not match the columns: a stage's bug, not bad data.
func (t *Table) Append(values ...any) {
	if len(values) != len(t.Columns) {
		panic(fmt.Sprintf("tables: %s: row has %d values for %d columns", t.Name, len(values), len(t.Columns)))
	}
	for i, v := range values {
		if err := t.Columns[i].check(v); err != nil {
			panic(fmt.Sprintf("tables: %s: %v", t.Name, err))
		}
	}
	t.Rows = append(t.Rows, values)
}

func (c Column) check(v any) error {
	if v == nil {
		if !c.Nullable {
			return fmt.Errorf("column %s is not nullable", c.Name)
		}
		return nil
	}
	ok := false
	switch c.Kind {
	case String:
		_, ok = v.(string)
	case Int64:
		_, ok = v.(int64)
	case Uint64:
		_, ok = v.(uint64)
	case Float64:
		_, ok = v.(float64)
	case Bool:
		_, ok = v.(bool)
	case BigInt:
		var b *big.Int
		if b, ok = v.(*big.Int); ok && !fitsDecimal38(b) {
			return fmt.Errorf("column %s: %v does not fit decimal128(38,0)", c.Name, b)
		}
	}
	if !ok {
		return fmt.Errorf("column %s wants %v, got %T", c.Name, c.Kind, v)
	}
	return nil
}

var decimal38 = new(big.Int).Exp(big.NewInt(10), big.NewInt(38), nil)

func fitsDecimal38(b *big.Int) bool {
	return new(big.Int).Abs(b).Cmp(decimal38) < 0
}

// Index returns the position of the named column, or -1.
func (t *Table) Index(name string) int {
	for i, c := range t.Columns {
		if c.Name == name {
			return i
		}
	}
	return -1
}
