// Package lockfile keeps a folder to one run at a time, and tells a file
// being written from one a dead process left: both with advisory locks
// (flock), which the kernel drops when their process dies, however it dies.
//
// A folder's lock is a file, .cubecensus.lock, holding the pid of the run
// that holds it. A second run that finds it locked is refused at once,
// naming that pid; one that finds it unlocked (its run was killed) takes it
// over and says so.
package lockfile
