import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readResultGroups, readTaskCounts } from '../../../packages/cli/src/io/readTaskCounts.js';
import { fixture, passkWide } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

// Harness logs built by test/fixtures/logs/make-fixtures.py; every expected (n, c) below is read
// off that script's comments (hand counts), costs from its numbers by hand.
const log = (name: string) => fixture(`logs/${name}`);
const perTask = (counts: { taskIds: string[]; n: number[]; c: number[] }) => counts.taskIds.map((task, i) => [task, counts.n[i], counts.c[i]]);

describe('harness formats, detected by content', () => {
  it.each<[string, string, (string | number)[][]]>([
    [
      'terminal-bench-results.json',
      'terminal-bench',
      [
        ['a', 3, 1],
        ['b', 3, 0],
      ],
    ],
    [
      'terminal-bench-runs',
      'terminal-bench',
      [
        ['a', 2, 2],
        ['b', 2, 0],
      ],
    ],
    [
      'tau2-results.json',
      'tau2-bench',
      [
        ['1', 2, 1],
        ['2', 2, 2],
      ],
    ],
    [
      'cruxeval-scored.json',
      'cruxeval',
      [
        ['sample_0', 4, 3],
        ['sample_1', 4, 0],
      ],
    ],
    [
      'task-outcomes.json',
      'task-outcomes',
      [
        ['x', 2, 1],
        ['y', 2, 2],
      ],
    ],
    [
      'samples_gsm8k_2026.jsonl',
      'lm-eval',
      [
        ['0', 3, 2],
        ['1', 3, 0],
      ],
    ],
    [
      'records.json',
      'json',
      [
        ['t1', 2, 1],
        ['t2', 1, 1],
      ],
    ],
    [
      'inspect-demo.eval',
      'inspect',
      [
        ['s1', 2, 1],
        ['s2', 2, 2],
      ],
    ],
  ])('%s → %s', async (name, format, expected) => {
    const counts = await readTaskCounts(log(name));
    expect(counts.format).toBe(format);
    expect(perTask(counts)).toEqual(expected);
  });

  it('Terminal-Bench: is_resolved null counts as a failure by default, and the output says so', async () => {
    const counts = await readTaskCounts(log('terminal-bench-results.json'));
    expect(counts.dropped).toMatchObject({ missing: 'fail', missingIsDefault: true, countedAsFailures: 4 });
    const dropped = await readTaskCounts(log('terminal-bench-results.json'), { missing: 'drop' });
    // b has no outcome at all under drop: a 1/2 only, b left out.
    expect(perTask(dropped)).toEqual([['a', 2, 1]]);
    const run = await passkWide('estimate', log('terminal-bench-results.json'), '--bootstrap', '0');
    expect(run.stdout).toContain(
      '4 attempts without an outcome counted as failures (--missing fail, the default for terminal-bench; --missing drop leaves them out)',
    );
    expect(run.stdout).toContain('read as terminal-bench (detected; --format forces another)');
  });

  it('τ²-bench: an infrastructure_error run is excluded and counted; cost and latency from agent_cost and duration', async () => {
    const counts = await readTaskCounts(log('tau2-results.json'));
    expect(counts.dropped.reasons).toEqual({ missing: 0, error: 1 });
    // Costs 0.02, 0.04, 0.01, 0.01 → mean 0.02; durations 10, 30, 5, 5 → mean 12.5.
    expect(counts.cost!.amounts.values()).toEqual([0.02, 0.04, 0.01, 0.01]);
    expect(counts.latency!.amounts.values()).toEqual([10, 30, 5, 5]);
  });

  it('inspect: tokens priced per million, total_time as latency; JSON log needs --scorer when two scorers', async () => {
    const counts = await readTaskCounts(log('inspect-demo.eval'), { priceIn: 1, priceOut: 10 });
    // 1000 input + 100 output tokens per sample: 1000·1/1e6 + 100·10/1e6 = 0.002.
    expect(counts.cost!.amounts.values()).toEqual([0.002, 0.002, 0.002, 0.002]);
    expect(counts.latency!.amounts.values()).toEqual([2, 4, 2, 4]);
    await expect(readTaskCounts(log('inspect-demo.json'), { format: 'inspect' })).rejects.toThrow('--scorer: must name one of the scorers');
    const judged = await readTaskCounts(log('inspect-demo.json'), { format: 'inspect', scorer: 'judge' });
    expect(perTask(judged)).toEqual([['s1', 1, 0]]);
  });

  it('inspect: a dict-valued score is read at the key the log reports for its scorer; --score-key chooses another', async () => {
    // make-fixtures.py: results.scores names "solved" (scorer "steps"); s1 solved 0, 1; s2 1, 1; "total" is 3 everywhere.
    const counts = await readTaskCounts(log('inspect-dict-scores.json'));
    expect(counts.columns).toMatchObject({ scorer: 'steps', scoreKey: 'solved' });
    expect(perTask(counts)).toEqual([
      ['s1', 2, 1],
      ['s2', 2, 2],
    ]);
    await expect(readTaskCounts(log('inspect-dict-scores.json'), { scoreKey: 'nope' })).rejects.toThrow(
      '--score-key: must name a key of scorer "steps"\'s values: "solved", "total", got "nope"',
    );
  });

  it('estimate prints cost per attempt, per task and per solved task (k·c̄ / pass@k)', async () => {
    const run = await passkWide('estimate', log('tau2-results.json'), '--json', '--bootstrap', '0', '--k', '1,2');
    const out = JSON.parse(run.stdout);
    // Task 1: mean (0.02 + 0.04)/2 = 0.03; task 2: 0.01 → c̄ = 0.02. pass@1 = (1/2 + 1)/2 = 0.75; pass@2 = 1.
    expect(out.cost.perAttemptTaskAveraged).toBeCloseTo(0.02, 15);
    expect(out.cost.rows[0].perSolvedTask).toBeCloseTo(0.02 / 0.75, 15);
    expect(out.cost.rows[1].perTask).toBeCloseTo(0.04, 15);
    expect(out.latency.perAttempt).toBe(12.5);
  });
});

