// Property-based fuzzing (fast-check) of scenario files and shard files through the in-process
// CLI (test/helpers/runPassk.ts): random structure (keys from the scenario's own, hostile ones
// such as __proto__ and constructor, and junk), random types and random sizes (up to 1e300, 1e9
// tasks or replicates). The promise under test: an exit of 1 (a passk bug) is unreachable — every
// run ends in 0 or in exit 2 with exactly one stderr line and no stack trace — and none of them
// touches Object.prototype. Work is bounded by --max-episodes, so no case can hang.
// On failure fast-check prints the seed and path; rerun one with FC_SEED=<seed> FC_PATH=<path>.
//
// The properties are declared here and run by hostileFiles.fuzz.test.ts (the fast suite, a third of
// the runs) and hostileFiles.fuzz.slow.test.ts (the slow suite, the full counts); the seed is
// random unless FC_SEED is set, so each run draws new cases.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withChecksum } from '../../../packages/cli/src/run/shardChecksum.js';
import { passk, type CliRun } from '../../helpers/runPassk.js';

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();
const settings = (numRuns: number) => ({
  numRuns,
  seed: process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED),
  path: process.env.FC_PATH,
  endOnFailure: true,
});

/** The promise for any input: exit 0, or exit 2 with one line; never 1, never a trace; Object.prototype untouched. */
function expectHandled(run: CliRun, what: string): void {
  const context = `${what}\nexit ${run.code}\nstderr: ${run.stderr.slice(0, 2000)}`;
  expect([0, 2], context).toContain(run.code);
  expect(run.stderr, context).not.toMatch(/internal error|\n\s+at /);
  if (run.code === 2) expect(run.stderr.replace(/\n$/, '').split('\n'), context).toHaveLength(1);
  expect(Object.getOwnPropertyNames(Object.prototype).sort(), context).toEqual(PROTOTYPE_KEYS);
  expect(({} as Record<string, unknown>).polluted, context).toBeUndefined();
}

/** JSON text of entries, so keys such as "__proto__" stay plain keys in the file. */
type Tree = null | boolean | number | string | Tree[] | { entries: Array<[string, Tree]> };
function toJson(tree: Tree): string {
  if (Array.isArray(tree)) return `[${tree.map(toJson).join(',')}]`;
  if (tree !== null && typeof tree === 'object') return `{${tree.entries.map(([key, value]) => `${JSON.stringify(key)}:${toJson(value)}`).join(',')}}`;
  return JSON.stringify(tree) ?? 'null';
}

const KEYS = [
  'seed',
  'name',
  'tasks',
  'count',
  'successRate',
  'dist',
  'mean',
  'concentration',
  'p',
  'a',
  'b',
  'values',
  'components',
  'weight',
  'attempts',
  'correlation',
  'model',
  'icc',
  'stickiness',
  'cost',
  'perAttempt',
  'latency',
  'verifier',
  'falseAccept',
  'falseReject',
  'selector',
  'kind',
  'policy',
  'maxAttempts',
  'mode',
  'batchSize',
  'onNoAccept',
  'budget',
  'run',
  'replicates',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  'x',
];
const numberArb = fc.oneof(
  fc.integer({ min: -3, max: 12 }),
  fc.constantFrom(0.5, 0.05, 1e9, 4294967297, 9007199254740993, 1e300, -1e300, 2.5, 1e-320),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const leafArb: fc.Arbitrary<Tree> = fc.oneof(
  numberArb,
  fc.constantFrom('beta', 'point', 'fixed', 'mixture', 'independent', 'markov', 'sequential', 'parallel', 'batches', 'abstain', '', 'x'.repeat(300)),
  fc.boolean(),
  fc.constant(null),
);
const { tree: treeArb } = fc.letrec<{ tree: Tree; node: Tree }>((tie) => ({
  tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leafArb, tie('node'), fc.array(tie('tree'), { maxLength: 4 })),
  node: fc.record({ entries: fc.array(fc.tuple(fc.constantFrom(...KEYS), tie('tree')), { maxLength: 6 }) }),
}));

/** A valid scenario as entries, with some of its values replaced by random trees. */
const validScenario = (count: Tree, maxAttempts: Tree, replicates: Tree, rate: Tree, extra: Array<[string, Tree]>): Tree => ({
  entries: [
    ['seed', 3],
    [
      'tasks',
      {
        entries: [
          ['count', count],
          ['successRate', rate],
        ],
      },
    ],
    ['policy', { entries: [['maxAttempts', maxAttempts]] }],
    ['run', { entries: [['replicates', replicates]] }],
    ...extra,
  ],
});
const scenarioArb: fc.Arbitrary<Tree> = fc.oneof(
  treeArb,
  fc
    .tuple(
      fc.oneof(numberArb, treeArb),
      fc.oneof(fc.integer({ min: 1, max: 4 }), treeArb),
      fc.oneof(fc.integer({ min: 1, max: 200 }), numberArb, treeArb),
      fc.oneof(
        fc.constant<Tree>({
          entries: [
            ['dist', 'beta'],
            ['mean', 0.6],
            ['concentration', 3],
          ],
        }),
        treeArb,
      ),
      fc.array(fc.tuple(fc.constantFrom(...KEYS), treeArb), { maxLength: 2 }),
    )
    .map(([count, maxAttempts, replicates, rate, extra]) => validScenario(count, maxAttempts, replicates, rate, extra)),
);

/** How many random cases each property draws. */
export interface HostileFileRuns {
  readonly scenarios: number;
  readonly vary: number;
  readonly edits: number;
  readonly documents: number;
}

