import { formatPercent } from '../format/percent.js';
import type { ChartSpec } from './chartsFor.js';
import { isObject, listAt, nullableNumberAt, numberAt, valueAt } from './resultFields.js';
import { simulationName } from './simulationName.js';
import {
  ANNOTATION_GREY,
  CHART_HEIGHT,
  CHART_WIDTH,
  ERROR_BAR_Z,
  OKABE_ITO,
  PERCENT_FORMAT,
  PERCENT_TOOLTIP_FORMAT,
  SERIES_COLOURS,
  percentLabel,
  themedSpec,
} from './theme.js';
import type { Channel, Layer } from './vegaLiteTypes.js';

/** Point shapes of the second varied path, in order (up to six values; more are left to the tooltip). */
const SHAPES: readonly string[] = ['circle', 'square', 'triangle-up', 'diamond', 'triangle-down', 'cross'];
/** Points that fail a constraint are drawn this faint. */
const FAILS_OPACITY = 0.35;

/** One varied config path and its values, in the order of the grid. */
interface Axis {
  readonly path: string;
  /** The path's last step when that is unique among the axes ("maxAttempts"), else the path. */
  readonly name: string;
  /** The data field of its values: varied0, varied1, … (paths have dots, and may end in a field's name). */
  readonly field: string;
  readonly values: readonly string[];
  readonly numeric: boolean;
}

/** One grid point as drawn. */
interface GridPoint {
  readonly index: number;
  /** "maxAttempts = 2, falseReject = 0.05" */
  readonly setting: string;
  /** The varied values by axis field (as text), for colour, shape and tooltip. */
  readonly [varied: `varied${number}`]: string;
  readonly cost: number;
  readonly costLower: number;
  readonly costUpper: number;
  readonly deliveredCorrect: number;
  readonly correctLower: number;
  readonly correctUpper: number;
  readonly deliveredWrong: number | null;
  readonly frontier: boolean;
  readonly meets: boolean;
  readonly best: boolean;
}

/**
 * A sweep (`passk sweep`): mean cost per episode against the delivered-correct rate of every grid
 * point (±1.96 SE both ways), coloured by the varied path with the most values and shaped by the
 * next; the efficient frontier joined by a black line and its points outlined; the best point under
 * the constraints ringed and labelled; the cost limit drawn as a vertical rule (the wrong-delivery
 * limit is not on these axes: points that fail a limit are faint).
 */
