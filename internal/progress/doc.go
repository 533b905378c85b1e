// Package progress reports how far long work has got: a progress bar when
// stderr is a terminal, and plain log lines every few seconds when it is not
// (CI, cluster logs), so that logs stay readable and results stay on stdout.
package progress
