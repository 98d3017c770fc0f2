import { InputError } from '@passk/sim/internal';
import { formatPercent } from '../format/percent.js';
import type { ChartSpec } from './chartSpec.js';
import type { SimulateDocument } from '../results/simulateSchema.js';
import { requireNumber } from './requireNumber.js';
import { simulationName } from './simulationName.js';
import { ERROR_BAR_Z, OKABE_ITO, PERCENT_FORMAT, PERCENT_TOOLTIP_FORMAT, themedSpec } from './theme.js';

const METRICS = [
  { label: 'pass@k', pilot: 'passAtK', truth: 'coverage' },
  { label: 'pass^k', pilot: 'passHatK', truth: 'passHatK' },
] as const;

const ESTIMATORS = [
  { label: 'truth (simulated)', colour: OKABE_ITO.black, shape: 'circle' },
  { label: 'unbiased from the pilot', colour: OKABE_ITO.blue, shape: 'square' },
  { label: 'plug-in from the pilot', colour: OKABE_ITO.orange, shape: 'triangle-up' },
  { label: 'independence at the mean rate', colour: OKABE_ITO.reddishPurple, shape: 'diamond' },
] as const;

type EstimatorLabel = (typeof ESTIMATORS)[number]['label'];

interface CheckPoint {
  readonly k: number;
  readonly metric: string;
  readonly estimator: EstimatorLabel;
  readonly value: number;
  readonly se: number | null;
  readonly lower: number | null;
  readonly upper: number | null;
}

/**
 * What the usual estimators, computed from a pilot of n trials per task, would have reported next
 * to the simulated truth, per k, for pass@k (truth: coverage) and pass^k (truth: passHatK). Where
 * the lines leave the black truth line, that estimator misleads for this scenario.
 */
export function estimatorCheckChart(result: SimulateDocument): ChartSpec {
  const pilot = result.pilot;
  if (pilot === undefined) throw new InputError('--from', 'must have a pilot (simulate --pilot-trials N) at pilot');
  const points: CheckPoint[] = [];
  pilot.rows.forEach((row, i) => {
    const { k } = row;
    for (const metric of METRICS) {
      const push = (estimator: EstimatorLabel, value: number | null, se: number | null) => {
        if (value === null) return;
        const half = se === null ? null : ERROR_BAR_Z * se;
        points.push({
          k,
          metric: metric.label,
          estimator,
          value,
          se,
          lower: half === null ? null : Math.max(0, value - half),
          upper: half === null ? null : Math.min(1, value + half),
        });
      };
      if (row.truth !== null) {
        const truth = row.truth[metric.truth];
        const where = `pilot.rows[${i}].truth.${metric.truth}`;
        push('truth (simulated)', requireNumber(truth.value, `${where}.value`), requireNumber(truth.se, `${where}.se`));
      }
      push('unbiased from the pilot', row[metric.pilot].value, row[metric.pilot].se);
      push('plug-in from the pilot', row.plugin[metric.pilot], null);
      push('independence at the mean rate', row.pooledIndependence[metric.pilot], null);
    }
  });
  const trials = pilot.trials;
  const title = `A pilot of ${trials} trials per task against the truth: ${simulationName(result)}`;
  const lastK = Math.max(...points.map((point) => point.k));
  const at = (estimator: EstimatorLabel) => {
    const point = points.find((p) => p.k === lastK && p.metric === 'pass^k' && p.estimator === estimator);
    return point === undefined ? '—' : formatPercent(point.value);
  };
  const caption =
    `At k = ${lastK} the simulated pass^k is ${at('truth (simulated)')}; the pilot's unbiased estimate says ${at('unbiased from the pilot')}, ` +
    `plug-in ${at('plug-in from the pilot')}, independence at the mean rate ${at('independence at the mean rate')}. ` +
    "Bars: ±1.96 SE (the truth's Monte Carlo SE; the pilot's SE over tasks).";
  const ks = [...new Set(points.map((point) => point.k))].sort((a, b) => a - b);
  const color = {
    field: 'estimator',
    type: 'nominal',
    title: null,
    scale: { domain: ESTIMATORS.map((e) => e.label), range: ESTIMATORS.map((e) => e.colour) },
    legend: { columns: 2 },
  } as const;
  const shape = {
    field: 'estimator',
    type: 'nominal',
    title: null,
    scale: { domain: ESTIMATORS.map((e) => e.label), range: ESTIMATORS.map((e) => e.shape) },
  } as const;
  const spec = themedSpec(title, caption, {
    data: { values: points.map((point) => ({ ...point })) },
    facet: { column: { field: 'metric', type: 'nominal', title: null, sort: METRICS.map((m) => m.label), header: { labelFontSize: 13 } } },
    spec: {
      width: 290,
      height: 260,
      encoding: {
        x: {
          field: 'k',
          type: 'quantitative',
          title: 'k (attempts per task)',
          scale: { domain: [ks[0]!, ks[ks.length - 1]!], nice: false },
          axis: { values: ks, format: 'd' },
        },
      },
      layer: [
        {
          mark: { type: 'line', strokeWidth: 1.8 },
          encoding: {
            y: { field: 'value', type: 'quantitative', title: 'probability', scale: { domain: [0, 1] }, axis: { format: PERCENT_FORMAT } },
            color,
          },
        },
        {
          transform: [{ filter: 'datum.lower !== null' }],
          mark: { type: 'rule', strokeWidth: 1.5 },
          encoding: { y: { field: 'lower', type: 'quantitative' }, y2: { field: 'upper' }, color },
        },
        {
          mark: { type: 'point', filled: true, size: 40, opacity: 1 },
          encoding: {
            y: { field: 'value', type: 'quantitative' },
            color,
            shape,
            tooltip: [
              { field: 'metric', type: 'nominal', title: 'metric' },
              { field: 'estimator', type: 'nominal', title: 'estimate' },
              { field: 'k', type: 'quantitative', title: 'k' },
              { field: 'value', type: 'quantitative', title: 'value', format: PERCENT_TOOLTIP_FORMAT },
              { field: 'se', type: 'quantitative', title: 'SE', format: '.2%' },
            ],
          },
        },
      ],
    },
  });
  return { kind: 'estimator-check', title, caption, spec };
}
