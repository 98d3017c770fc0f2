import type { Xoshiro128 } from '../rng/xoshiro128.js';

/** Which simulation method produced a result (all give the same distribution; see enginePlan). */
export type EnginePath = 'perfectVerifier' | 'independentVerifier' | 'parallelVote' | 'sequential' | 'general';

/**
 * Simulates the replicates of one block from the block's stream and writes each replicate's
 * per-k totals over tasks into `out`, [replicate][metric][k − 1] (count × METRIC_COUNT·K numbers).
 */
export interface BlockRunner {
  readonly path: EnginePath;
  /** Simulates replicates firstReplicate … firstReplicate + count − 1, drawing from `rng`, into `out`. */
  run(rng: Xoshiro128, firstReplicate: number, count: number, out: Float64Array): void;
}

/** Tables for all tasks are kept when they fit in this many bytes; otherwise rebuilt per task and block. */
export const TABLE_BYTES_LIMIT = 64 * 1024 * 1024;
