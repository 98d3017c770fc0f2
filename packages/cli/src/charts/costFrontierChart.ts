import { formatPercent } from '../format/percent.js';
import type { ChartOptions, ChartSpec } from './chartSpec.js';
import type { SimulateDocument } from '../results/simulateSchema.js';
import { COST_UNIT } from './costUnit.js';
import { requireNumber } from './requireNumber.js';
import { seriesNames } from './seriesNames.js';
import { ANNOTATION_GREY, CHART_HEIGHT, CHART_WIDTH, OKABE_ITO, PERCENT_FORMAT, PERCENT_TOOLTIP_FORMAT, SERIES_COLOURS, themedSpec } from './theme.js';
import { threeDigits } from './chartNumbers.js';

interface BudgetPoint {
  readonly series: string;
  readonly k: number;
  readonly cost: number;
  readonly costSe: number;
  readonly deliveredCorrect: number;
  readonly deliveredCorrectSe: number;
  readonly deliveredWrong: number;
  /** Within the stated limit on delivered wrong (true without one). */
  readonly meets: boolean;
  /** Among the budgets that meet the limit: no other costs no more and delivers no less, and beats it on one. */
  readonly frontier: boolean;
}

/** Points that fail the limit: drawn grey, apart from the policies' colours. */
const FAILS_GREY = '#b8b8b8';

/**
 * Mean cost per episode against the delivered-correct rate, one point per budget k and one
 * series per simulate result, with the efficient frontier dashed and ringed: only among the budgets
 * that meet the stated limit on delivered wrong (`maxWrongDelivery`, as the report's best k does),
 * the others drawn grey, so a budget that delivers too many wrong answers is never on it.
 */
