// Package centers is God's algorithm for the 2048 twisted-center states: the
// exact distance and an optimal maneuver of every way the six centers can be
// turned while every cubie is solved (seed 000, "Cubes with Twisted
// Centers"), in HTM, QTM and STM.
package centers
