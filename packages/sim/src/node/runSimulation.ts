import { Worker } from 'node:worker_threads';
import { mergePartials } from '../engine/mergePartials.js';
import type { PartialResult } from '../engine/partialResult.js';
import { REPLICATES_PER_BLOCK } from '../engine/replicateBlocks.js';
import { simulatePartial } from '../engine/simulatePartial.js';
import { scenarioToInput } from '../scenario/scenarioToInput.js';
import type { Scenario } from '../scenario/types.js';
import { StopSignal } from './stopSignal.js';

/** Options of `runSimulation`. */
export interface RunSimulationOptions {
  /** Threads at most: this one plus up to `workers` − 1 worker threads (started only for long runs); 1 runs in this thread only. */
  readonly workers: number;
  /** Replicates to simulate (block-aligned start); default all. */
  readonly range?: { readonly start: number; readonly end: number };
  /** Called with the replicates done so far and the number requested. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Set it (`stop.stop()`, e.g. on Ctrl-C) to end the run at the next block boundary; default: a signal nobody sets. */
  readonly stop?: StopSignal;
}

/** Chunks per thread: small enough to balance load and stop promptly, large enough to be cheap. */
const CHUNKS_PER_WORKER = 8;
/**
 * Worker threads are started only when the work left is estimated to take longer than this (ms):
 * a worker takes ≈ 60 ms to start and more to warm up. Measured (2 cores, bench verifier scenario):
 * 0.19 s of work ran 10 % slower with a worker, 0.28 s 18 % faster; the estimate runs ≈ 20 % high.
 */
const WORKERS_WORTH_MS = 300;
/** The estimate (the fastest slice's time per replicate × replicates left) is made after the first chunk, or after this much of it (ms) on long runs. */
const ESTIMATE_AFTER_MS = 50;
/** Chunks a worker holds at once (one simulating, one queued), so it never waits for this thread to hand out the next. */
const CHUNKS_IN_FLIGHT = 2;
/** Longest stretch (ms) this thread simulates before yielding, so Ctrl-C is seen promptly. */
const SLICE_MS = 100;

/**
 * Simulates a scenario's replicates in chunks of whole blocks and merges the parts. This thread
 * always simulates: it times the start of the first chunk and, when `workers` > 1 and the work left
 * is estimated to take more than WORKERS_WORTH_MS, starts `workers` − 1 worker threads that take
 * chunks from the same queue as this thread (short runs never pay for thread start-up). The engine
 * derives every block's randomness from (seed, block) and merges sums in a fixed block tree, so
 * the result is byte-identical for any number of workers and any split.
 * A stop request ends each part at a block boundary; the merged result then covers fewer
 * replicates and says so (`stopped`, `done`).
 */
