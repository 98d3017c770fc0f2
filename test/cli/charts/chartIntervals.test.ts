// One vocabulary of intervals (#45): every chart that draws an interval of a task-averaged pass@k or
// pass^k draws the interval the CLI prints for the same numbers, CI (tasks) — never ±z·SE. Each
// case runs the CLI (`--json`) on the same input twice: once for the chart's result, once for the
// command whose interval the reader compares it with (`estimate` of the same file), and reads the
// chart spec's data. The expected numbers are the CLI's own; what is tested is that the chart does
// not compute another interval.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareCurvesChart } from '../../../packages/cli/src/charts/compareCurvesChart.js';
import { compareDifferenceChart } from '../../../packages/cli/src/charts/compareDifferenceChart.js';
import { fitPassRatesChart } from '../../../packages/cli/src/charts/fitPassRatesChart.js';
import { passCurvesChart } from '../../../packages/cli/src/charts/passCurvesChart.js';
import { checkResultDocument } from '../../../packages/cli/src/results/checkResultDocument.js';
import type { ResultDocumentOf } from '../../../packages/cli/src/results/resultSchemas.js';
import { fixture, passk } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

const KS = [1, 2, 3, 4, 5];
const METRICS = [
  ['pass@k', 'passAtK'],
  ['pass^k', 'passHatK'],
] as const;

/** Two runs over the same 40 tasks with 6 trials each (every task paired at every k ≤ 6): c_t from a fixed pattern. */
function writeRuns(dir: string): { a: string; b: string } {
  const write = (name: string, successes: (t: number) => number) => {
    const rows = ['task_id,trial,success'];
    for (let t = 0; t < 40; t++) for (let i = 0; i < 6; i++) rows.push(`task-${t},${i},${i < successes(t) ? 1 : 0}`);
    const path = join(dir, `${name}.csv`);
    writeFileSync(path, `${rows.join('\n')}\n`);
    return path;
  };
  return { a: write('a', (t) => Math.min(6, (t * 5) % 8)), b: write('b', (t) => Math.min(6, ((t * 5) % 7) + (t % 3 === 0 ? 1 : 0))) };
}

async function json(args: string[]): Promise<any> {
  const run = await passk(...args, '--json');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout);
}

/** The `rows[k].interval` of `passk estimate FILE --json`, by metric. */
function estimateIntervals(estimate: any, k: number, key: 'passAtK' | 'passHatK') {
  const row = estimate.rows.find((r: any) => r.k === k);
  return { lower: row.interval[key].lower, upper: row.interval[key].upper };
}

describe('every chart draws the CLI interval (CI (tasks)) of the same result', () => {
  const dir = tempDir('chart-intervals');
  const { a, b } = writeRuns(dir);
  const k = `${KS[0]}..${KS[KS.length - 1]}`;

  it("compare-curves: each run's band is its `estimate` CI (tasks) (all tasks paired), not ±z·SE", async () => {
    const compare = checkResultDocument(await json(['compare', a, b, '--k', k, '--bootstrap', '0']), 'compare') as ResultDocumentOf<'passk.compare'>;
    const estimateA = await json(['estimate', a, '--k', k]);
    const estimateB = await json(['estimate', b, '--k', k]);
    expect(compare.comparisons[0]!.pairing.tasks.common).toBe(40);
    const data: any[] = (compareCurvesChart(compare).spec as any).data.values;
    let checkedBands = 0;
    for (const [run, estimate] of [
      ['a', estimateA],
      ['b', estimateB],
    ] as const) {
      for (const kk of KS) {
        for (const [metric, key] of METRICS) {
          const point = data.find((p) => p.run === run && p.k === kk && p.metric === metric);
          const expected = estimateIntervals(estimate, kk, key);
          expect([point.lower, point.upper], `${run} ${metric} k=${kk}`).toEqual([expected.lower, expected.upper]);
          // ... and the band is not the normal interval of the SE (it differs from it on these counts).
          const side = compare.comparisons[0]!.rows.find((row) => row.k === kk)![key]![run === 'a' ? 'baseline' : 'candidate'];
          expect(side.interval).toMatchObject(expected);
          checkedBands++;
        }
      }
    }
    expect(checkedBands).toBe(2 * KS.length * 2);
    expect(compareCurvesChart(compare).caption).toContain('CI (tasks)');
    expect(compareCurvesChart(compare).caption).not.toContain('±z·SE');
  });

  it('compare-difference: its bars are the interval and benchmark of compare --json (CI (tasks), CI (trials))', async () => {
    const compare = checkResultDocument(await json(['compare', a, b, '--k', k, '--bootstrap', '0']), 'compare') as ResultDocumentOf<'passk.compare'>;
    const data: any[] = (compareDifferenceChart(compare).spec as any).data.values;
    for (const kk of KS) {
      for (const [metric, key] of METRICS) {
        const value = compare.comparisons[0]!.rows.find((row) => row.k === kk)![key]!;
        const point = data.find((p) => p.k === kk && p.metric === metric && p.difference !== undefined);
        expect([point.lower, point.upper]).toEqual([value.interval!.lower, value.interval!.upper]);
        expect([point.benchmarkLower, point.benchmarkUpper]).toEqual([value.benchmark!.lower, value.benchmark!.upper]);
      }
    }
  });

  it("fit-pass-rates: the observed squares' bars are `estimate`'s CI (tasks) of the same file, not ±1.96 SE", async () => {
    const fit = checkResultDocument(await json(['fit', a]), 'fit') as ResultDocumentOf<'passk.fit'>;
    const ks = fit.goodnessOfFit.passRates.map((row) => row.k);
    expect(ks.length).toBeGreaterThan(2);
    const estimate = await json(['estimate', a, '--k', ks.join(',')]);
    const data: any[] = (fitPassRatesChart(fit).spec as any).data.values;
    for (const kk of ks) {
      for (const [metric, key] of METRICS) {
        const point = data.find((p) => p.role === 'observed' && p.k === kk && p.metric === metric);
        expect([point.lower, point.upper], `${metric} k=${kk}`).toEqual(Object.values(estimateIntervals(estimate, kk, key)));
      }
    }
    expect(fitPassRatesChart(fit).caption).not.toMatch(/1\.96 SE/);
  });

  it('pass-curves of a file: its bands are the rows[].interval estimate prints', async () => {
    const estimate = checkResultDocument(
      await json(['estimate', fixture('compare/small-a.csv'), '--k', '1..4']),
      'estimate',
    ) as ResultDocumentOf<'passk.estimate.file'>;
    const data: any[] = (passCurvesChart(estimate).spec as any).data.values;
    for (const row of estimate.rows) {
      for (const [metric, key] of METRICS) {
        const point = data.find((p) => p.k === row.k && p.metric === metric && p.estimator === 'unbiased');
        expect([point.lower, point.upper]).toEqual([row.interval[key]!.lower, row.interval[key]!.upper]);
      }
    }
  });
});
