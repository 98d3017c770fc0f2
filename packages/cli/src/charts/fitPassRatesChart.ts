import { formatPercent, formatPercentInterval } from '../format/percent.js';
import type { ChartSpec } from './chartSpec.js';
import { chosenModel, fitSubject, fittedModels, type ChartModel } from './fittedModels.js';
import type { FitDocument } from '../results/fitSchema.js';
import { ANNOTATION_GREY, OKABE_ITO, PERCENT_FORMAT, PERCENT_TOOLTIP_FORMAT, percentLabel, themedSpec } from './theme.js';
import type { Channel, Layer } from './vegaLiteTypes.js';

const METRICS = [
  { label: 'pass@k', key: 'passAtK', header: 'pass@k (at least one of k correct)' },
  { label: 'pass^k', key: 'passHatK', header: 'pass^k (all k correct)' },
] as const;

type Metric = (typeof METRICS)[number];
/** The observed values' legend: the interval named as the CLI prints it. */
const observedLegend = (confidence: number) => `observed, CI (tasks) ${percentLabel(confidence)}`;
const FITTED = 'k ≤ n: fitted';
const EXTRAPOLATED = 'k > n: model-based';
const REGION_FILL = '#f1f1f1';
const PANEL_HEIGHT = 260;

/** One row of the chart's data; `role` says which layer draws it. */
type Row =
  | {
      readonly role: 'model';
      readonly metric: string;
      readonly k: number;
      readonly series: string;
      readonly chosen: boolean;
      /** FITTED or EXTRAPOLATED; the k = n point is in both, so the two line styles join. */
      readonly segment: string;
      readonly value: number;
      readonly lower: number | null;
      readonly upper: number | null;
    }
  | {
      readonly role: 'observed';
      readonly metric: string;
      readonly k: number;
      readonly series: string;
      /** The series again: the field of the observed values' own legend (on 'series' it would merge with the models'). */
      readonly observed: string;
      readonly value: number;
      readonly se: number | null;
      readonly lower: number | null;
      readonly upper: number | null;
      readonly tasks: number;
    }
  | {
      /** The interval `fit` answers with beyond n (the chosen model's joined with the moment bounds). */
      readonly role: 'answer';
      readonly metric: string;
      readonly k: number;
      readonly value: number;
      readonly lower: number;
      readonly upper: number;
      readonly check: string;
    }
  | {
      readonly role: 'region';
      readonly metric: string;
      readonly from: number;
      readonly to: number;
      /** Two lines: "model-based", "beyond n = 4". */
      readonly label: string;
      readonly label2: string;
    };

/**
 * Goodness of fit and extrapolation of `passk fit` as rates: per k, the observed task-averaged
 * unbiased pass@k and pass^k with the CI (tasks) `fit` and `estimate` print (the `predictions` of
 * basis 'observed', over the tasks with n ≥ k; never ±1.96 SE) against each model's
 * prediction, in one panel per metric. Beyond the largest n the lines are dashed over a shaded
 * region labelled model-based, with each model's delta-method interval as a band: those values
 * are the model's, not measured. Grey bars there: the interval `fit` answers with (the chosen model's
 * joined with the moment bounds that hold for any task population, `predictions` of the result).
 */
