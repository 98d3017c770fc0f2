import { InputError } from '@passk/sim/internal';
import { formatPercent } from '../format/percent.js';
import type { ChartSpec } from './chartSpec.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import { COST_UNIT } from './costUnit.js';
import { simulationName } from './simulationName.js';
import {
  ANNOTATION_GREY,
  CHART_HEIGHT,
  CHART_WIDTH,
  ERROR_BAR_Z,
  LABEL_VERMILLION,
  OKABE_ITO,
  PERCENT_FORMAT,
  PERCENT_TOOLTIP_FORMAT,
  SERIES_COLOURS,
  percentLabel,
  themedSpec,
} from './theme.js';
import type { Channel, Layer } from './vegaLiteTypes.js';
import { threeDigits } from './chartNumbers.js';

/** Point shapes of the second varied path, in order (up to six values; more are left to the tooltip). */
const SHAPES: readonly string[] = ['circle', 'square', 'triangle-up', 'diamond', 'triangle-down', 'cross'];
/** Points that fail a constraint are drawn this faint. */
const FAILS_OPACITY = 0.35;
/** …and grey, apart from the colours of the varied values. */
const FAILS_GREY = '#b8b8b8';
/** The best point's label: pixels from the top of the plot to its first line, and between its lines. */
const LABEL_TOP = 5;
const LABEL_LINE = 14;

type SweepDocument = ResultDocumentOf<'passk.sweep'>;

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
 * point (±1.96 Monte Carlo SE both ways; with a measured verifier, its intervals), coloured by the varied path with the most values and shaped by the
 * next; the efficient frontier joined by a black line and its points outlined; the best point under
 * the constraints ringed and labelled; the cost limit drawn as a vertical rule (the wrong-delivery
 * limit is not on these axes: points that fail a limit are faint).
 */
