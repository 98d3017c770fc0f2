/** Relative step of the numerical gradient. */
const STEP = 1e-6;

/**
 * Delta method for a function of the optimiser's coordinates: ∇f by central differences over the
 * free coordinates (step 1e-6·max(1, |θ_i|)), and Var f ≈ ∇fᵀ Σ ∇f with Σ their covariance
 * (Casella & Berger 2002, §5.5.4). Example: f(θ) = 2θ₀ with Var θ₀ = 0.25 → variance 1.
 */
export function deltaMethod(
  f: (theta: readonly number[]) => number,
  theta: readonly number[],
  free: readonly number[],
  covariance: readonly (readonly number[])[],
): { gradient: number[]; variance: number } {
  const gradient = free.map((index) => {
    const h = STEP * Math.max(1, Math.abs(theta[index]));
    const up = theta.slice();
    const down = theta.slice();
    up[index] += h;
    down[index] -= h;
    return (f(up) - f(down)) / (2 * h);
  });
  let variance = 0;
  for (let i = 0; i < gradient.length; i++) {
    for (let j = 0; j < gradient.length; j++) variance += gradient[i] * covariance[i][j] * gradient[j];
  }
  return { gradient, variance };
}
