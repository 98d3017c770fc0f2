import { InputError, shardWork } from '@passk/sim/internal';
import { canonicalJson } from './shardChecksum.js';
import { shardFileName, type ShardFile } from './shardFile.js';
import { arithmeticDifference, describeRuntime } from './shardRuntime.js';

export interface ShardInput {
  readonly path: string;
  readonly shard: ShardFile;
}

/** The shards of one run, checked: those present in shard order, and what the run lacks. */
export interface CheckedShards {
  readonly count: number;
  readonly present: readonly ShardInput[];
  /** Shard numbers with no file. */
  readonly missing: readonly number[];
  /** Shard numbers whose file covers less than its share (the shard was interrupted). */
  readonly incomplete: readonly number[];
}

/**
 * Checks that shard files belong to one run, before anything is merged: every file has the kind,
 * passk version, seed, replicates and run fingerprint of the first (each named when it differs),
 * the same `observed` (simulate --tasks-from: the log's values; the first field that differs named),
 * the same arithmetic (runtime.arithmetic: a runtime whose Math functions give other last digits
 * gives other sums; both runtimes and the functions named), the same shard count, and a shard
 * number no other file has. Returns the shards in order.
 */
export function checkSameRun(inputs: readonly ShardInput[]): ShardInput[] {
  const first = inputs[0]!;
  const byIndex = new Map<number, ShardInput>();
  for (const input of inputs) {
    const { shard } = input;
    const differs = (what: string, here: unknown, there: unknown) =>
      new InputError(input.path, `must be a shard of the same run as ${first.path}: its ${what} is ${String(here)}, not ${String(there)}`);
    if (shard.kind !== first.shard.kind) throw differs('command', `passk ${shard.kind}`, `passk ${first.shard.kind}`);
    if (shard.passk !== first.shard.passk) throw differs('passk version', shard.passk, first.shard.passk);
    if (shard.run.seed !== first.shard.run.seed) throw differs('seed', shard.run.seed, first.shard.run.seed);
    if (shard.run.replicates !== first.shard.run.replicates) throw differs('replicates', shard.run.replicates, first.shard.run.replicates);
    if (shard.run.fingerprint !== first.shard.run.fingerprint) throw differs('scenario fingerprint', shard.run.fingerprint, first.shard.run.fingerprint);
    const observed = observedDifference(shard, first.shard);
    if (observed !== null) {
      throw new InputError(
        input.path,
        `must carry the same log of --tasks-from (observed) as ${first.path}, as every shard of one run does: its ${observed.path} is ${observed.here}, not ${observed.there}`,
      );
    }
    const functions = arithmeticDifference(shard.runtime.arithmetic, first.shard.runtime.arithmetic);
    if (functions.length > 0) {
      throw new InputError(
        input.path,
        `must be computed with the same arithmetic as ${first.path}, but it was computed on ${describeRuntime(shard.runtime)}, whose ${functions.map((name) => `Math.${name}`).join(', ')} ${functions.length === 1 ? 'gives' : 'give'} other last digits than on ${describeRuntime(first.shard.runtime)}; run it again on the runtime of the other shards`,
      );
    }
    if (shard.shard.count !== first.shard.shard.count) {
      throw new InputError(
        input.path,
        `must be split like ${first.path}: it is shard ${shard.shard.index} of ${shard.shard.count}, not of ${first.shard.shard.count}`,
      );
    }
    const other = byIndex.get(shard.shard.index);
    if (other !== undefined) {
      throw new InputError(input.path, `must be merged once: it is shard ${shard.shard.index} of ${shard.shard.count}, as is ${other.path}`);
    }
    byIndex.set(shard.shard.index, input);
  }
  return [...byIndex.values()].sort((a, b) => a.shard.shard.index - b.shard.shard.index);
}

/**
 * Checks each shard's pieces against its share of the run's work (shardWork over
 * `replicatesPerItem`: one item for simulate, one per grid point for a sweep) and lists the
 * missing and interrupted shards; unless `allowPartial`, either is an error naming them.
 */
