import { requireScenario } from '../scenario/requireScenario.js';
import { beta } from '../distributions/beta.js';
import { taskRates } from '../distributions/taskRates.js';
import type { Rng } from '../rng/rng.js';
import { streamRng } from '../rng/streams.js';
import type { RateSpec, Scenario } from '../scenario/types.js';

/** What the engine needs of each task t: its success rate and its verifier's error rates. */
export interface TaskParameters {
  readonly count: number;
  /** Single-attempt success probability p_t. */
  readonly successRate: Float64Array;
  /** P(accept | wrong attempt) of the verifier on this task (0 for a perfect verifier). */
  readonly falseAccept: Float64Array;
  /** P(reject | correct attempt) on this task (0 for a perfect verifier). */
  readonly falseReject: Float64Array;
}

/**
 * The tasks of a scenario drawn from one stream (engine semantics, "Tasks"): first every p_t
 * (`taskRates`, in task order; `fixed` values are copied), then, when `verifier.falseAccept` is a
 * beta, one false-accept rate per task in task order, then likewise the false-reject rates.
 * `point` rates are the same for all tasks and draw nothing.
 */
export function drawTaskParameters(scenario: Scenario, rng: Rng): TaskParameters {
  const successRate = taskRates(scenario.tasks, rng);
  const count = successRate.length;
  const falseAccept = verifierRates(scenario.verifier.falseAccept, count, rng);
  const falseReject = verifierRates(scenario.verifier.falseReject, count, rng);
  return { count, successRate, falseAccept, falseReject };
}

/** The fixed benchmark (resample false): tasks drawn once per run from the stream (seed, 'tasks'). */
export function benchmarkTasks(scenario: Scenario): TaskParameters {
  scenario = requireScenario('scenario', scenario);
  return drawTaskParameters(scenario, streamRng(scenario.seed, 'tasks'));
}

/** The tasks of replicate r when resample is true: drawn from the stream (seed, 'tasks', r). */
export function replicateTasks(scenario: Scenario, replicate: number): TaskParameters {
  return drawTaskParameters(scenario, streamRng(scenario.seed, 'tasks', replicate));
}

function verifierRates(spec: RateSpec, count: number, rng: Rng): Float64Array {
  const rates = new Float64Array(count);
  if (spec.dist === 'point') rates.fill(spec.p);
  else for (let t = 0; t < count; t++) rates[t] = beta(rng, spec.a, spec.b);
  return rates;
}
