/**
 * The Cholesky factor of a symmetric matrix: lower-triangular L with A = L Lᵀ
 * (Golub & Van Loan 2013, "Matrix Computations", Algorithm 4.2.1), or null when A is not
 * (numerically) positive definite: a pivot ≤ 1e-10 of its diagonal entry, or not finite.
 * Example: [[4, 2], [2, 3]] → [[2, 0], [1, √2]] (tested).
 */
export function cholesky(a: readonly (readonly number[])[]): number[][] | null {
  const d = a.length;
  const l: number[][] = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  for (let i = 0; i < d; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i][j];
      for (let k = 0; k < j; k++) sum -= l[i][k] * l[j][k];
      if (i === j) {
        // A pivot that is not clearly positive (relative to the diagonal) means no curvature there.
        if (!(sum > 1e-10 * Math.abs(a[i][i])) || !Number.isFinite(sum)) return null;
        l[i][i] = Math.sqrt(sum);
      } else {
        l[i][j] = sum / l[j][j];
      }
    }
  }
  return l;
}
