import type { MinimumCoverage, TaskEstimate, Interval } from '@passk/sim/internal';
import { CREDIBLE, taskEstimateResult } from '@passk/sim/estimate';
import type { EstimateTaskDocument } from '../results/estimateTaskSchema.js';
import { describeCoverage, describeLevel, methodName, shortCoverage } from './describe.js';
import { formatPercent, formatPercentInterval } from './percent.js';
import { RESULT_KINDS, withKind } from './resultKinds.js';
import { rateTable } from './rateTable.js';
import { renderTable } from './table.js';
import type { TerminalReport } from './terminalReport.js';
import { taskCredibleTable, taskEstimateTable } from './taskEstimateTables.js';

/** The `passk.estimate.task` document (results/estimateTaskSchema.ts): a row per k, also for one k. */
export function taskEstimateJson(estimate: TaskEstimate): EstimateTaskDocument {
  return withKind(RESULT_KINDS.estimateTask, taskEstimateResult(estimate));
}

/** The method of the Bayesian intervals. */
export { CREDIBLE };

/** The library's view of a `passk.estimate.task` document (for the tables shared with the terminal output). */
export function taskEstimateOfDocument(document: EstimateTaskDocument): TaskEstimate {
  const { p, bayes } = document;
  const bounds = (i: Interval) => ({ lower: i.lower, upper: i.upper });
  return {
    n: document.n,
    c: document.c,
    p: { estimate: p.estimate, lower: p.lower, upper: p.upper, method: p.method, confidence: p.level, sides: p.sides, ...(p.tail ? { tail: p.tail } : {}) },
    bayes: { prior: bayes.prior, posterior: bayes.posterior, confidence: bayes.p.level, p: { mean: bayes.p.mean, ...bounds(bayes.p) } },
    rows: document.rows.map((row) => ({
      k: row.k,
      passAtK: row.passAtK,
      passHatK: row.passHatK,
      plugin: row.plugin,
      passAtKInterval: bounds(row.interval.passAtK),
      passHatKInterval: bounds(row.interval.passHatK),
      bayes: {
        passAtK: { mean: row.bayes.passAtK.mean, ...bounds(row.bayes.passAtK) },
        passHatK: { mean: row.bayes.passHatK.mean, ...bounds(row.bayes.passHatK) },
      },
    })),
  };
}

/**
 * Text view of one task's estimate: p with its interval, then a row per k; with `minimum` (a
 * one-sided Wilson, Jeffreys or Agresti–Coull bound) the note on its least coverage.
 */
export function formatTaskEstimate(estimate: TaskEstimate, minimum: MinimumCoverage | null = null): TerminalReport {
  const { n, c, p, bayes } = estimate;
  const coverage = describeCoverage(p.confidence, p.sides, p.tail);
  const main = taskEstimateTable(estimate.rows);
  const credible = taskCredibleTable(bayes, estimate.rows);
  const lines = [
    `${c} of ${n} trials correct: p = ${formatPercent(p.estimate)}, ${coverage} ${methodName(p.method)} interval ${formatPercentInterval(p.lower, p.upper)}`,
    '',
    renderTable(main.columns, main.rows),
    '',
    `Bayesian view, prior Beta(${bayes.prior.a}, ${bayes.prior.b}) → posterior Beta(${bayes.posterior.a}, ${bayes.posterior.b}); ` +
      `posterior mean and ${describeCoverage(bayes.confidence, 2)} credible interval:`,
    renderTable(credible.columns, credible.rows),
  ];
  // The cautions on this very result (a bound below its level, an estimate outside its interval) are warnings, not notes.
  const warnings = [...(minimum ? [minimumCoverageNote(estimate.n, p.confidence, minimum)] : []), ...outsideNote(estimate)];
  const notes = [
    'pass@k = 1 − C(n−c,k)/C(n,k) (Chen et al. 2021) and pass^k = C(c,k)/C(n,k) (Yao et al. 2024) are unbiased;',
    'plug-in puts c/n into 1 − (1 − p)^k and p^k (biased for k > 1).',
    `Intervals: the ${coverage} ${methodName(p.method)} interval for p mapped through 1 − (1 − p)^k and p^k.`,
  ];
  return { body: `${lines.join('\n')}\n`, notes, warnings, verdict: taskEstimateVerdict(estimate) };
}

