import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompareDocument } from '../../../packages/cli/src/format/compareDocument.js';
import { fixture, passk, passkProcess } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

const F = (name: string) => fixture(`compare/${name}`);
// Expected numbers: test/fixtures/compare/expected.json from `python3 test/fixtures/compare/reference.py` (numpy/scipy).
const expected = JSON.parse(readFileSync(F('expected.json'), 'utf8')) as {
  pairs: Record<
    string,
    {
      meanSuccess: { difference: number; se: number; pValue: number; holm?: number };
      rows: { k: number; passHatK: { difference: number; se: number; pValue: number; holm?: number } }[];
    }
  >;
};

async function compareJson(...args: string[]): Promise<CompareDocument> {
  const run = await passk('compare', ...args, '--json');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as CompareDocument;
}

describe('passk compare', () => {
  it('two files: the passk.compare document with the reference numbers, paired by task', async () => {
    const document = await compareJson(F('small-a.csv'), F('small-b.csv'), '--k', '1,2,4', '--bootstrap', '0');
    expect(document.kind).toBe('passk.compare');
    expect(document.runs.map((run) => run.name)).toEqual(['small-a', 'small-b']);
    const [comparison] = document.comparisons;
    expect(comparison!.pairing).toMatchObject({ mode: 'paired', onlyInBaseline: ['t00'], onlyInCandidate: ['t12'] });
    expect(comparison!.rows[2]!.notEstimable).toEqual({ count: 1, tasks: ['t03'] });
    const reference = expected.pairs.small!;
    reference.rows.forEach((row, i) => {
      expect(comparison!.rows[i]!.passHatK!.difference).toBeCloseTo(row.passHatK.difference, 12);
      expect(comparison!.rows[i]!.passHatK!.se).toBeCloseTo(row.passHatK.se, 12);
      expect(comparison!.rows[i]!.passHatK!.pValue!.value).toBeCloseTo(row.passHatK.pValue, 12);
    });
  });

  it('text output leads each comparison with the pairing, then the table, then the answer and the per-task view', async () => {
    const run = await passk('compare', F('small-a.csv'), F('small-b.csv'), '--k', '1..4', '--bootstrap', '0');
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    // First each run as read (as estimate names it), then the comparison.
    expect(lines[0]).toMatch(/^small-a: \S*small-a\.csv, 72 attempts over 12 tasks$/);
    expect(lines[1]).toMatch(/^  read as csv/);
    const at = lines.indexOf('B = small-b against A = small-a');
    expect(at).toBeGreaterThan(1);
    expect(lines[at + 1]).toMatch(/^paired by task: 11 tasks in both runs \(overlap 84\.6%\); only in small-a: t00; only in small-b: t12$/);
    // pass^3 over the 11 tasks: the python reference gives d = +17.4 pt, p = 0.016 (exact) and the
    // paired-difference score interval [−0.07247, 0.40049] (reference.py difference_interval('passHatK', 3)):
    // it includes 0 (3–8 trials per task: the trial noise alone is wide), so the answer is not "better".
    expect(run.stdout).toMatch(
      /^answer: Not conclusive whether small-b differs from small-a at pass\^3: B − A = \+17\.4 pt, the permutation test rejects but the interval includes 0 \(95% paired interval \[−3\.4, \+36\.8\] pt, p = 0\.016, 11 tasks\)\.$/m,
    );
    expect(run.stdout).toMatch(/^per task: 0 fixed .*7 improved, 1 worsened, 3 unchanged$/m);
  });

  it('--by model splits one file; --baseline picks the run the others are held against; Holm over the two comparisons', async () => {
    const byModel = await compareJson(F('runs.csv'), '--by', 'model', '--k', '1,2,4', '--bootstrap', '0');
    const files = await compareJson(F('small-a.csv'), F('small-b.csv'), F('small-c.csv'), '--k', '1,2,4', '--bootstrap', '0');
    expect(byModel.runs.map((run) => [run.name, run.by])).toEqual([
      ['alpha', { column: 'model', value: 'alpha' }],
      ['beta', { column: 'model', value: 'beta' }],
      ['gamma', { column: 'model', value: 'gamma' }],
    ]);
    expect(byModel.correction).toBe('holm');
    expect(byModel.comparisons.map((c) => c.rows)).toEqual(files.comparisons.map((c) => c.rows));
    // Holm-adjusted p-values of the python reference (its holm(), over the pairs small and small-c).
    const [b, c] = byModel.comparisons;
    expect(b!.meanSuccess.adjustedPValue).toBeCloseTo(expected.pairs.small!.meanSuccess.holm!, 12);
    expect(c!.meanSuccess.adjustedPValue).toBeCloseTo(expected.pairs['small-c']!.meanSuccess.holm!, 12);
    expect(c!.rows[2]!.passHatK!.adjustedPValue).toBeCloseTo(expected.pairs['small-c']!.rows[2]!.passHatK.holm!, 12);
    const againstBeta = await compareJson(F('runs.csv'), '--by', 'model', '--baseline', 'beta', '--k', '2', '--bootstrap', '0');
    expect(againstBeta.baseline).toBe('beta');
    expect(againstBeta.comparisons.map((comparison) => comparison.candidate)).toEqual(['alpha', 'gamma']);
    expect(againstBeta.comparisons[0]!.rows[0]!.passHatK!.difference).toBeCloseTo(-expected.pairs.small!.rows[1]!.passHatK.difference, 12);
  });

  it('each file with its own options where they differ (an option repeated once per file, in file order)', async () => {
    const dir = tempDir('per-file');
    const jsonl = join(dir, 'small-b.jsonl');
    const rows = readFileSync(F('small-b.csv'), 'utf8')
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(','));
    writeFileSync(
      jsonl,
      rows.map(([task, trial, success]) => JSON.stringify({ problem: task, attempt: Number(trial), ok: success === '1' })).join('\n') + '\n',
    );
    const mixed = await compareJson(
      F('small-a.csv'),
      jsonl,
      '--task-col',
      'task_id',
      '--task-col',
      'problem',
      '--success-col',
      'success',
      '--success-col',
      'ok',
      '--k',
      '1,2,4',
      '--bootstrap',
      '0',
    );
    const same = await compareJson(F('small-a.csv'), F('small-b.csv'), '--k', '1,2,4', '--bootstrap', '0');
    expect(mixed.comparisons[0]!.rows).toEqual(same.comparisons[0]!.rows);
    const wrong = await passk('compare', F('small-a.csv'), jsonl, F('small-c.csv'), '--task-col', 'task_id', '--task-col', 'problem');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe('passk: --task-col: must be given once (for every file) or once per file (3 times), got 2\n');
  });

  it('--markdown: a compact table for a pull-request comment, the answer in bold', async () => {
    const run = await passk('compare', F('small-a.csv'), F('small-b.csv'), '--k', '1,3', '--bootstrap', '0', '--markdown');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^### small-b against small-a\n\n\*\*Not conclusive whether small-b differs from small-a at pass\^3: B − A = \+17\.4 pt, the permutation test rejects/,
    );
    expect(run.stdout).toContain('| k | metric | tasks | small-a | small-b | B − A | SE | CI (paired) | p |');
    expect(run.stdout).toContain('| ---: | :--- | ---: |');
  });

  it('falls back to an unpaired comparison, labelled, when the runs share too few tasks', async () => {
    const run = await passk('compare', F('disjoint-a.csv'), F('disjoint-b.csv'), '--k', '1,2', '--bootstrap', '0');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^UNPAIRED: the runs share only 2 tasks \(overlap 11\.1% < 50%\)/m);
    expect(run.stdout).toContain('CI (unpaired)');
  });

  it('--chart writes the difference chart; the compare charts draw from the JSON', async () => {
    const dir = tempDir('compare');
    const run = await passk('compare', F('small-a.csv'), F('small-b.csv'), '--k', '1..4', '--bootstrap', '0', '--chart', join(dir, 'difference.vl.json'));
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/wrote compare-difference chart/);
    const spec = JSON.parse(readFileSync(join(dir, 'difference.vl.json'), 'utf8'));
    expect(spec.$schema).toMatch(/vega-lite\/v6/);
    const json = join(dir, 'compare.json');
    writeFileSync(json, (await passk('compare', F('small-a.csv'), F('small-b.csv'), F('small-c.csv'), '--k', '1..4', '--bootstrap', '0', '--json')).stdout);
    for (const kind of ['compare-curves', 'compare-difference', 'compare-tasks']) {
      const out = join(dir, `${kind}.svg`);
      const chart = await passk('chart', kind, '--from', json, '--out', out);
      expect(chart.code).toBe(0);
      expect(readFileSync(out, 'utf8')).toMatch(/^<svg/);
    }
  });
});

