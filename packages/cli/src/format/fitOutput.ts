import type { FittedModel, TaskFit, Interval } from '@passk/sim/internal';
import { describeTrials } from './describeTrials.js';
import { shortModelName } from './shortModelName.js';
import { fitAnswerTable, fitExtrapolationTable, fitPassRatesTable, fitPredictionsTable } from './fitTables.js';
import { markdownTable } from './markdownTable.js';
import { inertMarkdown } from './inertMarkdown.js';
import { withinCommentLimit } from './commentLimit.js';
import { formatNumber } from './percent.js';
import { RESULT_KINDS, withKind } from './resultKinds.js';
import { documentInterval } from '../results/intervalSchema.js';
import { renderTable } from './table.js';
import { ESTIMAND_METHODS } from '@passk/sim/internal';
import { terminalText } from './terminalText.js';
import type { TerminalPart } from './terminalReport.js';

/** Where the fitted counts came from. */
export interface FitSource {
  readonly file: string;
  readonly format: string;
  readonly rows: number;
  readonly columns: object;
}

const DESCRIPTION: Record<string, string> = {
  betaBinomial: 'p ~ Beta(a, b) per task',
  zeroOneInflatedBetaBinomial: 'p = 0 with probability π0, p = 1 with π1, else p ~ Beta(a, b)',
};

const PARAMETER_LABELS: Record<string, string> = {
  pi0: 'π0 (never succeeds)',
  pi1: 'π1 (always succeeds)',
  a: 'a',
  b: 'b',
  mean: 'mean of the beta',
  concentration: 'concentration a + b',
  taskCorrelation: 'between-task correlation ρ',
};

/** What the fit's correlation is, and what it is not (docs/design.md §1). */
export const TASK_CORRELATION_NOTE =
  'Between-task correlation ρ = Var(p)/(E p·(1 − E p)), 1/(a + b + 1) for the beta-binomial: the correlation of two attempts ' +
  "of one task because tasks differ in p. Not a scenario's exchangeable icc (retries of one episode, correlated given p): " +
  'the scenario --out writes keeps attempts independent given p, as fitted.';

/** Count tables shown in text: at most this many values of n, each with n ≤ MAX_TEXT_N. */
const MAX_TEXT_GROUPS = 4;
const MAX_TEXT_N = 20;

/**
 * The `--json` document of `passk fit`: the contract `{ tasks, models: [{ name, params, logLik,
 * aic, predicted: { passAtK: {"1": …}, passHatK } }], chosen, scenarioTasks }` plus `kind`, the
 * source, the reason for the choice, the goodness-of-fit tables, the extrapolation method and notes.
 */
export function fitJson(fit: TaskFit, source: FitSource): object {
  const level = fit.extrapolation.confidence;
  const byK = (intervals: Readonly<Record<string, Interval | null>>) =>
    Object.fromEntries(Object.entries(intervals).map(([k, bounds]) => [k, bounds && documentInterval(bounds, level, FIT_INTERVAL_METHOD)]));
  return withKind(RESULT_KINDS.fit, {
    source,
    tasks: fit.tasks,
    trials: fit.trials,
    models: fit.models.map((model) => ({
      ...model,
      // A coordinate at a limit is ±∞: null in the document.
      unconstrained: { ...model.unconstrained, fixed: Object.fromEntries(Object.keys(model.unconstrained.fixed).map((name) => [name, null])) },
      intervals: model.intervals && { passAtK: byK(model.intervals.passAtK), passHatK: byK(model.intervals.passHatK) },
    })),
    chosen: fit.chosen,
    reason: fit.choice.reason,
    aicDifference: fit.choice.aicDifference,
    scenarioTasks: fit.scenarioTasks,
    goodnessOfFit: fit.goodnessOfFit,
    extrapolation: { ks: fit.extrapolation.ks, method: fit.extrapolation.method, confidence: level, check: checkJson(fit.extrapolation.check) },
    predictions: fit.predictions.map((row) => {
      const method = row.basis === 'observed' ? ESTIMAND_METHODS.population : row.check === 'passed' ? FIT_INTERVAL_METHOD : WIDENED_METHOD;
      const rate = (metric: 'passAtK' | 'passHatK') => ({
        value: row[metric].value,
        interval: row[metric].interval && documentInterval(row[metric].interval, level, method),
      });
      return { k: row.k, basis: row.basis, check: row.check, passAtK: rate('passAtK'), passHatK: rate('passHatK') };
    }),
    notes: fit.notes,
  });
}

