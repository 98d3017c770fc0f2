import { describeCoverage } from '../format/describe.js';
import { formatPercent, formatPercentInterval } from '../format/percent.js';
import type { VerifierDocument } from '../results/verifierSchema.js';
import type { ChartSpec } from './chartSpec.js';
import { ANNOTATION_GREY, CHART_HEIGHT, CHART_WIDTH, OKABE_ITO, PERCENT_FORMAT, PERCENT_TOOLTIP_FORMAT, themedSpec } from './theme.js';
import type { Channel } from './vegaLiteTypes.js';

/** Groups are named beside their points up to this many (more would cover each other). */
const MAX_LABELLED = 12;
const POOLED = 'all (pooled)';

/**
 * `passk verifier`: each group (a model, a judge prompt) as a point at its false reject (x) and
 * false accept (y), with both exact intervals as error bars; the pooled counts in another colour.
 * A perfect verifier sits at the origin; a group without a wrong (or right) attempt is left out.
 */
export function verifierRatesChart(document: VerifierDocument): ChartSpec {
  const GROUP = document.source.by === null ? 'all' : `per ${document.source.by}`;
  const rows = [...document.rows.map((row) => ({ row, role: GROUP })), ...(document.pooled === null ? [] : [{ row: document.pooled, role: POOLED }])];
  const points = rows
    .filter(({ row }) => row.falseAccept !== null && row.falseReject !== null)
    .map(({ row, role }) => ({
      name: row.group ?? (document.source.by === null ? 'all' : POOLED),
      role,
      falseAccept: row.falseAccept!.rate,
      faLower: row.falseAccept!.interval.lower,
      faUpper: row.falseAccept!.interval.upper,
      falseReject: row.falseReject!.rate,
      frLower: row.falseReject!.interval.lower,
      frUpper: row.falseReject!.interval.upper,
      wrong: row.counts.wrong,
      right: row.counts.right,
    }));
  const headline = points.find((point) => point.role === POOLED) ?? points[0];
  const title = document.source.by === null ? 'The verifier’s errors, measured' : `The verifier’s errors by ${document.source.by}`;
  const caption =
    (headline === undefined
      ? ''
      : `${headline.name}: false accept ${formatPercent(headline.falseAccept)} ${formatPercentInterval(headline.faLower, headline.faUpper)}, ` +
        `false reject ${formatPercent(headline.falseReject)} ${formatPercentInterval(headline.frLower, headline.frUpper)}. `) +
    `Bars: ${describeCoverage(document.confidence, 2)} exact intervals; a perfect verifier sits at the origin.`;
  const roles = document.pooled === null ? [GROUP] : [GROUP, POOLED];
  const color: Channel<'color'> = {
    field: 'role',
    type: 'nominal',
    title: null,
    scale: { domain: roles, range: [OKABE_ITO.blue, OKABE_ITO.vermillion].slice(0, roles.length) },
    ...(roles.length === 1 ? { legend: null } : { legend: { orient: 'bottom' } }),
  };
  // Below 10 % whole percents would repeat on the ticks (1%, 1%, 2%): one decimal there.
  const format = (upper: number) => (upper < 0.1 ? '.1~%' : PERCENT_FORMAT);
  const most = (key: 'faUpper' | 'frUpper') => points.reduce((largest, point) => Math.max(largest, point[key]), 0);
  const x: Channel<'x'> = { field: 'falseReject', type: 'quantitative', title: 'false reject: P(reject | right)', axis: { format: format(most('frUpper')) } };
  const y: Channel<'y'> = { field: 'falseAccept', type: 'quantitative', title: 'false accept: P(accept | wrong)', axis: { format: format(most('faUpper')) } };
  const labelled = document.rows.length <= MAX_LABELLED;
  const spec = themedSpec(title, caption, {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    data: { values: points },
    layer: [
      { mark: { type: 'rule', opacity: 0.7 }, encoding: { x: { field: 'frLower', type: 'quantitative' }, x2: { field: 'frUpper' }, y, color } },
      { mark: { type: 'rule', opacity: 0.7 }, encoding: { x, y: { field: 'faLower', type: 'quantitative' }, y2: { field: 'faUpper' }, color } },
      {
        mark: { type: 'point', filled: true, size: 50 },
        encoding: {
          x,
          y,
          color,
          tooltip: [
            { field: 'name', type: 'nominal', title: document.source.by ?? 'group' },
            { field: 'falseAccept', type: 'quantitative', format: PERCENT_TOOLTIP_FORMAT, title: 'false accept' },
            { field: 'faLower', type: 'quantitative', format: PERCENT_TOOLTIP_FORMAT, title: 'lower' },
            { field: 'faUpper', type: 'quantitative', format: PERCENT_TOOLTIP_FORMAT, title: 'upper' },
            { field: 'falseReject', type: 'quantitative', format: PERCENT_TOOLTIP_FORMAT, title: 'false reject' },
            { field: 'frLower', type: 'quantitative', format: PERCENT_TOOLTIP_FORMAT, title: 'lower' },
            { field: 'frUpper', type: 'quantitative', format: PERCENT_TOOLTIP_FORMAT, title: 'upper' },
            { field: 'wrong', type: 'quantitative' },
            { field: 'right', type: 'quantitative' },
          ],
        },
      },
      ...(labelled
        ? [
            {
              transform: [{ filter: `datum.role !== ${JSON.stringify(POOLED)}` }],
              mark: { type: 'text', align: 'left', dx: 6, dy: -6, fontSize: 10, color: ANNOTATION_GREY },
              encoding: { x, y, text: { field: 'name', type: 'nominal' } },
            },
          ]
        : []),
    ],
  } as never);
  return { kind: 'verifier-rates', title, caption, spec };
}
