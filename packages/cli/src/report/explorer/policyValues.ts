import { exactValuesFor, resolveScenario, simulate, type ExactMetrics, type ScenarioInput, type Summary } from '@passk/sim/internal';
import { formatNumber, formatPercent } from '../../format/percent.js';
import { seedSettings, type ExplorerSeed } from './explorerSeed.js';
import { effectiveSelector, POLICY_MAX_K, type PolicySettings } from './policySettings.js';

/**
 * The scenario the explorer's settings describe (file form, as `passk simulate` reads it), with
 * maxAttempts POLICY_MAX_K so one evaluation gives every budget 1..POLICY_MAX_K. With population
 * "seed" and a seed, the seed's scenario is the base (its tasks, selector, budgets, verifier cost,
 * latency…) and only the settings moved away from seedSettings(seed) replace its own values.
 */
export function policyScenario(settings: PolicySettings, seed: ExplorerSeed | null = null): ScenarioInput {
  if (settings.population === 'seed' && seed) return seededScenario(settings, seed);
  const { population, p, mean, concentration } = settings;
  const successRate: ScenarioInput['tasks']['successRate'] =
    population === 'p'
      ? { dist: 'point', p }
      : population !== 'split' // beta, and a seed's population without its seed
        ? { dist: 'beta', mean, concentration }
        : mean >= 1 || mean <= 0
          ? { dist: 'point', p: mean >= 1 ? 1 : 0 }
          : {
              dist: 'mixture',
              components: [
                { weight: mean, dist: 'point', p: 1 },
                { weight: 1 - mean, dist: 'point', p: 0 },
              ],
            };
  const correlation =
    settings.correlation === 'independent'
      ? { model: 'independent' as const }
      : settings.correlation === 'exchangeable'
        ? { model: 'exchangeable' as const, icc: settings.strength }
        : settings.correlation === 'markov'
          ? { model: 'markov' as const, stickiness: settings.strength }
          : { model: 'feedback' as const, afterFailure: settings.strength };
  return {
    name: 'explorer',
    tasks: { count: 100, successRate, resample: true },
    attempts: { correlation, cost: { perAttempt: settings.costPerAttempt }, latency: { perAttempt: settings.latencyPerAttempt } },
    verifier: { falseAccept: settings.falseAccept, falseReject: settings.falseReject, cost: 0 },
    selector: { kind: effectiveSelector(settings) },
    policy: {
      maxAttempts: POLICY_MAX_K,
      mode: settings.mode,
      onNoAccept: 'abstain',
      ...(settings.costBudget > 0 || settings.latencyBudget > 0
        ? {
            budget: {
              ...(settings.costBudget > 0 ? { cost: settings.costBudget } : {}),
              ...(settings.latencyBudget > 0 ? { latency: settings.latencyBudget } : {}),
              mode: 'soft' as const,
            },
          }
        : {}),
    },
  };
}

/**
 * The closed forms per budget k = 1..POLICY_MAX_K for the settings: the library's `exactValuesFor`
 * of the resolved scenario — the values `passk simulate` prints in its "exact" columns for the same
 * scenario: over the task population (the explorer's own populations are written resample: true),
 * or, for a seed whose tasks are a fixed benchmark (resample false), over the very tasks its
 * simulation drew (stream (seed, 'tasks')), so the first read-out is the simulation's.
 */
export function policyCurves(settings: PolicySettings, seed: ExplorerSeed | null = null): ExactMetrics[] {
  const scenario = resolveScenario(policyScenario(settings, seed), { source: 'explorer' });
  const columns = exactValuesFor(scenario) as Readonly<Record<keyof ExactMetrics, readonly (number | null)[]>>;
  return Array.from(
    { length: scenario.policy.maxAttempts },
    (_, i) => Object.fromEntries(Object.entries(columns).map(([metric, values]) => [metric, values[i] ?? null])) as unknown as ExactMetrics,
  );
}