export function sweepFrontierChart(result: object): ChartSpec {
  const axes = variedAxes(result);
  const maxCost = nullableNumberAt(result, ['constraints', 'maxCost']);
  const maxWrong = nullableNumberAt(result, ['constraints', 'maxWrongDelivery']);
  const bestIndex = nullableNumberAt(result, ['best']);
  const frontierIndices = new Set(listAt(result, ['frontier']).map((_, i) => numberAt(result, ['frontier', i])));
  const all = listAt(result, ['points']);
  const points: GridPoint[] = [];
  all.forEach((_, index) => {
    const outcome = ['points', index, 'outcome'] as const;
    const cost = nullableNumberAt(result, [...outcome, 'cost', 'value']);
    const correct = nullableNumberAt(result, [...outcome, 'deliveredCorrect', 'value']);
    if (cost === null || correct === null) return; // no episode at this point: nothing to place
    const costSe = nullableNumberAt(result, [...outcome, 'cost', 'se']) ?? 0;
    const correctSe = nullableNumberAt(result, [...outcome, 'deliveredCorrect', 'se']) ?? 0;
    const wrong = nullableNumberAt(result, [...outcome, 'deliveredWrong', 'value']);
    const values = Object.fromEntries(axes.map((axis) => [axis.field, valueText(valueAt(result, ['points', index, 'values', axis.path]))]));
    points.push({
      index,
      setting: axes.map((axis) => `${axis.name} = ${values[axis.field]}`).join(', '),
      ...values,
      cost,
      costLower: cost - ERROR_BAR_Z * costSe,
      costUpper: cost + ERROR_BAR_Z * costSe,
      deliveredCorrect: correct,
      correctLower: Math.max(0, correct - ERROR_BAR_Z * correctSe),
      correctUpper: Math.min(1, correct + ERROR_BAR_Z * correctSe),
      deliveredWrong: wrong,
      frontier: frontierIndices.has(index),
      meets: (maxCost === null || cost <= maxCost) && (maxWrong === null || (wrong !== null && wrong <= maxWrong)),
      best: index === bestIndex,
    });
  });
  const best = points.find((point) => point.best) ?? null;
  const [colourAxis, shapeAxis] = [...axes].sort((a, b) => b.values.length - a.values.length);
  const title = `Cost against delivered correct over ${points.length} settings: ${simulationName(result)}`;
  const caption = sweepCaption(points, best, maxCost, maxWrong);
  const x: Channel<'x'> = {
    field: 'cost',
    type: 'quantitative',
    title: 'mean cost per episode (units)',
    scale: { zero: false, padding: 16 },
  };
  const y: Channel<'y'> = {
    field: 'deliveredCorrect',
    type: 'quantitative',
    title: 'delivered correct (share of episodes)',
    scale: { zero: false, padding: 16 },
    axis: { format: PERCENT_FORMAT },
  };
  const color = colourAxis === undefined ? null : colourChannel(colourAxis);
  const shape: Channel<'shape'> | null =
    shapeAxis === undefined || shapeAxis.values.length > SHAPES.length
      ? null
      : {
          field: shapeAxis.field,
          type: 'nominal',
          title: shapeAxis.path,
          scale: { domain: [...shapeAxis.values], range: SHAPES.slice(0, shapeAxis.values.length) },
          legend: { orient: 'bottom', direction: 'horizontal', symbolFillColor: '#555555', symbolStrokeColor: '#555555' },
        };
  const opacity: Channel<'opacity'> = { condition: { test: 'datum.meets', value: 1 }, value: FAILS_OPACITY };
  const tooltip: Channel<'tooltip'> = [
    ...axes.map((axis) => ({ field: axis.field, type: 'nominal' as const, title: axis.path })),
    { field: 'deliveredCorrect', type: 'quantitative', title: 'delivered correct', format: PERCENT_TOOLTIP_FORMAT },
    { field: 'deliveredWrong', type: 'quantitative', title: 'delivered wrong', format: '.2%' },
    { field: 'cost', type: 'quantitative', title: 'mean cost', format: '.4~g' },
    { field: 'frontier', type: 'nominal', title: 'on the frontier' },
    { field: 'meets', type: 'nominal', title: 'meets the constraints' },
  ];
  const pointColour = color ?? { value: OKABE_ITO.blue };
  const limit = maxCost === null ? [] : [{ maxCost, label: `max cost ${significant(maxCost)}` }];
  const label = best === null ? [] : [{ ...best, text: bestLabel(best, maxCost !== null || maxWrong !== null) }];
  // The label sits above the best point, running left from it when the point is in the right half.
  const costs = points.map((point) => point.cost).concat(maxCost === null ? [] : [maxCost]);
  const mid = (Math.min(...costs) + Math.max(...costs)) / 2;
  const align = best !== null && best.cost > mid ? 'right' : 'left';
  const spec = themedSpec(title, caption, {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    layer: [
      ...(limit.length === 0
        ? []
        : [
            {
              data: { values: limit },
              mark: { type: 'rule', color: OKABE_ITO.vermillion, strokeDash: [6, 4], strokeWidth: 1.5 },
              encoding: { x: { field: 'maxCost', type: 'quantitative' } },
            } satisfies Layer,
            {
              data: { values: limit },
              mark: { type: 'text', align: 'left', baseline: 'top', dx: 5, y: 4, color: OKABE_ITO.vermillion },
              encoding: { x: { field: 'maxCost', type: 'quantitative' }, text: { field: 'label', type: 'nominal' } },
            } satisfies Layer,
          ]),
      {
        data: { values: points.map((point) => ({ ...point })) },
        encoding: { x, y },
        layer: [
          {
            transform: [{ filter: 'datum.frontier' }],
            mark: { type: 'line', color: OKABE_ITO.black, strokeWidth: 1.6 },
            encoding: { order: { field: 'cost', type: 'quantitative' } },
          },
          {
            mark: { type: 'rule', strokeWidth: 1.2 },
            encoding: { y: { field: 'correctLower', type: 'quantitative' }, y2: { field: 'correctUpper' }, color: pointColour, opacity },
          },
          {
            mark: { type: 'rule', strokeWidth: 1.2 },
            encoding: { x: { field: 'costLower', type: 'quantitative' }, x2: { field: 'costUpper' }, color: pointColour, opacity },
          },
          {
            mark: { type: 'point', filled: true, size: 75 },
            encoding: {
              color: pointColour,
              ...(shape === null ? {} : { shape }),
              opacity,
              stroke: { condition: { test: 'datum.frontier', value: OKABE_ITO.black }, value: 'white' },
              strokeWidth: { condition: { test: 'datum.frontier', value: 1.6 }, value: 0.8 },
              tooltip,
            },
          },
        ],
      },
      ...(label.length === 0
        ? []
        : [
            {
              data: { values: label },
              mark: { type: 'point', shape: 'circle', filled: false, size: 360, strokeWidth: 1.8, color: OKABE_ITO.black },
              encoding: { x, y },
            } satisfies Layer,
            ...[{ stroke: 'white', strokeWidth: 4, strokeJoin: 'round' } as const, { color: '#222222' } as const].map(
              (style): Layer => ({
                data: { values: label },
                mark: { type: 'text', align, baseline: 'bottom', dx: align === 'left' ? 8 : -8, dy: -10, fontSize: 11, fontWeight: 'bold', ...style },
                encoding: { x, y, text: { field: 'text', type: 'nominal' } },
              }),
            ),
          ]),
    ],
  });
  return { kind: 'sweep-frontier', title, caption, spec };
}

