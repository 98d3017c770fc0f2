import { requireInteger, requireNonNegative, requireOpenUnit, requirePositive } from '../checks.js';
import { beta } from '../distributions/beta.js';
import { binomial } from '../distributions/binomial.js';
import { logitNormalQuadrature } from '../distributions/logitNormalQuadrature.js';
import { standardNormal } from '../distributions/standardNormal.js';
import { normalCdf } from '../math/normalCdf.js';
import { streamRng, type Seed } from '../rng/streams.js';
import { expectOver } from '../distributions/expectOver.js';
import { InputError } from '../errors.js';
import { ARGUMENT_LIMITS, optionalFunction, requireK, requireList, requireObject, requireOneOf, requireSeed } from '../checkArgs.js';
import { binomialRatio, oneMinusBinomialRatio } from '../estimators/binomialRatio.js';
import { binomialPmf } from '../math/binomialPmf.js';
import { normalQuantile } from '../math/normalQuantile.js';
import type { SuccessRateDist } from '../scenario/types.js';
import { runSteps, type Steps } from '../stepwise.js';
import { planningBeta } from './betaShapes.js';

/** Options of `planComparison`: the metric and k, agent A's task distribution (Beta), the difference to detect, the test's level and power, and the trials per task to tabulate. */
export interface CompareOptions {
  readonly metric: 'passAtK' | 'passHatK';
  readonly k: number;
  /** Agent A's tasks: p_t ~ Beta with this mean and concentration a + b. */
  readonly mean: number;
  readonly concentration: number;
  /** Difference to detect in the task-averaged metric, B − A (non-zero). */
  readonly delta: number;
  readonly power: number;
  /** Two-sided significance level. */
  readonly alpha: number;
  /** Trials per task to tabulate (each ≥ k); default k, 2k, 4k, 8k. */
  readonly trials?: readonly number[];
  /**
   * Heterogeneity of the gain: B's log-odds on a task = A's + δ + gainSpread·Z, Z ~ N(0, 1), so the
   * gain differs from task to task (default DEFAULT_GAIN_SPREAD = 0.5, a moderate spread; 0 = the
   * same log-odds gain on every task).
   */
  readonly gainSpread?: number;
  /** Simulated datasets per check of the power (default 1000; 0 = no simulation). */
  readonly simulations?: number;
  /** Seed of the power simulation (default 1). */
  readonly seed?: Seed;
  /**
   * Called with the power simulation's size (tasks simulated, over every dataset and gain spread)
   * before it starts, once the tasks are known: a caller's work limit throws here to refuse it.
   */
  readonly checkWork?: (simulatedTasks: number) => void;
}

/** The default sd of the per-task log-odds gain: moderate (issue #10's audit used 1, where equal gains lose a third of the power). */
export const DEFAULT_GAIN_SPREAD = 0.5;
/** The power simulation yields (for progress and a Ctrl-C) at least every this many simulated tasks. */
const STEP_TASKS = 16_384;
/** Gain spreads of the power table. */
const SPREAD_TABLE = [0, 0.5, 1, 2];
/** Largest gain spread: an sd of log-odds (10 already spreads the gains over e^±20). */
const MAX_GAIN_SPREAD = 10;
/** Most tasks the power simulation draws (simulations × tasks × gain spreads). */
const MAX_SIMULATED_TASKS = 1_000_000_000;

/** One number of trials per task in a `ComparePlan`: the spread of the paired differences and the tasks needed. */
export interface ComparePlanRow {
  /** Trials per task and agent. */
  readonly trials: number;
  /** sd over tasks of the per-task difference of unbiased estimates. */
  readonly sdDifference: number;
  /** Tasks needed (both agents run on the same tasks). */
  readonly tasks: number;
  /** Attempts in all: 2 agents × tasks × trials. */
  readonly attempts: number;
  /** The power reached at `tasks`, simulated (null with simulations: 0), with its binomial SE. */
  readonly simulatedPower: { readonly value: number; readonly se: number } | null;
}