describe('passk compare and gate: bad input → one line, exit 2, nothing written', () => {
  const cases: Array<[label: string, args: string[], message: RegExp]> = [
    [
      'task ids of different types',
      ['compare', F('numbered.csv'), F('small-a.csv')],
      /^passk: \S*\/small-a\.csv: task ids do not match numbered's: numbered numbers its tasks \("0", …\) and small-a names them as text \("t00", …\); use --task-col/,
    ],
    [
      'no tasks in common',
      ['compare', F('small-a.csv'), F('large-b.csv')],
      /^passk: \S*\/large-b\.csv: has no tasks in common with small-a \(12 tasks such as "t00" against 60 such as "L0"\); runs are matched by task id$/,
    ],
    ['--by on a missing column', ['compare', F('runs.csv'), '--by', 'agent'], /^passk: .*runs\.csv.*agent/],
    [
      '--baseline not a value',
      ['compare', F('runs.csv'), '--by', 'model', '--baseline', 'delta'],
      /^passk: --baseline: must be one of the values of model \(alpha, beta, gamma\), got "delta"$/,
    ],
    ['one file without --by', ['compare', F('small-a.csv')], /^passk: passk compare: needs at least two results files/],
    [
      'malformed --require',
      ['gate', F('small-b.csv'), '--require', 'passHat@ 4 >= 0.8'],
      /^passk: --require: must be METRIC@K OP NUMBER .*, got "passHat@ 4 >= 0\.8"$/,
    ],
    ['--require threshold out of range', ['gate', F('small-b.csv'), '--require', 'passHat@4 >= 80'], /^passk: --require: threshold must be in \[0, 1\]/],
    [
      'gate --confidence at or below 0.5',
      ['gate', F('small-b.csv'), '--require', 'pass@1 >= 0.5', '--confidence', '0.4'],
      /^passk: --confidence: must be above 0\.5 for a one-sided bound to be on the safe side of the estimate, got 0\.4$/,
    ],
    ['delta without --baseline', ['gate', F('small-b.csv'), '--require', 'delta(pass@1) >= 0'], /^passk: --require: delta\(…\) needs --baseline OLD/],
    [
      'k beyond every n',
      ['gate', F('one-trial.csv'), '--require', 'passHat@2 >= 0.5'],
      /^passk: --require: pass\^2 is not estimable: no task has n ≥ 2 trials \(the largest n in one-trial is 1\)/,
    ],
  ];

  it.each(cases)('%s', (_label, args, message) => {
    const dir = tempDir('bad');
    const chart = join(dir, 'never.svg');
    const run = passkProcess(args[0] === 'compare' ? [...args, '--chart', chart] : args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(chart)).toBe(false);
  });
});

