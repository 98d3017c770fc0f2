import { observedBudget, observedEpisodeRates, type EpisodeMeasurement, type Estimate, type Scenario, type SummaryRow } from '@passk/sim/internal';
import { significant } from './estimateCells.js';
import { formatPercent, formatPercentInterval } from './percent.js';
import type { Table } from './table.js';
import { kLabel } from './summaryTables.js';

// A simulation whose verifier was measured (verifier.measured): the line that says so, the table of
// what users get with each metric's interval (the rates' uncertainty and the Monte Carlo noise
// together), and the measured judge beside a perfect one.

/** The measurement in a few lines: the counts, what they were measured on, and what the intervals include (null without one). */
export function measuredVerifierLines(scenario: Scenario): string[] | null {
  const measured = scenario.verifier.measured;
  if (measured === undefined) return null;
  const { accepted, wrong } = measured.falseAccept;
  const { rejected, right } = measured.falseReject;
  return [
    `Verifier measured: false accept ${accepted}/${wrong} (${formatPercent(accepted / wrong)}), ` +
      `false reject ${rejected}/${right} (${formatPercent(rejected / right)}).`,
    ...(measured.source === undefined ? [] : [`Measured on: ${measured.source}`]),
    "Intervals (95 %) include these rates' uncertainty (Jeffreys posteriors, one draw per block of 64 replicates); ± is the Monte Carlo part alone.",
  ];
}

/** "39.2% [38.9%, 39.4%]" for a rate, "1.234 [1.2, 1.27]" for an amount ("—" without a value). */
export function withInterval(estimate: Estimate, kind: 'rate' | 'amount'): string {
  if (estimate.value === null) return '—';
  const value = kind === 'rate' ? formatPercent(estimate.value) : significant(estimate.value);
  const interval = estimate.interval;
  if (interval === undefined) return value;
  return `${value} ${kind === 'rate' ? formatPercentInterval(interval.lower, interval.upper) : `[${significant(interval.lower, 3)}, ${significant(interval.upper, 3)}]`}`;
}

/**
 * The fitted task population in a few lines (null without tasks.measured): what it was fitted to,
 * what the intervals include, and from which k on the rows are model-based.
 */
export function measuredTasksLines(scenario: Scenario): string[] | null {
  const measured = scenario.tasks.measured;
  if (measured === undefined) return null;
  if (measured.episodes !== undefined) return measuredEpisodesLines(scenario, measured.episodes, measured.source);
  const fewest = Math.min(...measured.trials);
  const most = Math.max(...measured.trials);
  const trials = fewest === most ? `${most} trials` : `${fewest}–${most} trials`;
  return [
    `Tasks fitted to ${measured.source ?? 'a log'} (${measured.trials.length} tasks × ${trials}${measured.population === 'perTask' ? ', per-task posteriors' : ''}).`,
    // One line per sentence: the terminal layout wraps it to the width.
    'Intervals (95 %) include the fit and which tasks the log sampled (refitted per block of 64 replicates to a bootstrap resample of its tasks); ± is the Monte Carlo part alone.',
    ...(scenario.policy.maxAttempts > fewest ? [`k* > ${fewest}: model-based (the fitted population extrapolated), not observed.`] : []),
    // The budget simulate --tasks-from takes from the log when no scenario file sets one.
    ...(scenario.policy.maxAttempts === 2 * most
      ? [`policy.maxAttempts ${scenario.policy.maxAttempts} = 2 × the log's most trials per task (${most}), as without a scenario file.`]
      : []),
  ];
}

/** measuredTasksLines for a log with episodes: the dependence model and tasks redrawn per block, k* beyond the longest episode model-based. */
function measuredEpisodesLines(scenario: Scenario, episodes: EpisodeMeasurement, source: string | undefined): string[] {
  const longest = observedBudget(scenario.tasks.measured!);
  const count = episodes.outcomes.reduce((sum, text) => sum + text.split(' ').length, 0);
  return [
    `Retries (${scenario.attempts.correlation.model}) and tasks fitted together to ${source ?? 'a log'} (${episodes.outcomes.length} tasks, ${count} episodes of ≤ ${longest} attempts).`,
    `Intervals (95 %) include the fit and which tasks the log sampled (dependence model and tasks redrawn per block of 64 replicates: refitted to a bootstrap resample of the log's tasks, ${episodes.model === 'aic' ? 'the model chosen by AIC in each block' : `${episodes.model} refitted in each block`}); ± is the Monte Carlo part alone.`,
    ...observedRatesLine(scenario, longest),
    ...(scenario.policy.maxAttempts > longest ? [`k* > ${longest}: model-based (beyond the log's longest episode), not observed.`] : []),
  ];
}