/** Declares the fuzz suites (describe blocks) with these numbers of runs, in a scratch folder removed after the file. */
export function describeHostileFileFuzz(runs: HostileFileRuns): void {
  const root = mkdtempSync(join(tmpdir(), 'passk-fuzz-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let n = 0;
  describe('fuzzed scenario files never reach exit 1', () => {
    it('simulate and sweep of random scenario files (JSON and YAML flow text)', async () => {
      await fc.assert(
        fc.asyncProperty(scenarioArb, fc.boolean(), async (tree, asSweep) => {
          const path = join(root, `scenario-${n++}.json`);
          writeFileSync(path, toJson(tree));
          const limits = ['--max-episodes', '20000', '--workers', '1'];
          const args = asSweep ? ['sweep', path, '--vary', 'policy.maxAttempts=1..2', ...limits] : ['simulate', path, '--json', ...limits];
          expectHandled(await passk(...args), `passk ${args.join(' ')}\n${toJson(tree).slice(0, 2000)}`);
        }),
        settings(runs.scenarios),
      );
    }, 240_000);

    it('random --vary paths and values', async () => {
      const path = join(root, 'base.yaml');
      writeFileSync(path, 'tasks: { count: 3, successRate: { dist: point, p: 0.5 } }\npolicy: { maxAttempts: 2 }\nrun: { replicates: 64 }\n');
      const segment = fc.constantFrom(...KEYS.filter((key) => /^[A-Za-z_$][\w$]*$/.test(key)));
      const pathArb = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.'));
      const valuesArb = fc
        .array(fc.oneof(fc.constantFrom('1..3', 'null', 'true', 'x', '-1', '1e300', '0.5'), fc.integer({ min: -5, max: 2000 }).map(String)), {
          minLength: 1,
          maxLength: 3,
        })
        .map((items) => items.join(','));
      await fc.assert(
        fc.asyncProperty(pathArb, valuesArb, async (varyPath, values) => {
          const args = ['sweep', path, '--vary', `${varyPath}=${values}`, '--max-episodes', '20000', '--workers', '1', '--json'];
          expectHandled(await passk(...args), `passk ${args.join(' ')}`);
        }),
        settings(runs.vary),
      );
    }, 240_000);
  });

  describe('fuzzed shard files never reach exit 1', () => {
    const shards: Record<'simulate' | 'sweep', Record<string, unknown>> = {} as never;
    beforeAll(async () => {
      const scenario = join(root, 'shard-scenario.yaml');
      writeFileSync(
        scenario,
        'seed: 5\ntasks: { count: 4, successRate: { dist: beta, mean: 0.6, concentration: 3 } }\npolicy: { maxAttempts: 3 }\nrun: { replicates: 700 }\n',
      );
      const simulate = await passk('simulate', scenario, '--shard', '2/3', '--workers', '1');
      const sweep = await passk('sweep', scenario, '--vary', 'policy.maxAttempts=1..2', '--shard', '1/2', '--workers', '1');
      shards.simulate = JSON.parse(simulate.stdout);
      shards.sweep = JSON.parse(sweep.stdout);
    });

    /** Every path to a value in a JSON document (objects and lists), root excluded. */
    function paths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
      if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...paths(item, [...prefix, i])]);
      if (typeof value === 'object' && value !== null)
        return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...paths(item, [...prefix, key])]);
      return [];
    }
    const jsonValueArb = fc.oneof(numberArb, fc.constantFrom<unknown>(null, [], {}, '', 'x', true, [1, 2], { a: 1 }, -1, 0), fc.jsonValue({ maxDepth: 2 }));

    it('random edits (replace, delete, add __proto__), with and without a recomputed checksum', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<'simulate' | 'sweep'>('simulate', 'sweep'),
          fc.array(fc.tuple(fc.nat(), fc.constantFrom('replace', 'delete', 'proto'), jsonValueArb), { minLength: 1, maxLength: 3 }),
          fc.boolean(),
          async (kind, edits, seal) => {
            let document: Record<string, unknown> = structuredClone(shards[kind]);
            for (const [pick, how, value] of edits) {
              const all = paths(document);
              const at = all[pick % all.length]!;
              let parent = document as Record<string | number, unknown>;
              for (const key of at.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
              const last = at[at.length - 1]!;
              if (how === 'delete') {
                if (Array.isArray(parent)) parent.splice(Number(last), 1);
                else delete parent[last];
              } else if (how === 'proto' && typeof parent[last] === 'object' && parent[last] !== null && !Array.isArray(parent[last])) {
                parent[last] = JSON.parse(`{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}`);
              } else parent[last] = value;
            }
            if (seal) document = withChecksum(document);
            const file = join(root, `shard-${n++}.json`);
            writeFileSync(file, JSON.stringify(document));
            const args = ['merge', file, '--allow-partial', '--json'];
            expectHandled(await passk(...args), `passk ${args.join(' ')}\nedits ${JSON.stringify(edits).slice(0, 500)} sealed ${seal}`);
          },
        ),
        settings(runs.edits),
      );
    }, 240_000);

    it('random whole documents given as shard files', async () => {
      await fc.assert(
        fc.asyncProperty(treeArb, async (tree) => {
          const file = join(root, `whole-${n++}.json`);
          writeFileSync(file, toJson(tree));
          expectHandled(await passk('merge', file, '--allow-partial'), `passk merge ${toJson(tree).slice(0, 1000)}`);
        }),
        settings(runs.documents),
      );
    }, 120_000);
  });
}
