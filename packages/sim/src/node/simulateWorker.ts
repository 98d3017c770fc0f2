import { parentPort } from 'node:worker_threads';
// The resolver and the engine alone (not the whole library): a shorter worker start-up.
import type { RunnerTables } from '../engine/blockRunner.js';
import type { PartialResult } from '../engine/partialResult.js';
import { simulatePartial, type SimulationReuse } from '../engine/simulatePartial.js';
import { resolveScenario } from '../scenario/resolveScenario.js';
import type { ScenarioInput } from '../scenario/scenarioInput.js';
import { ChunkQueue, type SharedChunkQueue } from './chunkQueue.js';
import { StopSignal } from './stopSignal.js';

/**
 * Worker thread of `runSimulation`, kept by the process's pool (`workerPool.ts`) from run to run.
 * A run is one message: the scenario, the run's stop flag, the chunk queue it shares with the main
 * thread and (when the main thread has built them) the per-task tables, so the worker does not build
 * them again (the same tables: a pure function of the scenario). The worker then takes chunks from
 * the queue until it is empty or a stop is requested, posts each chunk's partial result (with the
 * replicates its progress messages, at most one per 50 ms, have not reported yet) and finally
 * `finished`; it keeps nothing of the run.
 */
export interface SimulateWorkerRun {
  readonly scenario: ScenarioInput;
  readonly stop: SharedArrayBuffer;
  readonly queue: SharedChunkQueue;
  readonly tables: RunnerTables | null;
  /** The share of a usual chunk to take first: small when this worker's code is not yet optimised. */
  readonly firstShare: number;
}

/** What the worker posts back: once `ready` after booting; per run its chunks' results, then `finished`. */
export type SimulateWorkerReply =
  | { readonly type: 'ready' }
  | { readonly type: 'progress'; readonly replicates: number }
  | { readonly type: 'result'; readonly partial: PartialResult; readonly unreported: number }
  | { readonly type: 'finished' };

/** Shortest time (ms) between two progress messages of a worker. */
const PROGRESS_MS = 50;

const port = parentPort!;
const post = (reply: SimulateWorkerReply) => port.postMessage(reply);

port.on('message', (run: SimulateWorkerRun) => {
  const scenario = resolveScenario(run.scenario);
  const signal = new StopSignal(run.stop);
  const queue = ChunkQueue.attach(run.queue);
  const reuse: SimulationReuse = run.tables ? { tables: run.tables } : {}; // built (or received) once for the run's chunks
  let lastPost = performance.now();
  for (let chunk = queue.take(run.firstShare); chunk && !signal.stopped; chunk = queue.take()) {
    let reported = 0;
    const partial = simulatePartial(scenario, {
      replicates: chunk,
      reuse,
      shouldStop: () => signal.stopped,
      onProgress: (done) => {
        // At most one progress message per PROGRESS_MS: each one costs the main thread a turn of its loop.
        if (performance.now() - lastPost < PROGRESS_MS) return;
        post({ type: 'progress', replicates: done - reported });
        reported = done;
        lastPost = performance.now();
      },
    });
    post({ type: 'result', partial, unreported: partial.done - reported });
  }
  post({ type: 'finished' });
});
// Booted: runSimulation hands this worker runs from now on.
post({ type: 'ready' });
