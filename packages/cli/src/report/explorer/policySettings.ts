/**
 * The settings of the what-if retry-policy explorer: a task population, the retries'
 * correlation, the verifier, the policy and the cost of an attempt, with the budget k to read off.
 */
export interface PolicySettings {
  /**
   * 'p': every task has success rate p; 'beta': rates from Beta(mean, concentration); 'split': a share
   * `mean` of tasks always solved, the rest never; 'seed': the task rates of the result the view
   * started from (explorerSeed.ts), point masses included.
   */
  readonly population: 'p' | 'beta' | 'split' | 'seed';
  readonly p: number;
  readonly mean: number;
  readonly concentration: number;
  /** The budget k marked on the curves and shown in the readout. */
  readonly k: number;
  readonly correlation: 'independent' | 'exchangeable' | 'markov' | 'feedback';
  /** icc (exchangeable), stickiness (markov) or afterFailure (feedback); unused when independent. */
  readonly strength: number;
  readonly falseAccept: number;
  readonly falseReject: number;
  readonly mode: 'sequential' | 'parallel';
  readonly costPerAttempt: number;
  /** Spend cap per episode (policy.budget.cost, soft: an attempt starts while the spend is below it); 0: none. */
  readonly costBudget: number;
  /** How the delivered answer is picked among the accepted attempts (scenario `selector.kind`; sequential: firstAccepted). */
  readonly selector: SelectorKind;
  /** Latency of one attempt (attempts.latency.perAttempt, constant): sequential attempts add up, a parallel round takes the max. */
  readonly latencyPerAttempt: number;
  /** Wall-clock cap per episode (policy.budget.latency, soft: a round starts while the elapsed latency is below it); 0: none. */
  readonly latencyBudget: number;
  /** Policy B, shown beside policy A (the fields above): its budget k, mode, selector and budgets over the same agent. */
  readonly kB: number;
  readonly modeB: PolicySettings['mode'];
  readonly selectorB: SelectorKind;
  readonly costBudgetB: number;
  readonly latencyBudgetB: number;
}

/** The selectors of the scenario format (`selector.kind`), with their parameters at the format's defaults. */
export type SelectorKind = 'firstAccepted' | 'oracle' | 'random' | 'majorityVote' | 'bestScore';

/** Which of the two policies side by side. */
export type PolicySide = 'A' | 'B';

/** The settings of one policy: A's own fields, or B's fields in A's places (the agent is the same). */
export function policyOf(settings: PolicySettings, side: PolicySide): PolicySettings {
  if (side === 'A') return settings;
  return {
    ...settings,
    k: settings.kB,
    mode: settings.modeB,
    selector: settings.selectorB,
    costBudget: settings.costBudgetB,
    latencyBudget: settings.latencyBudgetB,
  };
}

/** The selector a policy runs with: sequential attempts deliver the first accepted one (the scenario format requires it). */
export function effectiveSelector(settings: PolicySettings): SelectorKind {
  return settings.mode === 'sequential' ? 'firstAccepted' : settings.selector;
}

/** Largest budget on the policy explorer's curves. */
export const POLICY_MAX_K = 20;

/** Slider ranges (min, max, step) of the numeric settings; the URL fragment is clamped to them. */
export const POLICY_RANGES = Object.freeze({
  p: [0, 1, 0.001],
  mean: [0.01, 0.99, 0.01],
  concentration: [0.2, 50, 0.1],
  k: [1, POLICY_MAX_K, 1],
  strength: [-1, 1, 0.01],
  falseAccept: [0, 0.5, 0.005],
  falseReject: [0, 0.5, 0.005],
  costPerAttempt: [0.001, 0.2, 0.001],
  costBudget: [0, 2, 0.01],
  latencyPerAttempt: [0.1, 60, 0.1],
  latencyBudget: [0, 120, 0.5],
  kB: [1, POLICY_MAX_K, 1],
  costBudgetB: [0, 2, 0.01],
  latencyBudgetB: [0, 120, 0.5],
} as const satisfies Record<string, readonly [number, number, number]>);

/**
 * The strength slider's range for a correlation (within POLICY_RANGES.strength, the bounds a link may
 * carry): feedback's afterFailure in [−1, 1] (below 0 the success rate shrinks after a failure,
 * p ← p·(1 + a): a polluted context), icc and stickiness in [0, 0.95].
 */
export function strengthRange(correlation: PolicySettings['correlation']): readonly [number, number, number] {
  return correlation === 'feedback' ? [-1, 1, 0.01] : [0, 0.95, 0.01];
}

export const POPULATIONS: readonly PolicySettings['population'][] = ['seed', 'p', 'beta', 'split'];
export const CORRELATIONS: readonly PolicySettings['correlation'][] = ['independent', 'exchangeable', 'markov', 'feedback'];
export const MODES: readonly PolicySettings['mode'][] = ['sequential', 'parallel'];
export const SELECTORS: readonly SelectorKind[] = ['firstAccepted', 'majorityVote', 'bestScore', 'random', 'oracle'];

/**
 * The first view without a result to start from: a made-up agent, the built-in scenario's in round numbers — Beta(mean 0.6, concentration 3)
 * tasks, exchangeable retries (icc 0.2), a verifier with 5 % false accepts and 10 % false rejects,
 * up to 8 sequential attempts at 0.02 each and 1 latency unit each, no budget; beside it policy B: 4
 * attempts in parallel, delivering the majority answer.
 */
export const POLICY_START: PolicySettings = Object.freeze({
  population: 'beta',
  p: 0.7,
  mean: 0.6,
  concentration: 3,
  k: 8,
  correlation: 'exchangeable',
  strength: 0.2,
  falseAccept: 0.05,
  falseReject: 0.1,
  mode: 'sequential',
  costPerAttempt: 0.02,
  costBudget: 0,
  selector: 'firstAccepted',
  latencyPerAttempt: 1,
  latencyBudget: 0,
  kB: 4,
  modeB: 'parallel',
  selectorB: 'majorityVote',
  costBudgetB: 0,
  latencyBudgetB: 0,
});

/**
 * Seed 000's two agents (§6): the same mean success rate 70 % over tasks, different spread.
 * Agent A: every task at 70 % (pass^8 = 0.7^8 ≈ 5.8 %); Agent B: 70 % of tasks always solved, 30 %
 * never (pass^8 = 70 %). Independent attempts and a perfect verifier, as in the seed.
 */
export const AGENTS = Object.freeze({
  A: { ...POLICY_START, population: 'p', p: 0.7, mean: 0.7, correlation: 'independent', strength: 0, falseAccept: 0, falseReject: 0 } as PolicySettings,
  B: { ...POLICY_START, population: 'split', p: 0.7, mean: 0.7, correlation: 'independent', strength: 0, falseAccept: 0, falseReject: 0 } as PolicySettings,
});
