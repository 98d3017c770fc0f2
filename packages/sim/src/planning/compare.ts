import { requireInteger, requireNonNegative, requireOpenUnit, requirePositive } from '../checks.js';
import { beta } from '../distributions/beta.js';
import { logitNormalQuadrature } from '../distributions/logitNormalQuadrature.js';
import { standardNormal } from '../distributions/standardNormal.js';
import { normalCdf } from '../math/normalCdf.js';
import type { Seed } from '../rng/streams.js';
import { expectOver } from '../distributions/expectOver.js';
import { InputError } from '../errors.js';
import { ARGUMENT_LIMITS, optionalFunction, requireK, requireList, requireObject, requireOneOf, requireSeed } from '../checkArgs.js';
import { binomialRatio, oneMinusBinomialRatio } from '../estimators/binomialRatio.js';
import { binomialPmf } from '../math/binomialPmf.js';
import { normalQuantile } from '../math/normalQuantile.js';
import type { SuccessRateDist } from '../scenario/types.js';
import { runSteps, type Steps } from '../stepwise.js';
import { planningBeta } from './betaShapes.js';
import { searchPower } from './powerSearch.js';
import { shiftRate, solveShift } from './logOddsShift.js';
import { verdictPowerSteps, type SimulatedPowerValue, type TaskSource } from './verdictPower.js';
import { atLeastOneSuccess } from '../math/atLeastOneSuccess.js';

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
  /**
   * Simulated experiments per size the search tries (required: each takes milliseconds, so the
   * caller chooses; the CLI's default is DEFAULT_SIMULATIONS = 400); 0 = the z-test alone.
   */
  readonly simulations: number;
  /** Seed of the power simulation (default 1). */
  readonly seed?: Seed;
  /**
   * Called before each trials row's search with its likely size (experiments × the z-test's tasks ×
   * 8 sizes tried) and before each power simulation with its size (experiments × tasks): a
   * caller's work limit throws here to refuse it.
   */
  readonly checkWork?: (simulatedTasks: number) => void;
}

/** Simulated experiments per size by default: the power's Monte Carlo SE is at most 2.5 points (2.0 at 80 %). */
export const DEFAULT_SIMULATIONS = 400;

/** The default sd of the per-task log-odds gain: moderate (issue #10's audit used 1, where equal gains lose a third of the power). */
export const DEFAULT_GAIN_SPREAD = 0.5;
/** Gain spreads of the power table. */
const SPREAD_TABLE = [0, 0.5, 1, 2];
/** Largest gain spread: an sd of log-odds (10 already spreads the gains over e^±20). */
const MAX_GAIN_SPREAD = 10;
/** One number of trials per task in a `ComparePlan`: the spread of the paired differences and the tasks needed. */
export interface ComparePlanRow {
  /** Trials per task and agent. */
  readonly trials: number;
  /** sd over tasks of the per-task difference of unbiased estimates. */
  readonly sdDifference: number;
  /** Tasks the paired z-test needs, T = ⌈(z_{1−α/2} + z_power)²·Var(D)/Δ²⌉: the search's starting guess. */
  readonly zTestTasks: number;
  /** Tasks needed (both agents run on the same tasks): the fewest whose simulated power of compare's verdict reaches the target (the z-test's with simulations: 0). */
  readonly tasks: number;
  /** Attempts in all: 2 agents × tasks × trials. */
  readonly attempts: number;
  /** The power of compare's verdict at `tasks`, re-simulated there on streams independent of the search's (null with simulations: 0), with its binomial SE. */
  readonly simulatedPower: { readonly value: number; readonly se: number } | null;
}

