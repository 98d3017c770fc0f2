/** Element ids of the what-if retry-policy explorer (shared by its markup, its script and the tests). */
export const POLICY_IDS = Object.freeze({
  root: 'policy-explorer',
  population: 'pe-population',
  p: 'pe-p',
  mean: 'pe-mean',
  concentration: 'pe-concentration',
  correlation: 'pe-correlation',
  strength: 'pe-strength',
  falseAccept: 'pe-false-accept',
  falseReject: 'pe-false-reject',
  mode: 'pe-mode',
  k: 'pe-k',
  costPerAttempt: 'pe-cost',
  costBudget: 'pe-budget',
  selector: 'pe-selector',
  latencyPerAttempt: 'pe-latency',
  latencyBudget: 'pe-deadline',
  kB: 'pe-k-b',
  modeB: 'pe-mode-b',
  selectorB: 'pe-selector-b',
  costBudgetB: 'pe-budget-b',
  latencyBudgetB: 'pe-deadline-b',
  overBudget: 'pe-out-over-budget',
  latency: 'pe-out-latency',
  overLatency: 'pe-out-over-latency',
  agentA: 'pe-agent-a',
  agentB: 'pe-agent-b',
  reset: 'pe-reset',
  coverage: 'pe-out-coverage',
  passHatK: 'pe-out-pass-hat',
  deliveredCorrect: 'pe-out-correct',
  deliveredWrong: 'pe-out-wrong',
  abstained: 'pe-out-abstained',
  costPerCorrect: 'pe-out-cost-per-correct',
  readoutK: 'pe-out-k',
  curves: 'pe-curves',
  error: 'pe-error',
  link: 'explorer-link',
  seed: 'pe-seed',
  seedBasis: 'pe-seed-basis',
  scenario: 'pe-scenario',
  command: 'pe-command',
  copy: 'pe-copy',
});

/**
 * The id of a read-out cell of policy B ("-b") or of the difference B − A ("-d"), from policy A's
 * (the POLICY_IDS read-out ids are A's); the same for B's copy block (scenario, command, copy).
 */
export function sideId(id: string, column: 'A' | 'B' | 'difference'): string {
  return column === 'A' ? id : `${id}-${column === 'B' ? 'b' : 'd'}`;
}

/** The id of a slider's or select's value display (`<output>`). */
export function valueId(id: string): string {
  return `${id}-value`;
}
