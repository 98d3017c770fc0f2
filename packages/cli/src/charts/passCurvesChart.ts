import { basename } from 'node:path';
import { describeCoverage, methodName } from '../format/describe.js';
import { formatPercent, formatPercentInterval } from '../format/percent.js';
import { RESULT_KINDS } from '../format/resultKinds.js';
import type { ChartOptions, ChartSpec } from './chartSpec.js';
import type { EstimateFileDocument } from '../results/estimateFileSchema.js';
import type { EstimateRateDocument } from '../results/estimateRateSchema.js';
import type { EstimateTaskDocument } from '../results/estimateTaskSchema.js';
import type { Channel, Layer } from './vegaLiteTypes.js';
import { CHART_HEIGHT, CHART_WIDTH, OKABE_ITO, PERCENT_FORMAT, PERCENT_TOOLTIP_FORMAT, percentLabel, themedSpec } from './theme.js';

type Metric = 'pass@k' | 'pass^k';
type Estimator = 'unbiased' | 'plug-in' | 'closed form';

/** One point of a curve; `lower`/`upper` (the band) only on the unbiased and closed-form points. */
interface CurvePoint {
  readonly k: number;
  readonly metric: Metric;
  readonly estimator: Estimator;
  readonly value: number;
  readonly lower: number | null;
  readonly upper: number | null;
}

interface Curves {
  readonly title: string;
  /** What the band is, e.g. "95% two-sided Wilson interval for p mapped to each k"; null: no band. */
  readonly band: string | null;
  readonly points: readonly CurvePoint[];
}

/**
 * pass@k and pass^k against k (the seeds' "two curves"): from a known p the closed forms; from
 * counts or a results file the unbiased estimates with their interval bands and the plug-in
 * estimates dashed beside them.
 */
export function passCurvesChart(result: EstimateTaskDocument | EstimateRateDocument | EstimateFileDocument, options: ChartOptions = {}): ChartSpec {
  const kind = result.kind;
  const curves =
    result.kind === RESULT_KINDS.estimateRate ? rateCurves(result) : result.kind === RESULT_KINDS.estimateFile ? fileCurves(result) : taskCurves(result);
  const title = curves.title;
  const caption = passCurvesCaption(curves);
  const ks = [...new Set(curves.points.map((point) => point.k))].sort((a, b) => a - b);
  const hasPlugin = curves.points.some((point) => point.estimator === 'plug-in');
  // A log axis (as coverage-against-samples plots use) when asked, or when k spans more than a decade.
  const logK = options.logK ?? ks[ks.length - 1]! / ks[0]! > 10;
  const x: Channel<'x'> = {
    field: 'k',
    type: 'quantitative',
    title: logK ? 'k (attempts per task, log scale)' : 'k (attempts per task)',
    scale: logK ? { type: 'log', domain: [ks[0]!, ks[ks.length - 1]!], nice: false } : { domain: [ks[0]!, ks[ks.length - 1]!], nice: false },
    axis:
      ks.length <= 12 ? { values: ks, format: 'd' } : logK ? { values: logTicks(ks[0]!, ks[ks.length - 1]!), format: 'd' } : { format: 'd', tickMinStep: 1 },
  };
  const color: Channel<'color'> = {
    field: 'metric',
    type: 'nominal',
    title: null,
    scale: { domain: ['pass@k', 'pass^k'], range: [OKABE_ITO.blue, OKABE_ITO.vermillion] },
    legend: {
      title: 'metric',
      orient: 'bottom',
      direction: 'horizontal',
      labelExpr: "datum.label === 'pass@k' ? 'pass@k (at least one correct)' : 'pass^k (all correct)'",
      symbolType: 'stroke',
      symbolStrokeWidth: 3,
      symbolOpacity: 1,
    },
  };
  const tooltip: Channel<'tooltip'> = [
    { field: 'metric', type: 'nominal', title: 'metric' },
    { field: 'estimator', type: 'nominal', title: 'estimate' },
    { field: 'k', type: 'quantitative', title: 'k' },
    { field: 'value', type: 'quantitative', title: 'value', format: PERCENT_TOOLTIP_FORMAT },
  ];
  const spec = themedSpec(title, caption, {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    data: { values: curves.points.map((point) => ({ ...point })) },
    encoding: { x },
    layer: [
      ...(curves.band === null
        ? []
        : [
            {
              transform: [{ filter: 'datum.lower !== null' }],
              mark: { type: 'area', opacity: 0.16 },
              encoding: {
                y: { field: 'lower', type: 'quantitative' },
                y2: { field: 'upper' },
                color,
              },
            } satisfies Layer,
          ]),
      {
        mark: { type: 'line', strokeWidth: 2.2 },
        encoding: {
          y: {
            field: 'value',
            type: 'quantitative',
            title: kind === RESULT_KINDS.estimateFile ? 'probability (task average)' : 'probability',
            scale: { domain: [0, 1] },
            axis: { format: PERCENT_FORMAT },
          },
          color,
          ...(hasPlugin
            ? {
                strokeDash: {
                  field: 'estimator',
                  type: 'nominal',
                  title: 'estimate',
                  scale: {
                    domain: ['unbiased', 'plug-in'],
                    range: [
                      [1, 0],
                      [5, 4],
                    ],
                  },
                  legend: { orient: 'bottom', direction: 'horizontal', symbolStrokeColor: '#333333', symbolType: 'stroke' },
                },
              }
            : {}),
          detail: { field: 'estimator', type: 'nominal' },
        },
      } satisfies Layer,
      {
        transform: [{ filter: "datum.estimator !== 'plug-in'" }],
        mark: { type: 'point', filled: true, size: 40 },
        encoding: { y: { field: 'value', type: 'quantitative' }, color, tooltip },
      } satisfies Layer,
    ],
  });
  return { kind: 'pass-curves', title, caption, spec };
}

