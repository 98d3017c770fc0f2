import type { TerminalPart } from './terminalReport.js';
import type { DependenceDocument, DriftDocument } from '../results/dependenceSchema.js';
import { formatPercent, formatPercentInterval } from './percent.js';
import { pValuePhrase } from './pValue.js';
import { renderTable, type Table } from './table.js';

/**
 * A paragraph as one line indented by `first` spaces: the terminal layout (terminalLayout.ts) wraps
 * it to the terminal's width, its continuation lines indented two more.
 */
function wrapped(text: string, first = 0): string {
  return `${' '.repeat(first)}${text}`;
}

/** The scenario key of each model's dependence parameter (docs/scenario.md). */
export const DEPENDENCE_PARAMETER: Readonly<Record<string, string | undefined>> = {
  independent: undefined,
  exchangeable: 'icc',
  markov: 'stickiness',
  feedback: 'afterFailure',
};

type Model = DependenceDocument['models'][number];

/** A parameter as `0.312 [0.221, 0.402]`. */
function estimateText(p: { estimate: number; lower: number; upper: number }): string {
  const n = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(3));
  return `${n(p.estimate)} [${n(p.lower)}, ${n(p.upper)}]`;
}

/** What the chosen model says, in words. */
function phrase(model: Model): string {
  const key = DEPENDENCE_PARAMETER[model.model]!;
  const value = model.parameters[key]?.estimate ?? 0;
  switch (model.model) {
    case 'feedback':
      return value >= 0 ? 'after a failure the success rate rises' : 'after a failure the success rate falls';
    case 'exchangeable':
      return "the attempts of one episode agree more than the task's own rate explains";
    default:
      return "an attempt tends to repeat the previous attempt's outcome";
  }
}

/**
 * The answer first: whether retries are independent, the chosen model's parameter with its interval,
 * and what independence would predict at the largest k shown against the chosen model.
 */
export function dependenceAnswer(d: DependenceDocument): string {
  const chosen = d.models.find((model) => model.model === d.chosen)!;
  if (d.chosen === 'independent') return `Retries look independent given the task: ${d.evidence.replace(/^independent: /, '')}.`;
  const key = DEPENDENCE_PARAMETER[d.chosen]!;
  const parameter = chosen.parameters[key]!;
  // Where the two differ most among the retries (k ≥ 2), in the direction the model says (feedback
  // below 0 costs pass@k, above 0 gains it; the populations fitted with each differ, so at some k
  // the sign may turn): what the dependence costs, or gains. Else the largest k.
  const difference = (row: (typeof d.predicted)[number]) => (row.passAtK[d.chosen] ?? 0) - (row.passAtK.independent ?? 0);
  const sign = d.chosen === 'feedback' ? Math.sign(parameter.estimate) : 0;
  const candidates = d.predicted.filter((row) => row.k >= 2 && (sign === 0 || Math.sign(difference(row)) === sign));
  const last =
    candidates.length === 0
      ? d.predicted[d.predicted.length - 1]!
      : candidates.reduce((best, row) => (Math.abs(difference(row)) > Math.abs(difference(best)) ? row : best));
  const prediction = `independence would predict pass@${last.k} ${formatPercent(last.passAtK.independent ?? null)} where ${d.chosen} predicts ${formatPercent(last.passAtK[d.chosen] ?? null)}`;
  // Independence is icc = stickiness = afterFailure = 0: an interval holding 0, or a test above 5 %, is weak evidence.
  const weak = (parameter.lower <= 0 && parameter.upper >= 0) || (d.test !== null && d.test.pValue >= 0.05);
  if (weak) {
    return (
      `Retries may not be independent, but the evidence is weak: ${phrase(chosen)} (${d.chosen} ${key} ${estimateText(parameter)}` +
      `${d.test === null ? '' : `, test p = ${formatTestP(d.test.pValue)}`}); ${prediction}.`
    );
  }
  return `Retries are not independent: ${phrase(chosen)} (${d.chosen} ${key} ${estimateText(parameter)}); ${prediction}.`;
}

/** A p-value in a sentence: three decimals from 0.001, else two significant digits. */
function formatTestP(p: number): string {
  return p >= 0.001 ? p.toFixed(3) : p.toExponential(1);
}

const STOPPING_WORDS: Record<DependenceDocument['stoppingFrom'], string> = {
  format: "the harness's loop",
  option: 'as --stopping says',
  inferred: 'inferred: --stopping sets it',
};

