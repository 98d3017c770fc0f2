import { momentBetaPrior } from '../taskAverage/momentBetaPrior.js';
import { requireCounts, requireInteger } from '../checks.js';
import { requireList, requireObject, requireSeed, requireTaskList } from '../checkArgs.js';
import type { Run } from '../compare/runTasks.js';
import { beta } from '../distributions/beta.js';
import { binomial } from '../distributions/binomial.js';
import { logistic } from '../distributions/logistic.js';
import { InputError } from '../errors.js';
import { countGroups, type TaskTrials } from '../estimators/taskAverage.js';
import { judgeRequirement, meets, requireGateRequirement, requireGateRule, type GateRequirement, type GateRule } from '../gate/judgeRequirement.js';
import { JEFFREYS_PRIOR, type BetaPrior } from '../intervals/betaPosterior.js';
import { streamRng, type Seed } from '../rng/streams.js';

/** A share of simulated gate runs with its Monte Carlo standard error √(q(1 − q)/S). */
export interface SimulatedRate {
  readonly value: number;
  readonly se: number;
}

/** What `gateDesign` simulates: the gate (requirements and rule), the design (tasks × trials) and the pilot log the truth is drawn from. */
export interface GateDesignOptions {
  readonly requirements: readonly GateRequirement[];
  readonly rule: GateRule;
  /** The pilot log's per-task counts (the agent as it is today): each simulated run's task rates are drawn from their posteriors. */
  readonly pilot: readonly TaskTrials[];
  /** Tasks of the design: the pilot's tasks (each once) when equal to their number, else drawn from them with replacement per simulation. */
  readonly tasks: number;
  /** Trials per task, in the baseline and in the candidate run. */
  readonly trials: number;
  /** Regression sizes x in (0, 1): the candidate's mean single-attempt success x lower than the baseline's (a common log-odds shift). */
  readonly regressions: readonly number[];
  /** Simulated pairs of runs per scenario (no change, and each regression). */
  readonly simulations: number;
  readonly seed: Seed;
  /** Two-stage gate: a FAIL is rerun (fresh candidate trials, same tasks) and stands only when the rerun fails too. */
  readonly confirm?: boolean;
}

/** One regression size: the share of simulated gates that PASS the regressed candidate (one stage, and with the confirmation rerun). */
export interface RegressionPass {
  readonly regression: number;
  readonly pass: SimulatedRate;
  /** Two-stage: passes at the first run or at the rerun of a FAIL; null without `confirm`. */
  readonly confirmedPass: SimulatedRate | null;
}

/** The operating characteristics of a gate design, by simulation (`gateDesign`). */
export interface GateDesign {
  /** P(FAIL | no change): baseline and candidate both drawn from the pilot's agent. */
  readonly falseFail: SimulatedRate;
  /** Two-stage P(FAIL at the first run and at the rerun | no change); null without `confirm`. */
  readonly confirmedFalseFail: SimulatedRate | null;
  /** P(this requirement fails | no change), one per requirement in order. */
  readonly failByRequirement: readonly SimulatedRate[];
  readonly passUnderRegression: readonly RegressionPass[];
  /** The task population the posteriors are taken under: the moment-fitted Beta of the pilot (`momentBetaPrior`), else Jeffreys. */
  readonly prior: BetaPrior & { readonly fitted: boolean };
  /**
   * Per simulation, how far the worst requirement's bound falls short of its threshold (threshold − bound
   * for ≥ and >, bound − threshold for ≤ and <; negative when all pass with room): a threshold shift
   * (`gateMargin`) is judged from these without simulating again. `noChange[i]`, and `regressions[r][i]`.
   */
  readonly shortfalls: { readonly noChange: Float64Array; readonly regressions: readonly Float64Array[] };
  readonly simulations: number;
  readonly seed: Seed;
}

/** Most binomial draws of one design (simulations × scenarios × tasks × 2 runs): about 20 s of judging at 80 tasks. */
export const MAX_GATE_DESIGN_DRAWS = 50_000_000;

