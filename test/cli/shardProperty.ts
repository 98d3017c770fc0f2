import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import { passk } from '../helpers/runPassk.js';

// The shard property of shard.property.test.ts (a few random cases beside the fixed examples) and
// shard.property.slow.test.ts (the full count, the original seeds): for random scenarios and shard
// counts (1, 2, 3 and 7 always among them, plus counts up to more shards than blocks),
// `passk simulate|sweep --shard i/N` for every i, then `passk merge`, prints exactly the bytes of
// the single-machine run. The reference is the single run itself: the claim is equality, not a
// value (each block draws from (seed, 'block', b); sums merge in the fixed block tree). In-process,
// --workers 1. simulate's shard files also go to merge one by one in a random order (the first
// examples: last to first).

/** A scratch folder for one file's cases; remove it with `rmSync(root, { recursive: true, force: true })` after the file. */
export function shardPropertyRoot(): string {
  return mkdtempSync(join(tmpdir(), 'passk-shard-property-'));
}

const scenarioArb = fc.record({
  seed: fc.oneof(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom('alpha', 'run-7')),
  tasks: fc.record({
    count: fc.integer({ min: 1, max: 6 }),
    successRate: fc.record({
      dist: fc.constant('beta'),
      mean: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
      concentration: fc.double({ min: 0.5, max: 20, noNaN: true }),
    }),
    resample: fc.boolean(),
  }),
  attempts: fc.record({
    correlation: fc.oneof(
      fc.constant({ model: 'independent' }),
      fc.record({ model: fc.constant('exchangeable'), icc: fc.double({ min: 0.01, max: 0.9, noNaN: true }) }),
      fc.record({ model: fc.constant('markov'), stickiness: fc.double({ min: 0, max: 0.9, noNaN: true }) }),
    ),
    cost: fc.record({ perAttempt: fc.double({ min: 0.001, max: 1, noNaN: true }) }),
  }),
  verifier: fc.option(
    fc.oneof(
      fc.record({ falseAccept: fc.double({ min: 0, max: 0.3, noNaN: true }), falseReject: fc.double({ min: 0, max: 0.3, noNaN: true }) }),
      // A measured verifier: its rates drawn per block from the counts' posteriors (stream (seed, 'parameters', b)).
      fc
        .tuple(
          fc.integer({ min: 1, max: 300 }),
          fc.integer({ min: 1, max: 300 }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.double({ min: 0, max: 1, noNaN: true }),
        )
        .map(([wrong, right, x, y]) => ({
          measured: { falseAccept: { accepted: Math.floor(x * wrong), wrong }, falseReject: { rejected: Math.floor(y * right), right } },
        })),
    ),
    { nil: undefined },
  ),
  policy: fc.record({ maxAttempts: fc.integer({ min: 1, max: 4 }) }),
  run: fc.record({ replicates: fc.integer({ min: 1, max: 700 }) }),
});
const countArb = fc.oneof(fc.constantFrom(1, 2, 3, 7), fc.integer({ min: 1, max: 16 }));
/** A shard count and an order to hand the shard files to merge in (any order must give the same bytes). */
const splitArb = countArb.chain((count) =>
  fc.tuple(
    fc.constant(count),
    fc.shuffledSubarray(
      [...Array(count).keys()].map((i) => i + 1),
      { minLength: count, maxLength: count },
    ),
  ),
);

let case_ = 0;
/**
 * Writes the scenario, runs all N shards of `command` into a new folder, and merges it (the folder;
 * with `order`, the shard files named one by one in that order).
 */
async function shardedAndSingle(
  root: string,
  command: 'simulate' | 'sweep',
  scenario: object,
  count: number,
  extra: string[],
  order?: readonly number[],
): Promise<{ single: string; merged: string }> {
  const dir = join(root, `case-${case_++}`);
  const file = `${dir}.json`;
  writeFileSync(file, JSON.stringify(Object.fromEntries(Object.entries(scenario).filter(([, v]) => v !== undefined))));
  for (let i = 1; i <= count; i++) {
    const run = await passk(command, file, ...extra, '--shard', `${i}/${count}`, '--workers', '1', '--out', dir);
    if (run.code !== 0) throw new Error(`${command} --shard ${i}/${count}: ${run.stderr}`);
  }
  const parts = order ? order.map((i) => join(dir, `shard-${String(i).padStart(4, '0')}-of-${String(count).padStart(4, '0')}.json`)) : [dir];
  const merged = await passk('merge', ...parts, '--json');
  if (merged.code !== 0) throw new Error(`merge: ${merged.stderr}`);
  const single = await passk(command, file, ...extra, '--workers', '1', '--json');
  if (single.code !== 0) throw new Error(`${command}: ${single.stderr}`);
  return { single: single.stdout, merged: merged.stdout };
}

/** simulate: the four fixed examples (450 replicates, 1, 2, 3 and 7 shards merged last to first), then random cases from `seed` up to `numRuns` in all (fast-check counts the examples). */
export async function simulateShardProperty(root: string, numRuns: number, seed: number): Promise<void> {
  const counts = new Set<number>();
  await fc.assert(
    fc.asyncProperty(scenarioArb, splitArb, async (scenario, [count, order]) => {
      counts.add(count);
      const { single, merged } = await shardedAndSingle(root, 'simulate', scenario, count, [], order);
      expect(JSON.parse(single)).toMatchObject({ kind: 'passk.simulate', complete: true, replicates: { done: scenario.run.replicates } });
      expect(merged).toBe(single);
    }),
    {
      numRuns,
      seed,
      examples: [1, 2, 3, 7].map((n) => [
        { ...fc.sample(scenarioArb, { seed: n, numRuns: 1 })[0]!, run: { replicates: 450 } },
        [n, [...Array(n).keys()].map((i) => n - i)],
      ]),
    },
  );
  for (const n of [1, 2, 3, 7]) expect(counts.has(n)).toBe(true);
}

/** sweep (grid point × replicate block units; frontier and best computed after the merge): the four fixed examples, then random cases from `seed` up to `numRuns` in all (fast-check counts the examples). */
export async function sweepShardProperty(root: string, numRuns: number, seed: number): Promise<void> {
  const counts = new Set<number>();
  await fc.assert(
    fc.asyncProperty(scenarioArb, countArb, fc.constantFrom('policy.maxAttempts=1..3', 'policy.maxAttempts=2,4'), async (scenario, count, axis) => {
      counts.add(count);
      // A measured verifier's rate is drawn from its counts: vary the count instead.
      const second = scenario.verifier && 'measured' in scenario.verifier ? 'verifier.measured.falseReject.rejected=0,1' : 'verifier.falseReject=0,0.2';
      const extra = ['--vary', axis, '--vary', second, '--max-wrong-delivery', '0.05'];
      const { single, merged } = await shardedAndSingle(root, 'sweep', scenario, count, extra);
      expect(JSON.parse(single).points).toHaveLength(axis === 'policy.maxAttempts=1..3' ? 6 : 4);
      expect(merged).toBe(single);
    }),
    {
      numRuns,
      seed,
      examples: [1, 2, 3, 7].map((n) => [
        { ...fc.sample(scenarioArb, { seed: 10 + n, numRuns: 1 })[0]!, run: { replicates: 200 } },
        n,
        'policy.maxAttempts=1..3',
      ]),
    },
  );
  for (const n of [1, 2, 3, 7]) expect(counts.has(n)).toBe(true);
}