export function sweepFrontierChart(result: SweepDocument): ChartSpec {
  const axes = variedAxes(result);
  const { maxCost, maxWrongDelivery: maxWrong } = result.constraints;
  const bestIndex = result.best;
  const points: GridPoint[] = [];
  result.points.forEach(({ outcome, values: setting }, index) => {
    const cost = outcome.cost.value;
    const correct = outcome.deliveredCorrect.value;
    if (cost === null || correct === null) return; // no episode at this point: nothing to place
    const costSe = outcome.cost.se ?? 0;
    const correctSe = outcome.deliveredCorrect.se ?? 0;
    const wrong = outcome.deliveredWrong.value;
    const values = Object.fromEntries(axes.map((axis) => [axis.field, valueText(setting[axis.path])]));
    points.push({
      index,
      setting: axes.map((axis) => `${axis.name} = ${values[axis.field]}`).join(', '),
      ...values,
      cost,
      // A measured verifier: the intervals that include its rates' uncertainty.
      costLower: outcome.cost.interval?.lower ?? cost - ERROR_BAR_Z * costSe,
      costUpper: outcome.cost.interval?.upper ?? cost + ERROR_BAR_Z * costSe,
      deliveredCorrect: correct,
      correctLower: outcome.deliveredCorrect.interval?.lower ?? Math.max(0, correct - ERROR_BAR_Z * correctSe),
      correctUpper: outcome.deliveredCorrect.interval?.upper ?? Math.min(1, correct + ERROR_BAR_Z * correctSe),
      deliveredWrong: wrong,
      frontier: false,
      meets: (maxCost === null || cost <= maxCost) && (maxWrong === null || (wrong !== null && wrong <= maxWrong)),
      best: index === bestIndex,
    });
  });
  if (points.length === 0) throw new InputError('--from', 'must have a grid point with a cost and a delivered-correct estimate at points');
  // The frontier is drawn among the points that meet the limits only: one that fails a limit is never "efficient".
  const meeting = points.filter((point) => point.meets);
  for (const [i, point] of points.entries()) {
    const dominated = meeting.some(
      (other) =>
        other.cost <= point.cost &&
        other.deliveredCorrect >= point.deliveredCorrect &&
        (other.cost < point.cost || other.deliveredCorrect > point.deliveredCorrect),
    );
    points[i] = { ...point, frontier: point.meets && !dominated };
  }
  const best = points.find((point) => point.best) ?? null;
  const [colourAxis, shapeAxis] = [...axes].sort((a, b) => b.values.length - a.values.length);
  const title = `Cost against delivered correct over ${points.length} settings: ${simulationName(result)}`;
  const caption = sweepCaption(points, best, maxCost, maxWrong, result.scenario?.verifier.measured !== undefined);
  // Explicit domains: a little room around the points and their bars, and a band above them all
  // for the best point's label (joined to it by a leader).
  const xDomain = paddedDomain([...points.flatMap((p) => [p.costLower, p.costUpper]), ...(maxCost === null ? [] : [maxCost])], 0.05, 0.05);
  const yDomain = paddedDomain(
    points.flatMap((p) => [p.correctLower, p.correctUpper]),
    0.06,
    0.22,
  );
  const yDomainClamped: [number, number] = [Math.max(0, yDomain[0]), Math.min(1, yDomain[1])];
  const x: Channel<'x'> = {
    field: 'cost',
    type: 'quantitative',
    title: `mean cost per episode (${COST_UNIT})`,
    scale: { domain: xDomain, nice: false },
  };
  const y: Channel<'y'> = {
    field: 'deliveredCorrect',
    type: 'quantitative',
    title: 'delivered correct (share of episodes)',
    scale: { domain: yDomainClamped, nice: false },
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
          legend: { orient: 'bottom', direction: 'horizontal', titleLimit: 400, symbolFillColor: '#555555', symbolStrokeColor: '#555555' },
        };
  const opacity: Channel<'opacity'> = { condition: { test: 'datum.meets', value: 1 }, value: FAILS_OPACITY };
  const greyWhenFails = (channel: Channel<'color'>): Channel<'color'> =>
    ({ condition: { test: '!datum.meets', value: FAILS_GREY }, ...channel }) as Channel<'color'>;
  const tooltip: Channel<'tooltip'> = [
    ...axes.map((axis) => ({ field: axis.field, type: 'nominal' as const, title: axis.path })),
    { field: 'deliveredCorrect', type: 'quantitative', title: 'delivered correct', format: PERCENT_TOOLTIP_FORMAT },
    { field: 'deliveredWrong', type: 'quantitative', title: 'delivered wrong', format: '.2%' },
    { field: 'cost', type: 'quantitative', title: 'mean cost', format: '.4~g' },
    { field: 'frontier', type: 'nominal', title: 'on the frontier' },
    { field: 'meets', type: 'nominal', title: 'meets the constraints' },
  ];
  const pointColour = greyWhenFails(color ?? { value: OKABE_ITO.blue });
  const limit = maxCost === null ? [] : [{ maxCost, label: `max cost ${threeDigits(maxCost)}` }];
  const label = best === null ? [] : [{ ...best, heading: bestHeading(maxCost !== null || maxWrong !== null) }];
  const across = (cost: number) => (cost - xDomain[0]) / (xDomain[1] - xDomain[0]);
  // The best point's label runs left from its leader in the right half of the chart, else right.
  const align = best !== null && across(best.cost) > 0.5 ? 'right' : 'left';
  // The cost limit's label sits at the foot of its rule (expensive and poor is the emptiest corner),
  // on the side with room.
  const limitAlign = maxCost !== null && across(maxCost) > 0.75 ? 'right' : 'left';
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
              encoding: { x: { ...x, field: 'maxCost' } },
            } satisfies Layer,
            {
              data: { values: limit },
              mark: { type: 'text', align: limitAlign, baseline: 'bottom', dx: limitAlign === 'left' ? 5 : -5, y: CHART_HEIGHT - 4, color: LABEL_VERMILLION },
              encoding: { x: { ...x, field: 'maxCost' }, text: { field: 'label', type: 'nominal' } },
            } satisfies Layer,
          ]),
      ...(label.length === 0
        ? []
        : [
            {
              data: { values: label },
              mark: { type: 'rule', color: ANNOTATION_GREY, strokeWidth: 1 },
              encoding: { x, y, y2: { value: LABEL_TOP + 2 * LABEL_LINE + 2 } },
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
            // Two lines in the band above every point (what made it best; its setting), each over
            // a white outline of itself, so that it stays readable across a grid line.
            ...(['heading', 'setting'] as const).flatMap((field) =>
              [{ stroke: 'white', strokeWidth: 4, strokeJoin: 'round' } as const, { color: '#222222' } as const].map(
                (style): Layer => ({
                  data: { values: label },
                  mark: {
                    type: 'text',
                    align,
                    baseline: 'top',
                    dx: align === 'left' ? -4 : 4,
                    y: field === 'heading' ? LABEL_TOP : LABEL_TOP + LABEL_LINE,
                    fontSize: 11,
                    fontWeight: field === 'heading' ? 'normal' : 'bold',
                    ...style,
                  },
                  encoding: { x, text: { field, type: 'nominal' } },
                }),
              ),
            ),
          ]),
    ],
  });
  return { kind: 'sweep-frontier', title, caption, spec };
}

