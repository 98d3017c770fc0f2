import { requireInteger, requireOpenUnit } from '../checks.js';
import { clopperPearsonBounds } from '../intervals/clopperPearson.js';
import { JEFFREYS_PRIOR, type BetaParameters } from '../intervals/betaPosterior.js';
import type { LabelledInterval } from '../intervals/interval.js';

/** One error rate of a verifier measured on labelled attempts: x of n, with its exact interval and Jeffreys posterior. */
export interface MeasuredRate {
  /** Attempts with the error (wrong accepted, or right rejected). */
  readonly errors: number;
  /** Attempts it is measured on (wrong, or right), ≥ 1. */
  readonly of: number;
  /** The observed rate errors/of. */
  readonly rate: number;
  /** The equal-tailed Clopper–Pearson interval at `level`. */
  readonly interval: LabelledInterval & { readonly method: 'clopper-pearson' };
  /** Jeffreys posterior Beta(errors + ½, of − errors + ½) of the rate (what a simulation draws the rate from). */
  readonly posterior: BetaParameters;
}

/**
 * The rate x/n with its exact two-sided interval — Clopper–Pearson (1934): L = B⁻¹(α/2; x, n − x + 1),
 * U = B⁻¹(1 − α/2; x + 1, n − x), α = 1 − level — and its Jeffreys posterior Beta(x + ½, n − x + ½)
 * (Brown, Cai & DasGupta 2001, §4.1.2). Undefined when n = 0: nothing to measure the rate on.
 * Throws InputError unless 0 ≤ errors ≤ of are integers and 0 < level < 1.
 * Example: measuredRate(2375, 10018, 0.95) → rate 0.2371, interval [0.2288, 0.2455], posterior Beta(2375.5, 7643.5).
 */
export function measuredRate(errors: number, of: number, level: number): MeasuredRate | undefined {
  requireInteger('of', of, 0);
  requireInteger('errors', errors, 0, of);
  requireOpenUnit('level', level);
  if (of === 0) return undefined;
  const { lower, upper } = clopperPearsonBounds(of, errors, (1 - level) / 2);
  return {
    errors,
    of,
    rate: errors / of,
    interval: { lower, upper, level, method: 'clopper-pearson' },
    posterior: { a: errors + JEFFREYS_PRIOR.a, b: of - errors + JEFFREYS_PRIOR.b },
  };
}
