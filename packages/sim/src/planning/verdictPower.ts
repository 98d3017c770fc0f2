import { requireInteger, requireOpenUnit } from '../checks.js';
import { pairedDifferenceInterval, PopulationFits, type PairedTrials } from '../taskAverage/differenceInterval.js';
import { taskMetricValue } from '../compare/compareMetric.js';
import { differenceVerdict, type DifferenceVerdict } from '../compare/differenceVerdict.js';
import { pairedPValueSteps } from '../compare/pairedPValue.js';
import { binomial } from '../distributions/binomial.js';
import type { Rng } from '../rng/rng.js';
import { streamRng, type Seed } from '../rng/streams.js';
import type { Steps } from '../stepwise.js';

/** One task of a simulated experiment: each agent's true rate, and the pilot's counts where the task was resampled from one. */
export interface LatentTask {
  readonly pA: number;
  readonly pB: number;
  /** The pilot task's trials, subsampled without replacement for designs with at most its trials. */
  readonly pilot?: PairedTrials;
}

/** Where a simulated experiment's tasks come from: a parametric model or a pilot's resampled tasks. */
export interface TaskSource {
  /** One task, drawn from `rng` (datasets draw their tasks in order, so T tasks are a prefix of T + 1). */
  readonly task: (rng: Rng) => LatentTask;
}

/** Options of `verdictPowerSteps`: the metric, k and α of the verdict, the direction that counts, datasets and seed. */
export interface VerdictPowerOptions {
  readonly metric: 'passAtK' | 'passHatK';
  readonly k: number;
  /** The verdict's two-sided level: `compare --confidence 1 − alpha`. */
  readonly alpha: number;
  /** +1: power is P(verdict "better"); −1: P(verdict "worse"). */
  readonly direction: 1 | -1;
  /** Simulated experiments. */
  readonly datasets: number;
  readonly seed: Seed;
  /** Random sign patterns of the permutation test (compare's default 10 000). */
  readonly permutations?: number;
}

/** Power with its binomial Monte Carlo SE √(P(1 − P)/R). */
export interface SimulatedPowerValue {
  readonly value: number;
  readonly se: number;
}

/** What `compare` uses by default: exact sign-flip test up to 30 non-zero differences, 10 000 random patterns beyond, seed 1. */
const COMPARE_EXACT_LIMIT = 30;
const COMPARE_PERMUTATIONS = 10_000;
const COMPARE_SEED = 1;

/**
 * Power of the verdict `passk compare` prints, by simulation: R experiments of T tasks × n trials
 * per agent, each task's counts c_A ~ Binomial(n, p_A), c_B ~ Binomial(n, p_B) (a pilot task with at
 * least n trials: n of its recorded trials drawn without replacement; with fewer, its recorded
 * trials plus Binomial(n − N, p) for the rest), and on each the verdict of
 * `compare` at the metric and k: "B is better" needs the task-population interval of B − A
 * (pairedDifferenceInterval) to exclude 0 and the paired permutation test (pairedPValueSteps) to
 * reject at α (differenceVerdict). Power = share of experiments whose verdict is "better"
 * (direction +1) or "worse" (−1). Experiment d draws its tasks from (seed, 'plan-verdict', 'tasks',
 * d) and its trials from (seed, 'plan-verdict', 'trials', n, d): the first T tasks are the same for
 * every T (common random numbers), so power estimated at two sizes differs by the added tasks only.
 */
export function* verdictPowerSteps(source: TaskSource, tasks: number, trials: number, options: VerdictPowerOptions): Steps<SimulatedPowerValue> {
  requireInteger('tasks', tasks, 2);
  requireInteger('trials', trials, options.k);
  requireOpenUnit('alpha', options.alpha);
  const confidence = 1 - options.alpha;
  const wanted = options.direction > 0 ? 'better' : 'worse';
  const permutations = options.permutations ?? COMPARE_PERMUTATIONS;
  let hits = 0;
  for (let d = 0; d < options.datasets; d++) {
    const taskRng = streamRng(options.seed, 'plan-verdict', 'tasks', d);
    const trialRng = streamRng(options.seed, 'plan-verdict', 'trials', trials, d);
    const pairs: PairedTrials[] = [];
    for (let t = 0; t < tasks; t++) pairs.push(countsOf(source.task(taskRng), trialRng, trials));
    const verdict = yield* experimentVerdict(pairs, options.metric, options.k, confidence, permutations);
    if (verdict === wanted) hits++;
    yield { done: d + 1, total: options.datasets };
  }
  const value = hits / options.datasets;
  return { value, se: Math.sqrt((value * (1 - value)) / options.datasets) };
}

/** The verdict `compare` prints on one simulated experiment (its default permutation settings and seed). */
function* experimentVerdict(
  pairs: readonly PairedTrials[],
  metric: 'passAtK' | 'passHatK',
  k: number,
  confidence: number,
  permutations: number,
): Steps<DifferenceVerdict> {
  let sum = 0;
  for (const pair of pairs) sum += taskMetricValue(metric, pair.b.n, pair.b.c, k) - taskMetricValue(metric, pair.a.n, pair.a.c, k);
  const interval = pairedDifferenceInterval(pairs, metric, k, { confidence, sides: 2 }, new PopulationFits());
  const p = yield* pairedPValueSteps(pairs, metric, k, { exactLimit: COMPARE_EXACT_LIMIT, permutations, seed: COMPARE_SEED });
  return differenceVerdict({ difference: sum / pairs.length, interval, p: p.value }, { sides: 2, confidence });
}

/** A task's counts at n trials per agent: a subsample of the pilot's trials where it has n, else binomial draws (internal; tested against test/reference/plan_pilot_moments.py). */
export function countsOf(task: LatentTask, rng: Rng, n: number): PairedTrials {
  const { pilot } = task;
  if (pilot !== undefined && pilot.a.n >= n && pilot.b.n >= n) {
    return { a: { n, c: subsample(rng, pilot.a.n, pilot.a.c, n) }, b: { n, c: subsample(rng, pilot.b.n, pilot.b.c, n) } };
  }
  // More trials than the pilot has: its recorded trials kept (they hold how A's and B's rates go
  // together on this task) and only the extra ones drawn from the posterior rates.
  return { a: { n, c: beyondPilot(rng, pilot?.a, n, task.pA) }, b: { n, c: beyondPilot(rng, pilot?.b, n, task.pB) } };
}

/** n trials of one agent on a task: a subsample of the pilot's where it has n, else its c plus Binomial(n − N, p). */
function beyondPilot(rng: Rng, recorded: { readonly n: number; readonly c: number } | undefined, n: number, p: number): number {
  if (recorded === undefined) return binomial(rng, n, p);
  if (recorded.n >= n) return subsample(rng, recorded.n, recorded.c, n);
  return recorded.c + binomial(rng, n - recorded.n, p);
}

/** Successes among n of N recorded trials (c of them successes) drawn without replacement (hypergeometric; internal, also used by precisionPilot). */
export function subsample(rng: Rng, total: number, successes: number, n: number): number {
  if (n === total) return successes;
  let left = total;
  let good = successes;
  let drawn = 0;
  for (let i = 0; i < n; i++, left--) {
    if (rng.uniform() * left < good) {
      drawn++;
      good--;
    }
  }
  return drawn;
}
