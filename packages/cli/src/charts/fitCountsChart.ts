import { InputError } from '@passk/sim/internal';
import type { ChartSpec } from './chartSpec.js';
import { chosenModel, fitSubject, fittedModels, type ChartModel } from './fittedModels.js';
import type { FitDocument } from '../results/fitSchema.js';
import { requireNumber } from './requireNumber.js';
import { CHART_WIDTH, themedSpec } from './theme.js';
import type { Channel, Layer } from './vegaLiteTypes.js';

/** At most this many values of n are drawn, side by side: those with the most tasks. */
const MAX_GROUPS = 3;
/** Room between the panels of the groups (vega-lite's default facet spacing). */
const PANEL_SPACING = 20;
/** Room a panel's own y axis takes (labels and title), subtracted from the chart's width. */
const Y_AXIS_ROOM = 45;
const OBSERVED = 'observed tasks';
const OBSERVED_COLOUR = '#bdbdbd';

/** One bar or point: how many tasks of the n group had c successes, observed or expected under a model. */
interface CountPoint {
  readonly group: string;
  readonly n: number;
  readonly c: number;
  readonly series: string;
  /** The series again on the observed rows only (null on the others): the field of the bars' legend. */
  readonly observed: string | null;
  readonly role: 'observed' | 'model';
  readonly chosen: boolean;
  readonly tasks: number;
}

interface CountGroup {
  readonly index: number;
  readonly n: number;
  readonly tasks: number;
}

/**
 * Goodness of fit of `passk fit` as counts: for the tasks with n trials, the observed number of
 * tasks with c successes (bars) against each model's expected number T_n·P(c; n) (points joined
 * by lines; the chosen model solid and larger, the others dashed), one panel per n — the values
 * of n with the most tasks, at most three.
 */
export function fitCountsChart(result: FitDocument): ChartSpec {
  const models = fittedModels(result);
  const chosen = chosenModel(models);
  const allGroups: CountGroup[] = result.goodnessOfFit.counts.map(({ n, tasks }, index) => ({ index, n, tasks }));
  if (allGroups.length === 0) throw new InputError('--from', 'must have a count table at goodnessOfFit.counts', []);
  const groups = [...allGroups]
    .sort((a, b) => b.tasks - a.tasks || a.n - b.n)
    .slice(0, MAX_GROUPS)
    .sort((a, b) => a.n - b.n);
  // Short: vega estimates a header's width generously, and a header wider than its panel widens the chart.
  const groupLabel = (group: CountGroup) => `n = ${group.n} (${group.tasks} task${group.tasks === 1 ? '' : 's'})`;
  const points: CountPoint[] = groups.flatMap((group) =>
    result.goodnessOfFit.counts[group.index]!.rows.flatMap((row, i) => {
      const at = { group: groupLabel(group), n: group.n, c: row.c };
      return [
        { ...at, series: OBSERVED, observed: OBSERVED, role: 'observed', chosen: false, tasks: row.observed },
        ...models.map(
          (model): CountPoint => ({
            ...at,
            series: model.legend,
            observed: null,
            role: 'model',
            chosen: model.chosen,
            // A model the table does not list is a damaged result, named by its path.
            tasks: requireNumber(row.predicted[model.name] ?? null, `goodnessOfFit.counts[${group.index}].rows[${i}].predicted.${model.name}`),
          }),
        ),
      ] satisfies CountPoint[];
    }),
  );
  const title = `Tasks by number of successes, observed and fitted: ${fitSubject(result)}`;
  // A model with as many parameters as the count tables have free cells (n per table) reproduces them whatever its shape.
  const freeCells = allGroups.reduce((sum, group) => sum + group.n, 0);
  const saturated = models.filter((model) => result.models[model.index]!.parameterCount >= freeCells);
  const caption = countsCaption(points, chosen, models, saturated, allGroups.length, groups.length, result.aicDifference);
  const width = Math.floor((CHART_WIDTH - (groups.length - 1) * (PANEL_SPACING + Y_AXIS_ROOM)) / groups.length);
  const modelLegends = models.map((model) => model.legend);
  const legend = { orient: 'bottom', direction: 'vertical', symbolOpacity: 1 } as const;
  // Observed bars and model points have a legend each (on different fields, so they do not merge):
  // the bars' a grey square, the models' their colour and point shape (colour and shape merge).
  const fill: Channel<'fill'> = {
    field: 'observed',
    type: 'nominal',
    title: null,
    scale: { domain: [OBSERVED], range: [OBSERVED_COLOUR] },
    legend: { ...legend, symbolType: 'square' },
  };
  const color: Channel<'color'> = {
    field: 'series',
    type: 'nominal',
    title: null,
    scale: { domain: modelLegends, range: models.map((model) => model.colour) },
    legend,
  };
  const shape: Channel<'shape'> = {
    field: 'series',
    type: 'nominal',
    title: null,
    scale: { domain: modelLegends, range: models.map((model) => (model.chosen ? 'circle' : 'diamond')) },
    legend,
  };
  const y: Channel<'y'> = { field: 'tasks', type: 'quantitative', title: 'tasks', axis: { tickMinStep: 1, format: 'd' } };
  const tooltip = [
    { field: 'group', type: 'nominal', title: 'tasks with' },
    { field: 'c', type: 'ordinal', title: 'successes c' },
    { field: 'series', type: 'nominal', title: 'series' },
    { field: 'tasks', type: 'quantitative', title: 'tasks', format: '.1f' },
  ] as const;
  const modelLine = (isChosen: boolean): Layer => ({
    transform: [{ filter: `datum.role === 'model' && ${isChosen ? '' : '!'}datum.chosen` }],
    mark: isChosen ? { type: 'line', strokeWidth: 2.2 } : { type: 'line', strokeWidth: 1.4, strokeDash: [5, 3] },
    encoding: { y, color },
  });
  const modelPoints = (isChosen: boolean): Layer => ({
    transform: [{ filter: `datum.role === 'model' && ${isChosen ? '' : '!'}datum.chosen` }],
    mark: isChosen
      ? { type: 'point', filled: true, size: 70, stroke: 'white', strokeWidth: 1, opacity: 1 }
      : { type: 'point', filled: true, size: 45, opacity: 1 },
    encoding: { y, color, shape, tooltip: [...tooltip] },
  });
  const spec = themedSpec(title, caption, {
    data: { values: points.map((point) => ({ ...point })) },
    facet: {
      column: { field: 'group', type: 'ordinal', title: null, sort: groups.map(groupLabel), header: { labelFontSize: 12 } },
    },
    spacing: PANEL_SPACING,
    resolve: { scale: { x: 'independent', y: 'independent' } },
    spec: {
      width,
      height: 240,
      encoding: {
        x: { field: 'c', type: 'ordinal', title: 'successes c', sort: 'ascending', axis: { labelAngle: 0 } },
      },
      layer: [
        {
          transform: [{ filter: "datum.role === 'observed'" }],
          mark: { type: 'bar', width: { band: 0.7 } },
          encoding: { y, fill, tooltip: [...tooltip] },
        },
        // The other models under the chosen one, so the chosen line is on top.
        modelLine(false),
        modelPoints(false),
        modelLine(true),
        modelPoints(true),
      ],
    },
  });
  return { kind: 'fit-counts', title, caption, spec };
}

