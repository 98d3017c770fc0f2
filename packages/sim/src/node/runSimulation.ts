import { mergePartials } from '../engine/mergePartials.js';
import type { RunnerTables } from '../engine/blockRunner.js';
import type { PartialResult } from '../engine/partialResult.js';
import { REPLICATES_PER_BLOCK, requireBlockRange } from '../engine/replicateBlocks.js';
import { requireInteger, requireNonNegative } from '../checks.js';
import { optionalFunction, requireObject } from '../checkArgs.js';
import { InputError } from '../errors.js';
import { requireScenario } from '../scenario/requireScenario.js';
import { MAX_WORKERS } from './workerPool.js';
import { simulatePartial, type SimulationReuse } from '../engine/simulatePartial.js';
import { estimatedWorkMs } from '../engine/workEstimate.js';
import { scenarioToInput } from '../scenario/scenarioToInput.js';
import type { Scenario } from '../scenario/types.js';
import { ChunkQueue } from './chunkQueue.js';
import type { SimulateWorkerReply, SimulateWorkerRun } from './simulateWorker.js';
import { StopSignal } from './stopSignal.js';
import { acquireWorkers, releaseWorker, type PooledWorker } from './workerPool.js';

// Also from here: the runner bundle that pnpm bench times (packages/cli/bundle.mjs) holds the same pool.
export { closeSimulationWorkers, idleSimulationWorkers, startSimulationWorkers } from './workerPool.js';

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
  /** Internal (tests): start new worker threads only when the work is estimated to take longer than this (ms); default 150. */
  readonly workersWorthMs?: number;
}

/**
 * Worker threads are started only when the work is estimated (`estimatedWorkMs`, from the scenario
 * alone) to take longer than this on one thread: a worker takes ≈ 60 ms to start and some more to
 * warm up, so shorter runs are faster on this thread alone.
 */
const WORKERS_WORTH_MS = 150;
/**
 * Booted idle workers of the pool (`workerPool.ts`) join any run estimated above this (ms): they
 * cost a few messages and a copy of the per-task tables, not a start-up.
 */
const IDLE_WORKERS_WORTH_MS = 10;
/** A worker's first chunk, as a share of the usual chunk size: its code runs unoptimised at first. */
const FIRST_CHUNK_SHARE = 0.25;
/** Longest stretch (ms) this thread simulates before yielding, so Ctrl-C is seen promptly; shorter while it also feeds workers. */
const SLICE_MS = 100;
const SLICE_MS_WITH_WORKERS = 20;

/**
 * Simulates a scenario's replicates in chunks of whole blocks and merges the parts. When
 * `workers` > 1 it uses up to `workers` − 1 worker threads of the process's pool (`workerPool.ts`):
 * booted idle ones for any run estimated above IDLE_WORKERS_WORTH_MS, and for runs above
 * WORKERS_WORTH_MS new ones for the rest, started at once and kept afterwards. This thread
 * simulates from the start too (while new workers boot) and takes chunks from the same queue, whose chunks shrink as it empties so that all
 * threads finish together. The engine derives every block's randomness from (seed, block) and
 * merges sums in a fixed block tree, so the result is byte-identical for any number of workers and
 * any split.
 * A stop request ends each part at a block boundary; the merged result then covers fewer
 * replicates and says so (`stopped`, `done`).
 */
