import { requirePositive } from '../checks.js';
import { stirlingSeries } from './stirlingSeries.js';

/** ½ ln(2π). */
export const HALF_LOG_TWO_PI = 0.9189385332046727417803;

/** 1 − γ (Euler–Mascheroni γ = 0.5772156649015328606…). */
const ONE_MINUS_EULER = 0.4227843350984671393935;

/** ζ(n) − 1 for n = 2..30 (computed with mpmath at 40 digits; A&S Table 23.3 lists the leading digits). */
const ZETA_MINUS_ONE = [
  0.644934066848226436472, 0.2020569031595942854, 0.082323233711138191516, 0.0369277551433699263314, 0.0173430619844491397145, 0.0083492773819228268398,
  0.00407735619794433937869, 0.00200839282608221441785, 0.000994575127818085337146, 0.000494188604119464558702, 0.000246086553308048298638,
  0.000122713347578489146752, 0.0000612481350587048292585, 0.0000305882363070204935517, 0.0000152822594086518717326, 0.0000076371976378997622736,
  0.00000381729326499983985646, 0.00000190821271655393892566, 9.53962033872796113152e-7, 4.76932986787806463117e-7, 2.38450502727732990004e-7,
  1.19219925965311073068e-7, 5.96081890512594796124e-8, 2.98035035146522801861e-8, 1.49015548283650412347e-8, 7.45071178983542949198e-9,
  3.72533402478845705482e-9, 1.8626597235130490064e-9, 9.31327432419668182872e-10,
] as const;

/**
 * ln Γ(2 + t) for |t| ≤ ½ from its Taylor series at 2:
 * ln Γ(2 + t) = (1 − γ) t + Σ_{n≥2} (−1)^n (ζ(n) − 1) t^n / n   (A&S 6.1.33 plus ln(1 + t)).
 * With |t| ≤ ½ the n-th term is below 4^−n / n, so 29 terms reach double precision. The series has no
 * cancellation near its zero at t = 0, which keeps the relative error small around Γ = 1.
 */
function logGammaTwoPlus(t: number): number {
  let sum = 0;
  for (let n = ZETA_MINUS_ONE.length + 1; n >= 2; n--) {
    sum = t * (sum + ((n & 1 ? -1 : 1) * ZETA_MINUS_ONE[n - 2]) / n);
  }
  return t * (ONE_MINUS_EULER + sum);
}

/**
 * Natural log of the gamma function for x > 0.
 * ln Γ(x): Taylor series at 2 (A&S 6.1.33) for x < 2.5 — via Γ(x) = Γ(x + 1)/x and
 * Γ(1 + t) = Γ(2 + t)/(1 + t) — the recurrence Γ(x) = (x − 1)Γ(x − 1) down to [1.5, 2.5) for x < 10,
 * and Stirling's series (A&S 6.1.40) for x ≥ 10. Relative error ≲ 1e-15 (tested against scipy
 * and mpmath), including next to the zeros at x = 1 and x = 2.
 * Example: logGamma(0.5) = ln √π = 0.5723649429247001.
 */
export function logGamma(x: number): number {
  return logGammaUnchecked(requirePositive('x', x));
}

/** `logGamma` without the input check (x > 0). */
export function logGammaUnchecked(x: number): number {
  if (x < 0.5) return logGammaTwoPlus(x) - Math.log1p(x) - Math.log(x);
  if (x < 1.5) {
    const t = x - 1; // exact (Sterbenz)
    return logGammaTwoPlus(t) - Math.log1p(t);
  }
  if (x < 2.5) return logGammaTwoPlus(x - 2);
  if (x < 10) {
    // Γ(x) = Γ(z) · z(z + 1)…(x − 1) with z = x − m in [1.5, 2.5); z is exact.
    const m = Math.floor(x - 1.5);
    const z = x - m;
    let product = z;
    for (let j = 1; j < m; j++) product *= z + j;
    return logGammaTwoPlus(z - 2) + Math.log(product);
  }
  if (x === Infinity) return Infinity;
  return (x - 0.5) * Math.log(x) - x + HALF_LOG_TWO_PI + stirlingSeries(x);
}
