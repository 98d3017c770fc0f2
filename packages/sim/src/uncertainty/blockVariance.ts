import { betaQuantile } from '../math/betaQuantile.js';

/**
 * What the replicate totals of a metric (or a pair of metrics) give when every block of replicates
 * simulates its own draw of the measured parameters: per block b of n_b replicates with totals y,
 * Y_b = Σ_{r∈b} y_r. The sums are those of a block sum vector (engineMetrics, `blockSumsLength`).
 */
export interface BlockSums {
  /** Σ_r y_r·z_r over all replicates (y = z for one metric). */
  readonly products: number;
  /** Σ_b Y_b·Z_b/n_b. */
  readonly blockProducts: number;
  /** Σ_r y_r and Σ_r z_r. */
  readonly sumY: number;
  readonly sumZ: number;
}

/** The block layout: R replicates in B blocks, Σ_b n_b². */
export interface BlockLayout {
  readonly replicates: number;
  readonly blocks: number;
  readonly squaredSizes: number;
}

/** Covariance components of a replicate total (variances when y = z). */
export interface VarianceComponents {
  /** Between draws: Cov_θ(E[y | θ], E[z | θ]), what the parameters' uncertainty contributes to one replicate's total. */
  readonly parameter: number;
  /** Monte Carlo: Cov(ȳ, z̄) of the means over all R replicates (blocks of correlated replicates as the units). */
  readonly monteCarlo: number;
  /** Within blocks (MSW): the Monte Carlo covariance of two replicates' totals given the draw. */
  readonly within: number;
}

/**
 * Splits the spread of replicate totals into the part that varies between blocks (each block's draw
 * of the parameters) and the Monte Carlo noise within blocks: the one-way random-effects ANOVA with
 * unequal group sizes (method of moments; Searle, Casella & McCulloch 1992, "Variance Components", ch. 3, the 1-way classification),
 * written for a covariance so that it also serves a ratio's delta method.
 *
 * Formula: MSW = (Σ_r y z − Σ_b Y Z/n_b)/(R − B), MSB = (Σ_b Y Z/n_b − Σy Σz/R)/(B − 1),
 * n₀ = (R − Σ_b n_b²/R)/(B − 1); parameter = (MSB − MSW)/n₀ (the law of total variance:
 * Var y = E_θ Var(y | θ) + Var_θ E(y | θ)); monteCarlo = (Σ_b n_b²·parameter + R·MSW)/R²
 * (the blocks are independent; each replicate of a block shares its draw).
 * For a variance (y = z) the parameter part is its one-sided upper bound at PARAMETER_VARIANCE_LEVEL
 * (`upperParameterVariance`), not the point estimate: where the rates' effect is small beside the
 * Monte Carlo noise of a block, the point estimate is mostly noise (often below 0), and an interval
 * built on it under-covers (measured: bench/measuredVerifierCoverage.mjs, docs/verifiers.md).
 * Null with fewer than 2 blocks or no replicate beyond one per block.
 * Example: blocks {1, 3} and {5, 7} (R = 4, B = 2): MSW = 2, MSB = 16, n₀ = 2; as a covariance
 * parameter = (16 − 2)/2 = 7, monteCarlo = (8·7 + 4·2)/16 = 4 (by hand); as a variance the upper
 * bound (16/(2·F₀.₂(1, 2)) − 1)·2/2 = 95 (scipy.stats.f.ppf(0.2, 1, 2) = 1/12), monteCarlo 48 (tested).
 */
export function varianceComponents(sums: BlockSums, layout: BlockLayout, variance: boolean): VarianceComponents | null {
  const { replicates: R, blocks: B, squaredSizes } = layout;
  if (B < 2 || R - B < 1) return null;
  // A variance cannot be negative; rounding can make a constant metric's (0) come out as −1e-20.
  const withinRaw = (sums.products - sums.blockProducts) / (R - B);
  const within = variance ? Math.max(0, withinRaw) : withinRaw;
  const between = (sums.blockProducts - (sums.sumY * sums.sumZ) / R) / (B - 1);
  const n0 = (R - squaredSizes / R) / (B - 1);
  const parameter = variance ? upperParameterVariance(between, within, n0, B - 1, R - B) : (between - within) / n0;
  return { parameter, monteCarlo: monteCarloVariance(parameter, within, layout), within };
}

/**
 * The Monte Carlo (co)variance of the means over all replicates when each block shares one draw:
 * (Σ_b n_b²·parameter + R·within)/R², with the parameter part known (e.g. from closed forms over the draws).
 */
export function monteCarloVariance(parameter: number, within: number, layout: BlockLayout): number {
  const R = layout.replicates;
  return (layout.squaredSizes * parameter + R * within) / (R * R);
}

/** One-sided level of the upper bound on the parameter variance where no closed form gives it. */
export const PARAMETER_VARIANCE_LEVEL = 0.8;

/**
 * The upper confidence bound of the variance component σ²_θ at PARAMETER_VARIANCE_LEVEL: MSB/MSW is
 * (1 + n₀σ²_θ/σ²_w)·F(B − 1, R − B) for normal block means (Searle, Casella & McCulloch 1992, ch. 3),
 * so σ²_θ ≤ (MSB/(MSW·F_{1−level}) − 1)·MSW/n₀, with F's quantile from the beta relation
 * F = (d₂x)/(d₁(1 − x)), x ~ Beta(d₁/2, d₂/2). 0 when negative; with no noise within blocks
 * (MSW = 0), the plain (MSB − MSW)/n₀.
 */
export function upperParameterVariance(between: number, within: number, n0: number, d1: number, d2: number): number {
  if (!(within > 0)) return Math.max(0, (between - within) / n0);
  const x = betaQuantile(1 - PARAMETER_VARIANCE_LEVEL, d1 / 2, d2 / 2);
  const fLower = (d2 * x) / (d1 * (1 - x));
  return Math.max(0, ((between / (within * fLower) - 1) * within) / n0);
}
