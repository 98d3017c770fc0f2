/** Mean of per-task values and its standard error sd/√T (null with fewer than 2 values). */
export interface MeanAndSe {
  readonly value: number;
  readonly se: number | null;
}

/**
 * Mean and SE = sd/√T of `values` (two-pass variance with the T − 1 denominator): the clustered
 * standard error of a task average (Miller 2024, "Adding Error Bars to Evals", arXiv:2411.00640, §2).
 * Example: [0, 1, 1, 0] → mean 0.5, sd 0.57735, SE 0.288675.
 */
export function meanAndSe(values: ArrayLike<number>): MeanAndSe {
  const count = values.length;
  let sum = 0;
  for (let i = 0; i < count; i++) sum += values[i]!;
  const mean = sum / count;
  if (count < 2) return { value: mean, se: null };
  let squares = 0;
  for (let i = 0; i < count; i++) squares += (values[i]! - mean) ** 2;
  return { value: mean, se: Math.sqrt(squares / (count - 1) / count) };
}
