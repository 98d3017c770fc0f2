import { InputError } from '@passk/sim/errors';
import { shardWork, type Scenario } from '@passk/sim/internal';

/**
 * Limits on the work one command may start, checked before any of it starts: each command
 * estimates its work from its options and refuses above the limit with one line naming the limit
 * and the option that raises it. The defaults keep a run to minutes on one core (README, "Limits").
 */
export interface WorkLimit {
  /** The option that raises the limit, e.g. `--max-episodes`. */
  readonly option: string;
  /** What is counted, in words (`episodes (replicates × tasks, over all grid points)`). */
  readonly counts: string;
  readonly fallback: number;
}

export const WORK_LIMITS = {
  episodes: { option: '--max-episodes', counts: 'episodes (replicates × tasks, over every grid point)', fallback: 1e9 },
  tasks: { option: '--max-tasks', counts: 'tasks in one scenario (each holds its rates in memory)', fallback: 1e6 },
  kSum: { option: '--max-k-sum', counts: "the sum of the --k values (estimate's Bayesian view and fit's predictions take k terms for each k)", fallback: 1e6 },
  trialsSum: { option: '--max-trials-sum', counts: 'the sum of the tabulated trials per task (each sums a binomial over its trials)', fallback: 200_000 },
  failures: { option: '--max-failures', counts: 'failures allowed (the search grows with them)', fallback: 100_000 },
  intervals: {
    option: '--max-intervals',
    counts: 'intervals computed by the search for the trials (with --assurance, one per likely count at every n tried)',
    // Clopper–Pearson and Jeffreys intervals are beta quantiles, ~65× the cost of a closed-form Wilson or Agresti–Coull one.
    fallback: 100_000,
  },
  simulatedTasks: {
    option: '--max-simulated-tasks',
    counts: "tasks the power search simulates (--simulations × the z-test's tasks × 8 sizes tried)",
    fallback: 1e8,
  },
} as const satisfies Record<string, WorkLimit>;

/** The --max-intervals default of plan precision: 100 000 beta-quantile intervals (Clopper–Pearson, Jeffreys), 100 times that of closed-form ones. */
export function intervalsLimit(method: string, given: number | undefined): number {
  return given ?? (method === 'clopper-pearson' || method === 'jeffreys' ? WORK_LIMITS.intervals.fallback : 100 * WORK_LIMITS.intervals.fallback);
}

/** The yargs option of a limit (a number; its default shown in --help). */
export function limitOption(limit: WorkLimit): { type: 'number'; default: number; describe: string } {
  return { type: 'number', default: limit.fallback, describe: `refuse to start with more ${limit.counts} than this` };
}

/** The typed limit (an integer ≥ 1), then the planned work against it; one line naming both when over. */
export function requireWithin(limit: WorkLimit, given: number | undefined, work: number, what: string): void {
  const max = given ?? limit.fallback;
  if (!(Number.isSafeInteger(max) && max >= 1) && max !== Infinity) {
    throw new InputError(limit.option, 'must be an integer ≥ 1 (or Infinity)', max);
  }
  if (!(work <= max)) {
    throw new InputError(
      limit.option,
      `limits ${limit.counts} to ${formatCount(max)}, but ${what} ${formatCount(work)}; raise it with ${limit.option} ${formatCount(suggestedLimit(work))} to run it anyway`,
    );
  }
}

/** The options --max-episodes and --max-tasks, shared by simulate and sweep. */
export const SIMULATION_LIMIT_OPTIONS = {
  'max-episodes': limitOption(WORK_LIMITS.episodes),
  'max-tasks': limitOption(WORK_LIMITS.tasks),
} as const;

export interface SimulationLimitArgs {
  'max-episodes'?: number;
  'max-tasks'?: number;
}

/**
 * The episodes simulate or sweep would run (replicates × tasks of every scenario; a shard's share
 * with `shard`) and the largest task count, against --max-episodes and --max-tasks.
 */
export function checkSimulationWork(scenarios: readonly Scenario[], args: SimulationLimitArgs, shard: { index: number; count: number } | null = null): void {
  const largest = scenarios.reduce((top, scenario) => Math.max(top, scenario.tasks.count), 0);
  requireWithin(WORK_LIMITS.tasks, args['max-tasks'], largest, 'the scenario has');
  const replicates = scenarios.map((scenario) => scenario.run.replicates);
  const episodes =
    shard === null
      ? scenarios.reduce((sum, scenario) => sum + scenario.run.replicates * scenario.tasks.count, 0)
      : shardWork(replicates, shard.index, shard.count).reduce((sum, piece) => sum + (piece.end - piece.start) * scenarios[piece.item]!.tasks.count, 0);
  requireWithin(WORK_LIMITS.episodes, args['max-episodes'], episodes, shard === null ? 'the run has' : `shard ${shard.index}/${shard.count} has`);
}

/** 1 234 567 → "1234567"; large counts in exponent form (1e+12 → "1e12"). */
function formatCount(value: number): string {
  if (value === Infinity) return 'Infinity';
  return Number.isSafeInteger(value) && value < 1e12
    ? String(value)
    : value
        .toExponential(2)
        .replace(/\.?0+e/, 'e')
        .replace('e+', 'e');
}

/** The limit to suggest for `work`: the next power of ten, or Infinity where that is beyond the integers a limit may be (2^53 − 1). */
function suggestedLimit(work: number): number {
  const next = nextPowerOfTen(work);
  return Number.isSafeInteger(next) ? next : Infinity;
}

function nextPowerOfTen(value: number): number {
  return 10 ** Math.ceil(Math.log10(Math.max(1, value)) + 1e-12);
}

/** The sum of the --k values (parsed as parseKList reads them) against --max-k-sum. */
export function checkKSum(ks: readonly number[], given: number | undefined): void {
  requireWithin(
    WORK_LIMITS.kSum,
    given,
    ks.reduce((sum, k) => sum + k, 0),
    'the --k values sum to',
  );
}

/** plan compare: the trials per task it tabulates (the given list, or k, 2k, 4k, 8k) against --max-trials-sum. */
export function checkTrialsSum(trials: readonly number[] | undefined, k: number, given: number | undefined): void {
  const list = trials ?? [k, 2 * k, 4 * k, 8 * k];
  requireWithin(
    WORK_LIMITS.trialsSum,
    given,
    list.reduce((sum, n) => sum + n, 0),
    'the tabulated trials per task sum to',
  );
}

/** plan demonstrate: --failures against --max-failures. */
export function checkFailures(failures: number, given: number | undefined): void {
  if (typeof failures === 'number' && Number.isFinite(failures)) requireWithin(WORK_LIMITS.failures, given, failures, '--failures is');
}