/** The seed's scenario with the settings that differ from the seed's own (seedSettings) applied. */
function seededScenario(settings: PolicySettings, seed: ExplorerSeed): ScenarioInput {
  const own = seedSettings(seed);
  const base = JSON.parse(JSON.stringify(seed.scenario)) as ScenarioInput & Record<string, unknown>;
  const changed = (field: keyof PolicySettings) => settings[field] !== own[field];
  const attempts = { ...(base.attempts ?? {}) } as Record<string, unknown>;
  if (changed('correlation') || changed('strength')) {
    attempts.correlation = (policyScenario({ ...settings, population: 'p' }).attempts as Record<string, unknown>).correlation;
  }
  if (changed('costPerAttempt')) attempts.cost = { perAttempt: settings.costPerAttempt };
  if (changed('latencyPerAttempt')) attempts.latency = { perAttempt: settings.latencyPerAttempt };
  const selector = effectiveSelector(settings);
  const ownSelector = (base.selector as { kind?: string } | undefined)?.kind ?? 'firstAccepted';
  const verifier = { ...((base.verifier ?? { falseAccept: 0, falseReject: 0, cost: 0 }) as Record<string, unknown>) };
  if (changed('falseAccept') || changed('falseReject')) {
    // Rates typed into the explorer replace measured counts (a measured verifier draws its rates).
    delete verifier.measured;
    verifier.falseAccept = changed('falseAccept') ? settings.falseAccept : verifier.falseAccept;
    verifier.falseReject = changed('falseReject') ? settings.falseReject : verifier.falseReject;
  }
  const budget = {
    ...(base.policy?.budget ?? {}),
    ...(changed('costBudget') ? { cost: settings.costBudget > 0 ? settings.costBudget : null } : {}),
    ...(changed('latencyBudget') ? { latency: settings.latencyBudget > 0 ? settings.latencyBudget : null } : {}),
  };
  return {
    ...base,
    attempts: attempts as ScenarioInput['attempts'],
    verifier: verifier as ScenarioInput['verifier'],
    // The seed's selector (with its parameters) while the view keeps its kind, or keeps the seed's mode
    // and selector settings (a seed in batches shows as sequential); a chosen kind at the format's defaults.
    selector: (selector === ownSelector || (!changed('mode') && !changed('selector')) ? base.selector : { kind: selector }) as ScenarioInput['selector'],
    policy: withMaxAttempts(
      {
        ...(base.policy ?? {}),
        ...(changed('mode') ? { mode: settings.mode } : {}),
        ...(changed('costBudget') || changed('latencyBudget') ? { budget } : {}),
      } as ScenarioInput['policy'],
      POLICY_MAX_K,
    ),
  };
}

/** The read-out's metrics: the closed forms' names (ExactMetrics), as `passk simulate` prints them. */
export const READOUT_METRICS = [
  'coverage',
  'passHatK',
  'deliveredCorrect',
  'deliveredWrong',
  'abstained',
  'costPerCorrect',
  'costOverCap',
  'latency',
  'latencyOverCap',
] as const satisfies readonly (keyof ExactMetrics)[];

/** One read-out metric of the explorer. */
export type ReadoutMetric = (typeof READOUT_METRICS)[number];

/**
 * One read-out: the closed form (se null), or, where the scenario has none at k (a majority vote
 * or best score over a parallel round an imperfect verifier checks, a wall-clock budget on parallel
 * rounds), the library's Monte Carlo mean of the copied scenario with its standard error.
 */
export interface ReadoutValue {
  readonly value: number | null;
  readonly se: number | null;
  /** True while a simulation is put off (a slider being dragged): the value follows when it is let go. */
  readonly pending?: boolean;
}

/** The read-out of one policy at its k: every metric, closed form or simulated. */
export type PolicyReadout = Readonly<Record<ReadoutMetric, ReadoutValue>>;

/** Episodes the explorer simulates where no closed form exists (SE of a rate ≤ 0.5/√16 000 ≈ 0.4 points). */
export const EXPLORER_EPISODES = 16_000;