/**
 * The operating characteristics of a gate design by simulation: P(FAIL | no change) and
 * P(PASS | regression x) for each x asked.
 *
 * Model. The pilot's task population is the moment-fitted Beta(a, b) (`momentBetaPrior`, as the
 * gate's intervals use); task t's rate has the posterior Beta(a + c_t, b + n_t − c_t) (empirical
 * Bayes, as `posteriorTasks`). Each simulation draws the benchmark's rates p_t from those
 * posteriors — the pilot's tasks each once when `tasks` equals their number (the same fixed
 * benchmark every run, as in CI), else `tasks` of them drawn with replacement — then the baseline's
 * counts c_t ~ Binomial(trials, p_t) and the candidate's from the same p_t (no change) or from the
 * regressed p'_t = σ(logit p_t − δ), δ ≥ 0 solved so that mean p' = mean p − x. A regression is a
 * shift of every task's log-odds because it keeps rates in [0, 1] and moves middling tasks most and
 * tasks at 0 or 1 not at all, as a broken prompt or tool does; x is in points of pass@1 so one size
 * reads the same for every requirement. Each (baseline, candidate) pair is judged by the gate's own
 * rule (`judgeRequirement`); the gate FAILs when any requirement fails. Streams: the rates and the
 * baseline of simulation i come from (seed, 'gate-design', …, i), the candidate from one stream per
 * i shared by the scenarios (common random numbers: regressions differ only by the shift), so a
 * result depends on the seed alone.
 * Checked against an exact enumeration in test/reference/gate_false_fail.py.
 */
export function gateDesign(options: GateDesignOptions): GateDesign {
  const resolved = requireGateDesignOptions(options);
  const { requirements, rule, pilot, tasks, trials, regressions, simulations, seed } = resolved;
  const confirm = resolved.confirm ?? false;
  const fitted = momentBetaPrior(countGroups(pilot));
  const prior = fitted ?? JEFFREYS_PRIOR;
  const ids = Array.from({ length: tasks }, (_, i) => i);
  const noChange = new Float64Array(simulations);
  const shortRegressions = regressions.map(() => new Float64Array(simulations));
  const failCounts = requirements.map(() => 0);
  let fails = 0;
  let confirmedFails = 0;
  const regressionPasses = regressions.map(() => ({ one: 0, two: 0 }));
  const run = (name: string, counts: Int32Array): Run => ({ name, tasks: ids.map((id) => ({ id, n: trials, c: counts[id]! })) });
  for (let i = 0; i < simulations; i++) {
    const truthRng = streamRng(seed, 'gate-design', 'truth', i);
    const rates = new Float64Array(tasks);
    for (let t = 0; t < tasks; t++) {
      const task = tasks === pilot.length ? pilot[t]! : pilot[Math.min(pilot.length - 1, Math.floor(truthRng.uniform() * pilot.length))]!;
      rates[t] = beta(truthRng, prior.a + task.c, prior.b + task.n - task.c);
    }
    const baseline = run('baseline', drawCounts(streamRng(seed, 'gate-design', 'baseline', i), rates, trials));
    const scenarios = [rates, ...regressions.map((x) => regressed(rates, x))];
    for (const [s, scenarioRates] of scenarios.entries()) {
      const candidate = run('candidate', drawCounts(streamRng(seed, 'gate-design', 'candidate', i), scenarioRates, trials));
      const judged = judgeAll(requirements, candidate, baseline, rule);
      const shortfall = Math.max(...judged.map(({ shortfall: s }) => s));
      const pass = judged.every((one) => one.pass);
      const confirmed =
        pass || !confirm
          ? pass
          : judgeAll(requirements, run('rerun', drawCounts(streamRng(seed, 'gate-design', 'rerun', i), scenarioRates, trials)), baseline, rule).every(
              (one) => one.pass,
            );
      if (s === 0) {
        noChange[i] = shortfall;
        if (!pass) fails++;
        judged.forEach((one, r) => {
          if (!one.pass) failCounts[r]!++;
        });
        if (!confirmed) confirmedFails++;
      } else {
        shortRegressions[s - 1]![i] = shortfall;
        if (pass) regressionPasses[s - 1]!.one++;
        if (confirmed) regressionPasses[s - 1]!.two++;
      }
    }
  }
  const rate = (count: number): SimulatedRate => simulatedRate(count, simulations);
  return {
    falseFail: rate(fails),
    confirmedFalseFail: confirm ? rate(confirmedFails) : null,
    failByRequirement: failCounts.map(rate),
    passUnderRegression: regressions.map((regression, r) => ({
      regression,
      pass: rate(regressionPasses[r]!.one),
      confirmedPass: confirm ? rate(regressionPasses[r]!.two) : null,
    })),
    prior: { a: prior.a, b: prior.b, fitted: fitted !== null },
    shortfalls: { noChange, regressions: shortRegressions },
    simulations,
    seed,
  };
}

/** q = count/S with its binomial Monte Carlo SE √(q(1 − q)/S). */
export function simulatedRate(count: number, simulations: number): SimulatedRate {
  const value = count / simulations;
  return { value, se: Math.sqrt((value * (1 - value)) / simulations) };
}

/**
 * Simulated gates that FAIL when every threshold is moved `margin` towards passing (lowered for ≥
 * and >, raised for ≤ and <), from the shortfalls: a gate fails with margin m when its worst
 * shortfall exceeds m (reaches m, where a requirement is strict).
 */
