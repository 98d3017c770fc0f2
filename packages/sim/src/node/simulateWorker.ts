import { parentPort, workerData } from 'node:worker_threads';
// The resolver and the engine alone (not the whole library): a shorter worker start-up.
import type { RunnerTables } from '../engine/blockRunner.js';
import { simulatePartial, type SimulationReuse } from '../engine/simulatePartial.js';
import { resolveScenario } from '../scenario/resolveScenario.js';
import type { ScenarioInput } from '../scenario/scenarioInput.js';
import { StopSignal } from './stopSignal.js';

/**
 * Worker thread of `runSimulation`: resolves the scenario once, then simulates each replicate range
 * it is sent and posts back the partial result (progress after every block). A `tables` message
 * before the first range hands it the per-task tables the main thread built, so it does not build
 * them again (the same tables: a pure function of the scenario).
 */
interface WorkerData {
  readonly scenario: ScenarioInput;
  readonly stop: SharedArrayBuffer;
}

const data = workerData as WorkerData;
const scenario = resolveScenario(data.scenario);
const signal = new StopSignal(data.stop);
const port = parentPort!;
const reuse: SimulationReuse = {}; // the engine's tables, built (or received) for the first range and kept for the rest
// Booted and the scenario resolved: runSimulation hands out chunks from now on.
port.postMessage({ type: 'ready' });

port.on('message', (message: { start: number; end: number } | { tables: RunnerTables } | null) => {
  if (message === null) {
    port.close();
    return;
  }
  if ('tables' in message) {
    reuse.tables = message.tables;
    return;
  }
  const range = message;
  let reported = 0;
  const partial = simulatePartial(scenario, {
    replicates: range,
    reuse,
    shouldStop: () => signal.stopped,
    onProgress: (done) => {
      port.postMessage({ type: 'progress', replicates: done - reported });
      reported = done;
    },
  });
  port.postMessage({ type: 'result', range, partial });
});
