import type { CountGroup } from '../estimators/taskAverage.js';
import { requireCounts, requireInteger, requireOpenUnit } from '../checks.js';
import { requireCountGroups, requireMixture, requireObject } from '../checkArgs.js';
import { logChoose } from '../fit/betaBinomialLogPmf.js';
import { bestAtomWeights } from '../fit/atomWeights.js';
import { BETA_BINOMIAL, ZERO_ONE_INFLATED_BETA_BINOMIAL } from '../fit/fitModels.js';
import { maximiseLikelihood } from '../fit/maximiseLikelihood.js';
import { mixtureLogPmf } from '../fit/mixtureLogPmf.js';
import { mixtureParameters, type MixtureParameters } from '../fit/mixtureParameters.js';
import type { TaskCell } from '../fit/taskCells.js';
import type { BetaPrior } from '../intervals/betaPosterior.js';
import { normalCdf } from '../math/normalCdf.js';

/** A task population with point masses: π0·δ0 + π1·δ1 + w·Beta(mean·s, (1 − mean)·s) (`MixtureParameters`). */
export interface InflatedBetaPrior {
  readonly mixture: MixtureParameters;
  /** 2(ℓ̂ inflated − ℓ̂ beta-binomial), the likelihood-ratio statistic that admitted the point masses. */
  readonly likelihoodRatio: number;
}

/**
 * Level of the test that admits point masses (`inflatedBetaPrior`): a measured choice, made when
 * the this-benchmark interval used it (docs/uncertainty-history.md, 400 datasets per cell); now the
 * task-population difference of `passk compare` uses it (`PopulationFits.fitted`). At 5 % the tasks of a plain Beta population got
 * point masses in 2–9 % of the datasets, which removed the noise of exactly the tasks that decide
 * the cell (pass@8 of Beta(0.3, 0.7) tasks, n = 8, T = 20: 94.3 % → 91.8 %); at 1 % in 0–3 %.
 */
export const INFLATION_TEST_LEVEL = 0.01;

/**
 * The task population fitted to the counts with point masses at p = 0 and p = 1, kept only where
 * the counts show them: the zero/one-inflated beta-binomial (π0 δ0 + π1 δ1 + w Beta(a, b)) and
 * the beta-binomial are fitted by maximum likelihood (`maximiseLikelihood`, the models of
 * `passk fit`; the inflated one by its profile over the beta component, `bestAtomWeights`), and
 * the inflated one is returned when the likelihood-ratio statistic Λ = 2(ℓ̂₁ − ℓ̂₀) exceeds
 * the critical value of the test at `level`; otherwise null (no evidence of point masses: the
 * caller keeps its plain Beta population).
 * Both inflation weights lie on the boundary of the null, so Λ is referred to the chi-bar-squared
 * mixture ¼χ²₀ + ½χ²₁ + ¼χ²₂ (Self & Liang 1987, "Asymptotic properties of maximum likelihood
 * estimators and likelihood ratio tests under nonstandard conditions", JASA 82:605–610, case 7),
 * P(Λ > x) = ½·2Φ(−√x) + ¼·e^(−x/2): the critical value is 7.289 at 1 %, 4.231 at 5 %.
 * null too when the inflated model cannot be told from the plain one: fewer than 2 tasks, no
 * task with 0 < c < n (the beta component is then not identified), no task at 0/n or n/n (Λ = 0),
 * or the fitted beta component at concentration 0.
 */
export function inflatedBetaPrior(groups: readonly CountGroup[], level = INFLATION_TEST_LEVEL): InflatedBetaPrior | null {
  requireCountGroups('groups', groups);
  requireOpenUnit('level', level);
  // Without a task at 0/n or n/n the point masses only take probability from the counts observed, so
  // both weights are 0 at the maximum and Λ = 0, below every critical value: null, without fitting
  // (the fit's ~30 ms of a cold start).
  if (!groups.some(({ n, c, size }) => n > 0 && size > 0 && (c === 0 || c === n))) return null;
  const fit = inflatedBetaFit(groups);
  return fit !== null && fit.likelihoodRatio > inflationCriticalValue(level) ? fit : null;
}

/**
 * The zero/one-inflated beta-binomial fitted by maximum likelihood, with its likelihood-ratio
 * statistic against the beta-binomial, before any test (`inflatedBetaPrior` applies the test).
 * null when it is not identified (see there).
 */
