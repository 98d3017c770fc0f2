import { requireUnit } from '../checks.js';
import { requireMeanIntervalOptions, requireNumbers } from '../checkArgs.js';
import type { MeanIntervalOptions } from './populationInterval.js';
import type { Interval } from '../intervals/interval.js';

/**
 * The predictable plug-in empirical-Bernstein interval for the mean of X_1..X_T ∈ [0, 1]
 * (Waudby-Smith & Ramdas 2024, "Estimating means of bounded random variables by betting",
 * JRSS-B 86:1–27, Theorem 2 and Remark 1, fixed-sample form), valid at every T with no
 * distributional assumption:
 *   μ̂_t = (½ + Σ_{i≤t} X_i)/(t + 1),  σ̂²_t = (¼ + Σ_{i≤t} (X_i − μ̂_i)²)/(t + 1),
 *   λ_t = min(√(2 ln(2/α)/(σ̂²_{t−1}·T)), ½),  v_t = 4(X_t − μ̂_{t−1})²,  ψ(λ) = (−ln(1 − λ) − λ)/4,
 *   C = Σλ_t X_t/Σλ_t ± (ln(2/α) + Σ v_t ψ(λ_t))/Σλ_t   (ln(1/α) and the lower end for one side).
 * The values are used in the order given (a fixed order of the tasks). Shown in the coverage
 * study as the distribution-free reference; it is wider than needed.
 */
export function empiricalBernsteinInterval(values: ArrayLike<number>, options: MeanIntervalOptions): Interval | null {
  requireNumbers('values', values);
  for (let i = 0; i < values.length; i++) requireUnit(`values[${i}]`, values[i]);
  requireMeanIntervalOptions('options', options);
  const count = values.length;
  if (count < 1) return null;
  const alpha = 1 - options.confidence;
  const logTerm = Math.log(options.sides === 2 ? 2 / alpha : 1 / alpha);
  let sumX = 0;
  let sumSquares = 0;
  let previousMean = 0.5;
  let previousVariance = 0.25;
  let sumLambda = 0;
  let sumLambdaX = 0;
  let sumPenalty = 0;
  for (let t = 1; t <= count; t++) {
    const x = values[t - 1]!;
    const lambda = Math.min(Math.sqrt((2 * logTerm) / (previousVariance * count)), 0.5);
    const v = 4 * (x - previousMean) ** 2;
    sumLambda += lambda;
    sumLambdaX += lambda * x;
    sumPenalty += (v * (-Math.log1p(-lambda) - lambda)) / 4;
    sumX += x;
    const mean = (0.5 + sumX) / (t + 1);
    sumSquares += (x - mean) ** 2;
    previousMean = mean;
    previousVariance = (0.25 + sumSquares) / (t + 1);
  }
  const centre = sumLambdaX / sumLambda;
  const half = (logTerm + sumPenalty) / sumLambda;
  return {
    lower: Math.max(0, centre - half),
    upper: options.sides === 2 ? Math.min(1, centre + half) : 1,
  };
}
