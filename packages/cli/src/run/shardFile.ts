import { InputError, PARTIAL_FORMAT, resolveScenario, type PartialResult, type Scenario, type ScenarioInput } from '@passk/sim';

/** Version tag of a shard file: one slice of a run's replicates, mergeable with `passk merge`. */
export const SHARD_FORMAT = 'passk-shard/1';

export interface ShardFile {
  readonly format: typeof SHARD_FORMAT;
  readonly shard: { readonly index: number; readonly count: number };
  /** The resolved scenario in file format, so merge needs nothing else. */
  readonly scenario: ScenarioInput;
  readonly partial: PartialResult;
}

/** Checks a parsed shard file and resolves its scenario; errors name the file. */
export function readShard(value: unknown, source: string): { scenario: Scenario; shard: ShardFile } {
  const shard = value as ShardFile;
  if (typeof value !== 'object' || value === null || shard.format !== SHARD_FORMAT) {
    throw new InputError(source, `must be a shard file (format ${SHARD_FORMAT}) written by passk simulate --shard`);
  }
  if (typeof shard.partial !== 'object' || shard.partial === null || shard.partial.format !== PARTIAL_FORMAT) {
    throw new InputError(`${source}: partial`, `must be a partial result of format ${PARTIAL_FORMAT}`);
  }
  return { scenario: resolveScenario(shard.scenario, { source: `${source}: scenario` }), shard };
}

/** `--shard i/N` → { index: i, count: N } with 1 ≤ i ≤ N. */
export function parseShard(text: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!(index >= 1 && count >= 1 && index <= count && count <= 100_000)) {
    throw new InputError('--shard', 'must be i/N with 1 ≤ i ≤ N (e.g. 2/8)', text);
  }
  return { index, count };
}
