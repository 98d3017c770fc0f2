import { optionalObject, requireObject } from '../checkArgs.js';
import { requireScenario } from '../scenario/requireScenario.js';
import type { Scenario } from '../scenario/types.js';
import { exactValuesFor } from './exactValues.js';
import { simulatePartial, type SimulateOptions } from './simulatePartial.js';
import { summarise, type ExactValues, type Summary } from './summarise.js';

/**
 * Simulates a scenario (or a range of its replicates) and summarises it in one call:
 * summarise(scenario, simulatePartial(scenario, options), exact), with the closed forms of
 * `exactValuesFor(scenario)` unless `exact` is given.
 * Example: simulate(scenario).rows[k − 1].coverage.value ≈ coverage@k within a few SE (tested).
 */
export function simulate(scenario: Scenario, options: SimulateOptions & { readonly exact?: ExactValues } = {}): Summary {
  scenario = requireScenario('scenario', scenario);
  if (optionalObject('options', options).exact !== undefined) requireObject('options.exact', options.exact);
  return summarise(scenario, simulatePartial(scenario, options), options.exact ?? exactValuesFor(scenario));
}
