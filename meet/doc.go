// Package meet is the bounded meet-in-the-middle engine the searches of
// the upper face (upperface) and of the twisted centers (centers) run on.
// A problem keeps its own algebra (its states and their numbering, the key
// of a cube, its stored side, its prefixes and their symmetry) and the
// engine keeps what every such search does with them:
//
//   - the bounds a search leaves on each state's distance, with a maneuver
//     for each upper bound, and their distribution by depth (Bounds,
//     Levels): a search that stops before every state is found keeps
//     honest bounds, lower bounds from what it proved, upper bounds from
//     maneuvers that reach the state; the two meet where the distance is
//     known;
//   - the choice of the stored side's depth for a memory budget
//     (StoredSide);
//   - a depth's chunks run on any number of workers and merged in order,
//     under a probe budget (Chunks.Run), so that results do not depend on
//     the worker count and the budget stops a search at the same place on
//     every run;
//   - checkpoints and their resumption (Checkpoint, Saver), and the depth
//     statistics they carry (DepthStats, Result);
//   - a depth's chunks searched in parts anywhere (Part) and their hits
//     (Hit) settled in chunk order, as one search would have merged them.
//
// A problem describes itself to the engine through values and functions:
// its number of states (the bounds' length), its stored side's size
// (StoredSide), its depth's chunks (their count, their planned probes
// where it counts them ahead, their prefixes for parts), a worker's search
// of a chunk and the merging of what it found. The search below a chunk,
// the hot loop where the probes are made, stays the problem's own: it
// computes the problem's key of each cube (seed 004's pair coordinates for
// the upper face, a canonical cube for the centers) and reads its stored
// side, tens of millions of times a second (upperface: 7.6e9 probes in
// STM's depth 14, 333 to 400 s on two cores, BENCHMARKS.md), where an
// interface would add to every probe a call the compiler cannot inline.
package meet
