// Package committed finds the folder of committed result tables, results/
// at the top of the repository (or $CUBECENSUS_RESULTS, as the notebooks
// read it), for the tests that check those tables. It is the one place that
// knows where they are, so no test reads them by a relative path.
package committed