describe('column options on JSON inputs', () => {
  it('dot paths: --task-col sample.id --success-col scores.match.value', async () => {
    const counts = await readTaskCounts(log('nested.jsonl'), { taskColumn: 'sample.id', successColumn: 'scores.match.value' });
    expect(perTask(counts)).toEqual([
      ['s1', 2, 1],
      ['s2', 1, 0],
    ]);
  });

  it('a dot path into a missing field: one line listing the keys seen', async () => {
    const run = await passkWide('estimate', log('nested.jsonl'), '--task-col', 'sample.name', '--success-col', 'scores.match.value');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `passk: ${log('nested.jsonl')}: must have the task column "sample.name"; keys of the first object: "sample", "scores"; choose the task column with --task-col\n`,
    );
  });

  it('--counts N,C and --rate-col with --rate-n', async () => {
    expect(perTask(await readTaskCounts(log('counts.csv'), { countsColumns: 'n,c' }))).toEqual([
      ['q1', 4, 3],
      ['q2', 4, 0],
      ['q3', 2, 2],
    ]);
    const rates = await readTaskCounts(log('rates.jsonl'), { rateColumn: 'pass1', trialsPerTask: 4, where: ['model=m2'] });
    expect(perTask(rates)).toEqual([
      ['e0', 4, 2],
      ['e1', 4, 1],
    ]);
  });
});

describe('--where, --by and the one-system guard', () => {
  it('refuses several models in one read, naming the column, its values and both ways out', async () => {
    const run = await passkWide('estimate', log('rates.jsonl'), '--rate-col', 'pass1', '--rate-n', '4');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `passk: ${log('rates.jsonl')}: must hold the results of one system, but column "model" has 2 values ("m1", "m2"); ` +
        'read one with --where model=m1, or one estimate per value with --by model (passk compare compares them)\n',
    );
  });

  it('--where (repeatable, before or after FILE) keeps matching rows and is stated in the output', async () => {
    const run = await passkWide(
      'estimate',
      '--where',
      'model=m2',
      '--where',
      'example_id=e0',
      log('rates.jsonl'),
      '--rate-col',
      'pass1',
      '--rate-n',
      '4',
      '--bootstrap',
      '0',
    );
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').slice(0, 3)).toEqual([
      `${log('rates.jsonl')}: 4 attempts over 1 tasks, 4 trials each`,
      'read as jsonl (detected; --format forces another): task "example_id", rate "pass1" × n = 4',
      'only rows with model=m2, example_id=e0 (--where)',
    ]);
  });

  it('with --by, each group states its own missing outcomes and empty tasks', async () => {
    const dir = tempDir('groups');
    const file = join(dir, 'g.csv');
    // m1: a 1, a (none), b (none) → a 1/1, b empty; m2: a 0, b 1.
    await writeFile(file, 'task_id,model,success\na,m1,1\na,m1,\nb,m1,\na,m2,0\nb,m2,1\n');
    const { groups } = await readResultGroups(file, { by: 'model', missing: 'drop' });
    expect(groups.map(({ group, counts }) => [group, counts.dropped.reasons.missing, counts.dropped.tasks, perTask(counts)])).toEqual([
      ['m1', 2, 1, [['a', 1, 1]]],
      [
        'm2',
        0,
        0,
        [
          ['a', 1, 0],
          ['b', 1, 1],
        ],
      ],
    ]);
    const failed = await readResultGroups(file, { by: 'model', missing: 'fail' });
    expect(failed.groups.map(({ group, counts }) => [group, counts.dropped.countedAsFailures, perTask(counts)])).toEqual([
      [
        'm1',
        2,
        [
          ['a', 2, 1],
          ['b', 1, 0],
        ],
      ],
      [
        'm2',
        0,
        [
          ['a', 1, 0],
          ['b', 1, 1],
        ],
      ],
    ]);
  });

  it('readResultGroups splits by a column, groups in order of first appearance', async () => {
    const { by, groups } = await readResultGroups(log('rates.jsonl'), { rateColumn: 'pass1', trialsPerTask: 4, by: 'model' });
    expect(by).toBe('model');
    expect(groups.map(({ group, counts }) => [group, perTask(counts)])).toEqual([
      [
        'm1',
        [
          ['e0', 4, 3],
          ['e1', 4, 0],
        ],
      ],
      [
        'm2',
        [
          ['e0', 4, 2],
          ['e1', 4, 1],
        ],
      ],
    ]);
  });
});

