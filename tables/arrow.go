package tables

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/cubecensus/cubecensus/internal/atomicfile"
)

// ErrFormat is wrapped by Read's errors when a file is not a cubecensus
// table (not Arrow IPC, or a column type this package does not write).
var ErrFormat = errors.New("not a cubecensus table")

// Extension is the file extension of result tables.
const Extension = ".arrow"

func arrowType(k Kind) arrow.DataType {
	switch k {
	case String:
		return arrow.BinaryTypes.String
	case Int64:
		return arrow.PrimitiveTypes.Int64
	case Uint64:
		return arrow.PrimitiveTypes.Uint64
	case Float64:
		return arrow.PrimitiveTypes.Float64
	case Bool:
		return arrow.FixedWidthTypes.Boolean
	case BigInt:
		return &arrow.Decimal128Type{Precision: 38, Scale: 0}
	}
	panic(fmt.Sprintf("tables: unknown kind %d", k))
}

func kindOf(t arrow.DataType) (Kind, bool) {
	for k := String; k <= BigInt; k++ {
		if arrow.TypeEqual(t, arrowType(k)) {
			return k, true
		}
	}
	return 0, false
}

func (t *Table) schema(p Provenance) *arrow.Schema {
	fields := make([]arrow.Field, len(t.Columns))
	for i, c := range t.Columns {
		fields[i] = arrow.Field{
			Name: c.Name, Type: arrowType(c.Kind), Nullable: c.Nullable,
			Metadata: arrow.NewMetadata([]string{"doc"}, []string{c.Doc}),
		}
	}
	keys, values := p.metadata()
	keys = append(keys, metaPrefix+"table")
	values = append(values, t.Name)
	meta := arrow.NewMetadata(keys, values)
	return arrow.NewSchema(fields, &meta)
}

// record builds the table's single record batch.
func (t *Table) record(mem memory.Allocator, schema *arrow.Schema) arrow.RecordBatch {
	b := array.NewRecordBuilder(mem, schema)
	defer b.Release()
	for _, row := range t.Rows {
		for i, v := range row {
			f := b.Field(i)
			if v == nil {
				f.AppendNull()
				continue
			}
			switch f := f.(type) {
			case *array.StringBuilder:
				f.Append(v.(string))
			case *array.Int64Builder:
				f.Append(v.(int64))
			case *array.Uint64Builder:
				f.Append(v.(uint64))
			case *array.Float64Builder:
				f.Append(v.(float64))
			case *array.BooleanBuilder:
				f.Append(v.(bool))
			case *array.Decimal128Builder:
				f.Append(decimal128.FromBigInt(v.(*big.Int)))
			}
		}
	}
	return b.NewRecordBatch()
}

// encode returns t as a sealed Arrow IPC file (see checksum.go).
func encode(t *Table, p Provenance, mem memory.Allocator) ([]byte, error) {
	schema := t.schema(p)
	rec := t.record(mem, schema)
	defer rec.Release()
	var buf bytes.Buffer
	fw, err := ipc.NewFileWriter(&buf, ipc.WithSchema(schema), ipc.WithAllocator(mem))
	if err != nil {
		return nil, err
	}
	if err := fw.Write(rec); err != nil {
		fw.Close()
		return nil, err
	}
	if err := fw.Close(); err != nil {
		return nil, err
	}
	file := buf.Bytes()
	return file, seal(file)
}

// Write stores t in dir as NAME.arrow, atomically (see WriteAtomically). It
// returns the path written.
func Write(dir string, t *Table, p Provenance) (string, error) {
	path := filepath.Join(dir, t.Name+Extension)
	file, err := encode(t, p, memory.DefaultAllocator)
	if err != nil {
		return path, fmt.Errorf("encoding %s: %w", path, err)
	}
	err = atomicfile.Write(path, func(w io.Writer) error {
		_, err := w.Write(file)
		return err
	})
	return path, err
}

// Read loads a table written by Write, with its provenance. It checks the
// file's checksum before the Arrow reader sees a byte of it, then the
// columns the reader returns, so that a damaged file gives an error wrapping
// ErrChecksum or ErrFormat, never a panic or wrong values. Errors name the
// file.
func Read(path string) (*Table, Provenance, error) {
	file, err := readFile(path)
	if err != nil {
		return nil, Provenance{}, err
	}
	t, p, err := decode(file, memory.DefaultAllocator)
	if err != nil {
		return nil, p, fmt.Errorf("%s: %w", path, err)
	}
	return t, p, nil
}

// MaxBytes bounds the size of a table file Read accepts: the largest
// table cubecensus writes is a few megabytes.
const MaxBytes = 1 << 30

// arrowMagic opens and closes an Arrow IPC file; the footer's length, an
// int32, stands before the closing one.
const arrowMagic = "ARROW1"

