import { formatPercent } from '../format/percent.js';
import { bestBudget } from './bestBudget.js';
import type { ChartOptions, ChartSpec } from './chartSpec.js';
import type { SimulateDocument } from '../results/simulateSchema.js';
import { requireNumber } from './requireNumber.js';
import { seriesNames } from './seriesNames.js';
import { CHART_WIDTH, ERROR_BAR_Z, LABEL_VERMILLION, OKABE_ITO, PERCENT_FORMAT, PERCENT_TOOLTIP_FORMAT, SERIES_COLOURS, themedSpec } from './theme.js';
import type { Channel, Layer } from './vegaLiteTypes.js';

const CORRECT_HEIGHT = 240;
const WRONG_HEIGHT = 150;

type Measure = 'delivered correct' | 'coverage' | 'delivered wrong';

/** One budget of one policy as drawn. */
interface DeliveryPoint {
  readonly series: string;
  readonly k: number;
  readonly measure: Measure;
  readonly value: number;
  readonly se: number;
  readonly lower: number;
  readonly upper: number;
  readonly exact: number | null;
  readonly best: boolean;
  /** Only for tasks fitted to a log: within its trials (solid line, filled point), else model-based (dashed, hollow). */
  readonly observed?: boolean;
  /** Only for tasks fitted to a log: on the dashed segment (model-based, or the last observed k before it). */
  readonly dashed?: boolean;
}

/**
 * What users get per budget k, every policy (simulate result) of the report overlaid, one colour
 * each: delivered correct (solid, ±1.96 Monte Carlo SE bars, or with a measured verifier or fitted tasks its intervals; dashed with hollow
 * points at k beyond the log's trials, model-based) under coverage (dotted: the most any selector
 * could deliver) in the upper panel; delivered wrong on its own axis below, so its growth with k
 * shows even at a few percent; the limit on wrong delivery as a rule when given; each policy's
 * best k ringed (`bestBudget`: the most correct within the limit, else the most correct − wrong).
 * Abstained = 1 − correct − wrong (in the tables).
 */