export async function runSimulation(scenario: Scenario, options: RunSimulationOptions): Promise<PartialResult> {
  scenario = requireScenario('scenario', scenario);
  requireObject('options', options);
  requireInteger('options.workers', options.workers, 1, MAX_WORKERS);
  optionalFunction('options.onProgress', options.onProgress);
  if (options.stop !== undefined && !(options.stop instanceof StopSignal)) throw new InputError('options.stop', 'must be a StopSignal (new StopSignal())');
  if (options.workersWorthMs !== undefined) requireNonNegative('options.workersWorthMs', options.workersWorthMs);
  const range = options.range ?? { start: 0, end: scenario.run.replicates };
  requireBlockRange('options.range', range, scenario.run.replicates);
  const total = range.end - range.start;
  const stop = options.stop ?? new StopSignal();
  let done = 0;
  const progress = (replicates: number) => {
    done += replicates;
    options.onProgress?.(done, total);
  };
  const parts: PartialResult[] = [];
  const blocks = Math.ceil(total / REPLICATES_PER_BLOCK);
  const wanted = options.workers > 1 ? Math.min(options.workers - 1, blocks - 1) : 0;
  const estimate = wanted > 0 ? estimatedWorkMs(scenario, total) : 0;
  // New threads only for long runs; threads the pool already has, booted, for any run worth a message.
  const startNew = estimate > (options.workersWorthMs ?? WORKERS_WORTH_MS);
  const workers = startNew || estimate > IDLE_WORKERS_WORTH_MS ? acquireWorkers(wanted, startNew) : [];
  const helpers = workers.length;
  const queue = new ChunkQueue(range, helpers + 1);
  // This thread's first chunk, taken before the workers take theirs.
  let chunk = queue.take();
  let pool: Promise<void> | null = null;
  const reuse: SimulationReuse = {}; // the engine's tables, built once for all slices (and handed to the workers)
  if (helpers > 0) {
    pool = runWorkers(scenario, workers, queue, stop, parts, progress, () => reuse.runner?.tables?.() ?? null);
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
 * Runs `workers` (from the pool, `acquireWorkers`) on the chunk queue this thread takes from too,
 * until it is empty or a stop is requested. A worker gets the run once it has booted and this thread
 * has reached its first await, after its first slice: by then this thread's per-task tables
 * exist (`tables()`), and the worker takes them rather than build them again. Resolves when every
 * worker has finished and gone back to the pool; rejects if one fails or exits.
 */
function runWorkers(
  scenario: Scenario,
  workers: readonly PooledWorker[],
  queue: ChunkQueue,
  stop: StopSignal,
  parts: PartialResult[],
  progress: (replicates: number) => void,
  tables: () => RunnerTables | null,
): Promise<void> {
  const input = scenarioToInput(scenario);
  return new Promise((resolve, reject) => {
    let running = workers.length;
    for (const worker of workers) {
      const { thread } = worker;
      const finish = () => {
        thread.off('message', onMessage);
        thread.off('error', onError);
        thread.off('exit', onExit);
        releaseWorker(worker);
        running--;
        if (running === 0) resolve();
      };
      const onMessage = (message: SimulateWorkerReply) => {
        if (message.type === 'progress') progress(message.replicates);
        else if (message.type === 'result') {
          progress(message.unreported);
          parts.push(message.partial);
          worker.warm = true;
        } else if (message.type === 'finished') finish();
      };
      const onError = (error: unknown) => {
        stop.stop();
        reject(error);
      };
      const onExit = (code: number) => {
        stop.stop();
        reject(new Error(`a simulate worker exited (code ${code}) before returning its part`));
      };
      thread.on('message', onMessage);
      thread.on('error', onError);
      thread.on('exit', onExit);
      const start = () => {
        // Nothing left (this thread took it all while the worker booted): back to the pool unused.
        if (stop.stopped || queue.empty()) return finish();
        const built = tables();
        const run: SimulateWorkerRun = {
          scenario: input,
          stop: stop.buffer,
          queue: queue.shared,
          tables: built,
          firstShare: worker.warm ? 1 : FIRST_CHUNK_SHARE,
        };
        thread.postMessage(
          run,
          built?.arrays.map((array) => array.buffer as ArrayBuffer),
        );
      };
      // `start` runs as a microtask, so no earlier than this thread's first await, which follows its
      // first slice: it finds the tables built.
      worker.ready.then(start, onError);
    }
  });
}