/** A test in one line: the p-value, its data and (unless `withMeaning` is false) its meaning. */
export function testLine(test: NonNullable<DependenceDocument['test']>, withMeaning = true): string {
  // ≈ marks a Monte Carlo p-value (permutations); an exact or asymptotic one is printed as it is.
  const monteCarlo = !test.exact && /permutation/i.test(test.method);
  const p = pValuePhrase({ value: test.pValue, method: monteCarlo ? 'monte-carlo' : 'exact' });
  const line = `${test.method}: ${p} (statistic ${test.statistic.toPrecision(4)}; ${test.tasks} tasks, ${test.episodes} episodes, ${test.attempts} attempts).`;
  return withMeaning ? `${line} ${test.meaning}` : line;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

/**
 * The text of `fit`'s retry dependence in parts: the answer, the test and the models; what the test
 * means, success by attempt and pass@k against independence only with `--wide`.
 */
export function formatDependence(d: DependenceDocument): TerminalPart[] {
  const stops = d.stopping === 'untilSuccess' ? 'each stops at its first success' : 'every planned attempt ran';
  const lines = [
    wrapped(
      `Retry dependence: ${d.episodes} episodes of ${d.tasks} tasks, ${d.attempts} attempts, up to ${d.maxLength} per episode; ${stops} (${STOPPING_WORDS[d.stoppingFrom]}); read from ${d.from}.`,
    ),
    wrapped(dependenceAnswer(d)),
    wrapped(d.test === null ? `No test of independence: ${d.testReason}` : `Independence within episodes, ${testLine(d.test, false)}`, 2),
  ];
  const level = `${Number((d.confidence * 100).toPrecision(6))}%`;
  const bounded = (p: { estimate: number; lower: number; upper: number } | undefined) => (p === undefined ? '—' : estimateText(p));
  const models = renderTable(
    [
      { header: 'model', align: 'left' },
      { header: `dependence [${level} interval]`, align: 'left' },
      { header: 'mean p', align: 'left' },
      { header: 'AIC' },
      { header: '', align: 'left' },
    ],
    d.models.map((model) => {
      const key = DEPENDENCE_PARAMETER[model.model];
      return [
        model.model,
        key === undefined ? '—' : `${key} ${bounded(model.parameters[key])}`,
        bounded(model.parameters.mean),
        model.aic.toFixed(2),
        model.model === d.chosen ? '← chosen' : '',
      ];
    }),
  );
  const hazardRows = hazardTable(d);
  const hazard = renderTable(hazardRows.columns, hazardRows.rows);
  const chosen = d.chosen;
  const pairs = chosen === 'independent' ? ['independent'] : ['independent', chosen];
  const passRates = renderTable(
    [
      { header: 'k' },
      ...pairs.map((name) => ({ header: `pass@k ${name}` })),
      ...(pairs.length === 2 ? [{ header: 'difference' }] : []),
      ...pairs.map((name) => ({ header: `pass^k ${name}` })),
    ],
    d.predicted.map((row) => {
      const at = pairs.map((name) => row.passAtK[name]!);
      const difference = at.length === 2 ? [`${((at[1]! - at[0]!) * 100).toFixed(1)} pts`] : [];
      return [String(row.k), ...at.map((value) => formatPercent(value)), ...difference, ...pairs.map((name) => formatPercent(row.passHatK[name]!))];
    }),
  );
  return [
    { text: `${lines.join('\n')}\n` },
    ...(d.test === null ? [] : [{ text: `${wrapped(d.test.meaning, 2)}\n`, wide: true }]),
    {
      text: `\nRetry dependence models, maximum likelihood over the episodes (all parameters in --json):\n${indent(models)}\n${wrapped(`Chosen: ${d.evidence}.`, 2)}\n`,
    },
    {
      text: `\n${wrapped(`Success at each attempt after all earlier ones failed, observed [${level} Clopper–Pearson] and under each model:`)}\n${indent(hazard)}\n`,
      wide: true,
    },
    {
      text: `\n${wrapped(`pass@k and pass^k of one episode, MODEL-BASED over the fitted task population (k > ${d.maxLength} beyond the longest episode):`)}\n${indent(passRates)}\n`,
      wide: true,
    },
  ];
}

/** The drift test of separate runs in run order, and what a log of separate runs cannot show. */
export function formatDrift(drift: DriftDocument | null, note: string | null): string {
  const lines: string[] = [];
  if (drift !== null) lines.push(wrapped(`Drift with run order (${drift.from}): ${testLine(drift.test)}`));
  if (note !== null) lines.push(wrapped(`note: ${note}`));
  return lines.join('\n');
}

/** Success at each attempt after all earlier ones failed: observed (with its interval) and under each model; for the text and the report. */
export function hazardTable(d: DependenceDocument): Table {
  return {
    title: 'Success at each attempt after all earlier ones failed',
    columns: [
      { header: 'attempt' },
      { header: 'at risk' },
      { header: 'successes' },
      { header: 'observed', align: 'left' },
      ...d.models.map((model) => ({ header: model.model })),
    ],
    rows: d.hazard.map((row) => [
      String(row.attempt),
      String(row.atRisk),
      String(row.successes),
      row.interval === null ? '—' : `${formatPercent(row.observed)} ${formatPercentInterval(row.interval.lower, row.interval.upper)}`,
      ...d.models.map((model) => formatPercent(model.hazard[row.attempt - 1] ?? null)),
    ]),
  };
}
