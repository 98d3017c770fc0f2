// Golden tests of every chart spec (and of the SVG of four charts, vega 6.4.0 / vega-lite 6.4.3
// pinned), plus: each spec compiles with vega-lite without a warning, renders a non-empty SVG, and
// its data carries the result's own numbers.
//
// The inputs are CLI results in test/fixtures/charts/*.json (the commands that made them are in
// test/fixtures/charts/README.md); the goldens are test/fixtures/charts/golden/*.vl.json and *.svg.
// After an intended change to a chart, regenerate the goldens (vitest file snapshots) and review the diff:
//
//   npx vitest run test/cli/charts -u        (or UPDATE_GOLDEN=1 npx vitest run test/cli/charts)
//
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildChart } from '../../../packages/cli/src/charts/chartsFor.js';
import type { ChartSpec } from '../../../packages/cli/src/charts/chartSpec.js';
import { checkResultDocument } from '../../../packages/cli/src/results/checkResultDocument.js';
import type { ResultDocument } from '../../../packages/cli/src/results/resultSchemas.js';
import { compileChart, renderSvg } from '../../../packages/cli/src/charts/renderChart.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import { scenarioToInput } from '../../../packages/sim/src/scenario/scenarioToInput.js';
import { benchmarkTasks } from '../../../packages/sim/src/engine/taskParameters.js';
import { REPO_ROOT, fixture } from '../../helpers/runPassk.js';

function loadResult(name: string): Record<string, any> {
  return JSON.parse(readFileSync(fixture(`charts/${name}.json`), 'utf8'));
}

/** A fixture result, checked against its kind's schema as `passk chart` reads it (the charts check nothing again). */
function readResult(name: string): ResultDocument {
  return checkResultDocument(loadResult(name), `${name}.json`);
}

/**
 * Compares `actual` with test/fixtures/charts/golden/NAME: a vitest file snapshot, so `-u` (or
 * UPDATE_GOLDEN=1, which vitest.config.ts turns into `update`) rewrites the goldens; under CI a missing
 * golden fails instead of being written.
 */
async function expectGolden(name: string, actual: string): Promise<void> {
  await expect(actual).toMatchFileSnapshot(fixture(`charts/golden/${name}`));
}

/** golden name → the chart, built from fixture results. */
const CASES: Record<string, () => ChartSpec> = {
  'pass-curves-task': () => buildChart('pass-curves', [readResult('estimate-task')]),
  'pass-curves-rate': () => buildChart('pass-curves', [readResult('estimate-rate')]),
  'pass-curves-file': () => buildChart('pass-curves', [readResult('estimate-file')]),
  'task-interval': () => buildChart('task-interval', [readResult('estimate-task')]),
  'task-interval-single-k': () => buildChart('task-interval', [readResult('estimate-task-k8')]),
  'task-interval-one-sided': () => buildChart('task-interval', [readResult('estimate-task-one-sided')]),
  planning: () => buildChart('planning', [readResult('plan-demonstrate')]),
  delivery: () => buildChart('delivery', [readResult('simulate-pilot')]),
  'delivery-parallel': () => buildChart('delivery', [readResult('simulate-parallel')]),
  'cost-frontier': () => buildChart('cost-frontier', [readResult('simulate-pilot'), readResult('simulate-parallel'), readResult('simulate-refund')]),
  'estimator-check': () => buildChart('estimator-check', [readResult('simulate-pilot')]),
  'task-rates-file': () => buildChart('task-rates', [readResult('estimate-file')]),
  'task-rates-simulate': () => buildChart('task-rates', [readResult('simulate-pilot')]),
  'fit-counts': () => buildChart('fit-counts', [readResult('fit-tau-bench')]),
  'fit-counts-mixed-n': () => buildChart('fit-counts', [readResult('fit-mixed-n')]),
  'fit-pass-rates': () => buildChart('fit-pass-rates', [readResult('fit-tau-bench')]),
  'fit-pass-rates-mixed-n': () => buildChart('fit-pass-rates', [readResult('fit-mixed-n')]),
  'attempt-success': () => buildChart('attempt-success', [readResult('fit-episodes-ldb')]),
  'sweep-frontier': () => buildChart('sweep-frontier', [readResult('sweep-refund')]),
  'sweep-frontier-constrained': () => buildChart('sweep-frontier', [readResult('sweep-constrained')]),
  'sweep-frontier-one-axis': () => buildChart('sweep-frontier', [readResult('sweep-one-axis')]),
  'delivery-policies-limit': () =>
    buildChart('delivery', [readResult('simulate-pilot'), readResult('simulate-parallel'), readResult('simulate-refund')], { maxWrongDelivery: 0.05 }),
  'pass-curves-rate-linear-k': () => buildChart('pass-curves', [readResult('estimate-rate')], { logK: false }),
  'demonstrate-failures': () => buildChart('demonstrate-failures', [readResult('plan-demonstrate')]),
  'precision-width': () => buildChart('precision-width', [readResult('plan-precision')]),
  'plan-compare-power': () => buildChart('plan-compare-power', [readResult('plan-compare')]),
  'compare-curves': () => buildChart('compare-curves', [readResult('compare')]),
  'compare-curves-three': () => buildChart('compare-curves', [readResult('compare-three')]),
  'compare-difference': () => buildChart('compare-difference', [readResult('compare')]),
  'compare-difference-three': () => buildChart('compare-difference', [readResult('compare-three')]),
  'compare-tasks': () => buildChart('compare-tasks', [readResult('compare')]),
  'compare-tasks-three': () => buildChart('compare-tasks', [readResult('compare-three')]),
  'verifier-rates': () => buildChart('verifier-rates', [readResult('verifier-tau2')]),
};