/**
 * The verdict line of `estimate --n --c`: pass^k with its interval and pass@k at the largest k.
 * Example: `estimate: pass^8 43.0% [20.3%, 71.0%], pass@8 >99.9% (Wilson, 95%)`.
 */
export function taskEstimateVerdict(estimate: TaskEstimate): string {
  const { p } = estimate;
  const row = estimate.rows[estimate.rows.length - 1];
  const coverage = shortCoverage(p.confidence, p.sides, p.tail);
  if (row === undefined) return `estimate: p ${formatPercent(p.estimate)} ${formatPercentInterval(p.lower, p.upper)} (${methodName(p.method)}, ${coverage})`;
  const hat = `pass^${row.k} ${formatPercent(row.passHatK)} ${formatPercentInterval(row.passHatKInterval.lower, row.passHatKInterval.upper)}`;
  // pass@k without its interval (in the table above): the line stays within 80 columns.
  const at = `pass@${row.k} ${formatPercent(row.passAtK)}`;
  return `estimate: ${hat}, ${at} (${methodName(p.method)}, ${coverage})`;
}

/**
 * One line on a one-sided bound that does not hold its level: its least coverage over p at this n
 * (oneSidedMinimumCoverage; when not every dip was evaluated, an upper bound on it, said so), and
 * that Clopper–Pearson, the one-sided default, does (docs/uncertainty.md, "One task").
 */
function minimumCoverageNote(n: number, confidence: number, minimum: MinimumCoverage): string {
  const where = `just below p = ${(minimum.at * 100).toPrecision(2)}%`;
  const how = minimum.exact ? `exact, ${where}` : `${where}; the least of the ${minimum.dips} dips nearest p = 0 and 1, exact for n ≤ ${minimum.dips}`;
  return (
    `Note: at n = ${n} this ${describeLevel(confidence)} bound covers p as little as ${formatPercent(minimum.coverage)} of the time (${how}); ` +
    `clopper-pearson (the default with --sides 1) holds its ${describeLevel(confidence)}.`
  );
}

/**
 * Why an unbiased estimate can lie outside its interval, said where it happens: from one task the
 * unbiased pass^k is exactly 0 whenever c < k (and pass@k exactly 1 whenever n − c < k), although
 * p^k > 0 for every p > 0. Unbiased means right on average over many tasks; for one task the
 * interval is the statement to use.
 */
function outsideNote(estimate: TaskEstimate): string[] {
  const outside = estimate.rows.filter(
    (row) =>
      row.passHatK < row.passHatKInterval.lower ||
      row.passHatK > row.passHatKInterval.upper ||
      row.passAtK < row.passAtKInterval.lower ||
      row.passAtK > row.passAtKInterval.upper,
  );
  if (outside.length === 0) return [];
  return [
    `Outside its interval at k = ${outside.map((row) => row.k).join(', ')}: the unbiased pass^k is exactly 0 when c < k (pass@k exactly 1 when n − c < k), ` +
      'yet p^k > 0 for any p > 0. Unbiased means right on average over tasks (what a task average needs); for one task, the interval is the statement to use.',
  ];
}

/** Text view of the closed forms for a known p (the seeds' first table). */
export function formatRateTable(p: number, rows: readonly { k: number; passAtK: number; passHatK: number }[]): TerminalReport {
  const table = rateTable(rows);
  const last = rows[rows.length - 1];
  return {
    body: `p = ${formatPercent(p)} per attempt, attempts independent: pass@k = 1 − (1 − p)^k, pass^k = p^k\n\n${renderTable(table.columns, table.rows)}\n`,
    verdict:
      last === undefined
        ? `estimate: p ${formatPercent(p)}, no k`
        : `estimate: p ${formatPercent(p)}: pass@${last.k} ${formatPercent(last.passAtK)}, pass^${last.k} ${formatPercent(last.passHatK)} (closed forms)`,
  };
}