/** The method of a widened interval beyond the trials (fitPredictions, momentBounds in @passk/sim). */
const WIDENED_METHOD = 'delta method on the logit scale joined with the nonparametric moment bounds (log-convexity of E[q^k])';

function checkJson(check: TaskFit['extrapolation']['check']) {
  const { leaveTrialsOut: test } = check;
  return {
    check: test.result,
    trialsFitted: test.trialsFitted,
    comparedAt: test.comparedAt,
    statistic: test.statistic,
    pValue: test.pValue,
    trialOrder: check.trialOrder,
    reason: check.reason,
  };
}

/** The method of the fit's prediction intervals (predictionIntervals in @passk/sim). */
const FIT_INTERVAL_METHOD = 'delta method on the logit scale';

/**
 * Text view of `passk fit` in parts, the first its header (what was read): both models, the choice
 * and why, goodness of fit, model-based extrapolation. The compact view keeps the header, the chosen
 * model, the choice, the answer beyond n and the notes; the rest is `--wide`.
 */
export function formatFit(fit: TaskFit, source: FitSource): TerminalPart[] {
  const header = `${terminalText(source.file)}: ${source.rows} attempts over ${fit.tasks} tasks, ${describeTrials(fit.trials)}`;
  const sections: TerminalPart[] = [
    { text: header },
    { text: 'Per-task success rate p, fitted by maximum likelihood (SE from the observed information, delta method):', wide: true },
  ];
  for (const model of fit.models) sections.push({ text: modelSection(model, fit.chosen), wide: model.name !== fit.chosen });
  sections.push({ text: TASK_CORRELATION_NOTE, wide: true });
  sections.push({ text: `Chosen: ${fit.chosen}. ${capitalise(fit.choice.reason)}.` });
  sections.push({ text: countSection(fit), wide: true });
  sections.push({ text: passRateSection(fit), wide: true });
  const extrapolation = extrapolationSection(fit);
  if (extrapolation !== null) sections.push({ text: extrapolation, wide: true });
  const answer = answerSection(fit);
  if (answer !== null) sections.push({ text: answer });
  sections.push({
    text:
      `Scenario tasks block (${fit.chosen}), ready for passk simulate (--out FILE.yaml writes a scenario with it):\n` +
      `  ${JSON.stringify(fit.scenarioTasks)}`,
    wide: true,
  });
  if (fit.notes.length > 0) sections.push({ text: fit.notes.map((note) => `note: ${note}`).join('\n') });
  // Each part a paragraph: a blank line after every one, the last ending its line.
  return sections.map((section, i) => ({ ...section, text: `${section.text}${i === sections.length - 1 ? '\n' : '\n\n'}` }));
}

function modelSection(model: FittedModel, chosen: string): string {
  const mark = model.name === chosen ? '  ← chosen' : '';
  // The beta component at its binomial limit: a, b and a + b are ∞ (its mean is still defined).
  const infinite = model.params.concentration?.value === null && model.params.mean?.value !== null;
  const rows = Object.entries(model.params).map(([name, p]) => {
    const beta = name === 'a' || name === 'b' || name === 'concentration';
    const value = p.value === null ? (beta && infinite ? '∞' : '—') : formatNumber(p.value, 4);
    return [PARAMETER_LABELS[name] ?? name, value, p.se === null ? '—' : formatNumber(p.se, 4)];
  });
  const table = renderTable([{ header: 'parameter', align: 'left' }, { header: 'estimate' }, { header: 'SE' }], rows);
  const lines = [
    `${model.name} (${shortModelName(model.name)}): ${DESCRIPTION[model.name]}${mark}`,
    indent(table),
    `  logLik ${model.logLik.toFixed(3)}   AIC ${model.aic.toFixed(2)}   (${model.parameterCount} parameters)`,
  ];
  for (const note of model.boundary) lines.push(`  at a boundary: ${note}`);
  if (!model.converged) lines.push('  warning: the optimiser stopped on its evaluation budget; the fit may not be the maximum');
  return lines.join('\n');
}

