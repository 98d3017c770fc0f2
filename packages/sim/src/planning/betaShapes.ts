import { InputError } from '../errors.js';

/**
 * Smallest Beta shape the planning functions accept: below ~1e-15 the Gauss–Jacobi nodes of
 * Beta(a, b) no longer converge (betaQuadrature), and a shape of 0 (a concentration that rounds
 * away) is no distribution at all; 1e-6 already puts all but a millionth of the tasks at 0 or 1.
 */
const MIN_SHAPE = 1e-6;

/** Largest concentration a + b the planning functions accept. */
const MAX_CONCENTRATION = 1e15;

/** The Beta(a, b) of the planning tasks from their mean and concentration a + b, with both shapes at least 1e-6. */
export function planningBeta(mean: number, concentration: number): { a: number; b: number } {
  const a = mean * concentration;
  const b = (1 - mean) * concentration;
  if (!(concentration <= MAX_CONCENTRATION)) {
    throw new InputError(
      'concentration',
      `must be at most ${MAX_CONCENTRATION} (the tasks' rates then differ by less than 10⁻⁷; the quadrature over Beta(a, b) stops converging near 10²⁰⁰)`,
      concentration,
    );
  }
  if (!(a >= MIN_SHAPE && b >= MIN_SHAPE)) {
    throw new InputError(
      'concentration',
      `must make both Beta shapes, mean × concentration (${a.toPrecision(3)}) and (1 − mean) × concentration (${b.toPrecision(3)}), at least ${MIN_SHAPE}`,
      concentration,
    );
  }
  return { a, b };
}
