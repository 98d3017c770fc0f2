import { exactValuesFor, resolveScenario, type ExactMetrics, type ScenarioInput } from '@passk/sim/internal';
import { formatNumber, formatPercent } from '../../format/percent.js';
import { seedSettings, type ExplorerSeed } from './explorerSeed.js';
import { POLICY_MAX_K, type PolicySettings } from './policySettings.js';

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
    attempts: { correlation, cost: { perAttempt: settings.costPerAttempt }, latency: { perAttempt: 1 } },
    verifier: { falseAccept: settings.falseAccept, falseReject: settings.falseReject, cost: 0 },
    selector: { kind: 'firstAccepted' },
    policy: {
      maxAttempts: POLICY_MAX_K,
      mode: settings.mode,
      onNoAccept: 'abstain',
      ...(settings.costBudget > 0 ? { budget: { cost: settings.costBudget, mode: 'soft' as const } } : {}),
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
  const verifier = { ...((base.verifier ?? { falseAccept: 0, falseReject: 0, cost: 0 }) as Record<string, unknown>) };
  if (changed('falseAccept') || changed('falseReject')) {
    // Rates typed into the explorer replace measured counts (a measured verifier draws its rates).
    delete verifier.measured;
    verifier.falseAccept = changed('falseAccept') ? settings.falseAccept : verifier.falseAccept;
    verifier.falseReject = changed('falseReject') ? settings.falseReject : verifier.falseReject;
  }
  return {
    ...base,
    attempts: attempts as ScenarioInput['attempts'],
    verifier: verifier as ScenarioInput['verifier'],
    policy: withMaxAttempts(
      {
        ...(base.policy ?? {}),
        ...(changed('mode') ? { mode: settings.mode } : {}),
        ...(changed('costBudget') ? { budget: { ...(base.policy?.budget ?? {}), cost: settings.costBudget > 0 ? settings.costBudget : null } } : {}),
      } as ScenarioInput['policy'],
      POLICY_MAX_K,
    ),
  };
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
}

/** The readout at the settings' k (rates as percentages, cost per correct to 4 decimals). */
export function policyTexts(settings: PolicySettings, curves: readonly ExactMetrics[] = policyCurves(settings)): PolicyTexts {
  const at = curves[settings.k - 1]!;
  return {
    k: String(settings.k),
    coverage: formatPercent(at.coverage),
    passHatK: formatPercent(at.passHatK),
    deliveredCorrect: formatPercent(at.deliveredCorrect),
    deliveredWrong: formatPercent(at.deliveredWrong),
    abstained: formatPercent(at.abstained),
    costPerCorrect: formatNumber(at.costPerCorrect),
    overBudget: at.costOverCap === null ? '—' : formatPercent(at.costOverCap),
  };
}

/**
 * The view as a scenario for `passk simulate`: policyScenario with maxAttempts = the chosen k, so
 * the simulation's row k (and its exact columns) is the explorer's read-out.
 */
export function viewScenario(settings: PolicySettings, seed: ExplorerSeed | null = null): ScenarioInput {
  const scenario = policyScenario(settings, seed);
  return { ...scenario, policy: withMaxAttempts(scenario.policy, settings.k) };
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
