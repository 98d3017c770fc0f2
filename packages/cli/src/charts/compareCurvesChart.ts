import { headlineK } from '../format/compareAnswer.js';
import { describeCoverage } from '../format/describe.js';
import { formatPercent } from '../format/percent.js';
import type { ChartSpec } from './chartSpec.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import { METRIC_PANELS, runPoints } from './comparePoints.js';
import type { Channel } from './vegaLiteTypes.js';
import { CHART_HEIGHT, CHART_WIDTH, PERCENT_FORMAT, PERCENT_TOOLTIP_FORMAT, SERIES_COLOURS, percentLabel, themedSpec } from './theme.js';

/**
 * Several runs' pass curves overlaid: pass@k and pass^k against k in two panels, one colour per
 * run, each with a band of its own CI (tasks) over the tasks it was compared on (the interval
 * `estimate` prints for those tasks; `compare --json` records it as each side's `interval`).
 */
export function compareCurvesChart(document: ResultDocumentOf<'passk.compare'>): ChartSpec {
  const points = runPoints(document);
  const runs = [document.baseline, ...document.comparisons.map((comparison) => comparison.candidate)];
  const ks = [...new Set(points.map((point) => point.k))].sort((a, b) => a - b);
  const k = headlineK(document.comparisons[0]!) ?? ks[ks.length - 1]!;
  const at = (run: string) => points.find((point) => point.run === run && point.k === k && point.metric === 'pass^k');
  const caption =
    `pass^${k}: ${runs.map((run) => `${run} ${formatPercent(at(run)?.value ?? null)}`).join(', ')}. ` +
    `Bands: CI (tasks), ${describeCoverage(document.confidence, document.sides)}, of each run over the compared tasks; ` +
    'whether two runs differ is read from the paired difference chart, not from overlapping bands.';
  const color: Channel<'color'> = { field: 'run', type: 'nominal', title: null, scale: { domain: runs, range: SERIES_COLOURS.slice(0, runs.length) } };
  const x: Channel<'x'> = {
    field: 'k',
    type: 'quantitative',
    title: 'k (attempts per task)',
    scale: { domain: [ks[0]!, ks[ks.length - 1]!], nice: false },
    axis: ks.length <= 12 ? { values: ks, format: 'd' } : { format: 'd', tickMinStep: 1 },
  };
  const y: Channel<'y'> = {
    field: 'value',
    type: 'quantitative',
    title: 'task-averaged estimate',
    scale: { domain: [0, 1] },
    axis: { format: PERCENT_FORMAT },
  };
  const spec = themedSpec(`pass@k and pass^k of ${runs.length} runs`, caption, {
    data: { values: points.map((point) => ({ ...point })) },
    facet: {
      column: {
        field: 'metric',
        type: 'nominal',
        title: null,
        sort: [...METRIC_PANELS],
        header: { labelExpr: "datum.label === 'pass@k' ? 'pass@k (at least one correct)' : 'pass^k (all correct)'" },
      },
    },
    spec: {
      width: (CHART_WIDTH - 40) / 2,
      height: CHART_HEIGHT,
      layer: [
        {
          transform: [{ filter: 'datum.lower !== null' }],
          mark: { type: 'area', opacity: 0.14 },
          encoding: { x, y: { field: 'lower', type: 'quantitative' }, y2: { field: 'upper' }, color },
        },
        { mark: { type: 'line' }, encoding: { x, y, color } },
        {
          mark: { type: 'point', filled: true, size: 36 },
          encoding: {
            x,
            y,
            color,
            tooltip: [
              { field: 'run', type: 'nominal' },
              { field: 'metric', type: 'nominal' },
              { field: 'k', type: 'quantitative' },
              { field: 'value', type: 'quantitative', format: PERCENT_TOOLTIP_FORMAT },
              { field: 'lower', type: 'quantitative', title: `CI (tasks), ${percentLabel(document.confidence)}: lower`, format: PERCENT_TOOLTIP_FORMAT },
              { field: 'upper', type: 'quantitative', title: `CI (tasks), ${percentLabel(document.confidence)}: upper`, format: PERCENT_TOOLTIP_FORMAT },
            ],
          },
        },
      ],
    },
  } as never);
  return { kind: 'compare-curves', title: `pass@k and pass^k of ${runs.length} runs`, caption, spec };
}
