import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkResultDocument } from '../../../packages/cli/src/results/checkResultDocument.js';
import { fixture, passk } from '../../helpers/runPassk.js';

// `passk estimate FILE --truth-col COL` in-process: the judge-corrected estimate (library:
// test/sim/judged/, Python reference test/reference/ppi.py) with the judge-only and audit-only
// values beside it, in text and JSON, and the bad inputs that get one line and exit 2.
const FIXTURE = fixture('judged/tau2-judge.csv');
const folder = mkdtempSync(join(tmpdir(), 'passk-judged-'));
function csv(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

describe('estimate --truth-col', () => {
  it('JSON: the corrected values where the plain ones stand, judge-only and audit-only beside them, a valid document', async () => {
    const run = await passk('estimate', FIXTURE, '--success-col', 'judge', '--truth-col', 'truth', '--where', 'domain=retail', '--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout);
    expect(() => checkResultDocument(document, 'estimate')).not.toThrow();
    expect(document.audit).toEqual({ tasks: 40, of: 114, column: 'truth' });
    const row = document.rows[0];
    // Judge alone: 95 of 114 verdicts pass; audit alone: the truth on the 40 audited tasks (fixture script's audit).
    expect(row.judgeOnly.passAtK.estimate).toBeCloseTo(95 / 114, 12);
    expect(row.auditOnly.passAtK.tasks).toBe(40);
    expect(row.passAtK).toBe(row.correction.passAtK.raw);
    expect(row.interval.passAtK.lower).toBeLessThan(row.passAtK);
    expect(row.interval.passAtK.upper).toBeGreaterThan(row.passAtK);
    // The truth of all 114 tasks (68 succeed, ../shared/data/real README) lies in the corrected
    // interval, not in the judge-only one.
    expect(row.interval.passAtK.lower).toBeLessThan(68 / 114);
    expect(row.interval.passAtK.upper).toBeGreaterThan(68 / 114);
    expect(row.judgeOnly.passAtK.interval.lower).toBeGreaterThan(68 / 114);
  });

  it('text: the answer first, lines of at most 100 characters', async () => {
    const run = await passk('estimate', FIXTURE, '--success-col', 'judge', '--truth-col', 'truth', '--where', 'domain=telecom');
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines.find((line) => line.startsWith('corrected pass@1 '))).toMatch(/^corrected pass@1 \d+\.\d% \[.*\]; the judge alone says 30\.7%;$/);
    expect(run.stdout).toContain('(40 of 114 tasks audited)');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(100);
  });

  it('pass@k and pass^k for k up to n on a log with several attempts per task', async () => {
    const rows = ['task_id,judge,truth'];
    for (let t = 0; t < 12; t++) for (let i = 0; i < 3; i++) rows.push(`t${t},${(t + i) % 3 === 0 ? 0 : 1},${t < 6 ? ((t * i) % 2 === 0 ? 1 : 0) : ''}`);
    const run = await passk('estimate', csv('three.csv', `${rows.join('\n')}\n`), '--success-col', 'judge', '--truth-col', 'truth', '--json');
    expect(run.stderr).toBe('');
    const document = JSON.parse(run.stdout);
    expect(document.rows.map((row: { k: number }) => row.k)).toEqual([1, 2, 3]);
    expect(document.rows[2].auditOnly.passHatK.tasks).toBe(6);
  });

  const bad: Array<[string, string[], RegExp]> = [
    [
      'truth column = success column',
      [FIXTURE, '--success-col', 'judge', '--truth-col', 'judge'],
      /^passk: --truth-col: must name another column than the judge's verdicts \(the success column\), got "judge"$/,
    ],
    [
      'no such column',
      [FIXTURE, '--success-col', 'judge', '--truth-col', 'nothere'],
      /^passk: --truth-col: must name a column of the file; columns: "domain", "task_id", "judge", "truth", got "nothere"$/,
    ],
    [
      'no audited task',
      [csv('none.csv', 'task_id,judge,truth\na,1,\nb,0,\n'), '--success-col', 'judge', '--truth-col', 'truth'],
      /^passk: --truth-col: must hold the truth on at least one attempt \(no task is audited\), got "truth"$/,
    ],
    [
      'truth without a verdict',
      [csv('noverdict.csv', 'task_id,judge,truth\na,1,1\nb,,0\nc,1,\n'), '--success-col', 'judge', '--truth-col', 'truth'],
      /^passk: --truth-col: rows with the truth must also have a verdict: task "b" has the truth but no verdict, got "truth"$/,
    ],
    [
      'truth on part of a task',
      [csv('partial.csv', 'task_id,judge,truth\na,1,1\na,0,\nc,1,\n'), '--success-col', 'judge', '--truth-col', 'truth'],
      /^passk: --truth-col: must hold the truth on every attempt of an audited task: task "a" has it on 1 of 2, got "truth"$/,
    ],
    [
      'rate file',
      [csv('rate.csv', 'task,rate,truth\na,0.5,1\n'), '--rate-col', 'rate', '--rate-n', '4', '--truth-col', 'truth'],
      /^passk: --truth-col: needs one row per attempt: per-task summaries \(--counts, --rate-col\) cannot carry the truth beside the verdict, got "truth"$/,
    ],
    [
      'with --bootstrap',
      [FIXTURE, '--success-col', 'judge', '--truth-col', 'truth', '--bootstrap', '100'],
      /^passk: --bootstrap: cannot be combined with --truth-col .*, got 100$/,
    ],
  ];
  for (const [label, args, message] of bad) {
    it(`bad input, one line and exit 2: ${label}`, async () => {
      const run = await passk('estimate', ...args);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trimEnd()).toMatch(message);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    });
  }
});
