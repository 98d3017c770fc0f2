import { stirlingError } from '../math/stirlingError.js';

/** Below this many factors the rising factorial is summed term by term. */
const DIRECT_TERMS = 16;
/** From here on Stirling's formula with its error term δ is accurate to rounding. */
const STIRLING_FROM = 10;

/**
 * ln of the rising factorial (x)_m = x(x + 1)…(x + m − 1) = Γ(x + m)/Γ(x), for x > 0 (or x = +∞
 * when m = 0) and integer m ≥ 0.
 *
 * Formula: Σ_{j<m} ln(x + j) for m ≤ 16; otherwise the first factors directly until x + j ≥ 10,
 * then Stirling's formula with its error δ (Loader 2000, "Fast and accurate computation of
 * binomial probabilities", eq. 3):
 * ln Γ(y + r) − ln Γ(y) = (y − ½)·ln(1 + r/y) + r·(ln(y + r) − 1) + δ(y + r) − δ(y),
 * which never subtracts two ln Γ values of size y ln y (so a = 10^9 keeps its digits).
 * Internal: no input checks.
 * Example: logRisingFactorial(0.5, 3) = ln(0.5·1.5·2.5) = ln 1.875 = 0.6286086594223741.
 */
export function logRisingFactorial(x: number, m: number): number {
  if (m === 0) return 0;
  let sum = 0;
  const direct = m <= DIRECT_TERMS ? m : Math.min(m, Math.max(0, Math.ceil(STIRLING_FROM - x)));
  for (let j = 0; j < direct; j++) sum += Math.log(x + j);
  const y = x + direct;
  const r = m - direct;
  if (r === 0) return sum;
  return stirlingRest(sum, y, r, stirlingError(y));
}

/** sum + ln Γ(y + r) − ln Γ(y) by Stirling with its error terms (δ(y) given), in one fixed order of operations. */
function stirlingRest(sum: number, y: number, r: number, deltaY: number): number {
  return sum + (y - 0.5) * Math.log1p(r / y) + r * (Math.log(y + r) - 1) + stirlingError(y + r) - deltaY;
}

/**
 * `logRisingFactorial` for one x and many m, equal to it bit for bit: the sums of the first
 * factors (the same additions in the same order) and δ of the point where Stirling takes over are
 * computed once, so a likelihood over many counts c of the same (a, b) pays for them once.
 */
export class LogRisingFactorials {
  /** prefix[j] = Σ_{i<j} ln(x + i), j ≤ DIRECT_TERMS, summed from i = 0. */
  private readonly prefix = new Float64Array(DIRECT_TERMS + 1);
  /** Factors taken directly when m > DIRECT_TERMS, and where Stirling starts. */
  private readonly direct: number;
  private readonly y: number;
  private readonly deltaY: number;

  constructor(x: number) {
    let sum = 0;
    for (let j = 0; j < DIRECT_TERMS; j++) {
      sum += Math.log(x + j);
      this.prefix[j + 1] = sum;
    }
    this.direct = Math.max(0, Math.ceil(STIRLING_FROM - x));
    this.y = x + this.direct;
    this.deltaY = stirlingError(this.y);
  }

  /** The last m past DIRECT_TERMS asked for, and its value: a likelihood asks (s)_n once per cell, mostly with one n. */
  private lastM = -1;
  private lastValue = 0;

  /** ln (x)_m. */
  at(m: number): number {
    if (m <= DIRECT_TERMS) return this.prefix[m]!;
    if (m === this.lastM) return this.lastValue;
    // m > 16 > direct (≤ 10 for x > 0): the same split as logRisingFactorial's.
    this.lastM = m;
    this.lastValue = stirlingRest(this.prefix[this.direct]!, this.y, m - this.direct, this.deltaY);
    return this.lastValue;
  }
}
