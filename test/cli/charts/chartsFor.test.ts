// Which charts fit which results (chartsFor, naturalChart) and the one-line errors of buildChart
// when they do not. Inputs: CLI results in test/fixtures/charts/ (see its README.md), checked once
// against their schema as `passk chart` and `passk report` read them.
import { readFileSync } from 'node:fs';
import { InputError } from '@passk/sim/internal';
import { describe, expect, it } from 'vitest';
import { CHART_KINDS } from '../../../packages/cli/src/charts/chartKinds.js';
import { buildChart, chartsFor, naturalChart } from '../../../packages/cli/src/charts/chartsFor.js';
import { checkResultDocument } from '../../../packages/cli/src/results/checkResultDocument.js';
import type { ResultDocument } from '../../../packages/cli/src/results/resultSchemas.js';
import { fixture } from '../../helpers/runPassk.js';

function loadResult(name: string): ResultDocument {
  return checkResultDocument(JSON.parse(readFileSync(fixture(`charts/${name}.json`), 'utf8')), `${name}.json`);
}

/** A result of this kind (the fixtures are known: a wrong one is a broken test). */
function ofKind<K extends ResultDocument['kind']>(result: ResultDocument, kind: K): Extract<ResultDocument, { kind: K }> {
  if (result.kind !== kind) throw new Error(`expected a ${kind} fixture, got ${result.kind}`);
  return result as Extract<ResultDocument, { kind: K }>;
}

const task = loadResult('estimate-task');
const taskSingleK = loadResult('estimate-task-k8');
const rate = loadResult('estimate-rate');
const file = loadResult('estimate-file');
const demonstrate = loadResult('plan-demonstrate');
const precision = loadResult('plan-precision');
const compare = loadResult('plan-compare');
const pilot = ofKind(loadResult('simulate-pilot'), 'passk.simulate');
const parallel = loadResult('simulate-parallel');
const fit = loadResult('fit-tau-bench');
const sweep = loadResult('sweep-refund');

describe('chartsFor', () => {
  it.each([
    ['estimate --n --c --k 1..8', task, ['pass-curves', 'task-interval']],
    ['estimate --n --c --k 8', taskSingleK, ['task-interval']],
    ['estimate --p', rate, ['pass-curves']],
    ['estimate FILE', file, ['pass-curves', 'task-rates']],
    ['plan demonstrate', demonstrate, ['planning', 'demonstrate-failures']],
    ['plan precision', precision, ['precision-width']],
    ['plan compare', compare, ['plan-compare-power']],
    ['simulate --pilot-trials', pilot, ['delivery', 'cost-frontier', 'estimator-check', 'task-rates']],
    ['simulate', parallel, ['delivery', 'cost-frontier', 'task-rates']],
    ['fit', fit, ['fit-pass-rates', 'fit-counts']],
    ['sweep', sweep, ['sweep-frontier']],
  ])('%s → %j', (_label, result, kinds) => {
    expect(chartsFor([result]).map((chart) => chart.kind)).toEqual(kinds);
  });

  it('several results: each in turn, one delivery chart and one cost frontier over all simulations where the first one is', () => {
    const charts = chartsFor([pilot, task, parallel]);
    expect(charts.map((chart) => chart.kind)).toEqual([
      'delivery',
      'cost-frontier',
      'estimator-check',
      'task-rates',
      'pass-curves',
      'task-interval',
      'task-rates',
    ]);
    const parallelRun = ofKind(parallel, 'passk.simulate');
    for (const combined of [charts[0]!, charts[1]!]) {
      const spec = combined.spec as any;
      expect(new Set(spec.data.values.map((row: any) => row.series))).toEqual(new Set([pilot.scenario.name, parallelRun.scenario.name]));
    }
  });
});