describe('many inputs', () => {
  it('several files combine; the same (task, trial) twice names both places', async () => {
    const one = log('terminal-bench-runs/run1_results.json');
    const two = log('terminal-bench-runs/run2_results.json');
    expect(perTask(await readTaskCounts([one, two]))).toEqual([
      ['a', 2, 2],
      ['b', 2, 0],
    ]);
    await expect(readTaskCounts([one, one])).rejects.toThrow(
      `${one} (record 1): duplicate of task "a" trial "a.1-of-1.run1" (first at record 1 of the same file, given twice)`,
    );
  });

  it('a glob names the files it matches, sorted; a folder its results files', async () => {
    const glob = await readTaskCounts(log('terminal-bench-runs/*.json'));
    expect(glob.sources).toEqual([log('terminal-bench-runs/run1_results.json'), log('terminal-bench-runs/run2_results.json')]);
    expect(perTask(glob)).toEqual(perTask(await readTaskCounts(log('terminal-bench-runs'))));
    await expect(readTaskCounts(log('terminal-bench-runs/*.csv'))).rejects.toThrow('must match at least one file');
  });

  it('- reads standard input (through the built CLI when it exists)', () => {
    const main = fixture('../../packages/cli/dist/bundle/passk.cjs'); // the package's `bin`
    const run = spawnSync('node', [main, 'estimate', '-', '--bootstrap', '0', '--json'], {
      input: '{"task_id":"a","success":1}\n{"task_id":"a","success":0}\n',
      encoding: 'utf8',
    });
    if (run.error || run.status === null) return; // no build: covered by the in-process tests above
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).perTask).toMatchObject([{ task: 'a', n: 2, c: 1 }]);
  });

  it('- reads a CSV on standard input, which is never split between threads (it is read once, in order)', () => {
    const main = fixture('../../packages/cli/dist/bundle/passk.cjs'); // the package's `bin`
    // Above the 32 MiB at which a regular file may be split: 2.5 M rows of task a, every third a success.
    const rows = Array.from({ length: 3 }, (_, i) => `a,${i === 0 ? 1 : 0}\n`).join('');
    const input = `task,success\n${rows.repeat(Math.ceil((33 << 20) / rows.length))}`;
    if (!existsSync(main)) return; // no build: `pnpm test` builds first
    const run = spawnSync('node', [main, 'estimate', '-', '--k', '1', '--json'], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
    // An early exit shows as EPIPE (the input not read to its end) besides the status and stderr.
    expect(run.stderr).toBe('');
    expect(run.error).toBeUndefined();
    expect(run.status).toBe(0);
    const n = 3 * Math.ceil((33 << 20) / rows.length);
    expect(JSON.parse(run.stdout).perTask).toMatchObject([{ task: 'a', n, c: n / 3 }]);
  });
});

describe('bad input: one line, exit 2', () => {
  it('binary and compressed files are named for what they look like, never printed', async () => {
    const dir = tempDir('binary');
    await writeFile(join(dir, 'runs.csv'), Buffer.from([0x00, 0x01, 0x02, 0xff, 0x41, 0x0a]));
    await writeFile(join(dir, 'runs.jsonl.gz'), gzipSync('{"task_id":"a","success":1}\n'));
    const binary = await passkWide('estimate', join(dir, 'runs.csv'));
    expect(binary.stderr).toBe(
      `passk: ${join(dir, 'runs.csv')}: is a binary file, not a results file (formats: csv, tsv, jsonl, json, humaneval, tau-bench, tau2-bench, terminal-bench, inspect, cruxeval, task-outcomes, lm-eval, livecodebench, evalplus, bigcodebench; see docs/logs.md)\n`,
    );
    const gzip = await passkWide('estimate', join(dir, 'runs.jsonl.gz'));
    expect(gzip.code).toBe(2);
    expect(gzip.stderr).toContain('is gzip-compressed: decompress it first (gunzip)');
  });

  it.each<[string, string[], string]>([
    ['bad/truncated.eval', [], 'must be a complete zip archive (an inspect_ai .eval log) but cannot be read'],
    ['bad/not-inspect.eval', [], 'is a zip archive but not an inspect_ai log (it needs header.json and samples/<id>_epoch_<n>.json; entries: readme.txt)'],
    ['bad/mixed', [], 'must be in the format of'],
    ['inspect-demo.eval', ['--scorer', 'nope'], '--scorer: must name a scorer of the log; scorers: "match", got "nope"'],
    ['inspect-demo.eval', ['--format', 'csv'], 'is a zip archive, not csv: if this is an inspect_ai log use --format inspect'],
  ])('%s %j', async (name, flags, message) => {
    const run = await passkWide('estimate', log(name), '--bootstrap', '0', ...flags);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toHaveLength(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toMatch(/[\u0000-\u0008\u000e-\u001f]/);
  });
});
