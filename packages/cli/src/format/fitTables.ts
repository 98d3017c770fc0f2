import type { FittedModel, TaskFit } from '@passk/sim';
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
export function fitExtrapolationTable(fit: Pick<TaskFit, 'extrapolation' | 'trials'> & { readonly models: readonly ModelPredictions[] }): Table | null {
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