/** Which rates within the log's episodes take their interval from the log itself (observedEpisodeRates), as one line (none: no line). */
function observedRatesLine(scenario: Scenario, longest: number): string[] {
  const rates = observedEpisodeRates(scenario);
  // A log that stops at the first success does not show pass^k past k = 1, nor what follows a correct attempt the verifier rejects.
  const stops = scenario.tasks.measured!.episodes!.stopping === 'untilSuccess';
  const observed = (metric: 'coverage' | 'passHatK' | 'deliveredCorrect' | 'deliveredWrong' | 'abstained') => {
    const rate = rates(metric);
    return rate !== null && !(stops && (metric === 'passHatK' || (rate.verifier?.falseReject ?? 0) > 0));
  };
  const names = (
    [
      ['coverage', 'coverage'],
      ['passHatK', 'pass^k'],
      ['deliveredCorrect', 'delivered correct'],
      ['deliveredWrong', 'delivered wrong'],
      ['abstained', 'abstained'],
    ] as const
  )
    .filter(([metric]) => observed(metric))
    .map(([, name]) => name);
  if (names.length === 0) return [];
  return [`k ≤ ${longest}: ${names.join(', ')} from the log's own episodes (each task's share, task-population score interval), not the model's draws.`];
}

/** What users get with at most k attempts, each with its interval (the measured verifier's, or the fitted tasks', uncertainty included). */
export function measuredDeliveryTable(rows: readonly SummaryRow[], what: 'verifier' | 'tasks' | 'both' = 'verifier'): Table {
  const included = { verifier: "the verifier's uncertainty", tasks: "the fit's uncertainty", both: "the verifier's and the fit's uncertainty" }[what];
  return {
    title: `What users get with at most k attempts, ${included} included (95 % interval)`,
    columns: [{ header: 'k' }, { header: 'delivered correct' }, { header: 'delivered wrong' }, { header: 'abstained' }, { header: 'cost per correct' }],
    rows: rows.map((row) => [
      kLabel(row),
      withInterval(row.deliveredCorrect, 'rate'),
      withInterval(row.deliveredWrong, 'rate'),
      withInterval(row.abstained, 'rate'),
      withInterval(row.costPerCorrect, 'amount'),
    ]),
  };
}

/**
 * Retry until the judge accepts, with the measured judge and with a perfect one, or null where the
 * perfect judge's delivery does not follow from the same run. With selector firstAccepted and no
 * budget, a perfect verifier delivers a correct answer exactly when one of the first k attempts is
 * correct: its delivered correct is the run's coverage@k, its delivered wrong 0 (abstain) or
 * 1 − coverage@k (deliverLast); the attempt process does not depend on the verifier.
 */
export function perfectVerifierTable(scenario: Scenario, rows: readonly SummaryRow[]): Table | null {
  if (!perfectVerifierFollows(scenario)) return null;
  const deliverLast = scenario.policy.onNoAccept === 'deliverLast';
  return {
    title: 'Retry until the judge accepts: the measured judge beside a perfect one',
    columns: [
      { header: 'k' },
      { header: 'correct, this judge' },
      { header: 'perfect' },
      { header: 'wrong, this judge' },
      { header: 'perfect' },
      { header: 'correct lost' },
    ],
    rows: rows.map((row) => {
      const coverage = row.coverage.value;
      const lost = coverage === null || row.deliveredCorrect.value === null ? null : coverage - row.deliveredCorrect.value;
      return [
        String(row.k),
        withInterval(row.deliveredCorrect, 'rate'),
        formatPercent(coverage),
        withInterval(row.deliveredWrong, 'rate'),
        formatPercent(coverage === null ? null : deliverLast ? 1 - coverage : 0),
        lost === null ? '—' : `${(lost * 100).toFixed(1)} pp`,
      ];
    }),
  };
}

/** Whether a perfect verifier's delivery follows from the run itself: selector firstAccepted, no budget (see perfectVerifierTable). */
export function perfectVerifierFollows(scenario: Scenario): boolean {
  const budget = scenario.policy.budget;
  return scenario.selector.kind === 'firstAccepted' && budget.cost === null && budget.latency === null;
}
