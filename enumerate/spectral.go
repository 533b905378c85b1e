package enumerate

import (
	"fmt"
	"math/cmplx"

	"gonum.org/v1/gonum/mat"
)

// BranchingFactor returns the dominant eigenvalue (spectral radius) of the
// automaton's transition matrix: q_n grows like rho^n, so rho is the
// asymptotic number of canonical continuations per unit of length.
func (a *Automaton) BranchingFactor() (float64, error) {
	n := len(a.T)
	m := mat.NewDense(n, n, nil)
	for i, row := range a.T {
		for j, t := range row {
			m.Set(i, j, float64(t))
		}
	}
	var eig mat.Eigen
	if !eig.Factorize(m, mat.EigenNone) {
		return 0, fmt.Errorf("enumerate: eigenvalues of the %s automaton did not converge", a.Set.Name)
	}
	rho := 0.0
	for _, v := range eig.Values(nil) {
		rho = max(rho, cmplx.Abs(v))
	}
	return rho, nil
}
