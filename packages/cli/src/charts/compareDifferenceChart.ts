import { headlineK } from '../format/compareAnswer.js';
import { describeCoverage } from '../format/describe.js';
import { ESTIMAND_COLUMNS } from '../format/estimandNotes.js';
import { formatPoints, formatPointsInterval } from '../format/points.js';
import type { ChartSpec } from './chartSpec.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import { comparisonName, differencePoints, METRIC_PANELS } from './comparePoints.js';
import type { Channel } from './vegaLiteTypes.js';
import { ANNOTATION_GREY, CHART_HEIGHT, CHART_WIDTH, SERIES_COLOURS, themedSpec } from './theme.js';

/**
 * The difference B − A against k, one panel per metric, with its interval for the task population
 * (a band and thin error bars, CI (tasks)), its interval for this benchmark (thick translucent bars,
 * CI (trials): the same tasks rerun, only the trials random) and the zero line: where the band clears
 * zero, B differs from A at that k on tasks like these; where only the thick bar does, on these tasks.
 * The two bar widths have a legend.
 */
export function compareDifferenceChart(document: ResultDocumentOf<'passk.compare'>): ChartSpec {
  const points = differencePoints(document);
  const names = document.comparisons.map(comparisonName);
  const first = document.comparisons[0]!;
  const ks = [...new Set(points.map((point) => point.k))].sort((a, b) => a - b);
  const k = headlineK(first) ?? ks[ks.length - 1]!;
  const headline = points.find((point) => point.comparison === names[0] && point.k === k && point.metric === 'pass^k');
  const paired = first.pairing.mode === 'paired' ? 'paired-difference score' : 'unpaired Welch t (too few tasks in common)';
  const bounds = (lower: number | null, upper: number | null, label: string) => (lower === null ? '' : `, ${label} ${formatPointsInterval(lower, upper!)}`);
  const caption =
    (headline
      ? `pass^${k}: ${names[0]} = ${formatPoints(headline.difference)}` +
        `${bounds(headline.lower, headline.upper, ESTIMAND_COLUMNS.population)}${bounds(headline.benchmarkLower, headline.benchmarkUpper, ESTIMAND_COLUMNS.benchmark)}. `
      : '') +
    `${describeCoverage(document.confidence, 2)} intervals of the difference: bands and thin bars for tasks like these (${ESTIMAND_COLUMNS.population}, ${paired}), ` +
    `thick bars for these tasks rerun, only the trials random (${ESTIMAND_COLUMNS.benchmark}); above the zero line the later run is better.`;
  // Each bar layer names its interval in a field of its own, so the two widths share one scale and one legend.
  const named = (label: string) => ({ calculate: JSON.stringify(label), as: 'estimand' });
  const width: Channel<'strokeWidth'> = {
    field: 'estimand',
    type: 'ordinal',
    sort: [...WIDTH_LEGEND],
    title: null,
    scale: { domain: [...WIDTH_LEGEND], range: [1.5, BENCHMARK_BAR_WIDTH] },
    legend: { orient: 'bottom', direction: 'vertical', symbolType: 'stroke', symbolStrokeColor: ANNOTATION_GREY },
  };
  const color: Channel<'color'> = {
    field: 'comparison',
    type: 'nominal',
    title: null,
    scale: { domain: names, range: SERIES_COLOURS.slice(1, names.length + 1) },
    ...(names.length === 1 ? { legend: null } : {}),
  };
  // Several comparisons side by side at each k (their bars would hide each other): a small shift each, centred on k.
  const step = Math.min(DODGE, 0.5 / names.length);
  const shift = (comparison: string) => (names.indexOf(comparison) - (names.length - 1) / 2) * step;
  const x: Channel<'x'> = {
    field: 'position',
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
  const difference = document.comparisons.every((comparison) => comparison.pairing.mode === 'paired') ? 'the paired difference' : 'the difference';
  const title = names.length === 1 ? `${names[0]}: ${difference} against k` : `Each run against ${document.baseline}: ${difference} against k`;
  const spec = themedSpec(title, caption, {
    data: { values: points.map((point) => ({ ...point, position: point.k + shift(point.comparison) })) },
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
          transform: [{ filter: 'datum.benchmarkLower !== null' }, named(WIDTH_LEGEND[1])],
          mark: { type: 'rule', opacity: 0.45, strokeCap: 'butt' },
          encoding: { x, y: { field: 'benchmarkLower', type: 'quantitative' }, y2: { field: 'benchmarkUpper' }, color, strokeWidth: width },
        },
        {
          transform: [{ filter: 'datum.lower !== null' }, named(WIDTH_LEGEND[0])],
          mark: { type: 'rule' },
          encoding: { x, y: { field: 'lower', type: 'quantitative' }, y2: { field: 'upper' }, color, strokeWidth: width },
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
              { field: 'lower', type: 'quantitative', format: '+.1%', title: `${ESTIMAND_COLUMNS.population} lower` },
              { field: 'upper', type: 'quantitative', format: '+.1%', title: `${ESTIMAND_COLUMNS.population} upper` },
              { field: 'benchmarkLower', type: 'quantitative', format: '+.1%', title: `${ESTIMAND_COLUMNS.benchmark} lower` },
              { field: 'benchmarkUpper', type: 'quantitative', format: '+.1%', title: `${ESTIMAND_COLUMNS.benchmark} upper` },
              { field: 'p', type: 'quantitative', format: '.3g' },
            ],
          },
        },
      ],
    },
  } as never);
  return { kind: 'compare-difference', title, caption, spec };
}

/** The legend of the two bars: which interval each width stands for. */
const WIDTH_LEGEND = [`${ESTIMAND_COLUMNS.population}: tasks like these`, `${ESTIMAND_COLUMNS.benchmark}: these tasks rerun`] as const;
/** Width of the this-benchmark bar, in pixels (the task-population one is a 1.5 px rule). */
const BENCHMARK_BAR_WIDTH = 7;
/** How far apart (in k) the bars of several comparisons at one k are drawn. */
const DODGE = 0.14;