export function checkCoverage(shards: readonly ShardInput[], replicatesPerItem: readonly number[], allowPartial: boolean): CheckedShards {
  const count = shards[0]!.shard.shard.count;
  const incomplete: number[] = [];
  for (const { path, shard } of shards) {
    const expected = shardWork(replicatesPerItem, shard.shard.index, count);
    const pieces =
      shard.kind === 'simulate' ? (shard.partial.ranges.length === 0 && !shard.partial.stopped ? [] : [{ point: 0, partial: shard.partial }]) : shard.pieces;
    let complete = pieces.length === expected.length;
    pieces.forEach(({ point, partial }, p) => {
      const want = expected[p];
      const ranges = partial.ranges;
      const inside = want !== undefined && point === want.item && ranges.every((range) => range.start >= want.start && range.end <= want.end);
      if (!inside) {
        const where = shard.kind === 'sweep' ? ` of grid point ${point + 1}` : '';
        const got = ranges.map((range) => `${range.start}..${range.end - 1}`).join(', ') || 'nothing';
        const share = want === undefined ? 'nothing' : `${want.start}..${want.end - 1}${shard.kind === 'sweep' ? ` of grid point ${want.item + 1}` : ''}`;
        throw new InputError(
          path,
          `must cover its share of the run (shard ${shard.shard.index} of ${count}), but covers replicates ${got}${where}, not ${share}`,
        );
      }
      if (ranges.length !== 1 || ranges[0]!.start !== want.start || ranges[0]!.end !== want.end) complete = false;
    });
    if (!complete) incomplete.push(shard.shard.index);
  }
  const present = new Set(shards.map(({ shard }) => shard.shard.index));
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !present.has(index));
  if (!allowPartial && missing.length > 0) {
    const names = missing.slice(0, 3).map((index) => shardFileName({ index, count }));
    throw new InputError(
      'merge',
      `must have every shard of the run once, but ${listShards(missing)} of ${count} ${missing.length === 1 ? 'is' : 'are'} missing (${names.join(', ')}${missing.length > 3 ? ', …' : ''}); merge them all, or pass --allow-partial`,
    );
  }
  if (!allowPartial && incomplete.length > 0) {
    const paths = shards.filter(({ shard }) => incomplete.includes(shard.shard.index)).map(({ path }) => path);
    throw new InputError(
      paths[0]!,
      `must be a complete shard, but ${listShards(incomplete)} of ${count} ${incomplete.length === 1 ? 'was' : 'were'} interrupted; run ${incomplete.length === 1 ? 'it' : 'them'} again, or pass --allow-partial`,
    );
  }
  return { count, present: shards, missing, incomplete };
}

/** "shard 3", "shards 2 and 5", "shards 1, 4, 6, … (12 in all)". */
function listShards(indices: readonly number[]): string {
  if (indices.length === 1) return `shard ${indices[0]}`;
  if (indices.length === 2) return `shards ${indices[0]} and ${indices[1]}`;
  if (indices.length <= 6) return `shards ${indices.slice(0, -1).join(', ')} and ${indices[indices.length - 1]}`;
  return `shards ${indices.slice(0, 5).join(', ')}, … (${indices.length} in all)`;
}

/** Where two shards' `observed` differ (null when both lack it or it is deep-equal): the first differing field and its two values. */
function observedDifference(here: ShardFile, there: ShardFile): { path: string; here: string; there: string } | null {
  const observed = (shard: ShardFile) => (shard.kind === 'simulate' ? shard.observed : undefined);
  return firstDifference(observed(here), observed(there), 'observed');
}

/** The first field (depth first: items in order, keys sorted) where two JSON values differ; "none" stands for an absent value. */
function firstDifference(a: unknown, b: unknown, path: string): { path: string; here: string; there: string } | null {
  if (canonicalJson(a ?? null) === canonicalJson(b ?? null)) return null;
  const text = (value: unknown) => (value === undefined ? 'none' : canonicalJson(value).slice(0, 80));
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && Array.isArray(a) === Array.isArray(b)) {
    const keys = Array.isArray(a)
      ? Array.from({ length: Math.max(a.length, (b as unknown[]).length) }, (_, i) => String(i))
      : [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const key of keys) {
      const step = Array.isArray(a) ? `${path}[${key}]` : `${path}.${key}`;
      const inner = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], step);
      if (inner !== null) return inner;
    }
  }
  return { path, here: text(a), there: text(b) };
}
