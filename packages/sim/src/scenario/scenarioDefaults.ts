/**
 * The values `resolveScenario` fills in for keys a scenario file leaves out (DESIGN §3).
 * `scenarioJsonSchema` publishes the same values as `default`s. Keys without an entry here
 * (`tasks.count` unless the dist is `fixed`, `tasks.successRate`, `policy.maxAttempts`, and
 * `policy.batchSize` in mode `batches`) are required.
 */
export const SCENARIO_DEFAULTS = Object.freeze({
  seed: 1,
  name: null,
  resample: false,
  correlationModel: 'independent',
  costPerAttempt: 0,
  latencyPerAttempt: 1,
  /** Each field of a given `verifier` block defaults to 0; an omitted block is the perfect verifier. */
  falseAccept: 0,
  falseReject: 0,
  verifierCost: 0,
  selectorKind: 'firstAccepted',
  distinctWrong: 3,
  voteConcentration: 1,
  separation: 1,
  threshold: null,
  mode: 'sequential',
  onNoAccept: 'abstain',
  budgetCost: null,
  budgetLatency: null,
  budgetMode: 'soft',
  replicates: 10000,
} as const);