/** The varied paths, from the first point's values (every point has the same paths), with their values in grid order. */
function variedAxes(result: object): Axis[] {
  const first = valueAt(result, ['points', 0, 'values']);
  const paths = isObject(first) ? Object.keys(first) : [];
  const points = listAt(result, ['points']);
  const lastSteps = paths.map((path) => path.split('.').at(-1)!);
  return paths.map((path, i) => {
    const raw = points.map((_, p) => valueAt(result, ['points', p, 'values', path]));
    const name = lastSteps.filter((step) => step === lastSteps[i]).length === 1 ? lastSteps[i]! : path;
    return { path, name, field: `varied${i}`, values: [...new Set(raw.map(valueText))], numeric: raw.every((value) => typeof value === 'number') };
  });
}

/**
 * The colour of the path with the most values: the theme's series colours for up to seven, else a
 * colour-blind-safe sequential scale (viridis) when the values are numbers.
 */
function colourChannel(axis: Axis): Channel<'color'> {
  if (axis.values.length > SERIES_COLOURS.length && axis.numeric) {
    return {
      field: axis.field,
      type: 'ordinal',
      title: axis.path,
      sort: [...axis.values],
      scale: { scheme: 'viridis' },
      legend: { orient: 'bottom', direction: 'horizontal' },
    };
  }
  return {
    field: axis.field,
    type: 'nominal',
    title: axis.path,
    scale: { domain: [...axis.values], range: axis.values.map((_, i) => SERIES_COLOURS[i % SERIES_COLOURS.length]!) },
    legend: { orient: 'bottom', direction: 'horizontal' },
  };
}

/** What to read: the frontier, the best point and the limits (the wrong-delivery one only in words). */
function sweepCaption(points: readonly GridPoint[], best: GridPoint | null, maxCost: number | null, maxWrong: number | null): string {
  const frontier = points.filter((point) => point.frontier).length;
  const limits = [
    ...(maxCost === null ? [] : [`cost ≤ ${significant(maxCost)} (red line)`]),
    ...(maxWrong === null ? [] : [`wrong delivery ≤ ${percentLabel(maxWrong)} (not on these axes)`]),
  ];
  const head =
    `Each point is one of ${points.length} settings (±${ERROR_BAR_Z} SE); the black line joins the ${frontier} on the efficient frontier, ` +
    'which no other setting beats on both cost and delivery.';
  const faint = limits.length > 0 && points.some((point) => !point.meets) ? ' Faint points fail a limit.' : '';
  if (best === null) {
    return `${head} No setting meets ${limits.join(' and ')}.${faint}`;
  }
  const where = `${best.setting}: ${formatPercent(best.deliveredCorrect)} delivered correct at cost ${significant(best.cost)}`;
  return limits.length === 0
    ? `${head} Ringed, the most delivered correct: ${where}.`
    : `${head} Ringed, the best with ${limits.join(' and ')}: ${where}.${faint}`;
}

/** The best point's label: its setting, and what made it best. */
function bestLabel(best: GridPoint, constrained: boolean): string {
  return `${constrained ? 'best under the limits' : 'most delivered correct'}: ${best.setting}`;
}

function valueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}

/** Three significant digits, without trailing zeros. */
function significant(value: number): string {
  return String(Number(value.toPrecision(3)));
}
