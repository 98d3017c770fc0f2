import { formatPercent, formatPercentInterval } from '../format/percent.js';
import type { DependenceDocument } from '../results/dependenceSchema.js';
import type { FitDocument } from '../results/fitSchema.js';
import type { ChartSpec } from './chartSpec.js';
import { OKABE_ITO, PERCENT_FORMAT, PERCENT_TOOLTIP_FORMAT, percentLabel, themedSpec } from './theme.js';
import type { Channel, Layer } from './vegaLiteTypes.js';

/** Each model's colour: independence in grey (the baseline), the dependence models in Okabe–Ito colours. */
const MODEL_COLOURS: Readonly<Record<string, string>> = {
  independent: '#7a7a7a',
  exchangeable: OKABE_ITO.blue,
  markov: OKABE_ITO.bluishGreen,
  feedback: OKABE_ITO.vermillion,
};

/** The chart's legend entry of a model: its name, its dependence parameter and AIC, and "chosen". */
function modelLegend(model: DependenceDocument['models'][number], chosen: string): string {
  const parameter = Object.entries(model.parameters).find(([name]) => name === 'icc' || name === 'stickiness' || name === 'afterFailure');
  const value = parameter === undefined ? '' : ` ${parameter[0]} ${parameter[1].estimate.toFixed(2)}`;
  return `${model.model}${value} (${model.model === chosen ? 'chosen, ' : ''}AIC ${model.aic.toFixed(1)})`;
}

/** The fit document's episodes, for the chart (chartFits lets only documents with them through). */
function dependenceOf(result: FitDocument): DependenceDocument {
  if (result.dependence === null) throw new Error('an attempt-success chart of a fit without episodes (a bug: chartFits lets none through)');
  return result.dependence;
}

/**
 * Success at each attempt among the episodes whose earlier attempts all failed (the hazard): the
 * observed share with its Clopper–Pearson interval (from the fit's episodes), against each fitted
 * dependence model's curve, averaged over its fitted task population. Under independence the curve
 * falls (the easy tasks are solved first, so those left are harder); feedback after a failure lifts
 * it, a polluted context (afterFailure < 0) lowers it further.
 */
