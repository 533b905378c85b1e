// Package pipelines wires the computing packages to published tables and
// to the command line: a registry of stages, each a function from an Env
// (workers, memory budget, typed options, progress, log, checkpoints) to
// result tables; the stage options as typed flag values, checked for every
// stage of a run before any starts (CheckOptions); Run, which times a stage,
// attaches provenance, writes its tables atomically and only then removes
// its checkpoints; and what the inspect and export commands compute.
//
// Stages do not import each other; each stage's file says which seed section
// its tables reproduce.
package pipelines