export async function runSimulation(scenario: Scenario, options: RunSimulationOptions): Promise<PartialResult> {
  const range = options.range ?? { start: 0, end: scenario.run.replicates };
  const total = range.end - range.start;
  const queue = chunkRange(range, Math.max(1, options.workers) * CHUNKS_PER_WORKER);
  const stop = options.stop ?? new StopSignal();
  let done = 0;
  const progress = (replicates: number) => {
    done += replicates;
    options.onProgress?.(done, total);
  };
  const parts: PartialResult[] = [];
  let pool: Promise<void> | null = null;
  let decided = options.workers <= 1;
  const began = performance.now();
  let simulatedHere = 0;
  let bestRate = Infinity; // ms per replicate of the fastest slice so far (later slices run JIT-compiled code)
  // After each slice of the first chunk: start workers once the estimate says they pay off.
  const afterSlice = (replicates: number, sliceMs: number, chunkDone: boolean) => {
    simulatedHere += replicates;
    if (decided) return;
    if (replicates > 0) bestRate = Math.min(bestRate, sliceMs / replicates);
    if (!chunkDone && performance.now() - began < ESTIMATE_AFTER_MS) return;
    decided = true;
    const left = total - simulatedHere;
    if (stop.stopped || queue.length === 0 || !Number.isFinite(bestRate)) return;
    if (bestRate * left > WORKERS_WORTH_MS) {
      pool = runWorkers(scenario, Math.min(options.workers - 1, queue.length), queue, stop, parts, progress);
      // A failing worker sets the stop flag (this thread then stops too); the pool's promise reports the error.
      pool.catch(() => undefined);
    }
  };
  let sliceBlocks = 1;
  const reuse = {}; // the engine's tables, built once for all slices
  for (let chunk = queue.shift(); chunk; chunk = stop.stopped ? undefined : queue.shift()) {
    // Without workers the rest of the queue is one contiguous range: slices sized by time alone.
    if (decided && pool === null) while (queue.length > 0 && queue[0].start === chunk.end) chunk = { start: chunk.start, end: queue.shift()!.end };
    for (let start = chunk.start; start < chunk.end; ) {
      if (stop.stopped && parts.length > 0) break;
      const end = Math.min(chunk.end, start + sliceBlocks * REPLICATES_PER_BLOCK);
      let reported = 0;
      const sliceBegan = performance.now();
      const part = simulatePartial(scenario, {
        replicates: { start, end },
        reuse,
        shouldStop: () => stop.stopped,
        onProgress: (replicates) => {
          progress(replicates - reported);
          reported = replicates;
        },
      });
      parts.push(part);
      // A chunk can take seconds, and a signal handler only runs when this thread yields: slices of
      // whole blocks sized to take about SLICE_MS (the block tree makes any split give the same sums).
      const elapsed = performance.now() - sliceBegan;
      sliceBlocks = Math.max(1, Math.min(4 * sliceBlocks, Math.floor((sliceBlocks * SLICE_MS) / Math.max(elapsed, 1))));
      start = end;
      afterSlice(part.done, elapsed, start >= chunk.end);
      // Let signal handlers (Ctrl-C), worker messages and progress output run between slices.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (pool !== null) await pool;
  // Stopped before any block: an empty part keeps the result well-formed (done = 0).
  if (parts.length === 0) parts.push(simulatePartial(scenario, { replicates: { start: range.start, end: range.start } }));
  const merged = mergePartials(parts);
  // A stop seen between chunks or slices ends no part early, yet the run was stopped: say so, as
  // when a part sees it mid-range (the same `stopped` for any number of workers).
  return stop.stopped && merged.done < total ? { ...merged, stopped: true } : merged;
}

/** Starts `count` worker threads that take chunks from `queue` (shared with this thread) until it is empty or a stop is requested. */
function runWorkers(
  scenario: Scenario,
  count: number,
  queue: Chunk[],
  stop: StopSignal,
  parts: PartialResult[],
  progress: (replicates: number) => void,
): Promise<void> {
  const input = scenarioToInput(scenario);
  return new Promise((resolve, reject) => {
    let running = count;
    for (let w = 0; w < count; w++) {
      const worker = new Worker(new URL('./simulateWorker.js', import.meta.url), {
        workerData: { scenario: input, stop: stop.buffer },
      });
      let inFlight = 0;
      const feed = () => {
        while (inFlight < CHUNKS_IN_FLIGHT) {
          const chunk = stop.stopped ? undefined : queue.shift();
          if (chunk === undefined) break;
          worker.postMessage(chunk);
          inFlight++;
        }
        if (inFlight === 0) worker.postMessage(null);
      };
      worker.on('message', (message: { type: 'progress'; replicates: number } | { type: 'result'; partial: PartialResult }) => {
        if (message.type === 'progress') progress(message.replicates);
        else {
          parts.push(message.partial);
          inFlight--;
          feed();
        }
      });
      worker.on('error', (error) => {
        stop.stop();
        reject(error);
      });
      worker.on('exit', () => {
        running--;
        if (running === 0) resolve();
      });
      feed();
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
