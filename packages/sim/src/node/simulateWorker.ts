import { parentPort, workerData } from 'node:worker_threads';
// The resolver and the engine alone (not the whole library): a shorter worker start-up.
import { simulatePartial } from '../engine/simulatePartial.js';
import { resolveScenario } from '../scenario/resolveScenario.js';
import type { ScenarioInput } from '../scenario/scenarioInput.js';
import { StopSignal } from './stopSignal.js';

/**
 * Worker thread of `runSimulation`: resolves the scenario once, then simulates each replicate range
 * it is sent and posts back the partial result (progress after every block).
 */
interface WorkerData {
  readonly scenario: ScenarioInput;
  readonly stop: SharedArrayBuffer;
}

const data = workerData as WorkerData;
const scenario = resolveScenario(data.scenario);
const signal = new StopSignal(data.stop);
const port = parentPort!;
const reuse = {}; // the engine's tables, built for the first range and kept for the rest
// Booted and the scenario resolved: runSimulation hands out chunks from now on.
port.postMessage({ type: 'ready' });

port.on('message', (range: { start: number; end: number } | null) => {
  if (range === null) {
    port.close();
    return;
  }
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
