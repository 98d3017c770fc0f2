import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkResultDocument } from '../../../packages/cli/src/results/checkResultDocument.js';
import { judgeCorrectedDifference } from '../../../packages/sim/src/internal.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { fixture, passk } from '../../helpers/runPassk.js';

// `passk compare A B --truth-col` and `passk plan audit` in-process. The numbers come from
// the library (test/sim/judged/, Python reference test/reference/ppi.py): here, that the command
// passes the logs through to it unchanged, its document is valid, and bad input gets one line.
const folder = mkdtempSync(join(tmpdir(), 'passk-judged-compare-'));

/** Two judged runs of 40 tasks × 3 attempts (seeded), the truth on the first 24 tasks of each. */
function runs(): { a: string; b: string; pairs: { a: { n: number; c: number; truth?: number }; b: { n: number; c: number; truth?: number } }[] } {
  const rng = streamRng(5, 'judged-compare');
  const pairs = [];
  const lines = { a: ['task_id,judge,truth'], b: ['task_id,judge,truth'] };
  for (let t = 0; t < 40; t++) {
    const p = rng.uniform();
    const side = (rate: number, rows: string[]) => {
      let c = 0;
      let truth = 0;
      for (let i = 0; i < 3; i++) {
        const right = rng.uniform() < rate;
        const accepted = rng.uniform() < (right ? 0.9 : 0.3);
        c += accepted ? 1 : 0;
        truth += right ? 1 : 0;
        rows.push(`t${t},${accepted ? 1 : 0},${t < 24 ? (right ? 1 : 0) : ''}`);
      }
      return t < 24 ? { n: 3, c, truth } : { n: 3, c };
    };
    pairs.push({ a: side(p, lines.a), b: side(Math.min(1, p + 0.2), lines.b) });
  }
  const a = join(folder, 'a.csv');
  const b = join(folder, 'b.csv');
  writeFileSync(a, `${lines.a.join('\n')}\n`);
  writeFileSync(b, `${lines.b.join('\n')}\n`);
  return { a, b, pairs };
}

describe('compare --truth-col', () => {
  const { a, b, pairs } = runs();

  it('JSON: the corrected difference where the plain one stands, as the library computes it; a valid document', async () => {
    const run = await passk('compare', a, b, '--success-col', 'judge', '--truth-col', 'truth', '--k', '1,2', '--json');
    expect(run.stderr).toBe('');
    const document = JSON.parse(run.stdout);
    expect(() => checkResultDocument(document, 'compare')).not.toThrow();
    const comparison = document.comparisons[0];
    expect(comparison.audit.tasks).toEqual({ baseline: 24, candidate: 24, both: 24 });
    const expected = judgeCorrectedDifference(pairs, [1, 2], { confidence: 0.95, sides: 2 });
    for (const [i, row] of comparison.rows.entries()) {
      for (const metric of ['passAtK', 'passHatK'] as const) {
        const want = expected[i]![metric];
        expect(row[metric].difference).toBe(want.corrected!.estimate);
        expect([row[metric].interval.lower, row[metric].interval.upper]).toEqual([want.corrected!.interval!.lower, want.corrected!.interval!.upper]);
        expect(row[metric].judgeOnly.estimate).toBe(want.judgeOnly!.estimate);
        expect(row[metric].verdict).toBe(want.verdict);
        expect(row[metric].pValue).toBeNull();
      }
    }
  });

  it('text: the answer first, lines of at most 100 characters', async () => {
    const run = await passk('compare', a, b, '--success-col', 'judge', '--truth-col', 'truth');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\n\ncorrected pass@1 B − A [+−]\d+\.\d pt \[.*\] pt: (b is higher|b is lower|no difference shown);\n  the judge alone says /);
    for (const line of run.stdout.split('\n').filter((line) => !line.startsWith('  read as'))) expect(line.length, line).toBeLessThanOrEqual(100);
  });

  it('bad input: no task audited in both runs, one line and exit 2', async () => {
    const none = join(folder, 'none.csv');
    writeFileSync(none, 'task_id,judge,truth\nt0,1,\nt1,0,\n');
    const run = await passk('compare', a, none, '--success-col', 'judge', '--truth-col', 'truth');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd()).toBe('passk: --truth-col: must hold the truth on at least one attempt (no task is audited), got "truth"');
  });

  it('bad input: three runs', async () => {
    const run = await passk('compare', a, b, a, '--name', 'x', '--name', 'y', '--name', 'z', '--success-col', 'judge', '--truth-col', 'truth');
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd()).toBe('passk: --truth-col: compares two runs (A B) for now, got 3');
  });
});

describe('plan audit', () => {
  it('from rates: the plan of the library (test/sim/judged/planAudit.test.ts: 130 and 413)', async () => {
    const run = await passk(
      'plan',
      'audit',
      '--tasks',
      '500',
      '--mean',
      '0.6',
      '--concentration',
      '3',
      '--trials',
      '5',
      '--judge-false-accept',
      '0.05',
      '--judge-false-reject',
      '0.02',
      '--half-width',
      '0.03',
      '--json',
    );
    expect(run.stderr).toBe('');
    const document = JSON.parse(run.stdout);
    expect(() => checkResultDocument(document, 'plan')).not.toThrow();
    expect([document.audited, document.auditOnly]).toEqual([130, 413]);
  });

  it('text: the answer first', async () => {
    const run = await passk(
      'plan',
      'audit',
      fixture('judged/tau2-judge.csv'),
      '--where',
      'domain=telecom',
      '--success-col',
      'judge',
      '--truth-col',
      'truth',
      '--half-width',
      '0.1',
    );
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toMatch(/^audit \d+ of 114 tasks for pass@1 ± 10\.0% \(95% two-sided\)$/);
  });

  const bad: Array<[string, string[], string]> = [
    [
      'a rate missing',
      ['--tasks', '500', '--mean', '0.6', '--trials', '5', '--judge-false-accept', '0.05', '--half-width', '0.03'],
      'passk: --judge-false-reject: is required without a pilot FILE (or give a pilot log with --truth-col)',
    ],
    [
      'pass^k from rates',
      [
        '--tasks',
        '500',
        '--mean',
        '0.6',
        '--trials',
        '5',
        '--judge-false-accept',
        '0.05',
        '--judge-false-reject',
        '0.1',
        '--half-width',
        '0.03',
        '--metric',
        'passHatK',
        '--k',
        '3',
      ],
      'passk: --k: must be 1 with pass@1 when planning from rates (a pilot FILE plans any metric and k), got 3',
    ],
    [
      'pilot without --truth-col',
      [fixture('judged/tau2-judge.csv'), '--success-col', 'judge', '--half-width', '0.05'],
      'passk: --truth-col: is required with a pilot FILE (the column with the truth on its audited tasks)',
    ],
  ];
  for (const [label, args, message] of bad) {
    it(`bad input, one line and exit 2: ${label}`, async () => {
      const run = await passk('plan', 'audit', ...args);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trimEnd()).toBe(message);
    });
  }
});