/** The inline data rows of a spec (top level, or the layers' own). */
function dataRows(spec: any): any[] {
  const own = spec.data?.values ?? [];
  return [...own, ...(spec.layer ?? []).flatMap((layer: any) => layer.data?.values ?? [])];
}

/** The rows of the layer whose mark is `type` (and, optionally, whose first filter is `test`). */
function layerRows(spec: any, type: string): any[] {
  return (spec.layer ?? []).filter((layer: any) => (layer.mark?.type ?? layer.mark) === type).flatMap((layer: any) => layer.data?.values ?? []);
}

describe('chart specs', () => {
  it.each(Object.keys(CASES))('%s matches its golden spec', async (name) => {
    const chart = CASES[name]!();
    await expectGolden(`${name}.vl.json`, `${JSON.stringify(chart.spec, null, 2)}\n`);
  });

  it.each(Object.keys(CASES))('%s compiles without warnings and renders a non-empty SVG', async (name) => {
    const chart = CASES[name]!();
    const spec = chart.spec as any;
    expect(spec.$schema).toBe('https://vega.github.io/schema/vega-lite/v6.json');
    expect(compileChart(spec).warnings).toEqual([]);
    const svg = await renderSvg(spec);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('<path'); // marks were drawn
    expect(svg).toContain('DejaVu Sans'); // the theme's font
    // The title's first words and one line of caption; no line is empty.
    expect(chart.caption).not.toContain('\n');
    expect(chart.caption.length).toBeGreaterThan(20);
    expect(svg).toContain(chart.title.split(' ').slice(0, 3).join(' '));
  });

  it.each(['task-interval', 'delivery', 'fit-pass-rates', 'sweep-frontier-constrained'])('%s matches its golden SVG', async (name) => {
    await expectGolden(`${name}.svg`, await renderSvg(CASES[name]!().spec));
  });

  // vega-lite's own JSON schema (shipped in the vega-lite package), checked with python's jsonschema
  // where it is installed.
  const schemaPath = createRequire(`${REPO_ROOT}packages/cli/package.json`).resolve('vega-lite/vega-lite-schema.json');
  const hasJsonschema = spawnSync('python3', ['-c', 'import jsonschema']).status === 0;
  it.runIf(hasJsonschema)('every spec is valid against the vega-lite v6 JSON schema', () => {
    const specs = Object.values(CASES).map((build) => build().spec);
    const script = [
      'import json, sys, jsonschema',
      'schema = json.load(open(sys.argv[1]))',
      'validator = jsonschema.validators.validator_for(schema)(schema)',
      'for i, spec in enumerate(json.load(sys.stdin)):',
      '    for error in validator.iter_errors(spec): print(i, error.message[:200])',
    ].join('\n');
    const run = spawnSync('python3', ['-c', script, schemaPath], { input: JSON.stringify(specs), encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('');
    expect(run.status).toBe(0);
  });

  it('percent axes are formatted as percentages', () => {
    const text = JSON.stringify(CASES['pass-curves-task']!().spec);
    expect(text).toContain('"format":".0%"');
  });

  it('is a pure function of the result (same input, same spec)', () => {
    expect(JSON.stringify(CASES.delivery!().spec)).toBe(JSON.stringify(CASES.delivery!().spec));
  });
});

describe("data values are the result's numbers", () => {
  it('pass-curves from 27 of 30: the pass^8 point and band are rows[7] (seed 000: 37.9 % [9.4 %, 75.4 %], plug-in 43.0 %)', () => {
    const result = loadResult('estimate-task');
    const rows = dataRows(CASES['pass-curves-task']!().spec);
    const hat8 = rows.find((row) => row.k === 8 && row.metric === 'pass^k' && row.estimator === 'unbiased');
    expect(hat8.value).toBe(result.rows[7].passHatK);
    expect(hat8.lower).toBe(result.rows[7].interval.passHatK.lower);
    expect(hat8.upper).toBe(result.rows[7].interval.passHatK.upper);
    const plugin = rows.find((row) => row.k === 8 && row.metric === 'pass^k' && row.estimator === 'plug-in');
    expect(plugin.value).toBe(result.rows[7].plugin.passHatK);
    // The seed's figures (seed 000, "30 次成功 27 次" row), as the caption prints them.
    expect(CASES['pass-curves-task']!().caption).toContain('pass^k 37.9% [9.4%, 75.4%] (plug-in 43.0%)');
  });

  it('pass-curves for p = 90 %: closed forms per k (seed 000: pass^8 43.0 %)', () => {
    const result = loadResult('estimate-rate');
    const rows = dataRows(CASES['pass-curves-rate']!().spec);
    for (const row of result.rows) {
      expect(rows.find((r) => r.k === row.k && r.metric === 'pass@k').value).toBe(row.passAtK);
      expect(rows.find((r) => r.k === row.k && r.metric === 'pass^k').value).toBe(row.passHatK);
    }
    expect(CASES['pass-curves-rate']!().caption).toContain('pass^k only 43.0%');
  });

  it('pass-curves from a file: bands are the bootstrap intervals', () => {
    const result = loadResult('estimate-file');
    const rows = dataRows(CASES['pass-curves-file']!().spec);
    const at3 = rows.find((row) => row.k === 3 && row.metric === 'pass@k' && row.estimator === 'unbiased');
    expect(at3.value).toBe(result.rows[2].passAtK);
    expect(at3.lower).toBe(result.rows[2].bootstrap.passAtK.lower);
    expect(at3.upper).toBe(result.rows[2].bootstrap.passAtK.upper);
  });

  it('task-interval: p and pass^8 rows (seed 000: p in [74.4 %, 96.5 %], pass^8 in [9.4 %, 75.4 %])', () => {
    const result = loadResult('estimate-task');
    const rows = dataRows(CASES['task-interval']!().spec);
    const p = rows.find((row) => row.quantity === 'p');
    expect([p.estimate, p.lower, p.upper]).toEqual([result.p.estimate, result.p.lower, result.p.upper]);
    const hat8 = rows.find((row) => row.quantity === 'pass^8');
    expect([hat8.estimate, hat8.plugin, hat8.lower, hat8.upper]).toEqual([
      result.rows[7].passHatK,
      result.rows[7].plugin.passHatK,
      result.rows[7].interval.passHatK.lower,
      result.rows[7].interval.passHatK.upper,
    ]);
    expect(p.label).toBe('90.0% [74.4%, 96.5%]');
    expect(hat8.label).toBe('37.9% [9.4%, 75.4%]');
  });

  it('task-interval, one-sided: 30 of 30 → pass^8 ≥ 45.0 % (seed 000, exact one-sided 95 %)', () => {
    const rows = dataRows(CASES['task-interval-one-sided']!().spec);
    expect(rows.find((row) => row.quantity === 'pass^8').label).toBe('100.0%, ≥ 45.0%');
  });

  it('planning: the result point is 228 runs for pass^8 ≥ 90 % (seed 000)', () => {
    const rows = dataRows(CASES.planning!().spec);
    const mark = rows.find((row) => row.label !== undefined);
    expect(mark).toMatchObject({ target: 0.9, runs: 228, label: '228 clean runs: pass^8 ≥ 90%' });
    // The k = 8 curve passes through the same point.
    expect(rows.find((row) => row.k === 'k = 8' && row.target === 0.9).runs).toBe(228);
  });

  it('delivery: simulated values, SE and closed forms are rows[k].deliveredCorrect', () => {
    const result = loadResult('simulate-pilot');
    const rows = dataRows(CASES.delivery!().spec);
    const row = rows.find((r) => r.k === 8 && r.measure === 'delivered correct');
    expect([row.value, row.se, row.exact]).toEqual([
      result.rows[7].deliveredCorrect.value,
      result.rows[7].deliveredCorrect.se,
      result.rows[7].deliveredCorrect.exact,
    ]);
  });

  it('cost-frontier: costs and delivery per budget, frontier from dominance', () => {
    const refund = loadResult('simulate-refund');
    const rows = dataRows(CASES['cost-frontier']!().spec);
    const k4 = rows.find((r) => r.series === refund.scenario.name && r.k === 4);
    expect([k4.cost, k4.deliveredCorrect]).toEqual([refund.rows[3].cost.value, refund.rows[3].deliveredCorrect.value]);
    // Frontier: no other budget costs no more and delivers no less (checked here by brute force).
    for (const a of rows) {
      const dominated = rows.some(
        (b) => b.cost <= a.cost && b.deliveredCorrect >= a.deliveredCorrect && (b.cost < a.cost || b.deliveredCorrect > a.deliveredCorrect),
      );
      expect(a.frontier).toBe(!dominated);
    }
    expect(rows.filter((r) => r.frontier).length).toBeGreaterThan(0);
  });

  it('estimator-check: truth, unbiased, plug-in and pooled independence are the pilot rows', () => {
    const pilot = loadResult('simulate-pilot').pilot;
    const rows = dataRows(CASES['estimator-check']!().spec);
    const at = (estimator: string) => rows.find((r) => r.k === 4 && r.metric === 'pass^k' && r.estimator === estimator);
    expect(at('truth (simulated)').value).toBe(pilot.rows[3].truth.passHatK.value);
    expect(at('unbiased from the pilot').value).toBe(pilot.rows[3].passHatK.value);
    expect(at('unbiased from the pilot').se).toBe(pilot.rows[3].passHatK.se);
    expect(at('plug-in from the pilot').value).toBe(pilot.rows[3].plugin.passHatK);
    expect(at('independence at the mean rate').value).toBe(pilot.rows[3].pooledIndependence.passHatK);
  });

  it("task-rates from a simulation: spikes for the rates tasks share exactly (p = 0, 1), 5-point bars for the rest, counted from the engine's draws", () => {
    const result = loadResult('simulate-pilot');
    const engine = Array.from(benchmarkTasks(resolveScenario(scenarioToInput(result.scenario))).successRate);
    const spec = CASES['task-rates-simulate']!().spec as any;
    const spikes = layerRows(spec, 'rule').filter((row) => row.tasks !== undefined);
    expect(spikes.map((row) => [row.rate, row.tasks])).toEqual([
      [0, engine.filter((p) => p === 0).length],
      [1, engine.filter((p) => p === 1).length],
    ]);
    // The other rates in bins [0.05·i, 0.05·(i + 1)), counted here independently.
    const bars = layerRows(spec, 'bar');
    const interior = engine.filter((p) => p !== 0 && p !== 1);
    for (const bar of bars) expect(bar.tasks).toBe(interior.filter((p) => Math.min(19, Math.floor(p / 0.05 + 1e-9)) === Math.round(bar.from / 0.05)).length);
    expect([...spikes, ...bars].reduce((sum, row) => sum + row.tasks, 0)).toBe(result.tasks);
  });

  it('task-rates from a file with 8 trials per task: one bar per value c/8 (seed 002 agent B: 5, 5, 4, 3, 3 of 8)', () => {
    const bars = layerRows(CASES['task-rates-file']!().spec, 'bar');
    expect(bars.map((bar) => bar.label)).toEqual(['0/8', '1/8', '2/8', '3/8', '4/8', '5/8', '6/8', '7/8', '8/8']);
    expect(bars.map((bar) => bar.tasks)).toEqual([0, 0, 0, 2, 1, 2, 0, 0, 0]);
  });

  it('delivery over several policies: one series each, the best k within the limit ringed, the limit drawn', () => {
    const results = ['simulate-pilot', 'simulate-parallel', 'simulate-refund'].map(loadResult);
    const spec = CASES['delivery-policies-limit']!().spec as any;
    const rows = spec.data.values;
    results.forEach((result) => {
      // The best k, found here by brute force: the most delivered correct among ks with wrong ≤ 5 %.
      const allowed = result.rows.filter((row: any) => row.deliveredWrong.value <= 0.05);
      const best = allowed.reduce((a: any, b: any) => (b.deliveredCorrect.value > a.deliveredCorrect.value ? b : a), allowed[0]);
      const ringed = rows.filter((row: any) => row.series === result.scenario.name && row.best && row.measure === 'delivered correct');
      expect(ringed.map((row: any) => row.k)).toEqual(best ? [best.k] : []);
    });
    expect(JSON.stringify(spec.vconcat[1])).toContain('"limit":0.05');
  });

  it('pass-curves: log k by default when k spans more than a decade (1..16), linear when asked', () => {
    expect((CASES['pass-curves-rate']!().spec as any).encoding.x.scale.type).toBe('log');
    expect((CASES['pass-curves-rate-linear-k']!().spec as any).encoding.x.scale.type).toBeUndefined();
    expect((CASES['pass-curves-task']!().spec as any).encoding.x.scale.type).toBeUndefined(); // k = 1..8
  });

  it('demonstrate-failures: runs per failures allowed (scipy: smallest n with binom.cdf(f, n, 1 − 0.9^(1/8)) ≤ 0.05)', () => {
    const rows = dataRows(CASES['demonstrate-failures']!().spec);
    // python3 -c "from scipy.stats import binom; p0=0.9**(1/8); print([min(n for n in range(1,2000) if binom.cdf(f,n,1-p0)<=0.05) for f in range(6)])"
    expect(rows.map((row) => row.runs)).toEqual([228, 361, 480, 591, 698, 801]);
    expect(rows.filter((row) => row.planned).map((row) => row.failures)).toEqual([0]);
  });

  it("precision-width: at the plan's n the width is twice the plan's achieved half-width", () => {
    const plan = loadResult('plan-precision');
    const rows = dataRows(CASES['precision-width']!().spec);
    // The plan's dot sits on its own target line: at the width the plan reaches with its assurance (≤ the target), not on the curve's one c.
    const planned = rows.find((row) => typeof row.label === 'string' && row.label.startsWith('plan:') && row.trials === plan.trials);
    expect(planned.width).toBe(2 * plan.achievedHalfWidth);
    expect(planned.width).toBeLessThanOrEqual(2 * plan.halfWidth);
    const before = rows.filter((row) => row.trials < plan.trials && row.width !== undefined && row.label === undefined);
    expect(before.every((row) => row.width > 2 * plan.halfWidth)).toBe(true);
  });

  it('compare-difference: each point carries both intervals of its comparison (thin bars CI (tasks), thick bars CI (trials)), several comparisons side by side', () => {
    const compare = loadResult('compare-three');
    const spec = CASES['compare-difference-three']!().spec as any;
    const rows = dataRows(spec);
    const names = ['small-b − small-a', 'small-c − small-a'];
    compare.comparisons.forEach((comparison: any, j: number) => {
      comparison.rows.forEach((row: any) => {
        const point = rows.find((p) => p.comparison === names[j] && p.k === row.k && p.metric === 'pass^k');
        expect([point.lower, point.upper]).toEqual([row.passHatK.interval.lower, row.passHatK.interval.upper]);
        expect([point.benchmarkLower, point.benchmarkUpper]).toEqual([row.passHatK.benchmark.lower, row.passHatK.benchmark.upper]);
        // Drawn a little left of k for the first comparison and right of it for the second.
        expect(Math.sign(point.position - row.k)).toBe(j === 0 ? -1 : 1);
      });
    });
    const rules = spec.spec.layer.filter((layer: any) => layer.mark.type === 'rule' && layer.encoding.y2);
    expect(rules.map((layer: any) => [layer.encoding.y.field, layer.encoding.y2.field])).toEqual([
      ['benchmarkLower', 'benchmarkUpper'],
      ['lower', 'upper'],
    ]);
    // One width scale for both, with its legend: the this-benchmark bar the thicker one.
    const width = rules[0].encoding.strokeWidth;
    expect(width).toEqual(rules[1].encoding.strokeWidth);
    expect(width.scale.domain).toEqual(['CI (tasks): tasks like these', 'CI (trials): these tasks rerun']);
    expect(width.scale.range[1]).toBeGreaterThan(width.scale.range[0]);
    expect(CASES['compare-difference']!().caption).toMatch(
      /^pass\^3: small-b − small-a = \+17\.4 pt, CI \(tasks\) \[−3\.4, \+36\.8\] pt, CI \(trials\) \[−3\.4, \+36\.8\] pt\. /,
    );
  });

  it("plan-compare-power: each row's planned tasks reach the planned power", () => {
    const plan = loadResult('plan-compare');
    const points = layerRows(CASES['plan-compare-power']!().spec, 'point');
    expect(points.map((point) => point.tasks)).toEqual(plan.rows.map((row: any) => row.tasks));
    // scipy: norm.cdf(0.05*sqrt(727)/0.48115864861847474 - norm.ppf(0.975)) = 0.8000814
    expect(points[0].power).toBeCloseTo(0.8000814016834492, 6);
    for (const point of points) expect(point.power).toBeGreaterThanOrEqual(plan.power);
  });
});
