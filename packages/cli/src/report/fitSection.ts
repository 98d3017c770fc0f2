import type { FittedModel } from '@passk/sim';
import { describeTrials } from '../format/describeTrials.js';
import { shortModelName } from '../format/shortModelName.js';
import { fitExtrapolationTable, fitPassRatesTable } from '../format/fitTables.js';
import { TASK_CORRELATION_NOTE } from '../format/fitOutput.js';
import { formatNumber, formatPercent } from '../format/percent.js';
import { html } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import type { ResultSection } from './resultSection.js';

/** `fit --json`: both task-distribution models, the choice by AIC, goodness of fit and the model-based extrapolation. */
export function fitSection(result: ResultDocumentOf<'passk.fit'>): ResultSection {
  const fit = result;
  const parameters = (model: Pick<FittedModel, 'params'>) =>
    Object.entries(model.params)
      .map(([name, p]) => `${name} ${p.value === null ? '—' : formatNumber(p.value, 4)}${p.se === null ? '' : ` ±${formatNumber(p.se, 4)}`}`)
      .join(', ');
  const passRates = fitPassRatesTable(fit);
  const extrapolation = fitExtrapolationTable(fit);
  const body = html`<p class="lead">${fit.source.file}: ${fit.source.rows} attempts over ${fit.tasks} tasks, ${describeTrials(fit.trials)}. Chosen: <strong>${fit.chosen}</strong> — ${fit.reason}.</p>
${htmlTable(
  [{ header: 'model', align: 'left' }, { header: 'parameters (±SE)', align: 'left' }, { header: 'logLik' }, { header: 'AIC' }, { header: '', align: 'left' }],
  fit.models.map((model) => [
    `${model.name} (${shortModelName(model.name)})`,
    parameters(model),
    model.logLik.toFixed(3),
    model.aic.toFixed(2),
    model.name === fit.chosen ? '←\u00a0chosen' : '',
  ]),
  'Per-task success rate p, fitted by maximum likelihood',
)}
${htmlTable(passRates.columns, passRates.rows, passRates.title)}
${extrapolation ? htmlTable(extrapolation.columns, extrapolation.rows, extrapolation.title) : ''}`;
  return {
    title: `Fit of the task distribution: ${fit.source.file}`,
    body,
    notes: [
      { label: 'Method', text: `maximum likelihood for each model; the choice by AIC (ΔAIC = ${fit.aicDifference.toFixed(2)}).` },
      { label: 'taskCorrelation', text: TASK_CORRELATION_NOTE.replaceAll('\n', ' ') },
      { label: 'Extrapolation', text: `${fit.extrapolation.method}.` },
      { label: 'Confidence', text: `${formatPercent(fit.extrapolation.confidence)}, two-sided prediction intervals` },
      { label: 'Scenario tasks', text: JSON.stringify(fit.scenarioTasks) },
      ...fit.notes.map((note) => ({ label: 'Note', text: note })),
    ],
    scenario: null,
  };
}
