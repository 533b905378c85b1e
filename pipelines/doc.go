// Package pipelines wires the computing packages to published tables: a
// registry of stages, each a function from an Env (output folder, workers,
// memory budget, progress, log) to result tables, and Run, which times a
// stage, attaches provenance and writes its tables atomically.
//
// Stages do not import each other; each stage's file says which seed section
// its tables reproduce.
package pipelines
