import { formatPercent } from '../format/percent.js';
import type { ChartSpec } from './chartsFor.js';
import { listAt, nullableNumberAt, numberAt } from './resultFields.js';
import { simulationName } from './simulationName.js';
import { CHART_HEIGHT, CHART_WIDTH, ERROR_BAR_Z, OKABE_ITO, PERCENT_FORMAT, PERCENT_TOOLTIP_FORMAT, themedSpec } from './theme.js';

/** The four shares of episodes per budget, in legend order, with the summary's field names. */
const MEASURES = [
  { label: 'coverage', field: 'coverage', colour: OKABE_ITO.blue },
  { label: 'delivered correct', field: 'deliveredCorrect', colour: OKABE_ITO.bluishGreen },
  { label: 'delivered wrong', field: 'deliveredWrong', colour: OKABE_ITO.vermillion },
  { label: 'abstained', field: 'abstained', colour: OKABE_ITO.black },
] as const;

/**
 * What users get per budget k: coverage (a correct candidate exists) against what is delivered
 * (correct, wrong, nothing). Simulated values are points with ±1.96 SE bars; the closed form,
 * where one exists, is the line (else the simulated points are joined by a dotted line).
 */
export function deliveryChart(result: object): ChartSpec {
  const rows = listAt(result, ['rows']);
  // A measure's line is its closed form when it has one at every k, else the simulated values dotted.
  const closed = new Set(
    MEASURES.filter(({ field }) => rows.every((_, i) => nullableNumberAt(result, ['rows', i, field, 'exact']) !== null)).map(({ label }) => label),
  );
  const values = rows.flatMap((_, i) => {
    const k = numberAt(result, ['rows', i, 'k']);
    return MEASURES.map(({ label, field }) => {
      const value = numberAt(result, ['rows', i, field, 'value']);
      const se = numberAt(result, ['rows', i, field, 'se']);
      const exact = nullableNumberAt(result, ['rows', i, field, 'exact']);
      return {
        k,
        measure: label,
        value,
        se,
        lower: Math.max(0, value - ERROR_BAR_Z * se),
        upper: Math.min(1, value + ERROR_BAR_Z * se),
        exact,
        line: closed.has(label) ? exact! : value,
        lineSource: closed.has(label) ? 'closed form' : 'simulated (no closed form)',
      };
    });
  });
  const ks = [...new Set(values.map((value) => value.k))].sort((a, b) => a - b);
  const last = (label: string) => values.find((value) => value.k === ks[ks.length - 1] && value.measure === label)!.value;
  const title = `What users get as the budget grows: ${simulationName(result)}`;
  const caption =
    `At k = ${ks[ks.length - 1]}: ${formatPercent(last('delivered correct'))} delivered correct, ` +
    `${formatPercent(last('delivered wrong'))} delivered wrong, ${formatPercent(last('abstained'))} abstained; ` +
    `coverage ${formatPercent(last('coverage'))} is the most any selector could deliver. Points: simulated ±1.96 SE.`;
  const color = {
    field: 'measure',
    type: 'nominal',
    title: null,
    scale: { domain: MEASURES.map((m) => m.label), range: MEASURES.map((m) => m.colour) },
    legend: { orient: 'right', direction: 'vertical' },
  } as const;
  const sources = [...new Set(values.map((value) => value.lineSource))].sort();
  const spec = themedSpec(title, caption, {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    data: { values },
    encoding: {
      x: {
        field: 'k',
        type: 'quantitative',
        title: 'budget k (attempts allowed per episode)',
        scale: { domain: [ks[0]!, ks[ks.length - 1]!], nice: false },
        axis: { values: ks, format: 'd' },
      },
    },
    layer: [
      {
        mark: { type: 'line', strokeWidth: 1.8 },
        encoding: {
          y: { field: 'line', type: 'quantitative', title: 'share of episodes', scale: { domain: [0, 1] }, axis: { format: PERCENT_FORMAT } },
          color,
          strokeDash: {
            field: 'lineSource',
            type: 'nominal',
            title: 'lines',
            scale: { domain: sources, range: sources.map((source) => (source === 'closed form' ? [1, 0] : [2, 3])) },
            legend: { orient: 'right', direction: 'vertical', symbolStrokeColor: '#333333' },
          },
          detail: { field: 'measure', type: 'nominal' },
        },
      },
      {
        mark: { type: 'rule', strokeWidth: 1.5 },
        encoding: { y: { field: 'lower', type: 'quantitative' }, y2: { field: 'upper' }, color },
      },
      {
        mark: { type: 'point', filled: true, size: 36 },
        encoding: {
          y: { field: 'value', type: 'quantitative' },
          color,
          tooltip: [
            { field: 'measure', type: 'nominal', title: 'measure' },
            { field: 'k', type: 'quantitative', title: 'k' },
            { field: 'value', type: 'quantitative', title: 'simulated', format: PERCENT_TOOLTIP_FORMAT },
            { field: 'se', type: 'quantitative', title: 'SE', format: '.2%' },
            { field: 'exact', type: 'quantitative', title: 'closed form', format: PERCENT_TOOLTIP_FORMAT },
          ],
        },
      },
    ],
  });
  return { kind: 'delivery', title, caption, spec };
}
