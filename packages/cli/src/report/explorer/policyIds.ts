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
  overBudget: 'pe-out-over-budget',
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
  other: 'pe-other',
});

/** The id of a slider's or select's value display (`<output>`). */
export function valueId(id: string): string {
  return `${id}-value`;
}
