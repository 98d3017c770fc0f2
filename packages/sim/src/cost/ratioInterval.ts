import { requireNonNegative, requireOpenUnit } from '../checks.js';
import { requireNumbers, requireOneOf } from '../checkArgs.js';
import { InputError } from '../errors.js';
import { studentTQuantile } from '../math/studentT.js';
import type { Interval } from '../intervals/interval.js';

/** How an interval of a ratio of two means is made: see `ratioInterval`. */
export type RatioIntervalMethod = 'fieller' | 'delta' | 'log';

/** The methods of `ratioInterval`, for option checks. */
export const RATIO_INTERVAL_METHODS: readonly RatioIntervalMethod[] = ['fieller', 'delta', 'log'];

/** A ratio of two task averages R = x̄/ȳ with its delta-method SE and interval. */
export interface RatioEstimate {
  /** x̄/ȳ; null where ȳ = 0 (nothing solved). */
  readonly value: number | null;
  /** Delta-method SE √((s_xx − 2R s_xy + R² s_yy)/T)/ȳ; null with fewer than 2 values or ȳ = 0. */
  readonly se: number | null;
  /**
   * Two-sided bounds at the level asked; null without an SE. Fieller's upper bound is Infinity (and
   * its lower 0 or less) when ȳ is not distinguishable from 0 at that level: the data then put no
   * upper limit on the ratio.
   */
  readonly interval: Interval | null;
}

/**
 * The ratio of means R = Σx_t/Σy_t of paired per-task values x_t, y_t ≥ 0, t = 1…T (the ratio
 * estimator, Cochran 1977, *Sampling Techniques*, §6.3–6.4), with the clustered-by-task delta-method
 * SE = √((s_xx − 2R·s_xy + R²·s_yy)/T)/ȳ (sample (co)variances over tasks, T − 1 denominators) and a
 * two-sided interval at `confidence` with the Student t quantile q = t_{T−1, 1−α/2}:
 * - `fieller` (Fieller 1954, "Some problems in interval estimation", JRSS B 16:175): the θ with
 *   (x̄ − θȳ)² ≤ q²·(v_xx − 2θ v_xy + θ² v_yy), v = s/T; unbounded above (Infinity) when
 *   ȳ² ≤ q² v_yy, i.e. when the data cannot tell ȳ from 0;
 * - `delta`: R ± q·SE;
 * - `log`: R·exp(±q·SE/R) (the delta method on log R; for R > 0).
 * A lower bound below 0 is reported as 0 (the ratio of values ≥ 0 is ≥ 0).
 * Example (Python reference test/reference/cost_ratio.py, RARE): x = [1, 1, 1, 1], y = [0, 0, 0.25, 0]
 * → R = 16, SE = 16, 95 % delta [0, 66.92], log [0.664, 385.7], Fieller [3.826, Infinity).
 */
export function ratioInterval(x: ArrayLike<number>, y: ArrayLike<number>, confidence: number, method: RatioIntervalMethod): RatioEstimate {
  checkValues('x', x);
  checkValues('y', y);
  if (x.length !== y.length) throw new InputError('y', `must have as many values as x (${x.length})`, y.length);
  requireOpenUnit('confidence', confidence);
  requireOneOf('method', method, RATIO_INTERVAL_METHODS);
  // The ratio, its SE and every interval are equivariant under x → x/a, y → y/b (× a/b), so the
  // sums run on values scaled to at most 1: no square or sum overflows, however large the costs.
  const xScale = largest(x);
  const yScale = largest(y);
  return scaleRatio(ratioOfScaled(scaledBy(x, xScale), scaledBy(y, yScale), confidence, method), xScale / yScale);
}

function largest(values: ArrayLike<number>): number {
  let most = 0;
  for (let i = 0; i < values.length; i++) most = Math.max(most, values[i]!);
  return most > 0 ? most : 1;
}

function scaledBy(values: ArrayLike<number>, scale: number): Float64Array {
  return Float64Array.from({ length: values.length }, (_, i) => values[i]! / scale);
}

