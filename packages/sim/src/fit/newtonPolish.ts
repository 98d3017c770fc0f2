import { observedCovariance } from './observedCovariance.js';

/** Central-difference step of the gradient (scaled by max(1, |x_i|)). */
const STEP = 1e-5;
const MAX_STEPS = 4;

/**
 * A few Newton–Raphson steps on a log-likelihood from a point near its maximum:
 * x ← x + I(x)⁻¹ ∇ℓ(x), with I = −∇²ℓ (`observedCovariance`) and ∇ℓ by central differences;
 * a step is kept only if ℓ rises, and the polish stops at the first that does not (or when I is
 * not positive definite). It sharpens a Nelder–Mead end point from ~1e-9 to rounding level
 * (Nocedal & Wright 2006, "Numerical Optimization", §3.3: quadratic convergence near the optimum).
 * Example: ℓ(x) = −(x − 3)²/2 from x = 2.9 → 3 in one step (tested).
 */
export function newtonPolish(logLik: (x: readonly number[]) => number, start: readonly number[]): number[] {
  let x = start.slice();
  let value = logLik(x);
  for (let step = 0; step < MAX_STEPS; step++) {
    const covariance = observedCovariance(logLik, x);
    if (covariance === null || covariance.length === 0) break;
    const gradient = x.map((xi, i) => {
      const h = STEP * Math.max(1, Math.abs(xi));
      const up = x.slice();
      const down = x.slice();
      up[i] += h;
      down[i] -= h;
      return (logLik(up) - logLik(down)) / (2 * h);
    });
    const next = x.map((xi, i) => xi + covariance[i].reduce((sum, sij, j) => sum + sij * gradient[j], 0));
    const nextValue = logLik(next);
    if (!(nextValue > value)) break;
    x = next;
    value = nextValue;
  }
  return x;
}
