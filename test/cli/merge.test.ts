import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulateDocument } from '../../packages/cli/src/results/simulateSchema.js';
import { fixture, passk, passkWide, type CliRun } from '../helpers/runPassk.js';

// `passk simulate --shard i/N --out DIR` and `passk merge`, in-process (--workers 1).
// small.yaml: 2 100 replicates = 33 blocks of 64 (the last one 52): 3 shards of 11 blocks.
// general.yaml: 700 replicates = 11 blocks: shards of 4, 3 and 4 blocks (splitReplicates rounds).
const SMALL = fixture('scenarios-cli/small.yaml');
const GENERAL = fixture('scenarios-cli/general.yaml');

const root = mkdtempSync(join(tmpdir(), 'passk-merge-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function simulate(...args: string[]): Promise<CliRun> {
  return passk('simulate', ...args, '--workers', '1');
}

/** Writes the N shards of a scenario into a new folder; returns their paths in shard order. */
async function writeShards(name: string, file: string, count: number, ...args: string[]): Promise<string[]> {
  const dir = join(root, name);
  for (let i = 1; i <= count; i++) {
    const run = await simulate(file, '--shard', `${i}/${count}`, '--out', dir, ...args);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    const name = `shard-${String(i).padStart(4, '0')}-of-${String(count).padStart(4, '0')}\\.json`;
    expect(run.stderr).toMatch(new RegExp(`^passk: wrote .*${name} \\(shard ${i}/${count}: \\d+ episodes in \\d+\\.\\d\\d s\\)\\n$`));
  }
  return Array.from({ length: count }, (_, i) => join(dir, `shard-${String(i + 1).padStart(4, '0')}-of-${String(count).padStart(4, '0')}.json`));
}

function expectOneLineError(run: CliRun, message: RegExp): void {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(message);
  expect(run.stderr).not.toMatch(/\n\s+at |internal error/);
}

/** The unsharded run of a scenario in one format, run once for every test that compares with it. */
const unsharded = new Map<string, Promise<CliRun>>();
function single(file: string, format: string | null): Promise<CliRun> {
  const key = `${file} ${format ?? 'table'}`;
  if (!unsharded.has(key)) unsharded.set(key, simulate(file, ...(format ? [format] : [])));
  return unsharded.get(key)!;
}

let small: string[];
let general: string[];
// Six runs: vitest's 10 s for a hook is too short on a loaded machine.
beforeAll(async () => {
  small = await writeShards('small', SMALL, 3);
  general = await writeShards('general', GENERAL, 3);
}, 120_000);

describe('simulate --shard i/N --out DIR', () => {
  it('writes shard-000i-of-000N.json files, nothing else, covering disjoint slices of whole blocks', () => {
    expect(readdirSync(join(root, 'small')).sort()).toEqual(['shard-0001-of-0003.json', 'shard-0002-of-0003.json', 'shard-0003-of-0003.json']);
    const ranges = small.map((path) => {
      const shard = JSON.parse(readFileSync(path, 'utf8')) as { format: string; partial: { ranges: unknown[]; done: number } };
      expect(shard.format).toBe('passk-shard/4');
      return shard.partial.ranges;
    });
    // 33 blocks in thirds: blocks 0–10, 11–21, 22–32 (the last block ends at replicate 2 100).
    expect(ranges).toEqual([[{ start: 0, end: 704 }], [{ start: 704, end: 1408 }], [{ start: 1408, end: 2100 }]]);
  });

  it('without --out, prints the shard on stdout', async () => {
    const run = await simulate(SMALL, '--shard', '2/3');
    expect(run.code).toBe(0);
    // The same shard but for its wall-clock seconds, the one field that varies between runs.
    const withoutSeconds = (text: string) => ({ ...JSON.parse(text), seconds: null });
    expect(withoutSeconds(run.stdout)).toEqual(withoutSeconds(readFileSync(small[1]!, 'utf8')));
  });

  it.each([
    ['4/3', /^passk: --shard: must be i\/N with 1 ≤ i ≤ N \(e\.g\. 2\/8\), or auto, got "4\/3"$/],
    ['0/3', /^passk: --shard: must be i\/N with 1 ≤ i ≤ N \(e\.g\. 2\/8\), or auto, got "0\/3"$/],
    ['two', /^passk: --shard: must be i\/N with 1 ≤ i ≤ N \(e\.g\. 2\/8\), or auto, got "two"$/],
  ])('--shard %s fails with exit 2 and one line', async (shard, message) => {
    expectOneLineError(await simulate(SMALL, '--shard', shard, '--out', join(root, 'never')), message);
    expect(readdirSync(root)).not.toContain('never');
  });

  it('into an unwritable folder: exit 2, one line, no temporary file left', async () => {
    const file = join(root, 'unwritable-file');
    writeFileSync(file, 'x');
    expectOneLineError(
      await simulate(SMALL, '--shard', '1/3', '--out', join(file, 'parts')),
      /shard-0001-of-0003\.json: must be a writable path \(ENOTDIR: part of the path is a file, not a folder\)$/,
    );
    expect(readdirSync(root).filter((name) => name.startsWith('unwritable') || name.endsWith('.tmp'))).toEqual(['unwritable-file']);
  });
});

describe('passk merge', () => {
  it('the N shards, in any order, give the single run to the byte (--json, --csv, table)', async () => {
    for (const [file, shards] of [
      [SMALL, small],
      [GENERAL, general],
    ] as const) {
      for (const format of ['--json', '--csv', null]) {
        const one = await single(file, format);
        expect(one.code).toBe(0);
        const merged = await passk('merge', ...shards!, ...(format ? [format] : []));
        expect(merged.stderr).toBe('');
        expect(merged.code).toBe(0);
        expect(merged.stdout).toBe(one.stdout);
      }
      const reversed = await passk('merge', ...[...shards!].reverse(), '--json');
      expect(reversed.stdout).toBe((await single(file, '--json')).stdout);
    }
  });

  it('--out writes the same files as simulate --out', async () => {
    const single = join(root, 'out-single');
    const merged = join(root, 'out-merged');
    expect((await simulate(SMALL, '--json', '--out', single)).code).toBe(0);
    expect((await passk('merge', ...small, '--json', '--out', merged)).code).toBe(0);
    for (const name of ['summary.json', 'summary.csv', 'scenario.yaml']) {
      expect(readFileSync(join(merged, name), 'utf8')).toBe(readFileSync(join(single, name), 'utf8'));
    }
  });

  it('with --allow-partial, some of the shards give a partial result that lists the missing ones', async () => {
    const run = await passk('merge', small[0]!, small[2]!, '--json', '--allow-partial');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('passk: partial result (--allow-partial): missing shards 2 of 3\n');
    const doc = JSON.parse(run.stdout) as { complete: boolean; replicates: { requested: number; done: number }; shards: unknown };
    expect(doc.complete).toBe(false);
    expect(doc.replicates).toEqual({ requested: 2100, done: 704 + 692 }); // shards 1 and 3
    expect(doc.shards).toEqual({ count: 3, missing: [2], incomplete: [] });
    const text = await passkWide('merge', small[0]!, small[2]!, '--allow-partial');
    expect(text.stdout).toContain('PARTIAL: 1396 of 2100 replicates');
  });

  it('a folder: its shard files, in shard order', async () => {
    const run = await passk('merge', join(root, 'small'), '--json');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe((await single(SMALL, '--json')).stdout);
  });

  it('shards of different scenarios: exit 2, one line', async () => {
    expectOneLineError(
      await passk('merge', small[0]!, general[1]!, '--json'),
      /^passk: \S*general\/shard-0002-of-0003\.json: must be a shard of the same run as \S*small\/shard-0001-of-0003\.json: its seed is general-path, not 7$/,
    );
  });

  it('shards of different seeds: exit 2, one line', async () => {
    const [, otherSeed] = await writeShards('small-seed-8', SMALL, 2, '--seed', '8');
    expectOneLineError(
      await passk('merge', small[0]!, otherSeed!, '--json'),
      /^passk: \S*small-seed-8\/shard-0002-of-0002\.json: must be a shard of the same run as \S*small\/shard-0001-of-0003\.json: its seed is 8, not 7$/,
    );
  });

  it('the same shard twice: exit 2, one line', async () => {
    expectOneLineError(
      await passk('merge', small[0]!, small[1]!, small[0]!, '--json'),
      /^passk: \S*small\/shard-0001-of-0003\.json: must be merged once: it is shard 1 of 3, as is \S*small\/shard-0001-of-0003\.json$/,
    );
  });

  it('a JSON file that is not a shard: exit 2, one line naming it', async () => {
    const summary = join(root, 'out-single', 'summary.json');
    writeFileSync(join(root, 'not-a-shard.json'), '{"rows": []}\n');
    expectOneLineError(
      await passk('merge', small[0]!, join(root, 'not-a-shard.json')),
      /^passk: \S+\.json: must be a shard file \(format passk-shard\/4\) written by passk simulate --shard or passk sweep --shard$/,
    );
    // A passk result is recognised as one (io/fileKind.ts): the line names the commands that read it.
    expectOneLineError(
      await passk('merge', small[0]!, summary),
      /^passk: \S+summary\.json: this is a passk result \(passk\.simulate\), not a shard file: `passk report \S+` or `passk chart KIND --from \S+` read it$/,
    );
  });

  it('not JSON, or no such file: exit 2, one line naming it', async () => {
    writeFileSync(join(root, 'notes.txt'), 'not a shard at all\n');
    expectOneLineError(
      await passk('merge', join(root, 'notes.txt')),
      /^passk: \S*notes\.txt: must be a shard file \(written by passk simulate or sweep --shard\) in JSON, but it is not valid JSON$/,
    );
    // A scenario is recognised as one (io/fileKind.ts).
    expectOneLineError(
      await passk('merge', SMALL),
      /^passk: \S*small\.yaml: this is a passk scenario file, not a shard file: run `passk simulate \S*small\.yaml`$/,
    );
    expectOneLineError(await passkWide('merge', join(root, 'missing.json')), /^passk: \S*missing\.json: must exist \(file not found\)$/);
  });

  it('--json with --csv: exit 2, one line', async () => {
    expectOneLineError(await passk('merge', ...small, '--json', '--csv'), /^passk: --json\/--csv: choose one output format$/);
  });
});

describe('passk merge of simulate --tasks-from shards (issue #10)', () => {
  // 60 tasks × 6 trials (test/fixtures/tasks-from/make_beta_tasks.py); 192 replicates = 3 blocks,
  // so that each of 3 shards holds one (what the merge carries is checked here, not how much).
  const LOG = fixture('tasks-from/beta-tasks.csv');
  const args = ['--tasks-from', LOG, '--replicates', '192'];
  // The unsharded run, once, with --out: its table (stdout), summary.json (the bytes --json prints) and
  // summary.csv (those --csv prints), compared with the merges of 2 and of 3 shards.
  let singles: Promise<Map<string, string>> | undefined;
  const singleFromLog = async (format: string | null): Promise<string> => {
    singles ??= (async () => {
      const out = join(root, 'tasks-from-single');
      const run = await simulate(...args, '--out', out);
      expect(run.code, run.stderr).toBe(0);
      const file = (name: string) => readFileSync(join(out, name), 'utf8');
      return new Map([
        ['table', run.stdout],
        ['--json', file('summary.json')],
        ['--csv', file('summary.csv')],
      ]);
    })();
    return (await singles).get(format ?? 'table')!;
  };

  it.each([2, 3])('%i shards carry the log’s observed values: the merge prints them as the single run does (--json, --csv, table)', async (count) => {
    const dir = join(root, `tasks-from-${count}`);
    const shards: string[] = [];
    for (let i = 1; i <= count; i++) {
      expect((await simulate(...args, '--shard', `${i}/${count}`, '--out', dir)).code).toBe(0);
      shards.push(join(dir, `shard-000${i}-of-000${count}.json`));
    }
    const unshardedRun = JSON.parse(await singleFromLog('--json')) as SimulateDocument;
    expect(unshardedRun.observed!.rows).toHaveLength(6);
    // Each shard holds the unsharded run's observed, as written (the log is not read at merge time).
    for (const path of shards) expect((JSON.parse(readFileSync(path, 'utf8')) as { observed: unknown }).observed).toEqual(unshardedRun.observed);
    const merged = await passk('merge', ...shards, '--json');
    expect(merged.stderr).toBe('');
    const document = JSON.parse(merged.stdout) as SimulateDocument;
    expect(document.observed).toEqual(unshardedRun.observed);
    expect(document.rows).toEqual(unshardedRun.rows);
    for (const format of ['--json', '--csv', null]) {
      const all = format === '--json' ? merged : await passk('merge', ...shards, ...(format ? [format] : []));
      expect(all.code).toBe(0);
      expect(all.stdout).toBe(await singleFromLog(format));
    }
    const text = (await passkWide('merge', ...shards)).stdout;
    expect(text).toContain('The log (beta-tasks.csv) against the simulation, k ≤ n:');
  });
});
