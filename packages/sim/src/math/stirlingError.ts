import { HALF_LOG_TWO_PI, logGammaUnchecked } from './logGamma.js';
import { stirlingSeries } from './stirlingSeries.js';

/** δ(j/2) for j = 1..30 (computed with mpmath at 40 digits; Loader 2000 tabulates the same values). */
const AT_HALF_INTEGERS = [
  0.15342640972002734529, 0.08106146679532725822, 0.054814121051917653896, 0.041340695955409294094, 0.033162873519936287485, 0.027677925684998339149,
  0.023746163656297495971, 0.020790672103765093112, 0.018488450532673185231, 0.016644691189821192163, 0.015134973221917378874, 0.013876128823070747999,
  0.012810465242920226924, 0.011896709945891770095, 0.011104559758206917327, 0.010411265261972096497, 0.0097994161261588032984, 0.0092554621827127329177,
  0.008768700134139385463, 0.0083305634333628712565, 0.0079341145643140205472, 0.007573675487951840795, 0.0072445543013203831795, 0.0069428401072095298657,
  0.0066652470327076824424, 0.0064089941880042070684, 0.0061717122630394576475, 0.0059513701127588477356, 0.005746216513010115682, 0.005554733551962801371,
] as const;

/**
 * The error of Stirling's formula, used to write Γ ratios without cancellation:
 * δ(z) = ln Γ(z + 1) − (z + ½) ln z + z − ½ ln 2π = ln Γ(z) − (z − ½) ln z + z − ½ ln 2π
 * (Loader 2000, "Fast and accurate computation of binomial probabilities", eq. 3). Stirling's series
 * (A&S 6.1.40) for z ≥ 10, a table at the half-integers below 15 (exact to rounding), else the
 * defining difference (absolute error ≲ 1e-14 there).
 * Internal (no input check): z > 0.
 * Example: stirlingError(1) = 1 − ½ ln 2π = 0.08106146679532726.
 */
export function stirlingError(z: number): number {
  if (z <= 15) {
    const twice = 2 * z;
    if (Number.isInteger(twice) && twice >= 1) return AT_HALF_INTEGERS[twice - 1];
  }
  if (z >= 10) return stirlingSeries(z);
  return logGammaUnchecked(z) - (z - 0.5) * Math.log(z) + z - HALF_LOG_TWO_PI;
}