function countSection(fit: TaskFit): string {
  const names = fit.models.map((model) => model.name);
  const groups = [...fit.goodnessOfFit.counts].filter((g) => g.n <= MAX_TEXT_N).sort((x, y) => y.tasks - x.tasks || x.n - y.n);
  const shown = groups.slice(0, MAX_TEXT_GROUPS).sort((x, y) => x.n - y.n);
  const parts = shown.map((group) => {
    const table = renderTable(
      [{ header: 'c' }, { header: 'observed' }, ...names.map((name) => ({ header: shortModelName(name) }))],
      group.rows.map((row) => [String(row.c), String(row.observed), ...names.map((name) => row.predicted[name]!.toFixed(1))]),
    );
    return `Goodness of fit: number of tasks with c successes among the ${group.tasks} tasks with n = ${group.n} (observed vs predicted)\n${indent(table)}`;
  });
  const hidden = fit.goodnessOfFit.counts.length - shown.length;
  if (hidden > 0) parts.push(`(${hidden} more values of n in --json: goodnessOfFit.counts)`);
  return parts.join('\n\n');
}

function passRateSection(fit: TaskFit): string {
  const table = fitPassRatesTable(fit);
  return (
    'Goodness of fit: pass@k and pass^k for k ≤ n — observed = unbiased per-task estimates averaged over the tasks with n ≥ k ' +
    `(clustered SE), against each model's prediction\n${indent(renderTable(table.columns, table.rows))}`
  );
}

function extrapolationSection(fit: TaskFit): string | null {
  const table = fitExtrapolationTable(fit);
  if (table === null) return null;
  const level = `${Number((fit.extrapolation.confidence * 100).toPrecision(6))}%`;
  return (
    `Extrapolation beyond n = ${fit.trials.max} — MODEL-BASED, not estimable from the trials alone ` +
    `(value [${level} two-sided interval]):\n${indent(renderTable(table.columns, table.rows))}\n` +
    `  ${fit.extrapolation.method}.\n` +
    '  Where the two models disagree, the data cannot tell which extrapolation is right.'
  );
}

/** The answer beyond the trials (`fitAnswerTable`) after the check's one-line reason. */
function answerSection(fit: TaskFit): string | null {
  const table = fitAnswerTable(fit);
  if (table === null) return null;
  return (
    `Answer beyond n = ${fit.trials.max} (${fit.chosen}): ${fit.extrapolation.check.reason}.\n` +
    indent(renderTable(table.columns, table.rows)) +
    '\n  Every interval spans the moment bounds, valid for any task population (docs/extrapolation.md): ' +
    'passed = the model interval already did; widened = joined with them; refused = no value.'
  );
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * `fit --markdown`: a compact pull-request comment — the source and the chosen model, one table of
 * the answer per k (observed for k ≤ n, the chosen model beyond with the check's decision), and the
 * check's reason.
 */
export function fitMarkdown(fit: TaskFit, source: FitSource): string {
  const header = `**${inertMarkdown(source.file, { lineStart: false })}**: ${fit.tasks} tasks, ${describeTrials(fit.trials)}; ${fit.chosen} chosen by AIC`;
  const level = `${Number((fit.extrapolation.confidence * 100).toPrecision(6))}%`;
  const note =
    `<sub>${level} intervals. k ≤ n: unbiased task averages. Beyond n: ${inertMarkdown(fit.extrapolation.check.reason, { lineStart: false, cap: 2000 })}. ` +
    'passk fit (docs/extrapolation.md).</sub>';
  return withinCommentLimit(`${header}\n\n${markdownTable(fitPredictionsTable(fit))}\n\n${note}\n`);
}