export function fitPassRatesChart(result: FitDocument): ChartSpec {
  const models = fittedModels(result);
  const chosen = chosenModel(models);
  const maxN = result.trials.max;
  const extrapolated = result.extrapolation.ks;
  const confidence = result.extrapolation.confidence;
  const observedRows = result.goodnessOfFit.passRates;
  const observedKs = observedRows.map((row) => row.k);
  const ks = [...new Set([...observedKs, ...extrapolated])].sort((a, b) => a - b);
  const lastK = ks[ks.length - 1]!;
  const hasExtrapolation = extrapolated.some((k) => k > maxN);
  // The last k ≤ n drawn (n itself unless the result tabulates fewer k): the fitted and the dashed line meet there.
  const joinK = Math.max(...ks.filter((k) => k <= maxN));
  // Many observed k (long trials): smaller squares and thinner bars, so that they stay apart.
  const dense = observedKs.length > 20;
  // The region's label goes inside it when the region is wide enough for "model-based", else left of its edge.
  const regionLabelInside = (lastK - maxN) / Math.max(1, lastK - Math.min(...ks)) >= 0.36;
  const rows: Row[] = [];
  const OBSERVED = observedLegend(confidence);
  const observedInterval = (k: number, key: Metric['key']) => {
    const row = result.predictions.find((prediction) => prediction.k === k && prediction.basis === 'observed');
    return row?.[key].interval ?? null;
  };
  for (const metric of METRICS) {
    if (hasExtrapolation) {
      rows.push({ role: 'region', metric: metric.label, from: maxN, to: lastK, label: 'model-based', label2: `beyond n = ${maxN}` });
    }
    for (const model of models) rows.push(...modelRows(result.models[model.index]!, model, metric, ks, maxN, hasExtrapolation ? joinK : null));
    for (const row of result.predictions) {
      const rate = row[metric.key];
      if (row.basis !== 'model' || rate.value === null || rate.interval === null) continue;
      rows.push({
        role: 'answer',
        metric: metric.label,
        k: row.k,
        value: rate.value,
        lower: rate.interval.lower,
        upper: rate.interval.upper,
        check: row.check ?? '',
      });
    }
    for (const row of observedRows) {
      const { value, se } = row.observed[metric.key];
      const interval = observedInterval(row.k, metric.key);
      rows.push({
        role: 'observed',
        metric: metric.label,
        k: row.k,
        series: OBSERVED,
        observed: OBSERVED,
        value,
        se,
        lower: interval?.lower ?? null,
        upper: interval?.upper ?? null,
        tasks: row.estimableTasks,
      });
    }
  }
  const title = `pass@k and pass^k, observed and fitted: ${fitSubject(result)}`;
  const caption = passRatesCaption(rows, models, chosen, maxN, lastK, hasExtrapolation, confidence);
  const legend = { orient: 'bottom', direction: 'vertical', symbolOpacity: 1 } as const;
  // The models' legend shows lines; the observed values have their own (the fill channel): a square.
  const color: Channel<'color'> = {
    field: 'series',
    type: 'nominal',
    title: null,
    scale: { domain: models.map((model) => model.legend), range: models.map((model) => model.colour) },
    legend: { ...legend, symbolType: 'stroke', symbolStrokeWidth: 3, symbolSize: 250 },
  };
  const fill: Channel<'fill'> = {
    field: 'observed',
    type: 'nominal',
    title: null,
    scale: { domain: [OBSERVED], range: [OKABE_ITO.black] },
    legend: { ...legend, symbolType: 'square' },
  };
  const y: Channel<'y'> = {
    field: 'value',
    type: 'quantitative',
    title: 'probability (task average)',
    scale: { domain: [0, 1] },
    axis: { format: PERCENT_FORMAT },
  };
  const isModel = (chosenOnly: boolean | null) => `datum.role === 'model'${chosenOnly === null ? '' : chosenOnly ? ' && datum.chosen' : ' && !datum.chosen'}`;
  const line = (chosenOnly: boolean): Layer => ({
    transform: [{ filter: isModel(chosenOnly) }],
    mark: { type: 'line', strokeWidth: chosenOnly ? 2.4 : 1.6 },
    encoding: {
      y,
      color,
      strokeDash: {
        field: 'segment',
        type: 'nominal',
        title: null,
        scale: {
          domain: [FITTED, EXTRAPOLATED],
          range: [
            [1, 0],
            [6, 4],
          ],
        },
        // No legend: the shaded region says where the model-based (dashed) part starts.
        legend: null,
      },
      detail: { field: 'segment', type: 'nominal' },
    },
  });
  const spec = themedSpec(title, caption, {
    data: { values: rows.map((row) => ({ ...row })) },
    facet: {
      column: {
        field: 'metric',
        type: 'nominal',
        title: null,
        sort: METRICS.map((metric) => metric.label),
        header: { labelFontSize: 12.5, labelExpr: `datum.value === 'pass@k' ? '${METRICS[0].header}' : '${METRICS[1].header}'` },
      },
    },
    spacing: 24,
    spec: {
      width: 275,
      height: PANEL_HEIGHT,
      encoding: {
        x: {
          field: 'k',
          type: 'quantitative',
          title: 'k (attempts per task)',
          scale: { domain: [ks[0]!, lastK], nice: false },
          axis: ks.length <= 20 ? { values: ks, format: 'd', grid: false } : { format: 'd', tickMinStep: 1, grid: false },
        },
      },
      layer: [
        ...(hasExtrapolation
          ? [
              {
                transform: [{ filter: "datum.role === 'region'" }],
                mark: { type: 'rect', color: REGION_FILL },
                encoding: { x: { field: 'from', type: 'quantitative' }, x2: { field: 'to' } },
              } satisfies Layer,
              {
                transform: [{ filter: "datum.role === 'region'" }],
                mark: { type: 'rule', color: ANNOTATION_GREY, strokeDash: [2, 2], strokeWidth: 1 },
                encoding: { x: { field: 'from', type: 'quantitative' } },
              } satisfies Layer,
              // pass@k rises to the top right and pass^k falls to the bottom right: the region's label
              // goes where its panel's curves are not (pass@k at the bottom, pass^k at the top).
              ...METRICS.flatMap((metric) =>
                (['label', 'label2'] as const).map(
                  (field, line): Layer => ({
                    transform: [{ filter: `datum.role === 'region' && datum.metric === '${metric.label}'` }],
                    mark: {
                      type: 'text',
                      align: regionLabelInside ? 'left' : 'right',
                      baseline: 'top',
                      dx: regionLabelInside ? 5 : -5,
                      y: metric.key === 'passAtK' ? PANEL_HEIGHT - 5 - 14 * (2 - line) : 5 + 14 * line,
                      fontStyle: 'italic',
                      color: ANNOTATION_GREY,
                    },
                    encoding: { x: { field: 'from', type: 'quantitative' }, text: { field, type: 'nominal' } },
                  }),
                ),
              ),
              {
                transform: [{ filter: `${isModel(null)} && datum.segment === '${EXTRAPOLATED}' && datum.lower !== null` }],
                mark: { type: 'area', opacity: 0.14 },
                encoding: { y: { field: 'lower', type: 'quantitative' }, y2: { field: 'upper' }, color, detail: { field: 'series', type: 'nominal' } },
              } satisfies Layer,
            ]
          : []),
        line(false),
        line(true),
        {
          transform: [{ filter: "datum.role === 'answer'" }],
          mark: { type: 'rule', strokeWidth: 3, color: ANNOTATION_GREY, opacity: 0.75 },
          encoding: {
            y: { field: 'lower', type: 'quantitative' },
            y2: { field: 'upper' },
            tooltip: [
              { field: 'metric', type: 'nominal', title: 'metric' },
              { field: 'k', type: 'quantitative', title: 'k' },
              { field: 'value', type: 'quantitative', title: 'chosen model', format: PERCENT_TOOLTIP_FORMAT },
              { field: 'lower', type: 'quantitative', title: 'lower', format: PERCENT_TOOLTIP_FORMAT },
              { field: 'upper', type: 'quantitative', title: 'upper', format: PERCENT_TOOLTIP_FORMAT },
              { field: 'check', type: 'nominal', title: 'check' },
            ],
          },
        },
        {
          transform: [{ filter: isModel(null) }],
          mark: { type: 'point', filled: true, size: 22, opacity: 1 },
          encoding: {
            y,
            color,
            tooltip: [
              { field: 'series', type: 'nominal', title: 'model' },
              { field: 'metric', type: 'nominal', title: 'metric' },
              { field: 'k', type: 'quantitative', title: 'k' },
              { field: 'value', type: 'quantitative', title: 'predicted', format: PERCENT_TOOLTIP_FORMAT },
              { field: 'lower', type: 'quantitative', title: 'lower', format: PERCENT_TOOLTIP_FORMAT },
              { field: 'upper', type: 'quantitative', title: 'upper', format: PERCENT_TOOLTIP_FORMAT },
              { field: 'segment', type: 'nominal', title: 'range' },
            ],
          },
        },
        {
          transform: [{ filter: "datum.role === 'observed' && datum.lower !== null" }],
          mark: { type: 'rule', strokeWidth: dense ? 1 : 1.5, color: OKABE_ITO.black },
          encoding: { y: { field: 'lower', type: 'quantitative' }, y2: { field: 'upper' } },
        },
        {
          transform: [{ filter: "datum.role === 'observed'" }],
          mark: { type: 'point', shape: 'square', filled: true, size: dense ? 16 : 40, opacity: 1 },
          encoding: {
            y,
            fill,
            tooltip: [
              { field: 'metric', type: 'nominal', title: 'metric' },
              { field: 'k', type: 'quantitative', title: 'k' },
              { field: 'value', type: 'quantitative', title: 'observed', format: PERCENT_TOOLTIP_FORMAT },
              { field: 'lower', type: 'quantitative', title: `CI (tasks), ${percentLabel(confidence)}: lower`, format: PERCENT_TOOLTIP_FORMAT },
              { field: 'upper', type: 'quantitative', title: `CI (tasks), ${percentLabel(confidence)}: upper`, format: PERCENT_TOOLTIP_FORMAT },
              { field: 'se', type: 'quantitative', title: 'SE', format: '.2%' },
              { field: 'tasks', type: 'quantitative', title: 'tasks with n ≥ k' },
            ],
          },
        },
      ],
    },
  });
  return { kind: 'fit-pass-rates', title, caption, spec };
}