export function deliveryChart(results: readonly SimulateDocument[], options: ChartOptions = {}): ChartSpec {
  const limit = options.maxWrongDelivery ?? null;
  const names = seriesNames(results);
  const bests = results.map((result) => bestBudget(result, limit));
  const points: DeliveryPoint[] = results.flatMap((result, r) =>
    result.rows.flatMap((row, i) => {
      const at = (field: 'deliveredCorrect' | 'coverage' | 'deliveredWrong', measure: Measure): DeliveryPoint => {
        const value = requireNumber(row[field].value, `rows[${i}].${field}.value`);
        const se = requireNumber(row[field].se, `rows[${i}].${field}.se`);
        // A measured verifier: the bar is the interval that includes its rates' uncertainty.
        const interval = row[field].interval;
        return {
          series: names[r]!,
          k: row.k,
          measure,
          value,
          se,
          lower: interval?.lower ?? Math.max(0, value - ERROR_BAR_Z * se),
          upper: interval?.upper ?? Math.min(1, value + ERROR_BAR_Z * se),
          exact: row[field].exact,
          best: bests[r]!.index === i,
          ...(row.basis === undefined ? {} : { observed: row.basis !== 'model', dashed: row.basis === 'model' || result.rows[i + 1]?.basis === 'model' }),
        };
      };
      return [at('deliveredCorrect', 'delivered correct'), at('coverage', 'coverage'), at('deliveredWrong', 'delivered wrong')];
    }),
  );
  const ks = [...new Set(points.map((point) => point.k))].sort((a, b) => a - b);
  const several = results.length > 1;
  const title = several ? 'What users get as the budget grows, policy by policy' : `What users get as the budget grows: ${names[0]}`;
  const measured = {
    verifier: results.some((result) => result.scenario.verifier.measured !== undefined),
    tasks: results.some((result) => result.scenario.tasks.measured !== undefined),
  };
  const fromLog = points.some((point) => point.observed !== undefined);
  const extrapolated = points.some((point) => point.observed === false);
  const caption = deliveryCaption(points, names, limit, measured, extrapolated);

  const color: Channel<'color'> = {
    field: 'series',
    type: 'nominal',
    title: several ? 'policy' : null,
    scale: { domain: names, range: names.map((_, i) => SERIES_COLOURS[i % SERIES_COLOURS.length]!) },
    legend: several ? { orient: 'bottom', direction: 'vertical', labelLimit: 560 } : null,
  };
  const x: Channel<'x'> = {
    field: 'k',
    type: 'quantitative',
    title: 'budget k (attempts allowed per episode)',
    scale: { domain: [ks[0]!, ks[ks.length - 1]!], nice: false, padding: 10 },
    axis: ks.length <= 20 ? { values: ks, format: 'd' } : { format: 'd', tickMinStep: 1 },
  };
  const tooltip: Channel<'tooltip'> = [
    { field: 'series', type: 'nominal', title: 'policy' },
    { field: 'measure', type: 'nominal', title: 'measure' },
    { field: 'k', type: 'quantitative', title: 'k' },
    { field: 'value', type: 'quantitative', title: 'simulated', format: PERCENT_TOOLTIP_FORMAT },
    { field: 'se', type: 'quantitative', title: 'SE', format: '.2%' },
    { field: 'exact', type: 'quantitative', title: 'closed form', format: PERCENT_TOOLTIP_FORMAT },
  ];
  const only = (measure: Measure) => ({ filter: { field: 'measure', equal: measure } });
  const wrongMax = Math.max(limit ?? 0, ...points.filter((point) => point.measure === 'delivered wrong').map((point) => point.upper));
  const wrongTop = niceCeiling(wrongMax);
  const wrongTicks = [0, wrongTop / 2, wrongTop];
  const wrongY: Channel<'y'> = {
    field: 'value',
    type: 'quantitative',
    title: 'delivered wrong',
    scale: { domain: [0, wrongTop] },
    // Three ticks, each labelled with the decimals it needs: never "1 %, 1 %, 0 %" for 0.5 % steps (nor when every value is 0).
    axis: { values: wrongTicks, format: `.${tickDecimals(wrongTicks)}%` },
  };
  // Several policies: the upper panel zooms to their values, so that close lines come apart (on 0–100 % three
  // policies within a few points of each other draw one line); the axis title says where it starts.
  const upper = points.filter((point) => point.measure !== 'delivered wrong');
  const zoomFrom = names.length > 1 ? Math.max(0, Math.floor(Math.min(...upper.map((point) => point.lower)) * 20 - 1) / 20) : 0;
  const correctY: Channel<'y'> = {
    field: 'value',
    type: 'quantitative',
    title: zoomFrom > 0 ? `delivered correct (axis from ${formatPercent(zoomFrom, 0)})` : 'delivered correct',
    scale: { domain: [zoomFrom, 1] },
    axis: { format: PERCENT_FORMAT },
  };
  const measuredLayers = (measure: Measure, y: Channel<'y'>): Layer[] => {
    const lines: Layer[] = fromLog
      ? [
          { transform: [only(measure), { filter: 'datum.observed' }], mark: { type: 'line', strokeWidth: 2 }, encoding: { x, y, color } },
          // k beyond the log's trials: the fitted model's extrapolation, dashed.
          { transform: [only(measure), { filter: 'datum.dashed' }], mark: { type: 'line', strokeWidth: 2, strokeDash: [6, 4] }, encoding: { x, y, color } },
        ]
      : [{ transform: [only(measure)], mark: { type: 'line', strokeWidth: 2 }, encoding: { x, y, color } }];
    const modelPoints: Layer[] = extrapolated
      ? [
          {
            transform: [only(measure), { filter: '!datum.observed' }],
            mark: { type: 'point', filled: false, size: 40, strokeWidth: 1.6 },
            encoding: { x, y: { field: 'value', type: 'quantitative' }, color, tooltip },
          },
        ]
      : [];
    return [
      ...lines,
      {
        transform: [only(measure)],
        mark: { type: 'rule', strokeWidth: 1.4 },
        encoding: { x, y: { field: 'lower', type: 'quantitative' }, y2: { field: 'upper' }, color },
      },
      {
        transform: fromLog ? [only(measure), { filter: 'datum.observed' }] : [only(measure)],
        mark: { type: 'point', filled: true, size: 34 },
        encoding: { x, y: { field: 'value', type: 'quantitative' }, color, tooltip },
      },
      ...modelPoints,
      {
        transform: [only(measure), { filter: 'datum.best' }],
        mark: { type: 'point', filled: false, size: 240, strokeWidth: 2, color: OKABE_ITO.black },
        encoding: { x, y: { field: 'value', type: 'quantitative' }, tooltip },
      },
    ];
  };
  const limitLayers: Layer[] =
    limit === null
      ? []
      : [
          {
            data: { values: [{ limit, label: `limit ${formatPercent(limit)}` }] },
            mark: { type: 'rule', strokeDash: [6, 3], strokeWidth: 1.5, color: OKABE_ITO.vermillion },
            encoding: { y: { field: 'limit', type: 'quantitative' } },
          },
          {
            data: { values: [{ limit, label: `limit ${formatPercent(limit)}` }] },
            mark: { type: 'text', align: 'left', baseline: 'bottom', x: 4, dy: -3, color: LABEL_VERMILLION },
            encoding: { y: { field: 'limit', type: 'quantitative' }, text: { field: 'label', type: 'nominal' } },
          },
        ];
  const spec = themedSpec(title, caption, {
    data: { values: points.map((point) => ({ ...point })) },
    vconcat: [
      {
        width: CHART_WIDTH,
        height: CORRECT_HEIGHT,
        layer: [
          {
            transform: [only('coverage')],
            mark: { type: 'line', strokeWidth: 1.4, strokeDash: [2, 3] },
            encoding: { x, y: correctY, color, tooltip },
          },
          ...measuredLayers('delivered correct', correctY),
        ],
      },
      { width: CHART_WIDTH, height: WRONG_HEIGHT, layer: [...measuredLayers('delivered wrong', wrongY), ...limitLayers] },
    ],
    resolve: { scale: { y: 'independent' } },
  } as never);
  return { kind: 'delivery', title, caption, spec };
}

