// Package parallel runs independent tasks on a fixed number of goroutines.
package parallel
