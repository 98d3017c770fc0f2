import { methodName } from '../format/describe.js';
import { formatPercent } from '../format/percent.js';
import type { ChartSpec } from './chartSpec.js';
import type { EstimateTaskDocument } from '../results/estimateTaskSchema.js';
import { ANNOTATION_GREY, CHART_WIDTH, percentLabel, OKABE_ITO, PERCENT_FORMAT, PERCENT_TOOLTIP_FORMAT, themedSpec } from './theme.js';

type Family = 'p' | 'pass^k' | 'pass@k';

/** One row of the chart: a quantity with its point estimate, plug-in and interval. */
interface IntervalRow {
  readonly quantity: string;
  readonly family: Family;
  readonly k: number | null;
  readonly estimate: number;
  readonly plugin: number | null;
  readonly lower: number;
  readonly upper: number;
  /** "37.9% [9.4%, 75.5%]" (two-sided) or "100.0%, ≥ 45.0%" (one-sided lower bound). */
  readonly label: string;
}

const FAMILY_COLOURS: Readonly<Record<Family, string>> = { p: OKABE_ITO.black, 'pass^k': OKABE_ITO.vermillion, 'pass@k': OKABE_ITO.blue };
const ROW_STEP = 22;

/**
 * One task (`estimate --n --c`): the interval for p and, for each k, the pass^k and pass@k
 * intervals it maps to (both are monotone in p), with the unbiased estimate as a dot, the plug-in
 * as an open diamond and the numbers written beside each bar: the seeds' "27 of 30" row.
 */
export function taskIntervalChart(result: EstimateTaskDocument): ChartSpec {
  const { n, c, p } = result;
  const sides = p.sides;
  const tail = p.tail === 'upper' ? 'upper' : 'lower';
  const confidence = p.level;
  const method = `${methodName(p.method) ?? p.method} `;
  const label = (estimate: number, lower: number, upper: number) =>
    sides === 2
      ? `${formatPercent(estimate)} [${formatPercent(lower)}, ${formatPercent(upper)}]`
      : tail === 'lower'
        ? `${formatPercent(estimate)}, ${bound('≥', lower)}`
        : `${formatPercent(estimate)}, ${bound('≤', upper)}`;
  const pRow: IntervalRow = { quantity: 'p', family: 'p', k: null, estimate: p.estimate, plugin: null, lower: p.lower, upper: p.upper, label: '' };
  const perK = (family: 'pass^k' | 'pass@k', key: 'passHatK' | 'passAtK'): IntervalRow[] =>
    result.rows.map((row) => ({
      quantity: `${family === 'pass^k' ? 'pass^' : 'pass@'}${row.k}`,
      family,
      k: row.k,
      estimate: row[key],
      plugin: row.plugin[key],
      lower: row.interval[key].lower,
      upper: row.interval[key].upper,
      label: '',
    }));
  const rows = [pRow, ...perK('pass^k', 'passHatK'), ...perK('pass@k', 'passAtK')].map((row) => ({
    ...row,
    label: label(row.estimate, row.lower, row.upper),
  }));
  const level = percentLabel(confidence);
  const bars = sides === 2 ? `${level} two-sided ${method}interval` : `${level} one-sided ${method}${tail} bound`;
  const axis = sides === 2 ? `${level} two-sided interval` : `${level} one-sided ${tail} bound`;
  const headline = [...rows].reverse().find((row) => row.family === 'pass^k' && row.k === 8) ?? rows.filter((row) => row.family === 'pass^k').at(-1)!;
  const title = `${c} of ${n} trials correct: what p, pass^k and pass@k can be`;
  const range =
    sides === 2
      ? `anywhere from ${formatPercent(headline.lower)} to ${formatPercent(headline.upper)}`
      : tail === 'lower'
        ? `as low as ${formatPercent(headline.lower)}`
        : `as high as ${formatPercent(headline.upper)}`;
  const caption =
    `${headline.quantity} could be ${range} (unbiased ${formatPercent(headline.estimate)}, plug-in ${formatPercent(headline.plugin!)}). ` +
    `Bars: ${bars} for p, mapped to each k; dot: unbiased, diamond: plug-in.`;
  const order = rows.map((row) => row.quantity);
  const y = { field: 'quantity', type: 'ordinal', title: null, sort: order, axis: { labelFontSize: 11.5, ticks: false, domain: false } } as const;
  const color = {
    field: 'family',
    type: 'nominal',
    legend: null,
    scale: { domain: Object.keys(FAMILY_COLOURS), range: Object.values(FAMILY_COLOURS) },
  } as const;
  const spec = themedSpec(title, caption, {
    width: CHART_WIDTH - 140,
    height: { step: ROW_STEP },
    data: { values: rows.map((row) => ({ ...row })) },
    encoding: { y },
    layer: [
      {
        mark: { type: 'rule', strokeWidth: 4, strokeCap: 'round', opacity: 0.75 },
        encoding: {
          x: {
            field: 'lower',
            type: 'quantitative',
            title: `probability (${axis})`,
            scale: { domain: [0, 1] },
            axis: { format: PERCENT_FORMAT, grid: true },
          },
          x2: { field: 'upper' },
          color,
        },
      },
      {
        transform: [{ filter: 'datum.plugin !== null' }],
        mark: { type: 'point', shape: 'diamond', filled: false, size: 90, strokeWidth: 1.6, color: OKABE_ITO.black },
        encoding: { x: { field: 'plugin', type: 'quantitative' } },
      },
      {
        mark: { type: 'point', filled: true, size: 70, stroke: 'white', strokeWidth: 1 },
        encoding: {
          x: { field: 'estimate', type: 'quantitative' },
          color,
          tooltip: [
            { field: 'quantity', type: 'nominal', title: 'quantity' },
            { field: 'estimate', type: 'quantitative', title: 'unbiased', format: PERCENT_TOOLTIP_FORMAT },
            { field: 'plugin', type: 'quantitative', title: 'plug-in', format: PERCENT_TOOLTIP_FORMAT },
            { field: 'lower', type: 'quantitative', title: 'lower', format: PERCENT_TOOLTIP_FORMAT },
            { field: 'upper', type: 'quantitative', title: 'upper', format: PERCENT_TOOLTIP_FORMAT },
          ],
        },
      },
      {
        mark: { type: 'text', align: 'left', dx: 12, fontSize: 11, color: ANNOTATION_GREY },
        encoding: { x: { datum: 1, type: 'quantitative' }, text: { field: 'label', type: 'nominal' } },
      },
    ],
  });
  return { kind: 'task-interval', title, caption, spec };
}

/** "≥ 45.0%", but ">99.9%" alone where the percentage is already a bound. */
function bound(sign: '≥' | '≤', value: number): string {
  const text = formatPercent(value);
  return text.startsWith('>') || text.startsWith('<') ? text : `${sign} ${text}`;
}