export function inflatedBetaFit(groups: readonly CountGroup[]): InflatedBetaPrior | null {
  requireCountGroups('groups', groups);
  const cells: TaskCell[] = [];
  let count = 0;
  for (const { n, c, size } of groups) {
    if (n === 0 || size === 0) continue;
    cells.push({ n, c, tasks: size, logChoose: logChoose(n, c) });
    count += size;
  }
  if (count < 2 || !cells.some(({ n, c }) => c > 0 && c < n)) return null;
  // The inflated model over its beta component only, the weights maximised exactly for each one
  // (`bestAtomWeights`): from the pooled rate at concentration 2 (a start of the plain fit) and from
  // the rate of the tasks with 0 < c < n at concentration 10.
  const profile = (theta: readonly number[]) => bestAtomWeights(cells, theta).logLik;
  const plainStart = BETA_BINOMIAL.starts(cells)[1];
  const [middleMean, middleConcentration] = ZERO_ONE_INFLATED_BETA_BINOMIAL.starts(cells)[3];
  let inflated = maximiseLikelihood(cells, BETA_BINOMIAL.fixed, BETA_BINOMIAL.free, [plainStart, [middleMean, middleConcentration]], profile);
  let weights = bestAtomWeights(cells, inflated.theta);
  // Both weights 0 at the maximum: the inflated maximum is a beta-binomial one, so it is the plain
  // maximum too and Λ = 0 (no plain fit needed). Otherwise the plain fit, and the profile searched
  // again from its maximum if it is higher there (so that Λ ≥ 0).
  let likelihoodRatio = 0;
  if (weights.pi0 > 0 || weights.pi1 > 0) {
    const plain = maximiseLikelihood(cells, BETA_BINOMIAL.fixed, BETA_BINOMIAL.free, [plainStart]);
    if (profile(plain.theta) > inflated.logLik) {
      inflated = maximiseLikelihood(cells, BETA_BINOMIAL.fixed, BETA_BINOMIAL.free, [[plain.theta[0], Math.min(plain.theta[1], 20)]], profile);
      weights = bestAtomWeights(cells, inflated.theta);
    }
    // Λ ≥ 0 by definition; a boundary refit may leave ℓ̂₁ up to BOUNDARY_SLACK below ℓ̂₀.
    likelihoodRatio = Math.max(0, 2 * (inflated.logLik - plain.logLik));
  }
  const weight = 1 - weights.pi0 - weights.pi1;
  const mixture = mixtureParameters([inflated.theta[0], inflated.theta[1], Math.log(weights.pi0 / weight), Math.log(weights.pi1 / weight)]);
  return mixture.concentration > 0 ? { mixture, likelihoodRatio } : null;
}

/** x with ½·P(χ²₁ > x) + ¼·P(χ²₂ > x) = level, by bisection (the tail falls from ¾ at 0). */
export function inflationCriticalValue(level: number): number {
  const tail = (x: number) => normalCdf(-Math.sqrt(x)) + 0.25 * Math.exp(-x / 2);
  let lo = 0;
  let hi = 200;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (tail(mid) > level) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * P(p = 0 | c) + P(p = 1 | c) for a task with c successes in n ≥ 1 trials under `prior`:
 * π0/P(c = 0) at c = 0, π1/P(c = n) at c = n (P the inflated beta-binomial, `mixtureLogPmf`), 0 in
 * between (a task with 0 < c < n is in the beta component).
 * Example: π0 = 0.3, π1 = 0.2, Beta(2, 2), n = 4: P(c = 4) = 0.2 + 0.5·B(6, 2)/B(2, 2) = 0.2 + 0.5/7,
 * so P(p = 1 | 4/4) = 0.2/(0.2 + 1/14) = 0.7368 (tested against scipy).
 */
export function atomProbability(prior: InflatedBetaPrior, n: number, c: number): number {
  requireMixture('prior.mixture', requireObject('prior', prior).mixture);
  requireInteger('n', n, 1);
  requireCounts(n, c);
  const { mixture } = prior;
  if (c === 0) return Math.exp(mixture.logPi0 - mixtureLogPmf(mixture, n, 0));
  if (c === n) return Math.exp(mixture.logPi1 - mixtureLogPmf(mixture, n, n));
  return 0;
}

/**
 * The beta component Beta(mean·s, (1 − mean)·s) with its weight s = a + b at most `maxWeight`
 * (s = ∞, no spread beyond the binomial, is then maxWeight).
 */
export function betaComponent(prior: InflatedBetaPrior, maxWeight = Infinity): BetaPrior {
  const { mean, concentration } = prior.mixture;
  const weight = Math.min(concentration, maxWeight);
  return { a: mean * weight, b: (1 - mean) * weight };
}
