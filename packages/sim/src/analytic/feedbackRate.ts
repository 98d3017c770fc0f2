/**
 * The `feedback {afterFailure}` model's update of the success rate after a failed attempt
 * (docs/design.md §3): for a ≥ 0, p ← p + a(1 − p) (a share a of the remaining gap closed: the
 * retry learns from the failure); for a < 0, p ← p(1 + a) (the rate shrinks: a polluted context, a
 * repeated mistake). Written as p + up(1 − p) − down·p with up = max(a, 0), down = max(−a, 0), so
 * that for a ≥ 0 every value is bitwise the one of the former p + a(1 − p).
 * Example: feedbackStep(0.5, 0.5) = 0.75; feedbackStep(0.5, −0.5) = 0.25 (tested).
 */
export function feedbackStep(rate: number, afterFailure: number): number {
  const up = afterFailure > 0 ? afterFailure : 0;
  const down = afterFailure < 0 ? -afterFailure : 0;
  return rate + up * (1 - rate) - down * rate;
}

/**
 * Closed form of the success rate after w failures under `feedback {a}`, and its complement, for
 * w = 0..n: a ≥ 0: failure[w] = (1 − p)(1 − a)^w, success = 1 − failure; a < 0: success[w] =
 * p(1 + a)^w, failure = 1 − success (each written so that the small one keeps its relative precision).
 * Example: p = 0.4, a = −0.5: success = [0.4, 0.2, 0.1] (tested).
 */
export function feedbackRates(p: number, afterFailure: number, n: number): { success: Float64Array; failure: Float64Array } {
  const success = new Float64Array(n + 1);
  const failure = new Float64Array(n + 1);
  for (let w = 0; w <= n; w++) {
    if (afterFailure >= 0) {
      failure[w] = (1 - p) * Math.pow(1 - afterFailure, w);
      success[w] = 1 - failure[w];
    } else {
      success[w] = p * Math.pow(1 + afterFailure, w);
      failure[w] = 1 - success[w];
    }
  }
  return { success, failure };
}
