import { requirePositive } from '../checks.js';
import { InputError } from '../errors.js';
import type { Rng } from '../rng/rng.js';
import { gamma } from './gamma.js';
import { logGammaVariate } from './logGammaVariate.js';

/**
 * One Dirichlet(alpha) vector, written into `out` (no allocation) and returned.
 *
 * Formula: x_i = G_i / Σ_j G_j with independent G_i ~ Gamma(alpha_i) (Devroye 1986, §XI.4).
 * When some alpha_i < 1 the gammas are drawn in log space (`logGammaVariate`) and normalised
 * after subtracting the largest log, so tiny concentrations do not give 0/0.
 * Example: dirichlet(rng, [1, 2, 3], out) has mean (1/6, 2/6, 3/6) (tested; Var x_i = α_i(α_0 − α_i)/(α_0²(α_0 + 1))).
 */
export function dirichlet(rng: Rng, alpha: ArrayLike<number>, out: Float64Array): Float64Array {
  const k = alpha.length;
  if (k < 1) throw new InputError('alpha', 'must have at least one entry', k);
  if (out.length !== k) throw new InputError('out', `must have length ${k} (as alpha)`, out.length);
  let smallest = Infinity;
  for (let i = 0; i < k; i++) {
    const a = alpha[i];
    if (!(a > 0 && a < Infinity)) requirePositive(`alpha[${i}]`, a); // throws; the name is built only then
    if (a < smallest) smallest = a;
  }
  let total = 0;
  if (smallest >= 1) {
    for (let i = 0; i < k; i++) total += out[i] = gamma(rng, alpha[i]);
  } else {
    let largest = -Infinity;
    for (let i = 0; i < k; i++) {
      out[i] = logGammaVariate(rng, alpha[i]);
      if (out[i] > largest) largest = out[i];
    }
    for (let i = 0; i < k; i++) total += out[i] = Math.exp(out[i] - largest);
  }
  for (let i = 0; i < k; i++) out[i] /= total;
  return out;
}
