/**
 * The names a scenario file may use for its tagged objects and enumerations (DESIGN §3).
 * `resolveScenario` accepts exactly these, and `scenarioJsonSchema` lists exactly these.
 */

/** `tasks.successRate.dist`. */
export const SUCCESS_RATE_DISTS = ['fixed', 'point', 'beta', 'logitNormal', 'mixture'] as const;

/** `dist` of a mixture component: every success-rate dist except `fixed`. */
export const MIXTURE_COMPONENT_DISTS = ['point', 'beta', 'logitNormal', 'mixture'] as const;

/** `attempts.cost.perAttempt.dist` and `attempts.latency.perAttempt.dist` (a bare number is `constant`). */
export const AMOUNT_DISTS = ['constant', 'lognormal', 'empirical'] as const;

/** `verifier.falseAccept.dist` and `verifier.falseReject.dist` (a bare number is `point`). */
export const RATE_DISTS = ['point', 'beta'] as const;

/** `attempts.correlation.model`. */
export const CORRELATION_MODELS = ['independent', 'exchangeable', 'markov', 'feedback'] as const;

/** `selector.kind`. */
export const SELECTOR_KINDS = ['firstAccepted', 'oracle', 'random', 'majorityVote', 'bestScore'] as const;

/** `policy.mode`. */
export const POLICY_MODES = ['sequential', 'parallel', 'batches'] as const;

/** `policy.onNoAccept`. */
export const NO_ACCEPT_ACTIONS = ['abstain', 'deliverLast'] as const;

/** `policy.budget.mode`: soft (checked before each attempt) or hard (an attempt that would cross is cut off). */
export const BUDGET_MODES = ['soft', 'hard'] as const;

/** The largest `policy.maxAttempts` a scenario may ask for. */
export const MAX_ATTEMPTS_LIMIT = 1000;
