import type { Scenario } from '../scenario/types.js';
import type { BlockRunner, EnginePath } from './blockRunner.js';
import { GeneralRunner } from './generalRunner.js';
import { IndependentVerifierRunner } from './independentVerifierRunner.js';
import { PerfectVerifierRunner } from './perfectVerifierRunner.js';
import { benchmarkTasks } from './taskParameters.js';

/**
 * The simulation method for a scenario. Each fast path samples the same joint law of all outputs
 * as the general attempt-by-attempt path (engine semantics), only with fewer draws:
 * - `perfectVerifier`: fixed benchmark, falseAccept = falseReject = 0, no cost budget, selector not
 *   bestScore with a threshold, latency constant or one attempt per round; any correlation model,
 *   mode, onNoAccept. Everything follows from the first success G and first failure F.
 * - `independentVerifier`: fixed benchmark, independent attempts, an imperfect verifier, selector
 *   firstAccepted (any mode), onNoAccept abstain, no cost budget, latency constant or one attempt per
 *   round. The first accepted index J and its kind give the delivery; G, F follow from J.
 * - `general`: everything else (resample, markov/feedback/exchangeable with a verifier, other
 *   selectors, cost budgets, deliverLast with a verifier, …).
 */
export function enginePath(scenario: Scenario): EnginePath {
  const { tasks, verifier, policy, selector, attempts } = scenario;
  if (tasks.resample || policy.budget.cost !== null) return 'general';
  if (!(attempts.latency.dist === 'constant' || policy.batchSize === 1)) return 'general';
  const perfect = isZeroRate(verifier.falseAccept) && isZeroRate(verifier.falseReject);
  if (perfect) return selector.kind === 'bestScore' && selector.threshold !== null ? 'general' : 'perfectVerifier';
  const correlation = attempts.correlation;
  const independent = correlation.model === 'independent' || (correlation.model === 'exchangeable' && correlation.icc === 0);
  if (independent && selector.kind === 'firstAccepted' && policy.onNoAccept === 'abstain') return 'independentVerifier';
  return 'general';
}

/** The block runner for a scenario: its fast path, or the general path when `general` is set. */
export function createBlockRunner(scenario: Scenario, general: boolean): BlockRunner {
  const path = general ? 'general' : enginePath(scenario);
  switch (path) {
    case 'perfectVerifier':
      return new PerfectVerifierRunner(scenario, benchmarkTasks(scenario));
    case 'independentVerifier':
      return new IndependentVerifierRunner(scenario, benchmarkTasks(scenario));
    case 'general':
      return new GeneralRunner(scenario);
  }
}

function isZeroRate(rate: Scenario['verifier']['falseAccept']): boolean {
  return rate.dist === 'point' && rate.p === 0;
}
