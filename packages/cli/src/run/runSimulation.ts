import { Worker } from 'node:worker_threads';
import {
  REPLICATES_PER_BLOCK,
  mergePartials,
  scenarioToInput,
  simulatePartial,
  type PartialResult,
  type Scenario,
} from '@passk/sim';
import { StopSignal } from './stopSignal.js';

export interface RunSimulationOptions {
  /** Worker threads; 1 runs in this thread (yielding to the event loop between chunks). */
  readonly workers: number;
  /** Replicates to simulate (block-aligned start); default all. */
  readonly range?: { readonly start: number; readonly end: number };
  /** Called with the replicates done so far and the number requested. */
  readonly onProgress?: (done: number, total: number) => void;
  readonly stop: StopSignal;
}

/** Chunks per worker: small enough to balance load and stop promptly, large enough to be cheap. */
const CHUNKS_PER_WORKER = 8;

/**
 * Simulates a scenario's replicates in chunks of whole blocks, in this thread or in worker threads,
 * and merges the parts. The engine derives every block's randomness from (seed, block) and merges
 * sums in a fixed block tree, so the result is byte-identical for any number of workers.
 * A stop request ends each part at a block boundary; the merged result then covers fewer
 * replicates and says so (`stopped`, `done`).
 */
export async function runSimulation(scenario: Scenario, options: RunSimulationOptions): Promise<PartialResult> {
  const range = options.range ?? { start: 0, end: scenario.run.replicates };
  const total = range.end - range.start;
  const chunks = chunkRange(range, options.workers * CHUNKS_PER_WORKER);
  let done = 0;
  const progress = (replicates: number) => {
    done += replicates;
    options.onProgress?.(done, total);
  };
  const parts = options.workers <= 1 ? await runHere(scenario, chunks, options.stop, progress) : await runInWorkers(scenario, chunks, options, progress);
  // Stopped before any block: an empty part keeps the result well-formed (done = 0).
  if (parts.length === 0) parts.push(simulatePartial(scenario, { replicates: { start: range.start, end: range.start } }));
  const merged = mergePartials(parts);
  // A stop seen between chunks or slices ends no part early, yet the run was stopped: say so, as
  // when a part sees it mid-range (the same `stopped` for any number of workers).
  return options.stop.stopped && merged.done < total ? { ...merged, stopped: true } : merged;
}

/** Longest stretch (ms) the main thread simulates before yielding, so Ctrl-C is seen promptly. */
const SLICE_MS = 100;

async function runHere(scenario: Scenario, chunks: Chunk[], stop: StopSignal, progress: (replicates: number) => void): Promise<PartialResult[]> {
  const parts: PartialResult[] = [];
  // A chunk can take seconds, and a signal handler only runs when this thread yields: simulate each
  // chunk in slices of whole blocks sized to take about SLICE_MS (the block tree makes any split
  // give the same sums).
  let blocksPerSlice = 1;
  for (const chunk of chunks) {
    for (let start = chunk.start; start < chunk.end; ) {
      if (stop.stopped && parts.length > 0) return parts;
      const end = Math.min(chunk.end, start + blocksPerSlice * REPLICATES_PER_BLOCK);
      let reported = 0;
      const began = performance.now();
      parts.push(
        simulatePartial(scenario, {
          replicates: { start, end },
          shouldStop: () => stop.stopped,
          onProgress: (replicates) => {
            progress(replicates - reported);
            reported = replicates;
          },
        }),
      );
      const elapsed = performance.now() - began;
      blocksPerSlice = Math.max(1, Math.min(2 * blocksPerSlice, Math.floor((blocksPerSlice * SLICE_MS) / Math.max(elapsed, 1))));
      start = end;
      // Let signal handlers (Ctrl-C) and progress output run between slices.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return parts;
}

function runInWorkers(scenario: Scenario, chunks: Chunk[], options: RunSimulationOptions, progress: (replicates: number) => void): Promise<PartialResult[]> {
  const parts: PartialResult[] = [];
  const queue = [...chunks];
  const workerCount = Math.min(options.workers, chunks.length);
  const input = scenarioToInput(scenario);
  return new Promise((resolve, reject) => {
    let running = workerCount;
    for (let w = 0; w < workerCount; w++) {
      const worker = new Worker(new URL('./simulateWorker.js', import.meta.url), {
        workerData: { scenario: input, stop: options.stop.buffer },
      });
      const next = () => {
        const chunk = options.stop.stopped ? undefined : queue.shift();
        worker.postMessage(chunk ?? null);
      };
      worker.on('message', (message: { type: 'progress'; replicates: number } | { type: 'result'; partial: PartialResult }) => {
        if (message.type === 'progress') progress(message.replicates);
        else {
          parts.push(message.partial);
          next();
        }
      });
      worker.on('error', (error) => {
        options.stop.stop();
        reject(error);
      });
      worker.on('exit', () => {
        running--;
        if (running === 0) resolve(parts);
      });
      next();
    }
  });
}

type Chunk = { start: number; end: number };

/** About `count` block-aligned ranges covering `range` in order. */
function chunkRange(range: Chunk, count: number): Chunk[] {
  const firstBlock = range.start / REPLICATES_PER_BLOCK;
  const blocks = Math.ceil((range.end - range.start) / REPLICATES_PER_BLOCK);
  const perChunk = Math.max(1, Math.ceil(blocks / count));
  const chunks: Chunk[] = [];
  for (let b = 0; b < blocks; b += perChunk) {
    const start = (firstBlock + b) * REPLICATES_PER_BLOCK;
    chunks.push({ start, end: Math.min(range.end, (firstBlock + b + perChunk) * REPLICATES_PER_BLOCK) });
  }
  return chunks;
}
