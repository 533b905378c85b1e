package upperface

import (
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

func TestSeed004Line(t *testing.T) {
	moves, err := cube.ParseManeuver("F R U R' U' F'")
	if err != nil {
		t.Fatal(err)
	}
	// Seed 004's worked example, in its results-file format.
	want := "un=09387 epn=03 etn=4 cpn=11 ctn=18 ep=0231 et=0011 cp=3210 ct=0021 D=06 m=GMAOCI fm=FRUR'U'F'"
	if got, err := Seed004Line(9387, moves); err != nil || got != want {
		t.Errorf("Seed004Line(9387, FRUR'U'F') = %q, %v; want %q", got, err, want)
	}
}

// TestSeed004LineRefusesBadData: bad data is an error, never a panic (a
// maneuver that leaves the upper face used to panic).
func TestSeed004LineRefusesBadData(t *testing.T) {
	for _, tc := range []struct {
		un       int
		maneuver string
		want     string
	}{
		{0, "R", "for un 0"},
		{0, "M2 U M2 U2 M2 U M2", "face turns"},
		{1, "U2", "reaches un"},
		{NPositions, "", "un"},
	} {
		moves, err := cube.ParseManeuver(tc.maneuver)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Seed004Line(tc.un, moves); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Seed004Line(%d, %q) = %v, want an error mentioning %q", tc.un, tc.maneuver, err, tc.want)
		}
	}
}