function scaleRatio(found: RatioEstimate, factor: number): RatioEstimate {
  if (factor === 1) return found;
  const times = (v: number | null) => (v === null ? null : v * factor);
  const interval = found.interval && { lower: found.interval.lower * factor, upper: found.interval.upper * factor };
  return { value: times(found.value), se: times(found.se), interval };
}

function ratioOfScaled(x: ArrayLike<number>, y: ArrayLike<number>, confidence: number, method: RatioIntervalMethod): RatioEstimate {
  const count = x.length;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < count; i++) {
    sx += x[i]!;
    sy += y[i]!;
  }
  const mx = sx / count;
  const my = sy / count;
  if (!(count > 0) || !(my > 0)) return { value: null, se: null, interval: null };
  const ratio = mx / my;
  if (count < 2) return { value: ratio, se: null, interval: null };
  let vxx = 0;
  let vxy = 0;
  let vyy = 0;
  for (let i = 0; i < count; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    vxx += dx * dx;
    vxy += dx * dy;
    vyy += dy * dy;
  }
  // Variances of the means: s/T with s the T − 1 sample (co)variance.
  const scale = 1 / ((count - 1) * count);
  vxx *= scale;
  vxy *= scale;
  vyy *= scale;
  const se = Math.sqrt(Math.max(0, vxx - 2 * ratio * vxy + ratio * ratio * vyy)) / my;
  const q = studentTQuantile(1 - (1 - confidence) / 2, count - 1);
  const found = bounds(method, { mx, my, vxx, vxy, vyy, ratio, se, q });
  // x and y are ≥ 0, so is the ratio: a bound below 0 says nothing more than 0.
  return { value: ratio, se, interval: { lower: Math.max(0, found.lower), upper: found.upper } };
}

function checkValues(where: string, values: unknown): void {
  const list = requireNumbers(where, values);
  for (let i = 0; i < list.length; i++) requireNonNegative(`${where}[${i}]`, list[i]);
}

interface Moments {
  readonly mx: number;
  readonly my: number;
  readonly vxx: number;
  readonly vxy: number;
  readonly vyy: number;
  readonly ratio: number;
  readonly se: number;
  readonly q: number;
}

function bounds(method: RatioIntervalMethod, m: Moments): Interval {
  const { ratio, se, q } = m;
  if (method === 'delta') return { lower: ratio - q * se, upper: ratio + q * se };
  if (method === 'log') {
    if (!(ratio > 0)) return { lower: ratio, upper: ratio + q * se };
    const spread = Math.exp((q * se) / ratio);
    return { lower: ratio / spread, upper: ratio * spread };
  }
  return fiellerBounds(m);
}

/**
 * Fieller's set {θ : aθ² − 2bθ + c ≤ 0} with a = ȳ² − q²v_yy, b = x̄ȳ − q²v_xy, c = x̄² − q²v_xx
 * (R is always in it: there the left side is −q²·Var(x̄ − Rȳ) ≤ 0). a > 0: the interval between the
 * roots (b ± √(b² − ac))/a. a < 0 (ȳ within q standard errors of 0): two rays (−∞, r₁] ∪ [r₂, ∞),
 * reported as [r₂, ∞) where r₁ < 0 (nothing of the lower ray is ≥ 0), else as their hull (−∞, ∞),
 * which the caller clips to [0, ∞). a = 0: (−∞, ∞).
 */
function fiellerBounds({ mx, my, vxx, vxy, vyy, ratio, q }: Moments): Interval {
  const q2 = q * q;
  const a = my * my - q2 * vyy;
  const b = mx * my - q2 * vxy;
  const c = mx * mx - q2 * vxx;
  const root = Math.sqrt(Math.max(0, b * b - a * c));
  if (a > 0) return { lower: Math.min((b - root) / a, ratio), upper: Math.max((b + root) / a, ratio) };
  if (a === 0) return { lower: -Infinity, upper: Infinity };
  const smaller = (b + root) / a;
  const larger = (b - root) / a;
  return { lower: smaller < 0 && ratio >= larger ? larger : -Infinity, upper: Infinity };
}