// readFile reads a table file after checking, from its size and its last
// bytes, that it can be one: a regular file of at most MaxBytes that ends
// as an Arrow IPC file ends, so that neither /dev/zero nor a file of
// gigabytes is read whole before it is refused.
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := st.Size()
	switch {
	case !st.Mode().IsRegular():
		return nil, fmt.Errorf("%s: %w: not a regular file", path, ErrFormat)
	case size > MaxBytes:
		return nil, fmt.Errorf("%s: %w: %d bytes, more than any table (%d at most)", path, ErrFormat, size, MaxBytes)
	case size < 2*int64(len(arrowMagic))+4:
		return nil, fmt.Errorf("%s: %w: %d bytes, too short for an Arrow file", path, ErrFormat, size)
	}
	tail := make([]byte, len(arrowMagic)+4)
	if _, err := f.ReadAt(tail, size-int64(len(tail))); err != nil {
		return nil, err
	}
	footer := int64(binary.LittleEndian.Uint32(tail))
	if string(tail[4:]) != arrowMagic || footer > size {
		return nil, fmt.Errorf("%s: %w: it does not end as an Arrow IPC file", path, ErrFormat)
	}
	file := make([]byte, size)
	if _, err := io.ReadFull(io.NewSectionReader(f, 0, size), file); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return file, nil
}

func decode(file []byte, mem memory.Allocator) (*Table, Provenance, error) {
	sum, err := verify(file)
	if err != nil {
		return nil, Provenance{}, err
	}
	fr, err := ipc.NewFileReader(bytes.NewReader(file), ipc.WithAllocator(mem))
	if err != nil {
		return nil, Provenance{}, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	defer fr.Close()
	schema := fr.Schema()
	meta := schema.Metadata()
	p, err := parseProvenance(meta.Keys(), meta.Values())
	if err != nil {
		return nil, p, err
	}
	if p.Checksum != sum {
		return nil, p, fmt.Errorf("%w: the schema's %s is not the one in the file's bytes", ErrChecksum, checksumKey)
	}
	t := &Table{}
	if i := meta.FindKey(metaPrefix + "table"); i >= 0 {
		t.Name = meta.Values()[i]
	}
	for _, f := range schema.Fields() {
		k, ok := kindOf(f.Type)
		if !ok {
			return nil, p, fmt.Errorf("%w: column %s has type %v", ErrFormat, f.Name, f.Type)
		}
		doc, _ := f.Metadata.GetValue("doc")
		t.Columns = append(t.Columns, Column{Name: f.Name, Kind: k, Nullable: f.Nullable, Doc: doc})
	}
	for i := range fr.NumRecords() {
		rec, err := fr.RecordBatch(i)
		if err != nil {
			return nil, p, fmt.Errorf("%w: %v", ErrFormat, err)
		}
		if err := validate(t, rec); err != nil {
			return nil, p, err
		}
		appendRows(t, rec)
	}
	return t, p, nil
}

// validate checks a record batch as the Arrow library can: every column as
// long as the batch, of its declared type, without nulls where the schema
// forbids them, and internally consistent where the array type has a
// validator (string offsets and lengths).
func validate(t *Table, rec arrow.RecordBatch) error {
	if int(rec.NumCols()) != len(t.Columns) {
		return fmt.Errorf("%w: a record batch of %d columns, the schema has %d", ErrFormat, rec.NumCols(), len(t.Columns))
	}
	for i, col := range rec.Columns() {
		c := t.Columns[i]
		if col.Len() != int(rec.NumRows()) || !arrow.TypeEqual(col.DataType(), arrowType(c.Kind)) {
			return fmt.Errorf("%w: column %s: %d values of %v in a batch of %d rows", ErrFormat, c.Name, col.Len(), col.DataType(), rec.NumRows())
		}
		if col.NullN() > 0 && !c.Nullable {
			return fmt.Errorf("%w: column %s has nulls but is not nullable", ErrFormat, c.Name)
		}
		if v, ok := col.(interface{ ValidateFull() error }); ok {
			if err := v.ValidateFull(); err != nil {
				return fmt.Errorf("%w: column %s: %v", ErrFormat, c.Name, err)
			}
		}
	}
	return nil
}

// appendRows copies a record batch's rows into t as Go values.
func appendRows(t *Table, rec arrow.RecordBatch) {
	for r := range int(rec.NumRows()) {
		row := make([]any, rec.NumCols())
		for c, col := range rec.Columns() {
			if col.IsNull(r) {
				continue
			}
			switch col := col.(type) {
			case *array.String:
				row[c] = col.Value(r)
			case *array.Int64:
				row[c] = col.Value(r)
			case *array.Uint64:
				row[c] = col.Value(r)
			case *array.Float64:
				row[c] = col.Value(r)
			case *array.Boolean:
				row[c] = col.Value(r)
			case *array.Decimal128:
				row[c] = col.Value(r).BigInt()
			}
		}
		t.Rows = append(t.Rows, row)
	}
}
