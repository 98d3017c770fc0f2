/**
 * passk as a library: what the CLI computes, called from TypeScript. Typechecked and run by
 * test/examples/library.test.ts (which checks its numbers); in your own project the imports are the same.
 *
 *   1. pass@k of one task and the benchmark average with its clustered normal interval (`passk estimate`);
 *   2. a scenario resolved and simulated (`passk simulate`), here on two threads (`@passk/sim/node`);
 *   3. a sweep over maxAttempts: grid → scenarios → results → frontier and best (`passk sweep`);
 *   4. a task distribution fitted to per-task counts, as a scenario's tasks (`passk fit`).
 */
import {
  averageOverTasks,
  clusteredNormalInterval,
  fitTasks,
  passAtK,
  resolveScenario,
  simulatePartial,
  summarise,
  sweepOutcomes,
  sweepScenarios,
  taskAverageIntervals,
  type ScenarioInput,
} from '@passk/sim/internal';
import { runSimulation } from '@passk/sim/node';

export async function libraryExample(log: (line: string) => void = console.log) {
  // 1. Estimates from counts: n trials, c successes per task.
  const tasks = [
    { n: 10, c: 3 },
    { n: 10, c: 10 },
    { n: 10, c: 0 },
    { n: 10, c: 6 },
  ];
  const onePassAt5 = passAtK(10, 3, 5);
  const [row] = averageOverTasks(tasks, [1]);
  const interval = clusteredNormalInterval(row!.passAtK, { confidence: 0.95, sides: 2 });
  // The intervals `passk estimate FILE` reports: for the task population, and for this benchmark.
  const [estimands] = taskAverageIntervals(tasks, [1], { confidence: 0.95, sides: 2 });
  const population = estimands!.passAtK.population!;
  log(`pass@5 of one task with 3/10: ${onePassAt5.toFixed(4)}`);
  log(
    `pass@1 over ${tasks.length} tasks: ${row!.passAtK!.value.toFixed(3)}, clustered normal 95 % [${interval!.lower.toFixed(3)}, ${interval!.upper.toFixed(3)}]`,
  );
  log(`  task population 95 % [${population.lower.toFixed(3)}, ${population.upper.toFixed(3)}]`);

  // 2. A scenario (the file format of `passk simulate`, see docs/scenario.md), simulated.
  const input: ScenarioInput = {
    seed: 7,
    tasks: { count: 50, successRate: { dist: 'beta', mean: 0.5, concentration: 2 } },
    verifier: { falseAccept: 0.05, falseReject: 0.1 },
    policy: { maxAttempts: 4 },
    run: { replicates: 512 },
  };
  const scenario = resolveScenario(input);
  const threaded = await runSimulation(scenario, { workers: 2 });
  const single = simulatePartial(scenario);
  const summary = summarise(scenario, threaded);
  const last = summary.rows[summary.rows.length - 1]!;
  log(`delivered correct with up to 4 attempts: ${last.deliveredCorrect.value!.toFixed(3)} ± ${last.deliveredCorrect.se!.toFixed(3)}`);

  // 3. A sweep: each point keeps the seed (common random numbers).
  const { grid, scenarios } = sweepScenarios(scenario, ['policy.maxAttempts=1..4'], { replicates: 256 });
  const found = sweepOutcomes(
    grid,
    scenarios,
    scenarios.map((s) => simulatePartial(s)),
    { maxCost: null, maxWrongDelivery: 0.2 },
  );
  log(`sweep: frontier ${JSON.stringify(found.frontier)}, best under 20 % wrong deliveries: point ${found.best}`);

  // 4. Fit per-task counts, then simulate the fitted tasks under another policy.
  const fit = fitTasks([...tasks, { n: 10, c: 5 }, { n: 10, c: 8 }, { n: 10, c: 1 }]);
  const fitted = resolveScenario({ tasks: fit.scenarioTasks, policy: { maxAttempts: 8 }, run: { replicates: 256 } });
  log(`fitted tasks: ${JSON.stringify(fit.scenarioTasks.successRate)}`);

  return { onePassAt5, row: row!, interval, population, threaded, single, summary, grid, found, fit, fitted };
}