export function failCount(shortfalls: Float64Array, requirements: readonly GateRequirement[], margin: number): number {
  const strict = requirements.some((requirement) => requirement.op === '>' || requirement.op === '<');
  let count = 0;
  for (const shortfall of shortfalls) if (strict ? shortfall >= margin : shortfall > margin) count++;
  return count;
}

interface Judged {
  readonly pass: boolean;
  readonly shortfall: number;
}

function judgeAll(requirements: readonly GateRequirement[], candidate: Run, baseline: Run, rule: GateRule): Judged[] {
  return requirements.map((requirement) => {
    const judged = judgeRequirement(requirement, candidate, baseline, rule);
    // Unreachable after the checks of requireGateDesignOptions (≥ 2 tasks, trials ≥ every k); a gate without a bound fails.
    if (judged.status !== 'judged') return { pass: false, shortfall: Infinity };
    const shortfall = judged.side === 'lower' ? requirement.threshold - judged.bound : judged.bound - requirement.threshold;
    return { pass: meets(requirement, judged.bound), shortfall };
  });
}

function drawCounts(rng: ReturnType<typeof streamRng>, rates: Float64Array, trials: number): Int32Array {
  const counts = new Int32Array(rates.length);
  for (let t = 0; t < rates.length; t++) counts[t] = binomial(rng, trials, rates[t]!);
  return counts;
}

/**
 * The rates after a regression of x: σ(logit p_t − δ) with δ ≥ 0 found by bisection so that their
 * mean is mean(p) − x (every rate 0 when x ≥ mean(p)). Tasks at exactly 0 or 1 stay there.
 */
export function regressed(rates: Float64Array, x: number): Float64Array {
  const mean = rates.reduce((sum, p) => sum + p, 0) / rates.length;
  const target = mean - x;
  if (target <= 0) return new Float64Array(rates.length);
  const logits = Float64Array.from(rates, (p) => Math.log(p) - Math.log1p(-p));
  const shifted = (delta: number) => Float64Array.from(logits, (l) => logistic(l - delta));
  const meanOf = (values: Float64Array) => values.reduce((sum, p) => sum + p, 0) / values.length;
  let low = 0;
  let high = 1;
  while (meanOf(shifted(high)) > target && high < 1e6) high *= 2;
  for (let step = 0; step < 60; step++) {
    const middle = (low + high) / 2;
    if (meanOf(shifted(middle)) > target) low = middle;
    else high = middle;
  }
  return shifted(high);
}

function requireGateDesignOptions(options: GateDesignOptions): GateDesignOptions {
  requireObject('options', options);
  const requirements = requireList('options.requirements', options.requirements, 1, 100);
  requirements.forEach((requirement, i) => requireGateRequirement(`options.requirements[${i}]`, requirement));
  requireGateRule('options.rule', options.rule);
  const pilot = requireTaskList('options.pilot', options.pilot, 2);
  pilot.forEach((task, i) => requireCounts(task.n, task.c, `options.pilot[${i}]`));
  const tasks = requireInteger('options.tasks', options.tasks, 2, 1_000_000);
  const trials = requireInteger('options.trials', options.trials, 1, 1_000_000);
  const largestK = Math.max(...options.requirements.map((requirement) => requirement.k ?? 1));
  if (trials < largestK)
    throw new InputError('options.trials', `must be at least the largest k of the requirements (${largestK}) for every task to count`, trials);
  const regressions = requireList('options.regressions', options.regressions, 0, 100);
  regressions.forEach((x, i) => {
    if (typeof x !== 'number' || !(x > 0 && x < 1)) throw new InputError(`options.regressions[${i}]`, 'must be in (0, 1)', x);
  });
  const simulations = requireInteger('options.simulations', options.simulations, 1, 1_000_000);
  requireSeed('options.seed', options.seed);
  if (options.confirm !== undefined && typeof options.confirm !== 'boolean') throw new InputError('options.confirm', 'must be true or false', options.confirm);
  const runs = (1 + regressions.length) * (options.confirm ? 3 : 2);
  if (!(simulations * runs * tasks <= MAX_GATE_DESIGN_DRAWS)) {
    const most = Math.floor(MAX_GATE_DESIGN_DRAWS / (runs * tasks));
    throw new InputError(
      'options.simulations',
      `must be at most ${most} for ${tasks} tasks and ${runs} runs per simulation (${MAX_GATE_DESIGN_DRAWS} task runs in all)`,
      simulations,
    );
  }
  if (!pilot.some(({ n }) => n > 0)) throw new InputError('options.pilot', 'needs a task with at least one trial', pilot.length);
  return options;
}