/** Power at the first row's trials and tasks when the gain is more or less uneven than planned for. */
export interface PowerByGainSpread {
  readonly gainSpread: number;
  /** Normal-theory power Φ(|Δ|√T/sd − z_{1−α/2}) of the z-test with that spread's sd of the differences. */
  readonly power: number;
  /** The power of compare's verdict there, simulated (null with simulations: 0). */
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
 * Tasks needed for `passk compare` to conclude that B differs from A by Δ in task-averaged pass^k or
 * pass@k (both run on the same tasks), with the power asked: the fewest tasks whose simulated power
 * of compare's verdict reaches it (verdictPowerSteps, searched by searchPower with common random
 * numbers), from the paired z-test's tasks on per-task differences D_t = θ̂_B,t − θ̂_A,t:
 *   T = ⌈(z_{1−α/2} + z_{power})² · Var(D) / Δ²⌉      (e.g. Chow, Shao & Wang 2008, §3.1)
 * The z-test alone promised 80 % where the verdict (an interval with variance floors and a
 * permutation test) reached 68–78 % (issue #42); with simulations: 0 the z-test's tasks are kept.
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
  const simulations = requireSimulations(options.simulations, 0);
  const seed = requireSeed('seed', options.seed ?? 1);
  optionalFunction('checkWork', options.checkWork);
  const dist: SuccessRateDist & { dist: 'beta' } = { dist: 'beta', ...planningBeta(mean, concentration) };
  const metric = options.metric === 'passHatK' ? (p: number) => p ** k : (p: number) => atLeastOneSuccess(p, k);
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
  const sources = new Map<number, TaskSource>();
  const sourceOf = (spread: number, shift: number) => {
    const known = sources.get(spread);
    if (known !== undefined) return known;
    const source = parametricTasks(dist, shift, spread);
    sources.set(spread, source);
    return source;
  };
  const verdict = { metric: options.metric, k, alpha, direction: delta > 0 ? 1 : -1, datasets: simulations, seed } as const;
  const progress = { done: 0 };
  const counted = function* (steps: Steps<SimulatedPowerValue>, tasks: number): Steps<SimulatedPowerValue> {
    options.checkWork?.(simulations * tasks);
    const before = progress.done;
    let last = 0;
    for (;;) {
      const next = steps.next();
      if (next.done) return next.value;
      last = next.value.done;
      yield { done: before + last, total: before + simulations * SEARCH_STEPS_HINT };
      progress.done = before + last;
    }
  };
  const rows: ComparePlanRow[] = [];
  for (const n of trialsList) {
    const sdDifference = planned.sd(n);
    const zTestTasks = Math.max(2, Math.ceil((z * sdDifference) ** 2 / (delta * delta)));
    if (simulations === 0) {
      rows.push({ trials: n, sdDifference, zTestTasks, tasks: zTestTasks, attempts: 2 * zTestTasks * n, simulatedPower: null });
      continue;
    }
    // The search starts at the z-test's tasks: a work limit refuses it before any experiment is simulated.
    options.checkWork?.(simulations * zTestTasks * SEARCH_STEPS_HINT);
    if (!(simulations * zTestTasks <= MAX_SIMULATED_TASKS)) {
      throw new InputError(
        'simulations',
        `must keep one power simulation (simulations × the z-test's ${zTestTasks} tasks = ${simulations * zTestTasks}) at most ${MAX_SIMULATED_TASKS} (each experiment fits both task populations: 10⁸ tasks take minutes); 0 keeps the z-test alone`,
        simulations,
      );
    }
    const source = sourceOf(gainSpread, planned.shift);
    const found = yield* searchPower((tasks) => counted(verdictPowerSteps(source, tasks, n, verdict), tasks), power, zTestTasks, {
      min: 2,
      max: Math.min(MAX_SEARCH_TASKS, Math.floor(MAX_SIMULATED_TASKS / simulations), Math.max(64, 32 * zTestTasks)),
      relative: SEARCH_PRECISION,
    });
    if (found.size === null) {
      throw new InputError(
        'delta',
        `is too small to detect with ${n} trials: the verdict's simulated power at ${found.evaluated.at(-1)!.size} tasks is ${found.power.value.toFixed(3)}`,
        delta,
      );
    }
    // The search's estimate at its answer is biased up (it stops where its estimate first reaches the
    // target): the power reported is re-simulated there on independent streams.
    const checked = yield* counted(verdictPowerSteps(source, found.size, n, { ...verdict, seed: checkSeed(seed) }), found.size);
    rows.push({ trials: n, sdDifference, zTestTasks, tasks: found.size, attempts: 2 * found.size * n, simulatedPower: checked });
  }
  const first = rows[0]!;
  const spreads = [...new Set([...SPREAD_TABLE, gainSpread])].sort((x, y) => x - y);
  const models = spreads.map((spread) => (spread === gainSpread ? planned : model(spread)));
  const simulated: Array<SimulatedPowerValue | null> = [];
  for (const [i, spread] of spreads.entries()) {
    simulated.push(
      simulations === 0
        ? null
        : spread === gainSpread
          ? first.simulatedPower
          : yield* counted(verdictPowerSteps(sourceOf(spread, models[i]!.shift), first.tasks, first.trials, verdict), first.tasks),
    );
  }
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
    simulation: simulations === 0 ? null : { datasets: simulations, seed, test: VERDICT_TEST },
    alpha,
    power,
    rows,
    method:
      (simulations === 0
        ? 'paired z-test on per-task differences of unbiased estimates (no simulation: the verdict of compare is not checked); '
        : `tasks: the fewest whose simulated power of compare's verdict reaches ${power} (${simulations} experiments per size, searched from the z-test's tasks); `) +
      "A's task rates ~ Beta(mean, concentration), " +
      `B's = A's log-odds + δ + ${gainSpread}·Z per task (uneven gains); Var(D) = spread of true differences + within-task estimator variance of both agents`,
  };
}

/**
 * The experiments per size of a power search, required (no default: a search of 400 per size takes
 * seconds to minutes, and 0 means no simulation at all), an integer in [min, 10⁶].
 */
export function requireSimulations(simulations: unknown, min: number): number {
  if (simulations === undefined) {
    throw new InputError('simulations', `is required: experiments simulated per size (the CLI's default is ${DEFAULT_SIMULATIONS})`);
  }
  return requireInteger('simulations', simulations, min, 1_000_000);
}

/** The seed of the re-simulation at a search's answer: streams independent of the search's. */
export function checkSeed(seed: Seed): string {
  return `${seed}/check`;
}

/** What the simulated power is the power of. */
export const VERDICT_TEST =
  "compare's verdict: B better (worse) when the task-population interval of B − A excludes 0 and the paired permutation test rejects at alpha";

/** Rough sizes tried per search: the progress total and the work a search is refused for. */
const SEARCH_STEPS_HINT = 8;
/** Most tasks one power simulation draws (experiments × tasks). */
export const MAX_SIMULATED_TASKS = 100_000_000;
/** Most tasks the search simulates an experiment of. */
const MAX_SEARCH_TASKS = 10_000_000;
/** The search stops when its bracket is within this share of its upper end. */
const SEARCH_PRECISION = 0.02;

/** A's tasks p_A ~ Beta(a, b), B's p_B = logistic(logit p_A + shift + spread·Z) on the same task. */
function parametricTasks(dist: { a: number; b: number }, shift: number, spread: number): TaskSource {
  return {
    task: (rng) => {
      const pA = beta(rng, dist.a, dist.b);
      const gain = shift + (spread === 0 ? 0 : spread * standardNormal(rng));
      return { pA, pB: shiftRate(pA, gain) };
    },
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