describe('naturalChart (for --chart FILE)', () => {
  it.each([
    [task, 'pass-curves'],
    [taskSingleK, 'task-interval'],
    [rate, 'pass-curves'],
    [file, 'pass-curves'],
    [demonstrate, 'planning'],
    [precision, 'precision-width'],
    [compare, 'plan-compare-power'],
    [pilot, 'delivery'],
    [fit, 'fit-pass-rates'],
    [sweep, 'sweep-frontier'],
  ])('%#: %s', (result, kind) => {
    expect(naturalChart(result).kind).toBe(kind);
  });
});

describe('buildChart errors: one line naming the charts that do fit', () => {
  const withoutSe = checkResultDocument(
    { ...pilot, replicates: { requested: 1, done: 1 }, rows: pilot.rows.map((row) => ({ ...row, deliveredCorrect: { ...row.deliveredCorrect, se: null } })) },
    'one-replicate.json',
  );
  const cases: Array<[string, () => unknown, string]> = [
    [
      'simulate chart from an estimate',
      () => buildChart('delivery', [task]),
      'delivery: needs a passk.simulate result (or several), not passk.estimate.task; for that result use pass-curves or task-interval',
    ],
    [
      'estimator check without a pilot',
      () => buildChart('estimator-check', [parallel]),
      'estimator-check: needs a passk.simulate result with a pilot (simulate --pilot-trials N), not passk.simulate without a pilot; ' +
        'for that result use delivery, cost-frontier or task-rates',
    ],
    [
      'curves from a single k',
      () => buildChart('pass-curves', [taskSingleK]),
      'pass-curves: needs an estimate result with several k (passk.estimate.task with several rows, passk.estimate.rate or passk.estimate.file), ' +
        'not passk.estimate.task with a single k; for that result use task-interval',
    ],
    [
      'a plan chart from another plan',
      () => buildChart('planning', [precision]),
      'planning: needs a passk.plan.demonstrate result, not passk.plan.precision; for that result use precision-width',
    ],
    [
      'two results for a one-result chart',
      () => buildChart('pass-curves', [task, rate]),
      'pass-curves: draws one result, got 2 (only delivery and cost-frontier combine several)',
    ],
    [
      'a frontier with an estimate in it',
      () => buildChart('cost-frontier', [pilot, rate]),
      'cost-frontier: needs passk.simulate results, not passk.estimate.rate (result 2); for that result use pass-curves',
    ],
    [
      'a sweep chart from a fit',
      () => buildChart('sweep-frontier', [fit]),
      'sweep-frontier: needs a passk.sweep result, not passk.fit; for that result use fit-counts or fit-pass-rates',
    ],
    [
      'a fit chart from a sweep',
      () => buildChart('fit-counts', [sweep]),
      'fit-counts: needs a passk.fit result, not passk.sweep; for that result use sweep-frontier',
    ],
    [
      'two sweeps',
      () => buildChart('sweep-frontier', [sweep, sweep]),
      'sweep-frontier: draws one result, got 2 (only delivery and cost-frontier combine several)',
    ],
    ['no result', () => buildChart('delivery', []), '--from: needs at least one result file'],
    ['unknown kind', () => buildChart('bars' as never, [task]), `KIND: must be one of ${CHART_KINDS.join(', ')}, got "bars"`],
    [
      // A valid document (the schema allows a null SE: fewer than 2 replicates) the chart cannot draw its bars from.
      'a simulation without standard errors',
      () => buildChart('delivery', [withoutSe]),
      '--from: must have a number at rows[0].deliveredCorrect.se, got null',
    ],
    [
      'a simulation with a budget not simulated (no cost)',
      () => buildChart('cost-frontier', [{ ...pilot, rows: pilot.rows.map((row, i) => (i === 1 ? { ...row, cost: { ...row.cost, value: null } } : row)) }]),
      '--from: must have a number at rows[1].cost.value, got null',
    ],
  ];
  it.each(cases)('%s', (_label, build, message) => {
    let error: unknown;
    try {
      build();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(message);
  });
});