/** Power at the first row's trials and tasks when the gain is more or less uneven than planned for. */
export interface PowerByGainSpread {
  readonly gainSpread: number;
  /** Normal-theory power Φ(|Δ|√T/sd − z_{1−α/2}) with that spread's sd of the differences. */
  readonly power: number;
  readonly simulatedPower: { readonly value: number; readonly se: number } | null;
}

/** What `planComparison` returns: the task-averaged metric of both agents and, per number of trials, the tasks needed to detect the difference. */
export interface ComparePlan {
  readonly metric: 'passAtK' | 'passHatK';
  readonly k: number;
  readonly taskDistribution: { readonly dist: 'beta'; readonly a: number; readonly b: number };
  /** Task-averaged metric of agent A and of agent B. */
  readonly baseline: number;
  readonly comparison: number;
  /** Mean log-odds shift δ that turns A's tasks into B's (each task's: δ + gainSpread·Z). */
  readonly logOddsShift: number;
  readonly gainSpread: number;
  /** Power at the first row's size for other gain spreads (both agents keep their metrics' difference Δ). */
  readonly powerByGainSpread: readonly PowerByGainSpread[];
  readonly simulation: { readonly datasets: number; readonly seed: Seed; readonly test: string } | null;
  readonly alpha: number;
  readonly power: number;
  readonly rows: readonly ComparePlanRow[];
  readonly method: string;
}

/**
 * Tasks needed to detect a difference Δ in task-averaged pass^k or pass@k between two agents run
 * on the same tasks (paired z-test on per-task differences D_t = θ̂_B,t − θ̂_A,t):
 *   T = ⌈(z_{1−α/2} + z_{power})² · Var(D) / Δ²⌉      (e.g. Chow, Shao & Wang 2008, §3.1)
 * Model: A's per-task rates p ~ Beta(mean, concentration); B's rate on the same task has the
 * log-odds of A's shifted by δ, solved so that B's metric is A's + Δ. Var(D) adds the spread of
 * the true per-task difference and both agents' within-task variance of the unbiased estimator,
 * E[θ̂²] − θ² summed exactly over c ~ Binomial(n, p); expectations over p by quadrature.
 */
export function planComparison(options: CompareOptions): ComparePlan {
  return runSteps(planComparisonSteps(options));
}

/**
 * `planComparison` in steps: yields while the power simulation runs (tasks simulated, of all of
 * them), so a caller can show progress and stop it; returns the same plan.
 */
