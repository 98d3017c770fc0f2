import { requireInteger } from '../checks.js';
import { requireMixture } from '../checkArgs.js';
import type { MixtureComponentInput, SuccessRateInput } from '../scenario/scenarioInput.js';
import { foldedParameters } from './foldedParameters.js';
import type { MixtureParameters } from './mixtureParameters.js';

/** A scenario file's `tasks` block (docs/design.md §3), as `passk simulate` reads it. */
export interface ScenarioTasksInput {
  readonly count: number;
  readonly successRate: SuccessRateInput;
}

/**
 * A fitted task distribution as a scenario `tasks` block in the FILE format (docs/design.md §3):
 * π0 → {dist: point, p: 0}, π1 → {dist: point, p: 1}, the beta component → {dist: beta, a, b}
 * (its binomial limit → {dist: point, p: mean}; its two-point limit → the two point masses);
 * components of weight 0 are left out and a single component is written without a mixture.
 * resolveScenario({tasks: block, policy: {maxAttempts: 8}}) accepts it (tested).
 * Example: π0 = 0.2, π1 = 0.1, Beta(2, 3) with w = 0.7, 50 tasks → {count: 50, successRate: {dist:
 * mixture, components: [{weight: 0.2, dist: point, p: 0}, {weight: 0.1, dist: point, p: 1},
 * {weight: 0.7, dist: beta, a: 2, b: 3}]}}.
 */
export function fitScenarioTasks(params: MixtureParameters, count: number): ScenarioTasksInput {
  requireMixture('params', params);
  requireInteger('count', count, 1);
  const p = foldedParameters(params);
  const components: MixtureComponentInput[] = [];
  if (p.pi0 > 0) components.push({ weight: p.pi0, dist: 'point', p: 0 });
  if (p.pi1 > 0) components.push({ weight: p.pi1, dist: 'point', p: 1 });
  if (p.weight > 0) {
    const component: SuccessRateInput =
      p.concentration === Infinity
        ? { dist: 'point', p: p.mean }
        : { dist: 'beta', a: p.mean * p.concentration, b: Math.exp(p.logOneMinusMean) * p.concentration };
    components.push({ weight: p.weight, ...component } as MixtureComponentInput);
  }
  if (components.length === 1) {
    const { weight: _weight, ...only } = components[0];
    return { count, successRate: only as SuccessRateInput };
  }
  return { count, successRate: { dist: 'mixture', components } };
}
