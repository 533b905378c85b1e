// Package atomicfile writes files so that a reader sees the old file or
// the new one, never a part: tables, checkpoints and cached pruning tables
// all go through it.
package atomicfile
