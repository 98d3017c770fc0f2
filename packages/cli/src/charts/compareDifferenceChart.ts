import { headlineK } from '../format/compareAnswer.js';
import { describeCoverage } from '../format/describe.js';
import { formatPoints, formatPointsInterval } from '../format/points.js';
import type { ChartSpec } from './chartSpec.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import { comparisonName, differencePoints, METRIC_PANELS } from './comparePoints.js';
import type { Channel } from './vegaLiteTypes.js';
import { ANNOTATION_GREY, CHART_HEIGHT, CHART_WIDTH, SERIES_COLOURS, themedSpec } from './theme.js';

/**
 * The difference B − A against k, one panel per metric, with its paired interval (a band and
 * error bars) and the zero line: where the band clears zero, B differs from A at that k.
 */
export function compareDifferenceChart(document: ResultDocumentOf<'passk.compare'>): ChartSpec {
  const points = differencePoints(document);
  const names = document.comparisons.map(comparisonName);
  const first = document.comparisons[0]!;
  const ks = [...new Set(points.map((point) => point.k))].sort((a, b) => a - b);
  const k = headlineK(first) ?? ks[ks.length - 1]!;
  const headline = points.find((point) => point.comparison === names[0] && point.k === k && point.metric === 'pass^k');
  const paired = first.pairing.mode === 'paired' ? 'paired-difference score' : 'unpaired Welch t (too few tasks in common)';
  const caption =
    (headline
      ? `pass^${k}: ${names[0]} = ${formatPoints(headline.difference)}${headline.lower === null ? '' : ` ${formatPointsInterval(headline.lower, headline.upper!)}`}. `
      : '') + `Bars and bands: ${describeCoverage(document.confidence, 2)} ${paired} intervals of the difference; above the zero line the later run is better.`;
  const color: Channel<'color'> = {
    field: 'comparison',
    type: 'nominal',
    title: null,
    scale: { domain: names, range: SERIES_COLOURS.slice(1, names.length + 1) },
    ...(names.length === 1 ? { legend: null } : {}),
  };
  const x: Channel<'x'> = {
    field: 'k',
    type: 'quantitative',
    title: 'k (attempts per task)',
    scale: { domain: [ks[0]! - 0.3, ks[ks.length - 1]! + 0.3], nice: false },
    axis: ks.length <= 12 ? { values: ks, format: 'd' } : { format: 'd', tickMinStep: 1 },
  };
  const y: Channel<'y'> = {
    field: 'difference',
    type: 'quantitative',
    title: 'B − A (percentage points)',
    axis: { format: '+.0%', labelExpr: "replace(datum.label, '%', ' pt')" },
  };
  const title = names.length === 1 ? `${names[0]}: the paired difference against k` : `Each run against ${document.baseline}: the paired difference against k`;
  const spec = themedSpec(title, caption, {
    data: { values: points.map((point) => ({ ...point })) },
    facet: { column: { field: 'metric', type: 'nominal', title: null, sort: [...METRIC_PANELS] } },
    spec: {
      width: (CHART_WIDTH - 40) / 2,
      height: CHART_HEIGHT,
      layer: [
        { mark: { type: 'rule', color: ANNOTATION_GREY, strokeDash: [4, 3] }, encoding: { y: { datum: 0 } } },
        {
          transform: [{ filter: 'datum.lower !== null' }],
          mark: { type: 'area', opacity: 0.12 },
          encoding: { x, y: { field: 'lower', type: 'quantitative' }, y2: { field: 'upper' }, color },
        },
        {
          transform: [{ filter: 'datum.lower !== null' }],
          mark: { type: 'rule', strokeWidth: 1.5 },
          encoding: { x, y: { field: 'lower', type: 'quantitative' }, y2: { field: 'upper' }, color },
        },
        { mark: { type: 'line', strokeWidth: 1.5 }, encoding: { x, y, color } },
        {
          mark: { type: 'point', filled: true, size: 40 },
          encoding: {
            x,
            y,
            color,
            tooltip: [
              { field: 'comparison', type: 'nominal' },
              { field: 'metric', type: 'nominal' },
              { field: 'k', type: 'quantitative' },
              { field: 'difference', type: 'quantitative', format: '+.1%' },
              { field: 'lower', type: 'quantitative', format: '+.1%' },
              { field: 'upper', type: 'quantitative', format: '+.1%' },
              { field: 'p', type: 'quantitative', format: '.3g' },
            ],
          },
        },
      ],
    },
  } as never);
  return { kind: 'compare-difference', title, caption, spec };
}