/** Closed forms for a known p: `estimate --p`. */
function rateCurves(result: EstimateRateDocument): Curves {
  const points = result.rows.flatMap(
    ({ k, passAtK, passHatK }) =>
      [
        { k, metric: 'pass@k', estimator: 'closed form', value: passAtK, lower: null, upper: null },
        { k, metric: 'pass^k', estimator: 'closed form', value: passHatK, lower: null, upper: null },
      ] as const,
  );
  return { title: `pass@k and pass^k for a single-attempt success rate p = ${percentLabel(result.p)}`, band: null, points };
}

/** One task's counts: `estimate --n --c --k 1..K`. */
function taskCurves(result: EstimateTaskDocument): Curves {
  const { n, c, p } = result;
  const points = result.rows.flatMap(
    ({ k, passAtK, passHatK, interval, plugin }) =>
      [
        { k, metric: 'pass@k', estimator: 'unbiased', value: passAtK, lower: interval.passAtK.lower, upper: interval.passAtK.upper },
        { k, metric: 'pass^k', estimator: 'unbiased', value: passHatK, lower: interval.passHatK.lower, upper: interval.passHatK.upper },
        { k, metric: 'pass@k', estimator: 'plug-in', value: plugin.passAtK, lower: null, upper: null },
        { k, metric: 'pass^k', estimator: 'plug-in', value: plugin.passHatK, lower: null, upper: null },
      ] as const,
  );
  const coverage = describeCoverage(p.level, p.sides);
  const method = `${methodName(p.method) ?? p.method} `;
  return { title: `pass@k and pass^k from ${c} of ${n} trials correct`, band: `${coverage} ${method}interval for p mapped to each k`, points };
}

/** Task averages from a results file: `estimate FILE`; bands from the bootstrap when it ran, else from the SE. */
function fileCurves(result: EstimateFileDocument): Curves {
  const bootstrap = result.uncertainty.bootstrap !== null;
  const points: CurvePoint[] = [];
  for (const row of result.rows) {
    const { k } = row;
    for (const [metric, key] of [
      ['pass@k', 'passAtK'],
      ['pass^k', 'passHatK'],
    ] as const) {
      const value = row[key];
      if (value === null) continue; // not estimable at this k (tasks with n < k)
      const bounds = bootstrap ? (row.bootstrap?.[key] ?? null) : row.interval[key];
      points.push({ k, metric, estimator: 'unbiased', value, lower: bounds?.lower ?? null, upper: bounds?.upper ?? null });
      if (row.plugin !== null) points.push({ k, metric, estimator: 'plug-in', value: row.plugin[key], lower: null, upper: null });
    }
  }
  const coverage = describeCoverage(result.uncertainty.confidence, result.uncertainty.sides);
  return {
    title: `pass@k and pass^k averaged over ${result.tasks} tasks of ${basename(result.source.file)}`,
    band: `${coverage} ${bootstrap ? 'two-stage bootstrap intervals' : 'intervals for the task population (CI (tasks))'}`,
    points,
  };
}

/** What to read: the two curves at k = 8 (the seeds' k) or the largest k shown. */
function passCurvesCaption(curves: Curves): string {
  const ks = curves.points.map((point) => point.k);
  const k = ks.includes(8) ? 8 : Math.max(...ks);
  const at = (metric: Metric) => curves.points.find((point) => point.k === k && point.metric === metric && point.estimator !== 'plug-in') ?? null;
  const plugin = curves.points.find((point) => point.k === k && point.metric === 'pass^k' && point.estimator === 'plug-in');
  const atK = at('pass@k');
  const hatK = at('pass^k');
  const describe = (point: CurvePoint | null) =>
    point === null
      ? 'not estimable'
      : point.lower === null || point.upper === null
        ? formatPercent(point.value)
        : `${formatPercent(point.value)} ${formatPercentInterval(point.lower, point.upper)}`;
  if (curves.band === null) {
    return `At k = ${k} pass@k is ${describe(atK)} but pass^k only ${describe(hatK)}: the two curves split as k grows.`;
  }
  const pluginText = plugin === undefined ? '' : ` (plug-in ${formatPercent(plugin.value)})`;
  return `At k = ${k}: pass^k ${describe(hatK)}${pluginText}, pass@k ${describe(atK)}. ` + `Bands: ${curves.band}; dashed: plug-in.`;
}

/** Ticks 1, 2, 5 × 10^n within [from, to], with both ends. */
function logTicks(from: number, to: number): number[] {
  const ticks = new Set<number>([from, to]);
  for (let power = 1; power <= to; power *= 10) {
    for (const m of [1, 2, 5]) if (m * power >= from && m * power <= to) ticks.add(m * power);
  }
  return [...ticks].sort((a, b) => a - b);
}
