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
import { attemptSuccessChart } from '../../../packages/cli/src/charts/attemptSuccessChart.js';
import { deliveryChart } from '../../../packages/cli/src/charts/deliveryChart.js';
import { estimatorCheckChart } from '../../../packages/cli/src/charts/estimatorCheckChart.js';
import { precisionWidthChart } from '../../../packages/cli/src/charts/precisionWidthChart.js';
import { sweepFrontierChart } from '../../../packages/cli/src/charts/sweepFrontierChart.js';
import { taskIntervalChart } from '../../../packages/cli/src/charts/taskIntervalChart.js';
import { verifierRatesChart } from '../../../packages/cli/src/charts/verifierRatesChart.js';
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

// The other charts with bars: each draws the interval its result's JSON carries (the one the text prints), or —
// for plain Monte Carlo estimates, where the CLI prints only ±1 SE — exactly value ± 1.96·se of the JSON, and
// its caption names them so ("±1.96 Monte Carlo SE"): no chart computes an interval of its own.
describe('every other chart with bars draws the interval (or the named ±1.96·SE) of its result', () => {
  const Z = 1.96;
  const monteCarloBar = (value: number, se: number) => [Math.max(0, value - Z * se), Math.min(1, value + Z * se)];

  it("task-interval: p's bar and each pass^k, pass@k bar are `estimate --n --c`'s p and rows[].interval", async () => {
    const estimate = checkResultDocument(
      await json(['estimate', '--n', '30', '--c', '27', '--k', '1..4']),
      'estimate',
    ) as ResultDocumentOf<'passk.estimate.task'>;
    const data: any[] = (taskIntervalChart(estimate).spec as any).data.values;
    const p = data.find((row) => row.quantity === 'p');
    expect([p.lower, p.upper]).toEqual([estimate.p.lower, estimate.p.upper]);
    for (const row of estimate.rows) {
      for (const [prefix, key] of [
        ['pass@', 'passAtK'],
        ['pass^', 'passHatK'],
      ] as const) {
        const bar = data.find((r) => r.quantity === `${prefix}${row.k}`);
        expect([bar.lower, bar.upper], `${prefix}${row.k}`).toEqual([row.interval[key].lower, row.interval[key].upper]);
      }
    }
    expect(data).toHaveLength(1 + 2 * estimate.rows.length);
    // pass-curves of the same task: its unbiased bands are the same rows[].interval.
    const curves: any[] = (passCurvesChart(estimate).spec as any).data.values;
    for (const row of estimate.rows) {
      for (const [metric, key] of METRICS) {
        const point = curves.find((p) => p.k === row.k && p.metric === metric && p.estimator === 'unbiased');
        expect([point.lower, point.upper], `pass-curves ${metric} k=${row.k}`).toEqual([row.interval[key].lower, row.interval[key].upper]);
      }
    }
  });

  it("attempt-success: the observed squares' bars are fit --json's dependence.hazard[].interval (Clopper–Pearson)", async () => {
    const fit = checkResultDocument(await json(['fit', fixture('episodes/ldb-gpt35.jsonl')]), 'fit') as ResultDocumentOf<'passk.fit'>;
    const hazard = fit.dependence!.hazard.filter((row) => row.observed !== null);
    expect(hazard.length).toBeGreaterThan(2);
    const data: any[] = (attemptSuccessChart(fit).spec as any).data.values.filter((row: any) => row.role === 'observed');
    expect(data.map((row) => [row.attempt, row.value, row.lower, row.upper])).toEqual(
      hazard.map((row) => [row.attempt, row.observed, row.interval!.lower, row.interval!.upper]),
    );
  });

  it("verifier-rates: each point's bars are verifier --json's falseAccept and falseReject intervals, pooled included", async () => {
    const verifier = checkResultDocument(
      await json([
        'verifier',
        fixture('verifier/tau2-retail-judges.jsonl'),
        '--verdict-col',
        'judge_verdict',
        '--success-col',
        'tau2_success',
        '--by',
        'judge_prompt_name',
        '--accept',
        'pass,satisfied,success,resolved',
        '--reject',
        'fail,unsatisfied,error,rejected',
      ]),
      'verifier',
    ) as ResultDocumentOf<'passk.verifier'>;
    const data: any[] = (verifierRatesChart(verifier).spec as any).data.values;
    const rows = [...verifier.rows, ...(verifier.pooled === null ? [] : [verifier.pooled])].filter(
      (row) => row.falseAccept !== null && row.falseReject !== null,
    );
    expect(rows.length).toBeGreaterThan(1);
    expect(data.map((p) => [p.faLower, p.faUpper, p.frLower, p.frUpper])).toEqual(
      rows.map((row) => [row.falseAccept!.interval.lower, row.falseAccept!.interval.upper, row.falseReject!.interval.lower, row.falseReject!.interval.upper]),
    );
  });

  it('precision-width: at the planned n the curve is the width of plan precision --json interval; the plan point its 2·achievedHalfWidth', async () => {
    const plan = checkResultDocument(
      await json(['plan', 'precision', '--metric', 'passHatK', '--k', '8', '--rate', '0.9', '--half-width', '0.1', '--assurance', '0.5']),
      'plan',
    ) as ResultDocumentOf<'passk.plan.precision'>;
    const layers: any[] = (precisionWidthChart(plan).spec as any).layer;
    const values = layers.flatMap((layer) => layer.data?.values ?? []);
    const curve = values.find((row) => row.trials === plan.trials && row.label === undefined);
    expect(curve.width).toBe(plan.interval.upper - plan.interval.lower);
    // ... and that interval is the one `estimate --n N --c round(rate·N)` prints for pass^8.
    const estimate = await json(['estimate', '--n', String(plan.trials), '--c', String(Math.round(plan.rate * plan.trials)), '--k', '8']);
    expect(estimateIntervals(estimate, 8, 'passHatK')).toEqual({ lower: plan.interval.lower, upper: plan.interval.upper });
    const point = values.find((row) => String(row.label).startsWith('plan:'));
    expect([point.trials, point.width]).toEqual([plan.trials, 2 * plan.achievedHalfWidth]);
  });

  it('delivery: plain Monte Carlo bars are value ± 1.96·se of simulate --json, named "±1.96 Monte Carlo SE"', async () => {
    const run = await json(['simulate', fixture('scenarios-cli/small.yaml'), '--replicates', '16', '--workers', '1']);
    const simulate = checkResultDocument(run, 'simulate') as ResultDocumentOf<'passk.simulate'>;
    const chart = deliveryChart([simulate]);
    const data: any[] = (chart.spec as any).data.values;
    for (const row of simulate.rows) {
      for (const [field, measure] of [
        ['deliveredCorrect', 'delivered correct'],
        ['coverage', 'coverage'],
        ['deliveredWrong', 'delivered wrong'],
      ] as const) {
        expect(row[field].interval).toBeUndefined();
        const point = data.find((p) => p.k === row.k && p.measure === measure);
        expect([point.lower, point.upper], `${measure} k=${row.k}`).toEqual(monteCarloBar(row[field].value!, row[field].se!));
      }
    }
    expect(chart.caption).toContain('±1.96 Monte Carlo SE');
  });

  it("delivery with a measured verifier: the bars are simulate --json's rows[].interval, not ±1.96·SE", async () => {
    const run = await json([
      'simulate',
      fixture('scenarios-cli/small.yaml'),
      '--verifier-from',
      fixture('scenarios-cli/judge-fragment.yaml'),
      '--replicates',
      '160',
      '--workers',
      '1',
    ]);
    // (160 replicates: enough for the blocks of drawn verifier rates the interval is made from; 16 give none.)
    const simulate = checkResultDocument(run, 'simulate') as ResultDocumentOf<'passk.simulate'>;
    const chart = deliveryChart([simulate]);
    const data: any[] = (chart.spec as any).data.values;
    for (const row of simulate.rows) {
      for (const [field, measure] of [
        ['deliveredCorrect', 'delivered correct'],
        ['coverage', 'coverage'],
        ['deliveredWrong', 'delivered wrong'],
      ] as const) {
        const point = data.find((p) => p.k === row.k && p.measure === measure);
        expect(row[field].interval, `${measure} k=${row.k}`).toBeDefined();
        expect([point.lower, point.upper], `${measure} k=${row.k}`).toEqual([row[field].interval!.lower, row[field].interval!.upper]);
      }
    }
    expect(chart.caption).not.toContain('Monte Carlo SE');
  });

  it('sweep-frontier: plain Monte Carlo bars are value ± 1.96·se of sweep --json (both ways), named "±1.96 Monte Carlo SE"', async () => {
    const run = await json(['sweep', fixture('scenarios-cli/small.yaml'), '--vary', 'policy.maxAttempts=1,3', '--replicates', '16', '--workers', '1']);
    const sweep = checkResultDocument(run, 'sweep') as ResultDocumentOf<'passk.sweep'>;
    const chart = sweepFrontierChart(sweep);
    const layers: any[] = (chart.spec as any).layer ?? [];
    const bars: any[] = [...((chart.spec as any).data?.values ?? []), ...layers.flatMap((layer) => layer.data?.values ?? [])].filter(
      (row) => row.index !== undefined && row.correctLower !== undefined,
    );
    // (the best point is drawn again by its ring and label layers: the set of indices is every grid point)
    expect([...new Set(bars.map((bar) => bar.index))].sort()).toEqual(sweep.points.map((_, index) => index));
    for (const bar of bars) {
      const { cost, deliveredCorrect } = sweep.points[bar.index]!.outcome;
      expect(cost.interval).toBeUndefined();
      expect([bar.costLower, bar.costUpper]).toEqual([cost.value! - Z * cost.se!, cost.value! + Z * cost.se!]);
      expect([bar.correctLower, bar.correctUpper]).toEqual(monteCarloBar(deliveredCorrect.value!, deliveredCorrect.se!));
    }
    expect(chart.caption).toContain('±1.96 Monte Carlo SE');
  });

  it("estimator-check: the truth's and the pilot's bars are value ± 1.96·se of simulate --pilot-trials --json, named so", async () => {
    const run = await json(['simulate', fixture('scenarios-cli/small.yaml'), '--replicates', '16', '--pilot-trials', '4', '--workers', '1']);
    const simulate = checkResultDocument(run, 'simulate') as ResultDocumentOf<'passk.simulate'>;
    const chart = estimatorCheckChart(simulate);
    const data: any[] = (chart.spec as any).data.values;
    let checked = 0;
    for (const row of simulate.pilot!.rows) {
      for (const [metric, pilotKey, truthKey] of [
        ['pass@k', 'passAtK', 'coverage'],
        ['pass^k', 'passHatK', 'passHatK'],
      ] as const) {
        const bar = (estimator: string) => data.find((p) => p.k === row.k && p.metric === metric && p.estimator === estimator);
        const truth = bar('truth (simulated)');
        expect([truth.lower, truth.upper]).toEqual(monteCarloBar(row.truth![truthKey].value!, row.truth![truthKey].se!));
        const unbiased = bar('unbiased from the pilot');
        expect([unbiased.lower, unbiased.upper]).toEqual(monteCarloBar(row[pilotKey].value!, row[pilotKey].se!));
        expect(bar('plug-in from the pilot').lower).toBeNull();
        checked++;
      }
    }
    expect(checked).toBe(2 * simulate.pilot!.rows.length);
    expect(chart.caption).toContain("±1.96 SE (the truth's Monte Carlo SE; the pilot's SE over tasks)");
  });
});
