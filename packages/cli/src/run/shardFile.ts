import { InputError, type PartialResult, type ScenarioInput } from '@passk/sim/internal';
import type { Provenance } from '../results/provenance.js';
import type { ObservedFromLog } from '../format/observedFromLog.js';
import type { ShardSpec } from './schedulerShard.js';
import type { ShardRuntime } from './shardRuntime.js';
import { checkShardShape } from './checkShardShape.js';
import { verifyChecksum } from './shardChecksum.js';

/**
 * Version tag of a shard file: one shard's share of a simulate or sweep run, mergeable with `passk merge`.
 * 4: the runtime that computed it (`runtime`), which merge compares.
 */
export const SHARD_FORMAT = 'passk-shard/4';

/** What every shard file of one run shares: merge checks it before merging anything. */
export interface ShardRun {
  /** scenarioFingerprint of the run (for a sweep: of the base scenario with the grid and constraints). */
  readonly fingerprint: string;
  readonly seed: number | string;
  /** run.replicates (after --replicates). */
  readonly replicates: number;
}

interface ShardFileBase {
  readonly format: typeof SHARD_FORMAT;
  /** Version of the passk CLI that wrote it. */
  readonly passk: string;
  /** The command of the run (results/provenance.ts: the same in every shard), which the merged result records. */
  readonly provenance?: Provenance;
  readonly shard: ShardSpec;
  readonly run: ShardRun;
  /**
   * The runtime that computed it (node, bun or deno; version; engine) and its arithmetic fingerprint
   * (shardRuntime.ts): shards whose fingerprints differ may differ in their last digits, and merge
   * refuses to blend them.
   */
  readonly runtime: ShardRuntime;
  /** Episodes (replicates × tasks) simulated by this shard, and the wall-clock seconds it took (the only field that varies between runs). */
  readonly episodes: number;
  readonly seconds: number;
  /** SHA-256 of the rest of the file (shardChecksum), recorded when written, checked by merge. */
  readonly checksum?: string;
}

export interface SimulateShardFile extends ShardFileBase {
  readonly kind: 'simulate';
  /** The resolved scenario in file format, so merge needs nothing else. */
  readonly scenario: ScenarioInput;
  readonly partial: PartialResult;
  /**
   * With --tasks-from: the log's own pass@k and pass^k (results/simulateSchema.ts ObservedSchema),
   * the same in every shard of the run, so merge prints them as the single run does without
   * reading the log. Optional: a shard without it is one of a run without --tasks-from. Covered by the checksum (all but checksum and seconds).
   */
  readonly observed?: ObservedFromLog;
}

export interface SweepShardFile extends ShardFileBase {
  readonly kind: 'sweep';
  /** The base scenario (resolved, file format) and the sweep's settings as given. */
  readonly scenario: ScenarioInput;
  readonly sweep: {
    readonly vary: readonly string[];
    readonly replicates: number | null;
    readonly constraints: { readonly maxCost: number | null; readonly maxWrongDelivery: number | null };
  };
  /** This shard's (grid point, replicate range) pieces, each with its partial sums. */
  readonly pieces: ReadonlyArray<{ readonly point: number; readonly partial: PartialResult }>;
}

export type ShardFile = SimulateShardFile | SweepShardFile;

/**
 * The deterministic name of a shard file, so one shared folder collects a run's shards:
 * shard-0003-of-0016.json (4 digits, more when N needs them, so names sort in shard order).
 */
export function shardFileName(shard: ShardSpec): string {
  const width = Math.max(4, String(shard.count).length);
  return `shard-${String(shard.index).padStart(width, '0')}-of-${String(shard.count).padStart(width, '0')}.json`;
}

/** Names shardFileName gives. */
export const SHARD_FILE_PATTERN = /^shard-\d+-of-\d+\.json$/;

/**
 * Checks a parsed shard file (not yet against the other shards): its format, the type and range
 * of every field and the consistency of its numbers (checkShardShape), then its checksum
 * (shardChecksum). Every error names the file and the field.
 */
export function readShard(value: unknown, source: string): ShardFile {
  const format = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { format?: unknown }).format : undefined;
  if (format !== SHARD_FORMAT) {
    const old = typeof format === 'string' && /^passk-shard\/[123]$/.test(format);
    throw new InputError(
      source,
      `must be a shard file (format ${SHARD_FORMAT}) written by passk simulate --shard or passk sweep --shard${old ? `; this one is ${format}, from an older passk: run that shard again` : ''}`,
    );
  }
  checkShardShape(value as Record<string, unknown>, source);
  verifyChecksum(value as Record<string, unknown>, source);
  return value as ShardFile;
}
