import type { Xoshiro128 } from '../rng/xoshiro128.js';

/** Which simulation method produced a result (all give the same distribution; see enginePlan). */
export type EnginePath = 'perfectVerifier' | 'independentVerifier' | 'parallelVote' | 'sequential' | 'rounds' | 'general';

/**
 * Simulates the replicates of one block from the block's stream and writes each replicate's
 * per-k totals over tasks into `out`, [replicate][metric][k − 1] (count × METRIC_COUNT·K numbers).
 */
export interface BlockRunner {
  readonly path: EnginePath;
  /** Simulates replicates firstReplicate … firstReplicate + count − 1, drawing from `rng`, into `out`. */
  run(rng: Xoshiro128, firstReplicate: number, count: number, out: Float64Array): void;
  /** The per-task tables it built (fast paths that keep the tables of all tasks), for another runner of the same scenario. */
  tables?(): RunnerTables | null;
}

/**
 * A runner's per-task tables, built once from the scenario and handed to another runner of the same
 * scenario (a worker thread) so that it need not build them again: a pure function of the scenario,
 * so results are the same either way (tested). Typed arrays only (structured-clone friendly).
 */
export interface RunnerTables {
  readonly path: EnginePath;
  readonly arrays: readonly (Int32Array | Float64Array | Uint16Array)[];
}

/** The arrays of `tables` for a runner of `path` with the given lengths, or null when they do not fit (then it builds its own). */
export function matchingTables(tables: RunnerTables | undefined, path: EnginePath, lengths: readonly number[]): RunnerTables['arrays'] | null {
  if (tables === undefined || tables.path !== path || tables.arrays.length !== lengths.length) return null;
  return tables.arrays.every((array, i) => array.length === lengths[i]) ? tables.arrays : null;
}

/** Tables for all tasks are kept when they fit in this many bytes; otherwise rebuilt per task and block. */
export const TABLE_BYTES_LIMIT = 64 * 1024 * 1024;
