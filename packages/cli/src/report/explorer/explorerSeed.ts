import type { ScenarioInput } from '@passk/sim/internal';
import { POLICY_MAX_K, POLICY_RANGES, POLICY_START, SELECTORS, strengthRange, type PolicySettings } from './policySettings.js';

/** The page's own numbers at the seed's k that the explorer's first read-out must equal (null: not comparable). */
export interface SeedNumbers {
  readonly coverage: number | null;
  readonly passHatK: number | null;
  readonly deliveredCorrect: number | null;
  readonly deliveredWrong: number | null;
  readonly abstained: number | null;
}

/**
 * A starting view taken from one of the report's results: the scenario it describes (file form, as
 * `passk simulate` reads it), the budget k to read off, and the page's own numbers at that k.
 */
export interface ExplorerSeed {
  /** What the selector shows, e.g. "simulate: sequential retries, …". */
  readonly label: string;
  /** Where the page's numbers come from, e.g. "the simulation's exact columns at k = 8". */
  readonly basis: string;
  readonly scenario: ScenarioInput;
  readonly k: number;
  readonly page: SeedNumbers;
}

/** A number rounded to a slider's step and clamped to its range (what a range input does with it). */
function onSlider(value: number, [min, max, step]: readonly [number, number, number]): number {
  const clamped = Math.min(max, Math.max(min, value));
  return Number((Math.round(clamped / step) * step).toFixed(6));
}

/** A rate or amount as written (a number, {dist: point, p} or a distribution): its typical value, or null. */
function typical(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (value === null || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  for (const key of ['p', 'value', 'median', 'mean']) if (typeof record[key] === 'number') return record[key] as number;
  if (typeof record.a === 'number' && typeof record.b === 'number') return record.a / (record.a + record.b);
  return null;
}

/**
 * The sliders' settings that show a seed's scenario: population "seed" (its own task rates, point
 * masses included), its retry correlation, verifier rates, policy mode, selector, cost and latency
 * per attempt (a distribution's median or mean), budgets and k, each as its control can hold it.
 * policyScenario keeps the seed's own value of every setting left at these, so the first view is
 * the seed's scenario exactly. Policy B starts as the seed's policy in the other mode (parallel
 * rounds deliver the majority answer), at the same k and budgets.
 */
export function seedSettings(seed: ExplorerSeed): PolicySettings {
  const { attempts, verifier, policy } = seed.scenario;
  const correlation = (attempts?.correlation ?? { model: 'independent' }) as Record<string, unknown>;
  const model = (['independent', 'exchangeable', 'markov', 'feedback'] as const).find((name) => name === correlation.model) ?? 'independent';
  const rawStrength =
    model === 'exchangeable' ? correlation.icc : model === 'markov' ? correlation.stickiness : model === 'feedback' ? correlation.afterFailure : 0;
  const cost = typical((attempts?.cost as { perAttempt?: unknown } | undefined)?.perAttempt);
  const latency = typical((attempts?.latency as { perAttempt?: unknown } | undefined)?.perAttempt);
  const budget = policy?.budget as { cost?: unknown; latency?: unknown } | undefined;
  const mode = policy?.mode === 'parallel' ? 'parallel' : 'sequential';
  const kind = (seed.scenario.selector as { kind?: string } | undefined)?.kind;
  const selector = SELECTORS.find((name) => name === kind) ?? 'firstAccepted';
  const k = onSlider(seed.k, POLICY_RANGES.k);
  const costBudget = onSlider(typical(budget?.cost) ?? 0, POLICY_RANGES.costBudget);
  const latencyBudget = onSlider(typical(budget?.latency) ?? 0, POLICY_RANGES.latencyBudget);
  return {
    ...POLICY_START,
    population: 'seed',
    k,
    correlation: model,
    strength: onSlider(typeof rawStrength === 'number' ? rawStrength : 0, strengthRange(model)),
    falseAccept: onSlider(typical(verifier?.falseAccept) ?? 0, POLICY_RANGES.falseAccept),
    falseReject: onSlider(typical(verifier?.falseReject) ?? 0, POLICY_RANGES.falseReject),
    mode,
    costPerAttempt: onSlider(cost ?? POLICY_START.costPerAttempt, POLICY_RANGES.costPerAttempt),
    costBudget,
    selector,
    latencyPerAttempt: onSlider(latency ?? POLICY_START.latencyPerAttempt, POLICY_RANGES.latencyPerAttempt),
    latencyBudget,
    kB: k,
    modeB: mode === 'sequential' ? 'parallel' : 'sequential',
    selectorB: mode === 'sequential' ? 'majorityVote' : 'firstAccepted',
    costBudgetB: costBudget,
    latencyBudgetB: latencyBudget,
  };
}

/** The seed's budget k within the explorer's curves (1..POLICY_MAX_K). */
export function seedK(maxAttempts: number): number {
  return Math.max(1, Math.min(POLICY_MAX_K, Math.round(maxAttempts)));
}