export function* planComparisonSteps(options: CompareOptions): Steps<ComparePlan> {
  requireObject('options', options);
  requireOneOf('metric', options.metric, ['passAtK', 'passHatK'] as const);
  const k = requireK('k', options.k);
  const mean = requireOpenUnit('mean', options.mean);
  const concentration = requirePositive('concentration', options.concentration);
  const alpha = requireOpenUnit('alpha', options.alpha);
  const power = requireOpenUnit('power', options.power);
  const delta = options.delta;
  if (typeof delta !== 'number' || !(Math.abs(delta) > 0 && Math.abs(delta) < 1)) {
    throw new InputError('delta', 'must be a non-zero number between −1 and 1', delta);
  }
  const trialsList = options.trials === undefined ? [k, 2 * k, 4 * k, 8 * k] : (requireList('trials', options.trials, 1) as readonly number[]);
  let trialsSum = 0;
  for (const n of trialsList) trialsSum += requireInteger('trials', n, k);
  if (!(trialsSum <= ARGUMENT_LIMITS.planTrials)) {
    throw new InputError(
      'trials',
      `must sum to at most ${ARGUMENT_LIMITS.planTrials} (each n sums a binomial over c = 0..n at every quadrature node: 2·10⁵ took 15 s)`,
      trialsSum,
    );
  }
  const gainSpread = requireNonNegative('gainSpread', options.gainSpread ?? DEFAULT_GAIN_SPREAD);
  if (!(gainSpread <= MAX_GAIN_SPREAD)) {
    throw new InputError('gainSpread', `must be at most ${MAX_GAIN_SPREAD} (an sd of log-odds: at 10 the gains already range over e^±20)`, gainSpread);
  }
  const simulations = requireInteger('simulations', options.simulations ?? 1000, 0, 1_000_000);
  const seed = requireSeed('seed', options.seed ?? 1);
  optionalFunction('checkWork', options.checkWork);
  const dist: SuccessRateDist & { dist: 'beta' } = { dist: 'beta', ...planningBeta(mean, concentration) };
  const metric = options.metric === 'passHatK' ? (p: number) => p ** k : (p: number) => -Math.expm1(k * Math.log1p(-p));
  const baseline = expectOver(dist, metric);
  const comparison = baseline + delta;
  if (!(comparison > 0 && comparison < 1)) {
    throw new InputError('delta', `must keep agent B's metric inside (0, 1): A's is ${baseline.toFixed(4)}`, delta);
  }
  const zAlpha = normalQuantile(1 - alpha / 2);
  const z = zAlpha + normalQuantile(power);
  const model = (spread: number) => {
    // E over B's rate given A's p: p_B = logistic(logit p + δ + spread·Z).
    const overGain = (p: number, shift: number, f: (q: number) => number) => {
      if (spread === 0) return f(shiftRate(p, shift));
      const rule = logitNormalQuadrature(Math.log(p) - Math.log1p(-p) + shift, spread);
      let total = 0;
      for (let i = 0; i < rule.nodes.length; i++) total += rule.weights[i]! * f(rule.nodes[i]!);
      return total;
    };
    const shift = solveShift((s) => expectOver(dist, (p) => overGain(p, s, metric)) - comparison);
    const sd = (n: number) => {
      const withinVariance = estimatorVariance(options.metric, n, k);
      const variance =
        expectOver(dist, (p) => {
          const gA = metric(p);
          const within = withinVariance(p);
          return overGain(p, shift, (q) => (metric(q) - gA) ** 2 + within + withinVariance(q));
        }) -
        delta * delta;
      return Math.sqrt(Math.max(0, variance));
    };
    return { shift, sd };
  };
  const planned = model(gainSpread);
  const rows = trialsList.map((n) => {
    const sdDifference = planned.sd(n);
    const tasks = Math.ceil((z * sdDifference) ** 2 / (delta * delta));
    return { trials: n, sdDifference, tasks, attempts: 2 * tasks * n };
  });
  const first = rows[0]!;
  const spreads = [...new Set([...SPREAD_TABLE, gainSpread])].sort((x, y) => x - y);
  const models = spreads.map((spread) => (spread === gainSpread ? planned : model(spread)));
  // One simulation per gain spread, all at the first row's trials and tasks (the planned spread's is the first row's).
  const total = simulations * first.tasks * spreads.length;
  if (simulations > 0) options.checkWork?.(total);
  if (simulations > 0 && !(total <= MAX_SIMULATED_TASKS)) {
    throw new InputError(
      'simulations',
      `must keep the tasks simulated (simulations × ${first.tasks} tasks × ${spreads.length} gain spreads = ${total}) at most ${MAX_SIMULATED_TASKS} (each takes 0.3–0.7 µs: 10⁹ take 5–11 minutes); 0 skips the simulation`,
      simulations,
    );
  }
  const simulated: Array<{ value: number; se: number } | null> = [];
  for (const [i, spread] of spreads.entries()) {
    simulated.push(
      simulations === 0
        ? null
        : yield* simulatedPower(
            {
              metric: options.metric,
              k,
              n: first.trials,
              tasks: first.tasks,
              dist,
              shift: models[i]!.shift,
              spread,
              datasets: simulations,
              seed,
              stream: spread === gainSpread ? 'row0' : `spread${spread}`,
              zAlpha,
            },
            { before: i * simulations * first.tasks, total },
          ),
    );
  }
  const plannedPower = simulated[spreads.indexOf(gainSpread)] ?? null;
  const powerByGainSpread = spreads.map((spread, i) => ({
    gainSpread: spread,
    power: normalCdf((Math.abs(delta) * Math.sqrt(first.tasks)) / models[i]!.sd(first.trials) - zAlpha),
    simulatedPower: simulated[i] ?? null,
  }));
  const shift = planned.shift;
  return {
    metric: options.metric,
    k,
    taskDistribution: dist,
    baseline,
    comparison,
    logOddsShift: shift,
    gainSpread,
    powerByGainSpread,
    simulation: simulations === 0 ? null : { datasets: simulations, seed, test: 'paired z-test on per-task differences, two-sided at alpha' },
    alpha,
    power,
    rows: rows.map((row, i) => ({ ...row, simulatedPower: i === 0 ? plannedPower : null })),
    method:
      "paired z-test on per-task differences of unbiased estimates; A's task rates ~ Beta(mean, concentration), " +
      `B's = A's log-odds + δ + ${gainSpread}·Z per task (uneven gains); Var(D) = spread of true differences + within-task estimator variance of both agents`,
  };
}

