import { requireObject } from '../checkArgs.js';
import { requireScenario } from '../scenario/requireScenario.js';
import { InputError } from '../errors.js';
import type { Scenario } from '../scenario/types.js';
import type { EnginePath } from './blockRunner.js';
import { foldNodes, nodeEnd, nodeStart, normaliseNodes, type BlockNode } from './blockTree.js';
import { BLOCK_LEVEL_OFFSET_PER_K, COST, DELIVERED_CORRECT, ENGINE_METRICS, METRIC_COUNT, type EngineMetric } from './engineMetrics.js';
import { blockReplicates, REPLICATES_PER_BLOCK } from './replicateBlocks.js';
import { DRAWN_WORDS, drawInterval } from '../uncertainty/drawInterval.js';
import { monteCarloVariance, varianceComponents, type BlockLayout } from '../uncertainty/blockVariance.js';
import { exactSpreadOverDraws } from '../uncertainty/exactOverDraws.js';
import { observedBudget } from '../uncertainty/observedBudget.js';
import { OBSERVED_EPISODE_WORDS, observedEpisodeInterval, observedEpisodeRates, type ObservedRate } from '../uncertainty/observedEpisodeInterval.js';
import { drawnParameters, measuredParameters } from '../uncertainty/measuredParameters.js';
import { PARTIAL_FORMAT, partialNodes, requirePartialResult, type PartialResult } from './partialResult.js';
import { scenarioFingerprint } from './scenarioFingerprint.js';
import type { LabelledInterval } from '../intervals/interval.js';

/** A Monte Carlo mean with its standard error, and the closed-form value where one exists. */
export interface Estimate {
  /** Mean over all episodes (null when nothing was simulated, or for costPerCorrect with no correct delivery). */
  readonly value: number | null;
  /** Monte Carlo standard error: sd of the replicate means / √R (null with fewer than 2 replicates). */
  readonly se: number | null;
  /** Closed form (from the analytic module, passed to `summarise`), or null. */
  readonly exact: number | null;
  /**
   * Only when the scenario has measured parameters (`verifier.measured`, `tasks.measured`): the interval for the
   * metric at the true parameters, their uncertainty and the Monte Carlo noise together (`se` is then
   * the Monte Carlo part alone, over blocks). Absent where the value is null or there are < 2 blocks.
   */
  readonly interval?: LabelledInterval;
}

/** Whether a budget k lies within the trials the log observed (`observed`) or beyond them, where only the fitted model speaks (`model`). */
export type RowBasis = 'observed' | 'model';

/** The name of a metric in a `SummaryRow` (the engine's metrics and cost per correct delivery). */
export type SummaryMetric = EngineMetric | 'costPerCorrect';

/** One attempt budget k of a `Summary`: coverage, pass^k, delivered correct and wrong, abstentions, attempts, cost and latency (and their overshoot of caps), each an `Estimate`. */
export interface SummaryRow {
  /** Attempt budget: the policy with maxAttempts = k. */
  readonly k: number;
  /**
   * Only when the tasks were fitted to a log (`tasks.measured`): `observed` for k ≤ the fewest trials
   * any task of the log had (every task was seen k times), or, for a log of episodes, k ≤ its longest
   * episode; `model` beyond (extrapolated by the fitted population and dependence model).
   */
  readonly basis?: RowBasis;
  readonly coverage: Estimate;
  readonly passHatK: Estimate;
  readonly deliveredCorrect: Estimate;
  readonly deliveredWrong: Estimate;
  readonly abstained: Estimate;
  readonly attempts: Estimate;
  readonly cost: Estimate;
  /** mean cost / mean deliveredCorrect (ratio of means; SE by the delta method). */
  readonly costPerCorrect: Estimate;
  readonly latency: Estimate;
  /** P(cost > budget.cost) and the mean overshoot max(0, cost − cap) (null values without a cost budget). */
  readonly costOverCap: Estimate;
  readonly costOvershoot: Estimate;
  /** P(latency > budget.latency) and the mean overshoot (null values without a latency budget). */
  readonly latencyOverCap: Estimate;
  readonly latencyOvershoot: Estimate;
}

/** Closed-form values to show beside the simulation: per metric, one value (or null) per k = 1..K. */
export type ExactValues = { readonly [metric in SummaryMetric]?: ReadonlyArray<number | null> };

