import { requireScenario } from '../scenario/requireScenario.js';
import { exactMetrics, type ExactMetrics } from '../analytic/exactMetrics.js';
import type { Scenario } from '../scenario/types.js';
import { ENGINE_METRICS } from './engineMetrics.js';
import type { ExactValues } from './summarise.js';
import { benchmarkTasks } from './taskParameters.js';

const METRICS: ReadonlyArray<keyof ExactMetrics> = [...ENGINE_METRICS, 'costPerCorrect'];

/**
 * The closed forms to show beside a simulation of `scenario`: for a fixed benchmark, the exact
 * values for the very tasks the engine drew (stream (seed, 'tasks')); for resampled tasks, the
 * expectation over the task distribution. Null where no closed form exists (analytic/exactMetrics).
 */
export function exactValuesFor(scenario: Scenario): ExactValues {
  scenario = requireScenario('scenario', scenario);
  let benchmark = null;
  if (!scenario.tasks.resample) {
    const tasks = benchmarkTasks(scenario);
    benchmark = {
      p: tasks.successRate,
      ...(scenario.verifier.falseAccept.dist === 'beta' ? { falseAccept: tasks.falseAccept } : {}),
      ...(scenario.verifier.falseReject.dist === 'beta' ? { falseReject: tasks.falseReject } : {}),
    };
  }
  const rows = exactMetrics(scenario, benchmark);
  return Object.fromEntries(METRICS.map((metric) => [metric, rows.map((row) => row[metric])]));
}