/** v(p) = Var(θ̂ | p) for the unbiased estimator from n trials: Σ_c P(c) θ̂(c)² − (Σ_c P(c) θ̂(c))². */
function estimatorVariance(metric: 'passAtK' | 'passHatK', n: number, k: number): (p: number) => number {
  const values = Float64Array.from({ length: n + 1 }, (_, c) => (metric === 'passHatK' ? binomialRatio(n, c, k) : oneMinusBinomialRatio(n, n - c, k)));
  return (p) => {
    let first = 0;
    let second = 0;
    for (let c = 0; c <= n; c++) {
      const weight = binomialPmf(c, n, p);
      first += weight * values[c]!;
      second += weight * values[c]! ** 2;
    }
    return Math.max(0, second - first * first);
  };
}

function shiftRate(p: number, shift: number): number {
  return 1 / (1 + ((1 - p) / p) * Math.exp(-shift));
}

/**
 * Power of the paired z-test by simulation: per dataset, T tasks with p_A ~ Beta, p_B =
 * logistic(logit p_A + δ + spread·Z), c ~ Binomial(n, p) for each agent, D_t = θ̂_B − θ̂_A;
 * reject when |mean D|/(sd D/√T) > z_{1−α/2}. Dataset d uses the stream (seed, 'plan-compare', stream, d).
 */
function* simulatedPower(
  input: {
    metric: 'passAtK' | 'passHatK';
    k: number;
    n: number;
    tasks: number;
    dist: { a: number; b: number };
    shift: number;
    spread: number;
    datasets: number;
    seed: Seed;
    stream: string | number;
    zAlpha: number;
  },
  progress: { before: number; total: number },
): Steps<{ value: number; se: number }> {
  const { n, k, tasks } = input;
  const estimate = Float64Array.from({ length: n + 1 }, (_, c) => (input.metric === 'passHatK' ? binomialRatio(n, c, k) : oneMinusBinomialRatio(n, n - c, k)));
  let rejections = 0;
  let sinceStep = 0;
  for (let d = 0; d < input.datasets; d++) {
    const rng = streamRng(input.seed, 'plan-compare', input.stream, d);
    let sum = 0;
    let squares = 0;
    for (let t = 0; t < tasks; t++) {
      if (++sinceStep === STEP_TASKS) {
        sinceStep = 0;
        yield { done: progress.before + d * tasks + t, total: progress.total };
      }
      const pA = beta(rng, input.dist.a, input.dist.b);
      const gain = input.shift + (input.spread === 0 ? 0 : input.spread * standardNormal(rng));
      const pB = shiftRate(pA, gain);
      const difference = estimate[binomial(rng, n, pB)]! - estimate[binomial(rng, n, pA)]!;
      sum += difference;
      squares += difference * difference;
    }
    const mean = sum / tasks;
    const variance = (squares - tasks * mean * mean) / (tasks - 1);
    if (variance > 0 && Math.abs(mean) / Math.sqrt(variance / tasks) > input.zAlpha) rejections++;
  }
  const value = rejections / input.datasets;
  return { value, se: Math.sqrt((value * (1 - value)) / input.datasets) };
}

/** Root of an increasing function on the log-odds scale, by bisection. */
function solveShift(f: (shift: number) => number): number {
  let low = -40;
  let high = 40;
  for (let i = 0; i < 200 && high - low > 1e-12; i++) {
    const mid = (low + high) / 2;
    if (f(mid) < 0) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}
