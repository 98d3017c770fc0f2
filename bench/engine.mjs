// The CLI's runner and workers as `passk simulate` runs them: the build's bundle of them (packages/cli/bundle.mjs writes dist/bench).
import { closeSimulationWorkers, runSimulation, startSimulationWorkers } from '../packages/cli/dist/bench/runSimulation.js';
import { StopSignal } from '../packages/cli/dist/bench/stopSignal.js';
import { summarise } from '../packages/sim/dist/internal.js';

/**
 * One engine run the way `passk simulate` and `passk sweep` do it: the CLI's runner with `workers`
 * threads, then the summary. Timed: runSimulation + summarise. The runner takes its worker threads
 * from the process's pool, which is filled first (untimed, as the numpy peer imports numpy before
 * its timer): in a series of runs, the later ones find the pool's threads already optimised, as
 * the points of a sweep do. `prestart: false`: as a process's first run (a new worker only when
 * the run is long enough, its start-up timed).
 */
export async function timeEngine(scenario, workers, { prestart = true } = {}) {
  if (prestart) await startSimulationWorkers(workers - 1);
  const start = performance.now();
  const partial = await runSimulation(scenario, { workers, stop: new StopSignal() });
  const summary = summarise(scenario, partial);
  const seconds = (performance.now() - start) / 1000;
  if (!summary.complete) throw new Error(`bench: the engine stopped early (${summary.replicates.done} of ${summary.replicates.requested} replicates)`);
  return { seconds, summary };
}

/** What starting `workers` worker threads costs: boot the CLI's own simulate workers until ready, then end them. Seconds. */
export async function workerStartup(workers) {
  await closeSimulationWorkers();
  const start = performance.now();
  await startSimulationWorkers(workers);
  await closeSimulationWorkers();
  return (performance.now() - start) / 1000;
}
