import { Worker } from 'node:worker_threads';
import { mergePartials } from '../engine/mergePartials.js';
import type { RunnerTables } from '../engine/blockRunner.js';
import type { PartialResult } from '../engine/partialResult.js';
import { REPLICATES_PER_BLOCK } from '../engine/replicateBlocks.js';
import { simulatePartial, type SimulationReuse } from '../engine/simulatePartial.js';
import { estimatedWorkMs } from '../engine/workEstimate.js';
import { scenarioToInput } from '../scenario/scenarioToInput.js';
import type { Scenario } from '../scenario/types.js';
import { StopSignal } from './stopSignal.js';

/** Options of `runSimulation`. */
export interface RunSimulationOptions {
  /** Threads at most: this one plus up to `workers` − 1 worker threads (started only for long runs, `estimatedWorkMs`); 1 runs in this thread only. */
  readonly workers: number;
  /** Replicates to simulate (block-aligned start); default all. */
  readonly range?: { readonly start: number; readonly end: number };
  /** Called with the replicates done so far and the number requested. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Set it (`stop.stop()`, e.g. on Ctrl-C) to end the run at the next block boundary; default: a signal nobody sets. */
  readonly stop?: StopSignal;
  /** Internal (tests): start worker threads only when the work is estimated to take longer than this (ms); default 150. */
  readonly workersWorthMs?: number;
}

/**
 * Worker threads are started only when the work is estimated (`estimatedWorkMs`, from the scenario
 * alone) to take longer than this on one thread: a worker takes ≈ 60 ms to start and some more to
 * warm up, so shorter runs are faster on this thread alone.
 */
const WORKERS_WORTH_MS = 150;
/** Chunks a worker holds at once (one simulating, one queued), so it never waits for this thread to hand out the next. */
const CHUNKS_IN_FLIGHT = 2;
/** A worker's first chunk, as a share of the usual chunk size: its code runs unoptimised at first. */
const FIRST_CHUNK_SHARE = 0.25;
/** Longest stretch (ms) this thread simulates before yielding, so Ctrl-C is seen promptly; shorter while it also feeds workers. */
const SLICE_MS = 100;
const SLICE_MS_WITH_WORKERS = 20;

/**
 * Simulates a scenario's replicates in chunks of whole blocks and merges the parts. When
 * `workers` > 1 and the work is estimated to take more than WORKERS_WORTH_MS, it starts
 * `workers` − 1 worker threads at once; this thread simulates from the start too (while the workers
 * boot) and takes chunks from the same queue, whose chunks shrink as it empties so that all
 * threads finish together. The engine derives every block's randomness from (seed, block) and
 * merges sums in a fixed block tree, so the result is byte-identical for any number of workers and
 * any split.
 * A stop request ends each part at a block boundary; the merged result then covers fewer
 * replicates and says so (`stopped`, `done`).
 */