/**
 * The simulated rows of the last few scenarios, by their file form: a simulation is a function of
 * its scenario (same seed, same numbers), so moving policy A's controls does not re-run B's.
 */
const SIMULATED = new Map<string, Summary['rows']>();
const SIMULATED_KEEP = 16;

/** The library's simulation of a scenario (file form), from SIMULATED when it ran before; with `run` false, only that (else null). */
function simulatedRows(input: ScenarioInput, run = true): Summary['rows'] | null {
  const key = JSON.stringify(input);
  const known = SIMULATED.get(key);
  if (known || !run) return known ?? null;
  const rows = simulate(resolveScenario(input, { source: 'explorer' })).rows;
  if (SIMULATED.size >= SIMULATED_KEEP) SIMULATED.delete(SIMULATED.keys().next().value!);
  SIMULATED.set(key, rows);
  return rows;
}

/** Replicates for a scenario of `tasks` tasks: about EXPLORER_EPISODES episodes in whole blocks of 64. */
export function explorerReplicates(tasks: number): number {
  return Math.min(4096, Math.max(64, Math.ceil(EXPLORER_EPISODES / Math.max(1, tasks) / 64) * 64));
}

/**
 * The read-out at the settings' k: the closed forms of `curves` (policyCurves) where they exist;
 * where one is null although the metric applies (a delivery, latency or over-budget figure), the
 * whole row comes from `simulate` of viewScenario — the scenario "copy as scenario" writes, with
 * its seed and replicates, so `passk simulate` of the copy estimates the same means. With
 * `simulateNow` false (a slider still moving) a simulation not run before is put off: those
 * read-outs are `pending`.
 */
export function policyReadout(settings: PolicySettings, curves: readonly ExactMetrics[], seed: ExplorerSeed | null = null, simulateNow = true): PolicyReadout {
  const at = curves[settings.k - 1]!;
  const exact = Object.fromEntries(READOUT_METRICS.map((metric) => [metric, { value: at[metric], se: null }])) as Record<ReadoutMetric, ReadoutValue>;
  const scenarioInput = viewScenario(settings, seed);
  const budget = resolveScenario(scenarioInput, { source: 'explorer' }).policy.budget;
  const applies: Record<ReadoutMetric, boolean> = {
    coverage: true,
    passHatK: true,
    deliveredCorrect: true,
    deliveredWrong: true,
    abstained: true,
    costPerCorrect: at.deliveredCorrect !== 0,
    costOverCap: budget.cost !== null,
    latency: true,
    latencyOverCap: budget.latency !== null,
  };
  const missing = READOUT_METRICS.some((metric) => applies[metric] && at[metric] === null);
  if (!missing) return exact;
  const rows = simulatedRows(scenarioInput, simulateNow);
  const row = rows?.[settings.k - 1];
  return Object.fromEntries(
    READOUT_METRICS.map((metric) => [
      metric,
      at[metric] !== null ? exact[metric] : row ? { value: row[metric].value, se: row[metric].se } : { value: null, se: null, pending: true },
    ]),
  ) as PolicyReadout;
}

/** The readout of the policy explorer at budget k, formatted as the CLI's tables are. */
export interface PolicyTexts {
  readonly k: string;
  readonly coverage: string;
  readonly passHatK: string;
  readonly deliveredCorrect: string;
  readonly deliveredWrong: string;
  readonly abstained: string;
  readonly costPerCorrect: string;
  /** P(cost > the cost budget) ("—" without a budget). */
  readonly overBudget: string;
  /** Mean elapsed latency of an episode (sequential attempts add up, a parallel round takes its slowest). */
  readonly latency: string;
  /** P(latency > the latency budget) ("—" without one). */
  readonly overLatency: string;
}

