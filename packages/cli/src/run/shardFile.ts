import { readFileSync } from 'node:fs';
import { InputError, PARTIAL_FORMAT, type PartialResult, type ScenarioInput } from '@passk/sim';
import type { ShardSpec } from './schedulerShard.js';

/** Version tag of a shard file: one shard's share of a simulate or sweep run, mergeable with `passk merge`. */
export const SHARD_FORMAT = 'passk-shard/2';

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
  readonly shard: ShardSpec;
  readonly run: ShardRun;
  /** Episodes (replicates × tasks) simulated by this shard, and the wall-clock seconds it took (the only field that varies between runs). */
  readonly episodes: number;
  readonly seconds: number;
}

export interface SimulateShardFile extends ShardFileBase {
  readonly kind: 'simulate';
  /** The resolved scenario in file format, so merge needs nothing else. */
  readonly scenario: ScenarioInput;
  readonly partial: PartialResult;
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

/** The version of this passk CLI (packages/cli/package.json), recorded in every shard. */
export function passkVersion(): string {
  cachedVersion ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return cachedVersion;
}
let cachedVersion: string | undefined;

/** Checks the shape of a parsed shard file (not yet against the other shards); errors name the file. */
export function readShard(value: unknown, source: string): ShardFile {
  const shard = value as ShardFile;
  if (typeof value !== 'object' || value === null || shard.format !== SHARD_FORMAT) {
    const old = typeof value === 'object' && value !== null && (value as { format?: unknown }).format === 'passk-shard/1';
    throw new InputError(source, `must be a shard file (format ${SHARD_FORMAT}) written by passk simulate --shard or passk sweep --shard${old ? '; this one is passk-shard/1, from an older passk: run that shard again' : ''}`);
  }
  const spec = shard.shard;
  if (typeof spec !== 'object' || spec === null || !Number.isInteger(spec.index) || !Number.isInteger(spec.count) || !(spec.index >= 1 && spec.index <= spec.count)) {
    throw new InputError(`${source}: shard`, 'must be { index, count } with 1 ≤ index ≤ count', spec);
  }
  if (typeof shard.run !== 'object' || shard.run === null || typeof shard.run.fingerprint !== 'string') {
    throw new InputError(`${source}: run`, 'must be { fingerprint, seed, replicates }', shard.run);
  }
  if (typeof shard.passk !== 'string' || typeof shard.episodes !== 'number' || typeof shard.seconds !== 'number') {
    throw new InputError(source, 'must hold passk (the version), episodes and seconds, as passk writes them');
  }
  if (shard.kind === 'sweep') {
    const sweep = shard.sweep;
    const ok =
      typeof sweep === 'object' && sweep !== null && Array.isArray(sweep.vary) && sweep.vary.every((item) => typeof item === 'string') &&
      (sweep.replicates === null || Number.isInteger(sweep.replicates)) && typeof sweep.constraints === 'object' && sweep.constraints !== null;
    if (!ok) throw new InputError(`${source}: sweep`, 'must be { vary, replicates, constraints } as passk sweep --shard writes it');
  }
  const partials = shard.kind === 'simulate' ? [shard.partial] : shard.kind === 'sweep' && Array.isArray(shard.pieces) ? shard.pieces.map((piece) => piece?.partial) : null;
  if (partials === null) throw new InputError(`${source}: kind`, 'must be simulate (with partial) or sweep (with pieces)', shard.kind);
  partials.forEach((partial) => {
    if (typeof partial !== 'object' || partial === null || partial.format !== PARTIAL_FORMAT) {
      throw new InputError(`${source}: partial`, `must be a partial result of format ${PARTIAL_FORMAT}`, partial?.format);
    }
  });
  return shard;
}