export async function runSimulation(scenario: Scenario, options: RunSimulationOptions): Promise<PartialResult> {
  const range = options.range ?? { start: 0, end: scenario.run.replicates };
  const total = range.end - range.start;
  const stop = options.stop ?? new StopSignal();
  let done = 0;
  const progress = (replicates: number) => {
    done += replicates;
    options.onProgress?.(done, total);
  };
  const parts: PartialResult[] = [];
  const worth = options.workersWorthMs ?? WORKERS_WORTH_MS;
  const blocks = Math.ceil(total / REPLICATES_PER_BLOCK);
  const helpers = options.workers > 1 && estimatedWorkMs(scenario, total) > worth ? Math.min(options.workers - 1, blocks - 1) : 0;
  const queue = new ChunkQueue(range, helpers + 1);
  // This thread's first chunk, taken before the workers (still booting) take theirs.
  let chunk = queue.take();
  let pool: Promise<void> | null = null;
  const reuse: SimulationReuse = {}; // the engine's tables, built once for all slices (and handed to the workers)
  if (helpers > 0) {
    pool = runWorkers(scenario, helpers, queue, stop, parts, progress, () => reuse.runner?.tables?.() ?? null);
    // A failing worker sets the stop flag (this thread then stops too); the pool's promise reports the error.
    pool.catch(() => undefined);
  }
  const sliceMs = helpers > 0 ? SLICE_MS_WITH_WORKERS : SLICE_MS;
  let sliceBlocks = 1;
  for (; chunk; chunk = stop.stopped ? undefined : queue.take()) {
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
      // whole blocks sized to take about sliceMs (the block tree makes any split give the same sums).
      const elapsed = performance.now() - sliceBegan;
      sliceBlocks = Math.max(1, Math.min(4 * sliceBlocks, Math.floor((sliceBlocks * sliceMs) / Math.max(elapsed, 1))));
      start = end;
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

/**
 * Starts `count` worker threads that take chunks from `queue` (shared with this thread) until it is
 * empty or a stop is requested. Resolves when every worker has returned its last part (they then
 * exit on their own); rejects if one fails or exits early. A worker that is ready gets this
 * thread's per-task tables first (`tables()`: built by then, since this thread simulates its first
 * slice while the workers boot), so it does not spend its start building them again.
 */
function runWorkers(
  scenario: Scenario,
  count: number,
  queue: ChunkQueue,
  stop: StopSignal,
  parts: PartialResult[],
  progress: (replicates: number) => void,
  tables: () => RunnerTables | null,
): Promise<void> {
  const input = scenarioToInput(scenario);
  return new Promise((resolve, reject) => {
    let running = count;
    for (let w = 0; w < count; w++) {
      const worker = new Worker(new URL('./simulateWorker.js', import.meta.url), {
        workerData: { scenario: input, stop: stop.buffer },
      });
      let inFlight = 0;
      let returned = 0;
      let finished = false;
      // Chunks go to a worker once it is ready (booted, scenario resolved), so that none waits on a
      // booting thread; its first chunk is small (its code is not yet optimised), then CHUNKS_IN_FLIGHT.
      const feed = () => {
        while (inFlight < (returned === 0 ? 1 : CHUNKS_IN_FLIGHT)) {
          const chunk = stop.stopped ? undefined : queue.take(returned === 0 ? FIRST_CHUNK_SHARE : 1);
          if (chunk === undefined) break;
          worker.postMessage(chunk);
          inFlight++;
        }
        if (inFlight === 0 && !finished) {
          finished = true;
          worker.postMessage(null);
          running--;
          if (running === 0) resolve();
        }
      };
      worker.on('message', (message: { type: 'ready' } | { type: 'progress'; replicates: number } | { type: 'result'; partial: PartialResult }) => {
        if (message.type === 'ready') {
          const built = tables();
          if (built !== null)
            worker.postMessage(
              { tables: built },
              built.arrays.map((array) => array.buffer as ArrayBuffer),
            );
          feed();
        } else if (message.type === 'progress') progress(message.replicates);
        else {
          parts.push(message.partial);
          inFlight--;
          returned++;
          feed();
        }
      });
      worker.on('error', (error) => {
        stop.stop();
        reject(error);
      });
      worker.on('exit', (code) => {
        if (finished) return;
        stop.stop();
        reject(new Error(`a simulate worker exited (code ${code}) before returning its part`));
      });
    }
  });
}

type Chunk = { start: number; end: number };

/**
 * The blocks of `range` handed out in order as chunks of whole blocks, each about the remaining
 * blocks / (3 × threads) (guided self-scheduling: large chunks first, one block at the end), so
 * that the threads finish at about the same time.
 */
class ChunkQueue {
  private next: number;
  private readonly endBlock: number;
  private readonly end: number;
  private readonly threads: number;

  constructor(range: Chunk, threads: number) {
    this.next = range.start / REPLICATES_PER_BLOCK;
    this.endBlock = Math.ceil(range.end / REPLICATES_PER_BLOCK);
    this.end = range.end;
    this.threads = threads;
  }

  /** The next chunk (`share` of the usual size), or undefined when all blocks are handed out. */
  take(share = 1): Chunk | undefined {
    const left = this.endBlock - this.next;
    if (left <= 0) return undefined;
    const size = Math.max(1, Math.ceil((share * left) / (3 * this.threads)));
    const chunk = { start: this.next * REPLICATES_PER_BLOCK, end: Math.min(this.end, (this.next + size) * REPLICATES_PER_BLOCK) };
    this.next += size;
    return chunk;
  }
}
