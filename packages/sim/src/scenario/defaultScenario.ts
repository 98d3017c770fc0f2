import { deepFreeze } from './deepFreeze.js';
import { resolveScenario } from './resolveScenario.js';
import type { ScenarioInput } from './scenarioInput.js';
import type { Scenario } from './types.js';

/**
 * The built-in scenario (file form, deeply frozen): an agent benchmark of 200 tasks where 15 %
 * of the tasks are never solved, 10 % always, and the rest have success rates from
 * Beta(mean 0.6, concentration 3); attempts on a task are correlated (exchangeable, icc 0.2);
 * each costs about $0.02 (lognormal, sigma 0.5); a verifier that lets 5 % of wrong answers
 * through and rejects 10 % of right ones judges up to 8 sequential attempts. Its point: on the
 * tasks the agent can never solve, retrying until the verifier accepts turns abstentions into
 * wrong deliveries (1 − 0.95^8 ≈ 34 % of them), while pass@k keeps climbing.
 */
export const DEFAULT_SCENARIO_INPUT: ScenarioInput = deepFreeze({
  name: 'default: agent with a 5 % false-accept verifier',
  seed: 42,
  tasks: {
    count: 200,
    successRate: {
      dist: 'mixture',
      components: [
        { weight: 0.15, dist: 'point', p: 0 },
        { weight: 0.1, dist: 'point', p: 1 },
        { weight: 0.75, dist: 'beta', mean: 0.6, concentration: 3 },
      ],
    },
    resample: false,
  },
  attempts: {
    correlation: { model: 'exchangeable', icc: 0.2 },
    cost: { perAttempt: { dist: 'lognormal', median: 0.02, sigma: 0.5 } },
    latency: { perAttempt: 1 },
  },
  verifier: { falseAccept: 0.05, falseReject: 0.1, cost: 0.001 },
  selector: { kind: 'firstAccepted' },
  policy: { maxAttempts: 8, mode: 'sequential', onNoAccept: 'abstain' },
  run: { replicates: 2000 },
});

/** The built-in scenario, resolved (a fresh deeply frozen object on each call). */
export function defaultScenario(): Scenario {
  return resolveScenario(DEFAULT_SCENARIO_INPUT, { source: 'default scenario' });
}