describe('passk gate: exit codes end to end (built binary)', () => {
  // small-b, pass^2 over its 12 tasks: 55.4 %, one-sided 95 % lower bound 35.1 % of the task-population
  // score interval (python3 test/fixtures/compare/gate_reference.py: 0.553571, 0.351452).
  it('0 when every requirement holds at its lower bound', () => {
    const run = passkProcess(['gate', F('small-b.csv'), '--require', 'passHat@2 >= 0.35', '--require', 'pass@1 >= 50%']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^PASS {4}passHat@2 >= 0\.35 +55\.4% +lower 35\.1% +task-population score interval, 12 tasks$/m);
    expect(run.stdout).toMatch(/^PASS \(2 of 2 requirements met\)$/m);
  });

  it('1 when one fails — the point estimate clearing the line is not enough', () => {
    const run = passkProcess(['gate', F('small-b.csv'), '--require', 'passHat@2 >= 0.40', '--require', 'pass@1 >= 50%']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAIL {4}passHat@2 >= 0\.40 +55\.4% +lower 35\.1%/m);
    expect(run.stdout).toMatch(/^FAIL \(1 of 2 requirements failed\)$/m);
    expect(run.stderr).toBe('');
  });

  it('delta against --baseline uses the paired lower bound; the Markdown goes to $GITHUB_STEP_SUMMARY too', () => {
    const dir = tempDir('gate');
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '# earlier step\n');
    process.env.GITHUB_STEP_SUMMARY = summary;
    try {
      // pass^2, small-b − small-a over 11 tasks: d = +13.9 pt (reference.py); one-sided 95 % bound = the lower
      // end of the two-sided 90 % paired-difference score interval, −0.0095637 (python: reference.CONFIDENCE = 0.90;
      // reference.difference_interval(A, B, 'passHatK', 2) over the 11 common tasks).
      const pass = passkProcess(['gate', F('small-b.csv'), '--baseline', F('small-a.csv'), '--require', 'delta(passHat@2) >= -0.05']);
      expect(pass.code).toBe(0);
      expect(pass.stdout).toMatch(/^PASS {4}delta\(passHat@2\) >= -0\.05 +\+13\.9 pt +lower −1\.0 pt +paired-difference score interval, 11 tasks$/m);
      const fail = passkProcess(['gate', F('small-b.csv'), '--baseline', F('small-a.csv'), '--require', 'delta(passHat@2) >= 0.10', '--markdown']);
      expect(fail.code).toBe(1);
      expect(fail.stdout).toMatch(/^### passk gate: FAIL \(1 of 1 requirement failed\)$/m);
      expect(fail.stdout).toContain('| FAIL | delta(passHat@2) >= 0.10 | +13.9 pt | lower −1.0 pt | paired-difference score interval, 11 tasks |');
      const written = readFileSync(summary, 'utf8');
      expect(written.startsWith('# earlier step\n### passk gate: PASS')).toBe(true);
      expect(written).toContain('### passk gate: FAIL');
    } finally {
      delete process.env.GITHUB_STEP_SUMMARY;
    }
  });
});

describe('passk estimate --markdown', () => {
  it('prints the estimate table as a Markdown table', async () => {
    const run = await passk('estimate', F('small-a.csv'), '--k', '1,4', '--markdown');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\*\*.*small-a\.csv\*\*: 72 attempts over 12 tasks/);
    expect(run.stdout).toContain('| k | tasks | pass@k |');
    const task = await passk('estimate', '--n', '30', '--c', '27', '--k', '8', '--markdown');
    expect(task.stdout).toContain('| 8 | 100.0% |');
  });
});
