/** Mean of per-task values and its standard error sd/√T (null with fewer than 2 values). */
export interface MeanAndSe {
  readonly value: number;
  /** sd of the values / √T; null with fewer than 2 values. */
  readonly se: number | null;
}

/**
 * Mean x̄ of `values` (value i counted `weights[i]` times, default once; T = Σ weights) and its
 * standard error SE = s/√T, s² = Σ w(x − x̄)²/(T − 1): the clustered standard error of a task average
 * (Miller 2024, "Adding Error Bars to Evals", arXiv:2411.00640, §2). The one mean and SE of the
 * library. Numerically careful: x̄ from the compensated sum of w·x (Neumaier 1974), and the
 * corrected two-pass sum of squares Σ w(x − x̄)² − (Σ w(x − x̄))²/T (Chan, Golub & LeVeque 1983,
 * "Algorithms for computing the sample variance", eq. 1.7), which removes what rounding left in x̄;
 * values with a large offset and a tiny spread keep their SE (test/reference/mean_se_reference.py).
 * Empty input: value NaN. Example: [0, 1, 1, 0] → mean 0.5, sd 0.57735, SE 0.288675.
 */
export function meanAndSe(values: ArrayLike<number>, weights?: ArrayLike<number>): MeanAndSe {
  const weight = weights === undefined ? () => 1 : (i: number) => weights[i]!;
  let count = 0;
  let sum = 0;
  let carry = 0;
  for (let i = 0; i < values.length; i++) {
    const w = weight(i);
    count += w;
    const x = w * values[i]!;
    const t = sum + x;
    carry += Math.abs(sum) >= Math.abs(x) ? sum - t + x : x - t + sum;
    sum = t;
  }
  const mean = (sum + carry) / count;
  if (!(count >= 2)) return { value: mean, se: null };
  let deviations = 0;
  let squares = 0;
  for (let i = 0; i < values.length; i++) {
    const w = weight(i);
    const d = values[i]! - mean;
    deviations += w * d;
    squares += w * (d * d);
  }
  const sumOfSquares = Math.max(0, squares - (deviations * deviations) / count);
  return { value: mean, se: Math.sqrt(sumOfSquares / (count - 1) / count) };
}