export function costFrontierChart(results: readonly SimulateDocument[], options: ChartOptions = {}): ChartSpec {
  const limit = options.maxWrongDelivery ?? null;
  const names = seriesNames(results);
  const raw = results.flatMap((result, r) =>
    result.rows.map((row, i) => ({
      series: names[r]!,
      k: row.k,
      cost: requireNumber(row.cost.value, `rows[${i}].cost.value`),
      costSe: requireNumber(row.cost.se, `rows[${i}].cost.se`),
      deliveredCorrect: requireNumber(row.deliveredCorrect.value, `rows[${i}].deliveredCorrect.value`),
      deliveredCorrectSe: requireNumber(row.deliveredCorrect.se, `rows[${i}].deliveredCorrect.se`),
      deliveredWrong: requireNumber(row.deliveredWrong.value, `rows[${i}].deliveredWrong.value`),
    })),
  );
  const meeting = raw.filter((point) => limit === null || point.deliveredWrong <= limit);
  const points: BudgetPoint[] = raw.map((point) => {
    const meets = limit === null || point.deliveredWrong <= limit;
    return { ...point, meets, frontier: meets && !meeting.some((other) => dominates(other, point)) };
  });
  const frontier = points.filter((point) => point.frontier);
  const best = frontier.length === 0 ? null : frontier.reduce((a, b) => (b.deliveredCorrect > a.deliveredCorrect ? b : a));
  const failing = points.length - meeting.length;
  const ks = [...new Set(points.map((point) => point.k))].sort((a, b) => a - b);
  const title = results.length === 1 ? `What each budget k costs and delivers: ${names[0]}` : 'What each budget k costs and delivers, policy by policy';
  const within = limit === null ? '' : ` with at most ${formatPercent(limit)} delivered wrong`;
  const caption =
    `Each point is a budget k (larger points: more wrong deliveries); outlined and dashed: the efficient frontier${within}, ` +
    `${frontier.length} of ${points.length} budget${points.length === 1 ? '' : 's'} that no other${limit === null ? '' : ' within the limit'} beats on both cost and delivery. ` +
    (failing > 0 ? `Grey: ${failing} budget${failing === 1 ? '' : 's'} over the limit, never on the frontier. ` : '') +
    (best === null
      ? `No budget meets the limit.`
      : `The most delivered correct${within}, ${formatPercent(best.deliveredCorrect)} (${formatPercent(best.deliveredWrong)} wrong), costs ${threeDigits(best.cost)} ${COST_UNIT} per episode` +
        `${results.length > 1 ? ` (${best.series}, k = ${best.k})` : ` (k = ${best.k})`}.`);
  const x = { field: 'cost', type: 'quantitative', title: `mean cost per episode (${COST_UNIT})`, scale: { zero: true } } as const;
  const y = {
    field: 'deliveredCorrect',
    type: 'quantitative',
    title: 'delivered correct (share of episodes)',
    scale: { zero: false, padding: 12 },
    axis: { format: PERCENT_FORMAT },
  } as const;
  const color = {
    field: 'series',
    type: 'nominal',
    title: results.length === 1 ? null : 'policy',
    scale: { domain: names, range: names.map((_, i) => SERIES_COLOURS[i % SERIES_COLOURS.length]!) },
    // One scenario is named in the title; several get a legend.
    legend: results.length === 1 ? null : { direction: 'vertical', orient: 'bottom', labelLimit: 560 },
  } as const;
  const wrongValues = points.map((point) => point.deliveredWrong);
  const wrongDomain = [Math.min(...wrongValues), Math.max(...wrongValues)];
  const spec = themedSpec(title, caption, {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    data: { values: points.map((point) => ({ ...point, kLabel: `k=${point.k}` })) },
    encoding: { x, y },
    layer: [
      {
        mark: { type: 'line', strokeWidth: 1.8 },
        encoding: { color, order: { field: 'k', type: 'quantitative' } },
      },
      {
        transform: [{ filter: 'datum.frontier' }],
        mark: { type: 'line', strokeDash: [6, 4], strokeWidth: 1.5, color: OKABE_ITO.black },
        encoding: { order: { field: 'cost', type: 'quantitative' } },
      },
      {
        mark: { type: 'point', filled: true, opacity: 1 },
        encoding: {
          color: { condition: { test: '!datum.meets', value: FAILS_GREY }, ...color },
          size: {
            field: 'deliveredWrong',
            type: 'quantitative',
            title: 'delivered wrong',
            scale: { domain: wrongDomain[0] === wrongDomain[1] ? [0, Math.max(wrongDomain[1]!, 0.01)] : wrongDomain, range: [30, 260] },
            legend: { orient: 'bottom', direction: 'horizontal', format: '.1%', tickCount: 3 },
          },
          stroke: { condition: { test: 'datum.frontier', value: OKABE_ITO.black }, value: 'white' },
          strokeWidth: { condition: { test: 'datum.frontier', value: 1.8 }, value: 0.8 },
          tooltip: [
            { field: 'series', type: 'nominal', title: 'policy' },
            { field: 'k', type: 'quantitative', title: 'k' },
            { field: 'deliveredCorrect', type: 'quantitative', title: 'delivered correct', format: PERCENT_TOOLTIP_FORMAT },
            { field: 'deliveredWrong', type: 'quantitative', title: 'delivered wrong', format: PERCENT_TOOLTIP_FORMAT },
            { field: 'cost', type: 'quantitative', title: `mean cost (${COST_UNIT})`, format: '.4~g' },
            { field: 'meets', type: 'nominal', title: 'within the wrong-delivery limit' },
            { field: 'frontier', type: 'nominal', title: 'on the frontier' },
          ],
        },
      },
      {
        // k labels at each policy's ends (the smallest k once: the policies often share it).
        transform: [{ filter: `datum.k === ${ks[ks.length - 1]} || (datum.k === ${ks[0]} && datum.series === ${JSON.stringify(names[0])})` }],
        mark: { type: 'text', align: 'left', baseline: 'top', dx: 6, dy: 4, fontSize: 11, color: ANNOTATION_GREY },
        encoding: { text: { field: 'kLabel', type: 'nominal' } },
      },
    ],
  });
  return { kind: 'cost-frontier', title, caption, spec };
}

/** a dominates b: costs no more, delivers no less, and is strictly better on one. */
function dominates(a: { cost: number; deliveredCorrect: number }, b: { cost: number; deliveredCorrect: number }): boolean {
  return a.cost <= b.cost && a.deliveredCorrect >= b.deliveredCorrect && (a.cost < b.cost || a.deliveredCorrect > b.deliveredCorrect);
}
