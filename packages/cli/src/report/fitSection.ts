import type { FittedModel, TaskFit } from '@passk/sim';
import { formatNumber, formatPercent, formatPercentInterval } from '../format/percent.js';
import { html } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { PasskResult } from './reportInput.js';
import type { ResultSection } from './resultSection.js';

type FitResult = Pick<TaskFit, 'tasks' | 'trials' | 'models' | 'chosen' | 'scenarioTasks' | 'goodnessOfFit' | 'extrapolation' | 'notes'> & {
  readonly source: { readonly file: string; readonly rows: number; readonly format: string };
  readonly reason: string;
  readonly aicDifference: number;
};

// The same labels and cells as the CLI's fit tables (format/fitOutput.ts).
const SHORT: Readonly<Record<string, string>> = { betaBinomial: 'BB', zeroOneInflatedBetaBinomial: 'ZOIBB' };
const short = (name: string) => SHORT[name] ?? name;

/** `fit --json`: both task-distribution models, the choice by AIC, goodness of fit and the model-based extrapolation. */
export function fitSection(result: PasskResult): ResultSection {
  const fit = result as unknown as FitResult;
  const names = fit.models.map((model) => model.name);
  const trials = fit.trials.min === fit.trials.max ? `${fit.trials.min} trials each` : `${fit.trials.min} to ${fit.trials.max} trials per task`;
  const observed = (mean: { value: number; se: number | null } | null) => (mean === null ? '—' : `${formatPercent(mean.value)} (${mean.se === null ? '—' : formatPercent(mean.se)})`);
  const parameters = (model: FittedModel) =>
    Object.entries(model.params)
      .map(([name, p]) => `${name} ${p.value === null ? '—' : formatNumber(p.value, 4)}${p.se === null ? '' : ` ±${formatNumber(p.se, 4)}`}`)
      .join(', ');
  const extrapolated = (model: FittedModel, metric: 'passAtK' | 'passHatK', k: number) => {
    const value = formatPercent(model.predicted[metric][String(k)] ?? null);
    const interval = model.intervals?.[metric][String(k)];
    return interval ? `${value} ${formatPercentInterval(interval.lower, interval.upper)}` : value;
  };
  const ks = fit.extrapolation.ks;
  const body = html`<p class="lead">${fit.source.file}: ${fit.source.rows} attempts over ${fit.tasks} tasks, ${trials}. Chosen: <strong>${fit.chosen}</strong> — ${fit.reason}.</p>
${htmlTable(
  [{ header: 'model', align: 'left' }, { header: 'parameters (±SE)', align: 'left' }, { header: 'logLik' }, { header: 'AIC' }, { header: '', align: 'left' }],
  fit.models.map((model) => [`${model.name} (${short(model.name)})`, parameters(model), model.logLik.toFixed(3), model.aic.toFixed(2), model.name === fit.chosen ? '←\u00a0chosen' : '']),
  'Per-task success rate p, fitted by maximum likelihood',
)}
${htmlTable(
  [
    { header: 'k' },
    { header: 'tasks' },
    { header: 'pass@k (SE)' },
    ...names.map((name) => ({ header: short(name) })),
    { header: 'pass^k (SE)' },
    ...names.map((name) => ({ header: short(name) })),
  ],
  fit.goodnessOfFit.passRates.map((row) => [
    row.k,
    row.estimableTasks,
    observed(row.observed.passAtK),
    ...names.map((name) => formatPercent(row.predicted[name]?.passAtK ?? null)),
    observed(row.observed.passHatK),
    ...names.map((name) => formatPercent(row.predicted[name]?.passHatK ?? null)),
  ]),
  'Goodness of fit: observed (unbiased per-task estimates averaged, clustered SE) against each model',
)}
${
  ks.length === 0
    ? ''
    : htmlTable(
        [{ header: 'k' }, ...fit.models.map((model) => ({ header: `pass@k ${short(model.name)}` })), ...fit.models.map((model) => ({ header: `pass^k ${short(model.name)}` }))],
        ks.map((k) => [k, ...fit.models.map((model) => extrapolated(model, 'passAtK', k)), ...fit.models.map((model) => extrapolated(model, 'passHatK', k))]),
        `Extrapolation beyond n = ${fit.trials.max}: model-based, not estimable from the trials alone`,
      )
}`;
  return {
    title: `Fit of the task distribution: ${fit.source.file}`,
    body,
    notes: [
      { label: 'Method', text: `maximum likelihood for each model; the choice by AIC (ΔAIC = ${fit.aicDifference.toFixed(2)}).` },
      { label: 'Extrapolation', text: `${fit.extrapolation.method}.` },
      { label: 'Confidence', text: `${formatPercent(fit.extrapolation.confidence)}, two-sided prediction intervals` },
      { label: 'Scenario tasks', text: JSON.stringify(fit.scenarioTasks) },
      ...fit.notes.map((note) => ({ label: 'Note', text: note })),
    ],
    scenario: null,
  };
}
