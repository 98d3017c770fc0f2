import type { FittedModel } from '@passk/sim/internal';
import { describeTrials } from '../format/describeTrials.js';
import { shortModelName } from '../format/shortModelName.js';
import { fitAnswerTable, fitExtrapolationTable, fitPassRatesTable } from '../format/fitTables.js';
import { TASK_CORRELATION_NOTE } from '../format/fitOutput.js';
import { formatNumber, formatPercent } from '../format/percent.js';
import { html } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import type { ResultSection } from './resultSection.js';
import { dependenceAnswer, DEPENDENCE_PARAMETER, hazardTable, testLine } from '../format/dependenceText.js';

/** `fit --json`: both task-distribution models, the choice by AIC, goodness of fit and the model-based extrapolation. */
export function fitSection(result: ResultDocumentOf<'passk.fit'>): ResultSection {
  const fit = result;
  const parameters = (model: Pick<FittedModel, 'params'>) =>
    Object.entries(model.params)
      .map(([name, p]) => `${name} ${p.value === null ? '—' : formatNumber(p.value, 4)}${p.se === null ? '' : ` ±${formatNumber(p.se, 4)}`}`)
      .join(', ');
  const passRates = fitPassRatesTable(fit);
  const extrapolation = fitExtrapolationTable(fit);
  const answer = fitAnswerTable(fit);
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
${extrapolation ? htmlTable(extrapolation.columns, extrapolation.rows, extrapolation.title) : ''}
${
  answer
    ? html`<p>${fit.extrapolation.check.reason}.</p>
${htmlTable(answer.columns, answer.rows, answer.title)}`
    : ''
}
${dependenceBody(fit)}`;
  return {
    title: `Fit of the task distribution: ${fit.source.file}`,
    body,
    notes: [
      { label: 'Method', text: `maximum likelihood for each model; the choice by AIC (ΔAIC = ${fit.aicDifference.toFixed(2)}).` },
      { label: 'taskCorrelation', text: TASK_CORRELATION_NOTE.replaceAll('\n', ' ') },
      { label: 'Extrapolation', text: `${fit.extrapolation.method}.` },
      { label: 'Extrapolation check', text: `${fit.extrapolation.check.reason} (docs/extrapolation.md).` },
      { label: 'Confidence', text: `${formatPercent(fit.extrapolation.confidence)}, two-sided prediction intervals` },
      { label: 'Scenario tasks', text: JSON.stringify(fit.scenarioTasks) },
      ...fit.notes.map((note) => ({ label: 'Note', text: note })),
      ...(fit.drift === null ? [] : [{ label: 'Drift with run order', text: `${fit.drift.from}: ${testLine(fit.drift.test)}` }]),
      ...(fit.dependenceNote === null ? [] : [{ label: 'Retry dependence', text: fit.dependenceNote }]),
    ],
    scenario: null,
  };
}

/** The retry dependence of a fit of episodes: the answer, the test, the four models and success by attempt after failures. */
function dependenceBody(fit: ResultDocumentOf<'passk.fit'>) {
  const d = fit.dependence;
  if (d === null) return '';
  const level = formatPercent(d.confidence);
  const test = d.test === null ? `No test of independence: ${d.testReason}` : `Independence within episodes, ${testLine(d.test)}`;
  const parameters = (model: (typeof d.models)[number]) => {
    const key = DEPENDENCE_PARAMETER[model.model];
    return Object.entries(model.parameters)
      .sort(([a], [b]) => Number(b === key) - Number(a === key))
      .map(([name, p]) => `${name} ${formatNumber(p.estimate, 3)} [${formatNumber(p.lower, 3)}, ${formatNumber(p.upper, 3)}]`)
      .join(', ');
  };
  const hazard = hazardTable(d);
  return html`<h3>Retry dependence</h3>
<p class="lead">${dependenceAnswer(d)}</p>
<p>${d.episodes} episodes of ${d.tasks} tasks, ${d.attempts} attempts, up to ${d.maxLength} per episode (${d.stopping === 'untilSuccess' ? 'each stops at its first success' : 'every planned attempt ran'}); read from ${d.from}. ${test}</p>
${htmlTable(
  [
    { header: 'model', align: 'left' },
    { header: `parameters [${level} interval]`, align: 'left' },
    { header: 'logLik' },
    { header: 'AIC' },
    { header: '', align: 'left' },
  ],
  d.models.map((model) => [
    model.model,
    parameters(model),
    model.logLikelihood.toFixed(2),
    model.aic.toFixed(2),
    model.model === d.chosen ? '←\u00a0chosen' : '',
  ]),
  `Retry dependence models, fitted by maximum likelihood over the episodes. Chosen: ${d.chosen} — ${d.evidence}`,
)}
${htmlTable(hazard.columns, hazard.rows, `Success at each attempt after all earlier ones failed: observed [${level} Clopper–Pearson] and under each model`)}`;
}