/**
 * A model's predictions of one metric at every k, split at n into the fitted and the extrapolated
 * segment; `joinK` (the last k ≤ n, null without extrapolation) is in both, so that the lines join.
 */
function modelRows(fitted: FitDocument['models'][number], model: ChartModel, metric: Metric, ks: readonly number[], maxN: number, joinK: number | null): Row[] {
  return ks.flatMap((k) => {
    const value = fitted.predicted[metric.key][String(k)];
    if (value === undefined) return [];
    const interval = fitted.intervals?.[metric.key][String(k)] ?? null;
    const bounds = interval === null ? { lower: null, upper: null } : { lower: interval.lower, upper: interval.upper };
    const row = { role: 'model', metric: metric.label, k, series: model.legend, chosen: model.chosen, value, ...bounds } as const;
    const segments = k > maxN ? [EXTRAPOLATED] : k === joinK ? [FITTED, EXTRAPOLATED] : [FITTED];
    return segments.map((segment): Row => ({ ...row, segment }));
  });
}

/** What to read: the models' pass^k at the largest k (model-based when beyond n), with their intervals. */
function passRatesCaption(
  rows: readonly Row[],
  models: readonly ChartModel[],
  chosen: ChartModel,
  maxN: number,
  lastK: number,
  hasExtrapolation: boolean,
  confidence: number,
): string {
  const at = (model: ChartModel) => {
    const row = rows.find((r) => r.role === 'model' && r.series === model.legend && r.metric === 'pass^k' && r.k === lastK);
    if (row === undefined || row.role !== 'model') return '—';
    return row.lower === null || row.upper === null ? formatPercent(row.value) : `${formatPercent(row.value)} ${formatPercentInterval(row.lower, row.upper)}`;
  };
  const others = models.filter((model) => model !== chosen).map((model) => `the ${model.label} at ${at(model)}`);
  const predictions = `the chosen ${chosen.label} puts pass^${lastK} at ${at(chosen)}${others.length > 0 ? `, ${others.join(', ')}` : ''}`;
  const points = `Squares: observed unbiased estimates with their CI (tasks), ${percentLabel(confidence)} (as fit and estimate print them)`;
  if (!hasExtrapolation) return `At k = ${lastK} ${predictions}. ${points}; lines: the models' predictions.`;
  return (
    `Beyond n = ${maxN} trials the dashed lines are model-based, not measured: ${predictions}. ` +
    `${points}; bands: ${percentLabel(confidence)} delta-method intervals of the model-based values; ` +
    "grey bars: the intervals fit reports, the chosen model's joined with bounds that hold for any task population."
  );
}
