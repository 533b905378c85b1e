package upperface

import (
	"fmt"
	"strings"

	"github.com/cubecensus/cubecensus/cube"
)

// Seed004Line writes one line of seed 004's results file ("Mapping of
// Upper face state to unique number"):
//
//	un=xxxxx epn=xx etn=x cpn=xx ctn=xx ep=AAAA et=BBBB cp=CCCC ct=DDDD D=xx m=move fm=move
//
// with the numbers zero-padded to the widths of that template, m in the
// seed's letter codes (A = U ... R = B') and fm in Singmaster notation
// without spaces, as the seed's examples print maneuvers. The solved
// position has D=00 and empty maneuvers (the seed's own file shows it
// reached in two moves, "to help with parsing"). moves must be face turns.
func Seed004Line(un int, moves []cube.Move) (string, error) {
	p, err := FromUn(un)
	if err != nil {
		return "", err
	}
	for _, m := range moves {
		if !m.IsFace() {
			return "", fmt.Errorf("upperface: seed 004's letter codes name face turns, not %v", m)
		}
	}
	q, err := FromCube(cube.FromMoves(moves))
	if err != nil {
		return "", fmt.Errorf("upperface: the maneuver %s for un %d: %w", cube.FormatManeuver(moves), un, err)
	}
	if got := q.Un(); got != un {
		return "", fmt.Errorf("upperface: the maneuver %s reaches un %d, not %d", cube.FormatManeuver(moves), got, un)
	}
	epn, etn, cpn, ctn := p.Numbers()
	ep, et, cp, ct := p.Digits()
	return fmt.Sprintf("un=%05d epn=%02d etn=%d cpn=%02d ctn=%02d ep=%s et=%s cp=%s ct=%s D=%02d m=%s fm=%s",
		un, epn, etn, cpn, ctn, ep, et, cp, ct,
		len(moves), cube.FormatLetterCodes(moves), strings.ReplaceAll(cube.FormatManeuver(moves), " ", "")), nil
}