/** The varied paths, from the first point's values (every point has the same paths), with their values in grid order. */
function variedAxes(result: SweepDocument): Axis[] {
  const paths = Object.keys(result.points[0]?.values ?? {});
  const lastSteps = paths.map((path) => path.split('.').at(-1)!);
  return paths.map((path, i) => {
    const raw = result.points.map((point) => point.values[path]);
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
      legend: { orient: 'bottom', direction: 'horizontal', titleLimit: 400 },
    };
  }
  return {
    field: axis.field,
    type: 'nominal',
    title: axis.path,
    scale: { domain: [...axis.values], range: axis.values.map((_, i) => SERIES_COLOURS[i % SERIES_COLOURS.length]!) },
    legend: { orient: 'bottom', direction: 'horizontal', titleLimit: 400 },
  };
}

/** What to read: the frontier, the best point and the limits (the wrong-delivery one only in words). */
function sweepCaption(points: readonly GridPoint[], best: GridPoint | null, maxCost: number | null, maxWrong: number | null, measured: boolean): string {
  const frontier = points.filter((point) => point.frontier).length;
  const limits = [
    ...(maxCost === null ? [] : [`cost ≤ ${threeDigits(maxCost)} (red line)`]),
    ...(maxWrong === null ? [] : [`wrong delivery ≤ ${percentLabel(maxWrong)} (not on these axes)`]),
  ];
  const head =
    `Each point is one of ${points.length} settings (${measured ? "95 % intervals with the measured verifier's uncertainty" : `±${ERROR_BAR_Z} Monte Carlo SE`}); the black line joins the ${frontier} on the efficient frontier, ` +
    `which no other setting${limits.length > 0 ? ' within the limits' : ''} beats on both cost and delivery.`;
  const faint = limits.length > 0 && points.some((point) => !point.meets) ? ' Grey points fail a limit and are never on the frontier.' : '';
  if (best === null) {
    return `${head} No setting meets ${limits.join(' and ')}.${faint}`;
  }
  const where = `${best.setting}: ${formatPercent(best.deliveredCorrect)} delivered correct at cost ${threeDigits(best.cost)}`;
  return limits.length === 0
    ? `${head} Ringed, the most delivered correct: ${where}.`
    : `${head} Ringed, the best with ${limits.join(' and ')}: ${where}.${faint}`;
}

/** The first line of the best point's label: what made it best (its setting is the second). */
function bestHeading(constrained: boolean): string {
  return constrained ? 'best under the limits:' : 'most delivered correct:';
}

/** [min, max] of `values` widened by `below` and `above` times their span (or a little, when they are all equal). */
function paddedDomain(values: readonly number[], below: number, above: number): [number, number] {
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high > low ? high - low : Math.max(Math.abs(high) * 0.1, 0.01);
  return [low - below * span, high + above * span];
}

/** A varied value as text (a point without the path: "null"). */
function valueText(value: number | string | boolean | null | undefined): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}