/** The result of a simulation: per attempt budget k, the Monte Carlo estimates with their standard errors beside the exact values where they exist. */
export interface Summary {
  readonly method: 'monteCarlo';
  /** Which sampler produced the draws (all sample the same law; see enginePlan). */
  readonly path: EnginePath;
  readonly seed: number | string;
  readonly scenario: Scenario;
  readonly tasks: number;
  readonly replicates: { readonly requested: number; readonly done: number };
  /** Episodes simulated: tasks × replicates done. */
  readonly episodes: number;
  /** True when every replicate of the scenario was simulated. */
  readonly complete: boolean;
  /** True when a shouldStop callback ended some part early. */
  readonly stopped: boolean;
  /**
   * Present when the scenario has measured parameters: which ones were drawn (one draw per block
   * of replicates from their posteriors) and how many blocks the intervals rest on.
   */
  readonly drawn?: {
    readonly parameters: readonly string[];
    readonly blocks: number;
    /** Present when the verifier's rates were drawn: from their Jeffreys posteriors. */
    readonly prior?: 'jeffreys';
    /** Present when the task population was drawn: refitted to a bootstrap resample of the log's tasks. */
    readonly taskPopulation?: 'bootstrapRefit';
  };
  readonly rows: readonly SummaryRow[];
}

/**
 * The summary table of a (possibly merged) partial result: per k, every metric's mean over all
 * episodes with its Monte Carlo SE (engine semantics, "Summary per k"). `exact` is the hook for the
 * closed forms (left null where not given).
 *
 * Formula: with y_r the total over the T tasks of replicate r (r = 1..R), mean = Σ y_r/(R·T),
 * SE = sd_r(y_r/T)/√R with the (R − 1) sample variance — the replicate is the independent unit, also
 * on a fixed benchmark. costPerCorrect = mean cost/mean deliveredCorrect, Var ≈ (V_c − 2ρC + ρ²V_d)/d̄²
 * (delta method) with V, C the variances and covariance of the replicate means over R.
 * With measured parameters (each block one draw of them, `blockScenario`: a measured verifier's
 * rates, a task population refitted to a log) the replicates of a
 * block are not independent: SE then counts blocks as the units, and each metric carries an interval
 * for its value at the true parameters (`varianceComponents`, `drawInterval`); costPerCorrect's by
 * the delta method on the same components. With tasks fitted to a log each row says whether k lies
 * within the log's trials (`basis`); within a log's episodes the rates the log itself shows
 * (`observedEpisodeRates`: coverage, pass^k, delivery through a perfect or known verifier) take the
 * interval of the log's own episodes (`observedEpisodeInterval`, method "observed…") instead.
 * Example: replicate totals 1 and 3 over T = 4 tasks give mean 0.5 and SE 0.25 (tested).
 */
