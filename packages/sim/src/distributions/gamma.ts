import { requirePositive } from '../checks.js';
import type { Rng } from '../rng/rng.js';
import { standardNormal } from './standardNormal.js';

/**
 * One gamma variate G ~ Gamma(shape, scale 1).
 *
 * Formula (shape ≥ 1): d = shape − 1/3, c = 1/√(9d); repeat Z ~ N(0,1), v = (1 + cZ)³ (v > 0),
 * U ~ U(0,1) until U < 1 − 0.0331 Z⁴ or ln U < Z²/2 + d(1 − v + ln v); return d·v.
 * (shape < 1): G = Gamma(shape + 1)·U^{1/shape}.
 * Source: Marsaglia & Tsang (2000), "A simple method for generating gamma variables",
 * ACM TOMS 26(3):363–372, including their boost for shape < 1.
 * For very small shapes U^{1/shape} underflows to exactly 0 with noticeable probability
 * (shape = 0.001: P(G < 1e-308) ≈ 0.49); use `logGammaVariate` when the logarithm is what is needed.
 * Example: gamma(rng, 2.5) has mean 2.5 and variance 2.5 (tested against scipy.stats.gamma).
 */
export function gamma(rng: Rng, shape: number): number {
  requirePositive('shape', shape);
  if (shape >= 1) return marsagliaTsang(rng, shape);
  const boost = Math.pow(1 - rng.uniform(), 1 / shape); // 1 − U ∈ (0, 1]
  return marsagliaTsang(rng, shape + 1) * boost;
}

/** Marsaglia–Tsang for shape ≥ 1 (unchecked). */
function marsagliaTsang(rng: Rng, shape: number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let z: number;
    let v: number;
    do {
      z = standardNormal(rng);
      v = 1 + c * z;
    } while (v <= 0);
    v = v * v * v;
    const u = rng.uniform();
    const z2 = z * z;
    if (u < 1 - 0.0331 * z2 * z2) return d * v;
    if (Math.log(u) < 0.5 * z2 + d * (1 - v + Math.log(v))) return d * v;
  }
}
