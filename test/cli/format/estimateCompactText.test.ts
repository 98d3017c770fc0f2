import { describe, expect, it } from 'vitest';
import { estimateSteps, runSteps, type TasksEstimateResult } from '../../../packages/sim/src/index.js';
import { groupTaskCounts } from '../../../packages/sim/src/estimators/taskAverage.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import type { FileEstimate } from '../../../packages/cli/src/format/fileEstimate.js';
import { formatFileEstimate } from '../../../packages/cli/src/format/fileEstimateOutput.js';
import { fullBody, renderTerminal } from '../../../packages/cli/src/format/terminalReport.js';
import { terminalView } from '../../../packages/cli/src/format/terminalView.js';
import { fixture, passk, passkWith } from '../../helpers/runPassk.js';

// `passk estimate FILE` computes the this-benchmark intervals (CI (trials)) only for the outputs that
// show them: --json, --markdown, --chart and --wide text. The compact text table leaves that column
// out (WIDE_ONLY in format/terminalLayout.ts), so it must not change when they are missing: checked
// here through the real formatting, at several widths, on counts with and without tasks at n < k.

const COUNTS = [
  // 12 tasks of 10 trials, 6 of 5: at k > 5 a third of the tasks are not estimable.
  { n: [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 5, 5, 5, 5, 5, 5], c: [0, 1, 3, 9, 10, 10, 4, 6, 7, 2, 8, 10, 0, 0, 2, 5, 5, 4] },
  // Every task at n/n (no spread), and a single task.
  { n: [4, 4, 4], c: [4, 4, 4] },
  { n: [8], c: [5] },
];

function fileEstimate(n: number[], c: number[], benchmark: boolean, bootstrap = 0): FileEstimate {
  const { p: _p, ...estimated }: TasksEstimateResult = runSteps(estimateSteps({ tasks: groupTaskCounts(n, c) }, { ks: [1, 2, 5, 8], benchmark, bootstrap }));
  return { source: { file: 'results.csv', format: 'csv', rows: n.reduce((s, x) => s + x, 0), columns: {} }, ...estimated };
}

function text(result: FileEstimate, wide: boolean, columns: number): string {
  const view = { ...terminalView({ stdout: () => {}, stderr: () => {}, env: { COLUMNS: String(columns), NO_COLOR: '1' } } as never), wide };
  const report = formatFileEstimate(result);
  return renderTerminal({ ...report, body: fullBody(report) }, view);
}

describe('estimate FILE: the compact text does not show the this-benchmark intervals', () => {
  it.each(COUNTS)('the same text without them, at 40, 80 and 200 columns; --wide shows them', ({ n, c }) => {
    const both = fileEstimate(n, c, true);
    const population = fileEstimate(n, c, false);
    expect(population.rows.every((row) => row.benchmark.passAtK === null && row.benchmark.passHatK === null)).toBe(true);
    expect(population.rows.map((row) => row.interval)).toEqual(both.rows.map((row) => row.interval));
    for (const columns of [40, 80, 200]) expect(text(population, false, columns)).toBe(text(both, false, columns));
    // With --wide the column is there, so its intervals must be computed (they differ from '—').
    if (both.rows.some((row) => row.benchmark.passAtK !== null)) expect(text(population, true, 200)).not.toBe(text(both, true, 200));
    // With the bootstrap column as well.
    expect(text(fileEstimate(n, c, false, 20), false, 80)).toBe(text(fileEstimate(n, c, true, 20), false, 80));
  });

  it('estimateSteps: benchmark must be true or false', () => {
    const tasks = groupTaskCounts([4, 4], [1, 3]);
    expect(() => runSteps(estimateSteps({ tasks }, { benchmark: 'no' as unknown as boolean }))).toThrow(InputError);
    expect(() => runSteps(estimateSteps({ tasks }, { benchmark: 'no' as unknown as boolean }))).toThrow(/options\.benchmark: must be true or false/);
  });

  it('the CLI: CI (trials) with --wide and in --json and --markdown, computed; the compact text unchanged by them', async () => {
    const file = fixture('seeds/agent-b.jsonl');
    const wide = (await passkWith({ COLUMNS: '200', NO_COLOR: '1' }, 'estimate', file, '--k', '1,8', '--wide')).stdout;
    expect(wide).toContain('CI (trials)');
    expect(wide).not.toMatch(/CI \(trials\)[^\n]*\n[^\n]*\n[^\n]*—/);
    const json = JSON.parse((await passk('estimate', file, '--k', '1,8', '--json')).stdout);
    expect(json.rows.every((row: { benchmark: { passAtK: unknown } }) => row.benchmark.passAtK !== null)).toBe(true);
    expect((await passk('estimate', file, '--k', '1,8', '--markdown')).stdout).toMatch(/\d%, \d/);
    const compact = (await passkWith({ COLUMNS: '80', NO_COLOR: '1' }, 'estimate', file, '--k', '1,8')).stdout;
    expect(compact).not.toContain('CI (trials)');
  });
});