/** The caption: per policy its best k and what it delivers there. */
function deliveryCaption(
  points: readonly DeliveryPoint[],
  names: readonly string[],
  limit: number | null,
  measured: { verifier: boolean; tasks: boolean },
  extrapolated: boolean,
): string {
  const parts = names.map((name) => {
    const best = points.filter((point) => point.series === name && point.best);
    const correct = best.find((point) => point.measure === 'delivered correct');
    const wrong = best.find((point) => point.measure === 'delivered wrong');
    const label = names.length > 1 ? `${name}: ` : '';
    if (!correct || !wrong) return `${label}no k keeps wrong delivery ≤ ${formatPercent(limit)}`;
    return `${label}k = ${correct.k}, ${formatPercent(correct.value)} correct, ${formatPercent(wrong.value)} wrong`;
  });
  const rule =
    limit === null
      ? 'Ringed: the best k (most delivered correct − delivered wrong)'
      : `Ringed: the best k (most delivered correct with wrong ≤ ${formatPercent(limit)})`;
  const included = [...(measured.verifier ? ["the measured verifier's"] : []), ...(measured.tasks ? ["the fitted tasks'"] : [])].join(' and ');
  const bars =
    included !== ''
      ? `Points: simulated, with 95 % intervals that include ${included} uncertainty.`
      : 'Points: simulated ±1.96 Monte Carlo SE (the CLI prints ±1 SE).';
  const beyond = extrapolated ? " Dashed line, hollow points: k beyond the log's trials, model-based (the fitted population extrapolated), not observed." : '';
  // A perfect verifier delivers every correct answer it could: the dotted line lies under the solid one, so say so.
  const hidden = names.filter((name) => {
    const of = (measure: Measure) => points.filter((point) => point.series === name && point.measure === measure);
    const coverage = of('coverage');
    return coverage.length > 0 && coverage.every((point) => of('delivered correct').some((c) => c.k === point.k && c.value === point.value));
  });
  const overlapping = overlappingSeries(points, names);
  const together =
    overlapping.length === 0 ? '' : ` ${overlapping.join('; ')}: delivered correct within ±1.96 SE of each other at every k (their lines overlap).`;
  const equal =
    (hidden.length === 0
      ? ''
      : ` Coverage equals delivered correct${names.length > 1 ? ` for ${hidden.join(', ')}` : ''} at every k (nothing correct is lost): the dotted line lies under the solid one.`) +
    together;
  return `${rule}: ${parts.join('; ')}. Dotted: coverage, the most any selector could deliver.${equal} ${bars}${beyond}`;
}

/** Pairs of series whose delivered correct agree within the combined ±1.96 SE at every k they share: "A and B". */
function overlappingSeries(points: readonly DeliveryPoint[], names: readonly string[]): string[] {
  const correct = (name: string) => points.filter((point) => point.series === name && point.measure === 'delivered correct');
  const pairs: string[] = [];
  names.forEach((a, i) =>
    names.slice(i + 1).forEach((b) => {
      const left = correct(a);
      const right = correct(b);
      const shared = left.filter((p) => right.some((q) => q.k === p.k));
      const close = shared.every((p) => {
        const q = right.find((r) => r.k === p.k)!;
        return Math.abs(p.value - q.value) <= ERROR_BAR_Z * Math.hypot(p.se, q.se);
      });
      if (shared.length > 0 && close) pairs.push(`${a} and ${b}`);
    }),
  );
  return pairs;
}

/** The fewest decimals (of a percentage) that label every tick exactly: [0, 0.005, 0.01] → 1 (0.0 %, 0.5 %, 1.0 %). */
export function tickDecimals(ticks: readonly number[]): number {
  for (let digits = 0; digits < 6; digits++) {
    if (ticks.every((tick) => Math.abs(Number((tick * 100).toFixed(digits)) - tick * 100) < 1e-9)) return digits;
  }
  return 6;
}

/** The next 1, 2 or 5 × 10^n at or above 1.05 × `value` (an axis top that reads well). */
function niceCeiling(value: number): number {
  if (value <= 0) return 0.01;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].find((m) => m * power >= value * 1.05)! * power;
}