/** A read-out value as text: a closed form as the CLI prints it; a simulated mean with "≈" and its SE. */
function readoutText(metric: ReadoutMetric, { value, se, pending }: ReadoutValue): string {
  if (pending) return '…';
  const format = (x: number | null, digits = 1) =>
    metric === 'costPerCorrect' || metric === 'latency' ? formatNumber(x, metric === 'latency' ? 2 : 4) : formatPercent(x, digits);
  if (value === null) return '—';
  // The SE to two decimals of a percent, as the CLI prints its ± column.
  return se === null ? format(value) : `≈${format(value)} (SE ${format(se, 2)})`;
}

/** The readout at the settings' k (rates as percentages, cost per correct to 4 decimals, latency to 2). */
export function policyTexts(
  settings: PolicySettings,
  curves: readonly ExactMetrics[] = policyCurves(settings),
  seed: ExplorerSeed | null = null,
  readout: PolicyReadout = policyReadout(settings, curves, seed),
): PolicyTexts {
  return {
    k: String(settings.k),
    coverage: readoutText('coverage', readout.coverage),
    passHatK: readoutText('passHatK', readout.passHatK),
    deliveredCorrect: readoutText('deliveredCorrect', readout.deliveredCorrect),
    deliveredWrong: readoutText('deliveredWrong', readout.deliveredWrong),
    abstained: readoutText('abstained', readout.abstained),
    costPerCorrect: readoutText('costPerCorrect', readout.costPerCorrect),
    overBudget: readoutText('costOverCap', readout.costOverCap),
    latency: readoutText('latency', readout.latency),
    overLatency: readoutText('latencyOverCap', readout.latencyOverCap),
  };
}

/**
 * B − A of one metric, as text: a difference of closed forms exactly, else "≈" with the SE of the
 * difference √(SE_A² + SE_B²) (the two simulations draw separate streams of the scenarios' seeds;
 * treating them as independent is conservative when they share draws).
 */
export function differenceText(metric: ReadoutMetric, a: ReadoutValue, b: ReadoutValue): string {
  if (a.pending || b.pending) return '…';
  if (a.value === null || b.value === null) return '—';
  const d = b.value - a.value;
  const se = a.se === null && b.se === null ? null : Math.sqrt((a.se ?? 0) ** 2 + (b.se ?? 0) ** 2);
  const rate = !(metric === 'costPerCorrect' || metric === 'latency');
  const signed = (x: number) => {
    const text = rate ? `${(x * 100).toFixed(1)} pts` : formatNumber(x, metric === 'latency' ? 2 : 4);
    return x > 0 ? `+${text}` : x === 0 ? text : text.replace('-', '−');
  };
  if (se === null) return signed(d);
  return `≈${signed(d)} (SE ${rate ? `${(se * 100).toFixed(2)} pts` : formatNumber(se, metric === 'latency' ? 2 : 4)})`;
}

/**
 * The view as a scenario for `passk simulate`: policyScenario with maxAttempts = the chosen k, so
 * the simulation's row k (and its exact columns) is the explorer's read-out.
 */
export function viewScenario(settings: PolicySettings, seed: ExplorerSeed | null = null): ScenarioInput {
  const scenario = policyScenario(settings, seed);
  const tasks = resolveScenario(scenario, { source: 'explorer' }).tasks.count;
  // The replicates the explorer simulates where no closed form exists, so the copy estimates the same means.
  return { ...scenario, policy: withMaxAttempts(scenario.policy, settings.k), run: { ...(scenario.run ?? {}), replicates: explorerReplicates(tasks) } };
}

/**
 * A policy with another maxAttempts; its batch size is left to the default of its mode (1 in
 * sequential, maxAttempts in parallel), which a batch size written for the old maxAttempts would contradict.
 */
function withMaxAttempts(policy: ScenarioInput['policy'], maxAttempts: number): ScenarioInput['policy'] {
  const { batchSize, ...rest } = (policy ?? {}) as Record<string, unknown>;
  const keep = rest.mode === 'batches' ? { batchSize } : {};
  return { ...rest, ...keep, maxAttempts } as ScenarioInput['policy'];
}