/** What to read: which model is drawn solid, and where it misses the observed counts most. */
function countsCaption(
  points: readonly CountPoint[],
  chosen: ChartModel,
  models: readonly ChartModel[],
  saturated: readonly ChartModel[],
  groupCount: number,
  shownCount: number,
  aicDifference: number,
): string {
  const observed = new Map(points.filter((p) => p.role === 'observed').map((p) => [`${p.n}/${p.c}`, p.tasks]));
  const gaps = points
    .filter((p) => p.role === 'model' && p.series === chosen.legend)
    .map((p) => ({ ...p, observed: observed.get(`${p.n}/${p.c}`)!, gap: Math.abs(observed.get(`${p.n}/${p.c}`)! - p.tasks) }));
  const worst = gaps.reduce((a, b) => (b.gap > a.gap ? b : a));
  const versus = models.length > 1 ? `, AIC lower by ${aicDifference.toFixed(2)}` : '';
  const shown = shownCount < groupCount ? ` Shown: the ${shownCount} values of n with the most tasks, of ${groupCount}.` : '';
  const exact =
    saturated.length === 0
      ? ''
      : ` The ${saturated.map((model) => model.label).join(' and the ')} ${saturated.length === 1 ? 'has' : 'have'} as many parameters as the counts have free cells: ` +
        `${saturated.length === 1 ? 'it fits' : 'they fit'} them exactly, so the counts cannot test ${saturated.length === 1 ? 'its' : 'their'} shape.`;
  return (
    `Bars: observed tasks with c of n trials correct; points: each model's expected count (tasks × P(c; n)). ` +
    `The chosen ${chosen.label} (solid${versus}) misses most at c = ${worst.c}${shownCount > 1 ? ` of n = ${worst.n}` : ''}: ` +
    `${worst.tasks.toFixed(1)} expected, ${worst.observed} observed.${exact}${shown}`
  );
}