export function attemptSuccessChart(result: FitDocument): ChartSpec {
  const d = dependenceOf(result);
  const legends = d.models.map((model) => modelLegend(model, d.chosen));
  const observedLabel = `observed, ${percentLabel(d.confidence)} Clopper–Pearson`;
  const rows = [
    ...d.models.flatMap((model, m) =>
      model.hazard.map((value, j) => ({ role: 'model', attempt: j + 1, model: model.model, series: legends[m]!, chosen: model.model === d.chosen, value })),
    ),
    ...d.hazard
      .filter((row) => row.observed !== null)
      .map((row) => ({
        role: 'observed',
        attempt: row.attempt,
        observed: observedLabel,
        value: row.observed,
        lower: row.interval!.lower,
        upper: row.interval!.upper,
        atRisk: row.atRisk,
        successes: row.successes,
      })),
  ];
  const legend = { orient: 'bottom', direction: 'vertical', symbolOpacity: 1 } as const;
  const color: Channel<'color'> = {
    field: 'series',
    type: 'nominal',
    title: null,
    scale: { domain: legends, range: d.models.map((model) => MODEL_COLOURS[model.model] ?? OKABE_ITO.black) },
    legend: { ...legend, symbolType: 'stroke', symbolStrokeWidth: 3, symbolSize: 250, labelLimit: 480 },
  };
  const fill: Channel<'fill'> = {
    field: 'observed',
    type: 'nominal',
    title: null,
    scale: { domain: [observedLabel], range: [OKABE_ITO.black] },
    legend: { ...legend, symbolType: 'square' },
  };
  const y: Channel<'y'> = {
    field: 'value',
    type: 'quantitative',
    title: 'P(success | earlier attempts failed)',
    scale: { domain: [0, 1] },
    axis: { format: PERCENT_FORMAT },
  };
  const attempts = Array.from({ length: d.maxLength }, (_, j) => j + 1);
  // Independence (the baseline) dashed and over the other unchosen models, so that it shows where one equals it.
  const line = (which: 'others' | 'independent' | 'chosen'): Layer => ({
    transform: [
      {
        filter:
          which === 'chosen'
            ? "datum.role === 'model' && datum.chosen"
            : `datum.role === 'model' && !datum.chosen && datum.model ${which === 'independent' ? '===' : '!=='} 'independent'`,
      },
    ],
    mark: {
      type: 'line',
      strokeWidth: which === 'chosen' ? 2.6 : 1.5,
      point: { filled: true, size: 22 },
      ...(which === 'independent' ? { strokeDash: [6, 3] } : {}),
    },
    encoding: {
      y,
      color,
      tooltip: [
        { field: 'series', type: 'nominal', title: 'model' },
        { field: 'attempt', type: 'quantitative', title: 'attempt' },
        { field: 'value', type: 'quantitative', title: 'predicted', format: PERCENT_TOOLTIP_FORMAT },
      ],
    },
  });
  const title = `Success by attempt after earlier failures: ${result.source.file}`;
  const caption = attemptSuccessCaption(d);
  const spec = themedSpec(title, caption, {
    data: { values: rows },
    width: 560,
    height: 300,
    encoding: {
      x: {
        field: 'attempt',
        type: 'quantitative',
        title: 'attempt in the episode',
        scale: { domain: [1, Math.max(2, d.maxLength)], nice: false },
        axis: attempts.length <= 20 ? { values: attempts, format: 'd', grid: false } : { format: 'd', tickMinStep: 1, grid: false },
      },
    },
    layer: [
      line('others'),
      line('independent'),
      line('chosen'),
      {
        transform: [{ filter: "datum.role === 'observed'" }],
        mark: { type: 'rule', strokeWidth: 1.5, color: OKABE_ITO.black },
        encoding: { y: { field: 'lower', type: 'quantitative' }, y2: { field: 'upper' } },
      },
      {
        transform: [{ filter: "datum.role === 'observed'" }],
        mark: { type: 'point', shape: 'square', filled: true, size: 40, opacity: 1 },
        encoding: {
          y,
          fill,
          tooltip: [
            { field: 'attempt', type: 'quantitative', title: 'attempt' },
            { field: 'value', type: 'quantitative', title: 'observed', format: PERCENT_TOOLTIP_FORMAT },
            { field: 'successes', type: 'quantitative', title: 'successes' },
            { field: 'atRisk', type: 'quantitative', title: 'episodes at risk' },
          ],
        },
      },
    ],
  });
  return { kind: 'attempt-success', title, caption, spec };
}

/** What to read: the second attempt's observed rate against independence and the chosen model. */
function attemptSuccessCaption(d: DependenceDocument): string {
  const second = d.hazard.find((row) => row.attempt === 2 && row.interval !== null);
  const model = (name: string) => d.models.find((candidate) => candidate.model === name);
  const independent = model('independent');
  const chosen = model(d.chosen)!;
  const squares = `Squares: observed share of episodes at risk (all earlier attempts failed) that succeed, with ${percentLabel(d.confidence)} Clopper–Pearson intervals; lines: each model averaged over its fitted task population.`;
  if (second === undefined || independent === undefined) return squares;
  const observed = `${formatPercent(second.observed)} ${formatPercentInterval(second.interval!.lower, second.interval!.upper)} of ${second.atRisk}`;
  const versus =
    d.chosen === 'independent'
      ? `independence predicts ${formatPercent(independent.hazard[1] ?? null)}, and no dependence model does better by AIC`
      : `independence predicts ${formatPercent(independent.hazard[1] ?? null)}, the chosen ${d.chosen} ${formatPercent(chosen.hazard[1] ?? null)}`;
  return `After a failed first attempt, ${observed} succeed at the second; ${versus}. ${squares}`;
}