export function summarise(scenario: Scenario, partial: PartialResult, exact: ExactValues = {}): Summary {
  scenario = requireScenario('scenario', scenario);
  requirePartialResult('partial', partial);
  requireObject('exact', exact);
  if (partial.fingerprint !== scenarioFingerprint(scenario, PARTIAL_FORMAT)) {
    throw new InputError('partial.fingerprint', 'must match the scenario (this partial result was simulated for another scenario)', partial.fingerprint);
  }
  const K = scenario.policy.maxAttempts;
  const T = scenario.tasks.count;
  const R = partial.done;
  const nodes = normaliseNodes(partialNodes(partial, 'partial'));
  const sums = foldNodes(nodes);
  const width = METRIC_COUNT * K;
  const exactOf = (metric: SummaryMetric, k: number): number | null => {
    const value = exact[metric]?.[k - 1];
    return typeof value === 'number' ? value : null;
  };
  // The over-cap figures exist only for the caps the scenario has.
  const { cost: costCap, latency: latencyCap } = scenario.policy.budget;
  const budgeted = ENGINE_METRICS.map((metric) =>
    metric === 'costOverCap' || metric === 'costOvershoot'
      ? costCap !== null
      : metric === 'latencyOverCap' || metric === 'latencyOvershoot'
        ? latencyCap !== null
        : true,
  );
  const drawnPaths = drawnParameters(scenario);
  const layout = drawnPaths.length > 0 ? blockLayout(nodes, partial.replicates) : null;
  const verifierDrawn = measuredParameters(scenario).length > 0;
  const measuredTasks = scenario.tasks.measured;
  const tasksWords = measuredTasks?.episodes !== undefined ? DRAWN_WORDS.dependence : DRAWN_WORDS.tasks;
  const drawnWords = [...(verifierDrawn ? [DRAWN_WORDS.verifier] : []), ...(measuredTasks ? [tasksWords] : [])].join(' and ');
  const observedUpTo = measuredTasks === undefined ? null : observedBudget(measuredTasks);
  const observedMetric = observedEpisodeRates(scenario);
  // One interval per observed rate, outcome and k (deliveredCorrect with a perfect verifier shares coverage's).
  const observedIntervals = new Map<string, LabelledInterval | null>();
  const observedAt = ({ rate, verifier, outcome, complement }: ObservedRate, k: number) => {
    const key = `${rate}@${k} ${outcome ?? ''} ${complement}`;
    if (!observedIntervals.has(key)) {
      const interval = observedEpisodeInterval(measuredTasks!.episodes!, k, rate, scenario.tasks.resample, verifier, outcome ?? undefined);
      observedIntervals.set(
        key,
        interval === null || !complement
          ? interval
          : { ...interval, lower: 1 - interval.upper, upper: 1 - interval.lower, method: `${OBSERVED_EPISODE_WORDS.complement}${interval.method}` },
      );
    }
    return observedIntervals.get(key)!;
  };
  // The parameter part from the closed forms at the blocks' draws, where they exist (no Monte Carlo noise in it).
  // A rate's interval on the logit scale from the draws' logits (their mean and variance), clamped at 0
  // and 1 to what R·T episodes can show (drawLogit).
  const overDraws = layout === null ? null : exactSpreadOverDraws(scenario, layout.list, Math.max(1, R * T));
  const spread = overDraws?.spread ?? null;
  const between = BLOCK_LEVEL_OFFSET_PER_K * K;
  // Variance components of metrics m and n at k (their covariance; the variance when m = n), in units of a replicate total.
  const components = (m: number, n: number, k: number) => {
    if (layout === null || sums === null) return null;
    const i = m * K + k - 1;
    const j = n * K + k - 1;
    const cross =
      m === n
        ? { products: sums[width + i], blockProducts: sums[between + i] }
        : { products: sums[2 * width + k - 1], blockProducts: sums[between + width + k - 1] };
    return varianceComponents({ ...cross, sumY: sums[i], sumZ: sums[j] }, layout, m === n);
  };
  const rows: SummaryRow[] = [];
  for (let k = 1; k <= K; k++) {
    const moments = (m: number) => {
      if (sums === null || R === 0) return { mean: null, variance: null };
      const i = m * K + k - 1;
      const s1 = sums[i];
      const mean = s1 / (R * T);
      const variance = R < 2 ? null : Math.max(0, (sums[width + i] - (s1 * s1) / R) / (R - 1)) / (T * T);
      return { mean, variance };
    };
    const estimate = (m: number): Estimate => {
      if (!budgeted[m]) return { value: null, se: null, exact: null };
      const { mean, variance } = moments(m);
      const exact = exactOf(ENGINE_METRICS[m], k);
      const drawn = components(m, m, k);
      const observed = observedMetric(ENGINE_METRICS[m]);
      const fromLog = observed === null || k > observedUpTo! ? null : observedAt(observed, k);
      if (drawn === null || mean === null || layout === null) {
        // Fewer than 2 blocks: no spread over draws, but a rate the log observes keeps the log's interval.
        const se = variance === null ? null : Math.sqrt(variance / R);
        return fromLog === null || mean === null ? { value: mean, se, exact } : { value: mean, se, exact, interval: fromLog };
      }
      const range = RATE_METRICS.has(ENGINE_METRICS[m]) ? { min: 0, max: 1 } : { min: 0, max: Infinity };
      const closedForm = spread?.[ENGINE_METRICS[m]]?.[k - 1] ?? null;
      if (closedForm !== null) {
        const monteCarlo = monteCarloVariance(closedForm * T * T, drawn.within, layout) / (T * T);
        const logit = range.max === 1 ? (overDraws!.logitDraws[ENGINE_METRICS[m]]?.[k - 1] ?? null) : null;
        const interval = fromLog ?? drawInterval(mean, closedForm, monteCarlo, overDraws!.draws, range, 'closedForm', drawnWords, logit);
        return { value: mean, se: Math.sqrt(monteCarlo), exact, interval };
      }
      if (fromLog !== null) return { value: mean, se: Math.sqrt(drawn.monteCarlo) / T, exact, interval: fromLog };
      const interval = drawInterval(mean, drawn.parameter / (T * T), drawn.monteCarlo / (T * T), layout.blocks, range, 'betweenBlocks', drawnWords);
      return { value: mean, se: Math.sqrt(drawn.monteCarlo) / T, exact, interval };
    };
    const row: Record<string, unknown> = { k, ...(observedUpTo === null ? {} : { basis: k <= observedUpTo ? 'observed' : 'model' }) };
    ENGINE_METRICS.forEach((metric, m) => (row[metric] = estimate(m)));
    const cost = moments(COST);
    const correct = moments(DELIVERED_CORRECT);
    let ratio: number | null = null;
    let ratioSe: number | null = null;
    if (cost.mean !== null && correct.mean !== null && correct.mean > 0) {
      ratio = cost.mean / correct.mean;
      if (cost.variance !== null && correct.variance !== null && sums !== null) {
        const i = k - 1;
        const covariance = (sums[2 * width + i] - (sums[COST * K + i] * sums[DELIVERED_CORRECT * K + i]) / R) / (R - 1) / (T * T);
        const variance = (cost.variance - 2 * ratio * covariance + ratio * ratio * correct.variance) / (correct.mean * correct.mean);
        ratioSe = Math.sqrt(Math.max(0, variance) / R);
      }
    }
    const costDrawn = components(COST, COST, k);
    const correctDrawn = components(DELIVERED_CORRECT, DELIVERED_CORRECT, k);
    const crossDrawn = components(COST, DELIVERED_CORRECT, k);
    if (ratio !== null && layout !== null && costDrawn && correctDrawn && crossDrawn && sums !== null) {
      // Delta method on the components: Var(c/d) ≈ (V_c − 2r·C_cd + r²·V_d)/d̄², d̄ the mean correct total per replicate.
      const d = sums[DELIVERED_CORRECT * K + k - 1] / R;
      const part = (key: 'parameter' | 'monteCarlo') =>
        Math.max(0, costDrawn[key] - 2 * ratio! * crossDrawn[key] + ratio! * ratio! * correctDrawn[key]) / (d * d);
      const closedForm = spread?.costPerCorrect[k - 1] ?? null;
      const interval =
        closedForm === null
          ? drawInterval(ratio, part('parameter'), part('monteCarlo'), layout.blocks, { min: 0, max: Infinity }, 'betweenBlocks', drawnWords)
          : drawInterval(ratio, closedForm, part('monteCarlo'), overDraws!.draws, { min: 0, max: Infinity }, 'closedForm', drawnWords);
      row.costPerCorrect = { value: ratio, se: Math.sqrt(part('monteCarlo')), exact: exactOf('costPerCorrect', k), interval };
    } else row.costPerCorrect = { value: ratio, se: ratioSe, exact: exactOf('costPerCorrect', k) };
    rows.push(row as unknown as SummaryRow);
  }
  return {
    method: 'monteCarlo',
    path: partial.path,
    seed: scenario.seed,
    scenario,
    tasks: T,
    replicates: { requested: scenario.run.replicates, done: R },
    episodes: R * T,
    complete: R === scenario.run.replicates,
    stopped: partial.stopped,
    ...(layout === null
      ? {}
      : {
          drawn: {
            parameters: drawnPaths,
            blocks: layout.blocks,
            ...(verifierDrawn ? { prior: 'jeffreys' as const } : {}),
            ...(measuredTasks ? { taskPopulation: 'bootstrapRefit' as const } : {}),
          },
        }),
    rows,
  };
}

/** The metrics that are probabilities (their intervals stay in [0, 1]). */
const RATE_METRICS: ReadonlySet<SummaryMetric> = new Set([
  'coverage',
  'passHatK',
  'deliveredCorrect',
  'deliveredWrong',
  'abstained',
  'costOverCap',
  'latencyOverCap',
]);

/** The blocks the nodes cover: their number and Σ n_b² (every block holds 64 replicates but perhaps the run's last). */
function blockLayout(nodes: readonly BlockNode[], replicates: number): BlockLayout & { list: number[] } {
  const lastBlock = Math.ceil(replicates / REPLICATES_PER_BLOCK);
  const list: number[] = [];
  let blocks = 0;
  let squaredSizes = 0;
  let done = 0;
  for (const node of nodes) {
    for (let b = nodeStart(node); b < Math.min(nodeEnd(node), lastBlock); b++) {
      const n = blockReplicates(b, replicates);
      list.push(b);
      blocks++;
      squaredSizes += n * n;
      done += n;
    }
  }
  return { replicates: done, blocks, squaredSizes, list };
}
