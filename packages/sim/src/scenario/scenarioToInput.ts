import { requireScenario } from './requireScenario.js';
import { scenarioInputOf } from './scenarioInputOf.js';
import type { ScenarioInput } from './scenarioInput.js';
import type { Scenario } from './types.js';

/**
 * The resolved scenario back in file form, every default written out (so a user sees and can
 * re-run exactly what ran): beta as {a, b}, constant amounts and point rates as bare numbers,
 * the verifier omitted when it is the perfect one. resolveScenario(scenarioToInput(s)) deep-equals s.
 * A copy of a resolved scenario (read back from a result's JSON) is resolved again first
 * (`requireScenario`); anything else is an InputError naming `scenario`.
 *
 * Example: the default scenario's Beta(mean 0.6, concentration 3) component is written as
 * {weight: 0.75, dist: beta, a: 0.6·3, b: 0.4·3}.
 */
export function scenarioToInput(scenario: Scenario): ScenarioInput {
  return scenarioInputOf(requireScenario('scenario', scenario));
}
