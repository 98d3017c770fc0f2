import type { FittedModel, TaskFit, Interval } from '@passk/sim/internal';
import { shortModelName } from './shortModelName.js';
import { formatPercent, formatPercentInterval } from './percent.js';
import type { Table } from './table.js';

/** What the tables read of each model (the library's fit and the fit document both have it). */
type ModelPredictions = Pick<FittedModel, 'name' | 'predicted' | 'intervals'>;

/** Goodness of fit per k: observed pass@k and pass^k (unbiased, clustered SE) against each model's prediction. */
export function fitPassRatesTable(fit: Pick<TaskFit, 'goodnessOfFit'> & { readonly models: readonly ModelPredictions[] }): Table {
  const names = fit.models.map((model) => model.name);
  const observed = (mean: { value: number; se: number | null } | null) =>
    mean === null ? '—' : `${formatPercent(mean.value)} (${mean.se === null ? '—' : formatPercent(mean.se)})`;
  return {
    title: 'Goodness of fit: observed (unbiased per-task estimates averaged, clustered SE) against each model',
    columns: [
      { header: 'k' },
      { header: 'tasks' },
      { header: 'pass@k (SE)' },
      ...names.map((name) => ({ header: shortModelName(name) })),
      { header: 'pass^k (SE)' },
      ...names.map((name) => ({ header: shortModelName(name) })),
    ],
    rows: fit.goodnessOfFit.passRates.map((row) => [
      String(row.k),
      String(row.estimableTasks),
      observed(row.observed.passAtK),
      ...names.map((name) => formatPercent(row.predicted[name]?.passAtK ?? null)),
      observed(row.observed.passHatK),
      ...names.map((name) => formatPercent(row.predicted[name]?.passHatK ?? null)),
    ]),
  };
}

/** Model-based extrapolation beyond the largest n: each model's pass@k and pass^k with its prediction interval; null when there is none. */
export function fitExtrapolationTable(
  fit: { readonly extrapolation: { readonly ks: readonly number[] }; readonly trials: TaskFit['trials'] } & { readonly models: readonly ModelPredictions[] },
): Table | null {
  const ks = fit.extrapolation.ks;
  if (ks.length === 0) return null;
  const cell = (model: ModelPredictions, metric: 'passAtK' | 'passHatK', k: number) => {
    const value = formatPercent(model.predicted[metric][String(k)] ?? null);
    const interval = model.intervals?.[metric][String(k)];
    return interval ? `${value} ${formatPercentInterval(interval.lower, interval.upper)}` : value;
  };
  return {
    title: `Extrapolation beyond n = ${fit.trials.max}: model-based, not estimable from the trials alone`,
    columns: [
      { header: 'k' },
      ...fit.models.map((model) => ({ header: `pass@k ${shortModelName(model.name)}` })),
      ...fit.models.map((model) => ({ header: `pass^k ${shortModelName(model.name)}` })),
    ],
    rows: ks.map((k) => [String(k), ...fit.models.map((model) => cell(model, 'passAtK', k)), ...fit.models.map((model) => cell(model, 'passHatK', k))]),
  };
}

/** What the answer table reads: the rows beyond the trials and the check (the library's fit and the fit document both have them). */
interface AnswerRows {
  readonly predictions: readonly {
    readonly k: number;
    readonly basis: 'observed' | 'model';
    readonly check: 'passed' | 'widened' | 'refused' | null;
    readonly passAtK: { readonly value: number | null; readonly interval: Interval | null };
    readonly passHatK: { readonly value: number | null; readonly interval: Interval | null };
  }[];
}

/** The answer beyond the trials: the chosen model's pass@k and pass^k with the interval the check leaves (kept, widened or refused); null when no k is beyond. */
export function fitAnswerTable(fit: AnswerRows): Table | null {
  const rows = fit.predictions.filter((row) => row.basis === 'model');
  if (rows.length === 0) return null;
  const cell = (rate: AnswerRows['predictions'][number]['passAtK']) =>
    rate.value === null ? '—' : `${formatPercent(rate.value)} ${rate.interval ? formatPercentInterval(rate.interval.lower, rate.interval.upper) : ''}`.trim();
  return {
    title: 'Beyond the trials: the chosen model, with the interval its check leaves',
    columns: [{ header: 'k' }, { header: 'pass@k' }, { header: 'pass^k' }, { header: 'check', align: 'left' }],
    rows: rows.map((row) => [String(row.k), cell(row.passAtK), cell(row.passHatK), row.check ?? '']),
  };
}

/** Every row of the answer: k, where it comes from (observed or model), pass@k and pass^k with their intervals, and the check's decision beyond n. */
export function fitPredictionsTable(fit: AnswerRows): Table {
  const cell = (rate: AnswerRows['predictions'][number]['passAtK']) =>
    rate.value === null ? '—' : `${formatPercent(rate.value)} ${rate.interval ? formatPercentInterval(rate.interval.lower, rate.interval.upper) : ''}`.trim();
  return {
    title: 'pass@k and pass^k: observed for k ≤ n, the chosen model beyond',
    columns: [{ header: 'k' }, { header: 'basis', align: 'left' }, { header: 'pass@k' }, { header: 'pass^k' }, { header: 'check', align: 'left' }],
    rows: fit.predictions.map((row) => [String(row.k), row.basis, cell(row.passAtK), cell(row.passHatK), row.check ?? '']),
  };
}
