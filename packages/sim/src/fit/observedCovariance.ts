import { cholesky } from './cholesky.js';

/** Central-difference step in each unconstrained coordinate (scaled by max(1, |θ_i|)). */
const STEP = 1e-3;

/**
 * The asymptotic covariance of a maximum-likelihood estimate: the inverse of the observed
 * information I = −∇²ℓ(θ̂) (e.g. Pawitan 2001, "In All Likelihood", §8.3), with the Hessian by
 * central differences, H_ii = (ℓ(θ + h e_i) − 2ℓ(θ) + ℓ(θ − h e_i))/h², H_ij =
 * (ℓ(++) − ℓ(+−) − ℓ(−+) + ℓ(−−))/(4 h_i h_j), h = 10⁻³·max(1, |θ_i|) (truncation O(h²) ≈ 1e-6
 * relative; rounding ≈ 1e-16·|ℓ|/h² — negligible for ℓ up to ~10⁶). Returns null when I is not
 * positive definite (a flat or rising direction: the parameters are not identified by the data).
 * Example: ℓ(x, y) = −(x²/(2·4) + y²/(2·9)) → covariance diag(4, 9) (tested).
 */
export function observedCovariance(logLik: (x: readonly number[]) => number, at: readonly number[]): number[][] | null {
  const d = at.length;
  if (d === 0) return [];
  const h = at.map((x) => STEP * Math.max(1, Math.abs(x)));
  const shifted = (steps: ReadonlyArray<[index: number, sign: number]>) => {
    const x = at.slice();
    for (const [i, sign] of steps) x[i] += sign * h[i];
    return logLik(x);
  };
  const centre = logLik(at);
  const information: number[][] = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  for (let i = 0; i < d; i++) {
    information[i][i] = -(shifted([[i, 1]]) - 2 * centre + shifted([[i, -1]])) / (h[i] * h[i]);
    for (let j = 0; j < i; j++) {
      const mixed =
        (shifted([
          [i, 1],
          [j, 1],
        ]) -
          shifted([
            [i, 1],
            [j, -1],
          ]) -
          shifted([
            [i, -1],
            [j, 1],
          ]) +
          shifted([
            [i, -1],
            [j, -1],
          ])) /
        (4 * h[i] * h[j]);
      information[i][j] = -mixed;
      information[j][i] = -mixed;
    }
  }
  const lower = cholesky(information);
  if (lower === null) return null;
  return inverseFromCholesky(lower);
}

/** A⁻¹ = L⁻ᵀ L⁻¹ from the Cholesky factor L. */
function inverseFromCholesky(l: readonly (readonly number[])[]): number[][] {
  const d = l.length;
  // Columns of L⁻¹ by forward substitution.
  const inv: number[][] = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  for (let col = 0; col < d; col++) {
    for (let i = col; i < d; i++) {
      let sum = i === col ? 1 : 0;
      for (let k = col; k < i; k++) sum -= l[i][k] * inv[k][col];
      inv[i][col] = sum / l[i][i];
    }
  }
  const out: number[][] = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  for (let i = 0; i < d; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = 0;
      for (let k = i; k < d; k++) sum += inv[k][i] * inv[k][j];
      out[i][j] = sum;
      out[j][i] = sum;
    }
  }
  return out;
}
