import type { Scenario } from '../scenario/types.js';
import type { BlockRunner, EnginePath, RunnerTables } from './blockRunner.js';
import { GeneralRunner } from './generalRunner.js';
import { IndependentVerifierRunner } from './independentVerifierRunner.js';
import { ParallelVoteRunner } from './parallelVoteRunner.js';
import { PerfectVerifierRunner } from './perfectVerifierRunner.js';
import { EpisodeKernelRunner, episodeKernelPath } from './episodeKernelRunner.js';
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
 * - `parallelVote`: fixed benchmark, independent attempts, an imperfect verifier, majorityVote over
 *   parallel attempts, no budget, constant latency. Each attempt's class (accepted or rejected,
 *   correct or wrong) from one uniform, the wrong answers by the Pólya urn of the Dirichlet weights.
 * - `sequential`, `rounds` (`EpisodeKernelRunner`): every other scenario: rounds of one attempt
 *   with firstAccepted or oracle (`sequential`), or rounds of several, or a selector that draws
 *   (random, bestScore, majorityVote: `rounds`); budgets, resample, any amounts, correlation and
 *   verifier. The general episode as one kernel, drawing the same stream as `general`.
 * - `general`: only when asked for (`forceGeneral`), attempt by attempt (`GeneralEpisode`, the
 *   executable definition of the semantics, against which the others are checked).
 */
export function enginePath(scenario: Scenario): EnginePath {
  return fastPath(scenario) ?? episodeKernelPath(scenario);
}

/** The fast path that draws fewer numbers than attempts (costs Rao–Blackwellised), or null. */
function fastPath(scenario: Scenario): EnginePath | null {
  const { tasks, verifier, policy, selector, attempts } = scenario;
  if (tasks.resample || policy.budget.cost !== null || policy.budget.latency !== null) return null;
  if (!(attempts.latency.dist === 'constant' || policy.batchSize === 1)) return null;
  const perfect = isZeroRate(verifier.falseAccept) && isZeroRate(verifier.falseReject);
  if (perfect) return selector.kind === 'bestScore' && selector.threshold !== null ? null : 'perfectVerifier';
  const correlation = attempts.correlation;
  const independent = correlation.model === 'independent' || (correlation.model === 'exchangeable' && correlation.icc === 0);
  if (independent && selector.kind === 'firstAccepted' && policy.onNoAccept === 'abstain') return 'independentVerifier';
  if (independent && selector.kind === 'majorityVote' && policy.mode === 'parallel' && attempts.latency.dist === 'constant') return 'parallelVote';
  return null;
}

/**
 * The block runner for a scenario: its fast path, or the general path when `general` is set.
 * `prebuilt`: another runner's `tables()` for the same scenario, used instead of building them.
 */
export function createBlockRunner(scenario: Scenario, general: boolean, prebuilt?: RunnerTables): BlockRunner {
  const path = general ? 'general' : enginePath(scenario);
  switch (path) {
    case 'perfectVerifier':
      return new PerfectVerifierRunner(scenario, benchmarkTasks(scenario), prebuilt);
    case 'independentVerifier':
      return new IndependentVerifierRunner(scenario, benchmarkTasks(scenario), prebuilt);
    case 'parallelVote':
      return new ParallelVoteRunner(scenario, benchmarkTasks(scenario));
    case 'sequential':
    case 'rounds':
      return new EpisodeKernelRunner(scenario, prebuilt);
    case 'general':
      return new GeneralRunner(scenario);
  }
}

function isZeroRate(rate: Scenario['verifier']['falseAccept']): boolean {
  return rate.dist === 'point' && rate.p === 0;
}
