import type { DependenceFit, SummaryRow, Interval } from '@passk/sim/internal';
import { formatPercent, formatPercentInterval } from './percent.js';
import { renderTable } from './table.js';

/** One row of the what-if beside the simulation: the model's pass@k and what independence would predict. */
export interface DependenceWhatIfRow {
  readonly k: number;
  /**
   * The simulated coverage, its Monte Carlo SE and its 95 % interval: the fit redrawn per block, or
   * within the log's episodes the log's own share (`fromLog`, observedEpisodeInterval).
   */
  readonly simulated: { readonly value: number | null; readonly se: number | null; readonly interval?: Interval; readonly fromLog?: boolean };
  readonly model: number;
  readonly independent: number;
  /** The log's own pass@k of an episode (observedPassAtK), null beyond its longest episode. */
  readonly observed: number | null;
}

/**
 * The log's pass@k of one episode from its success by attempt: 1 − Π_{j ≤ k} (1 − s_j / r_j), r_j the
 * episodes whose attempts before j all failed and that reached attempt j, s_j those of them that
 * succeed at j (the product-limit estimate: an episode that stops at its first success leaves the
 * risk set, so `untilSuccess` logs give it too). Null for k beyond the longest episode, or once no
 * episode is at risk.
 */
export function observedPassAtK(hazard: DependenceFit['hazard'], k: number): number | null {
  if (k > hazard.length) return null;
  let allFailed = 1;
  for (const row of hazard.slice(0, k)) {
    if (row.atRisk === 0) return allFailed === 0 ? 1 : null;
    allFailed *= 1 - row.successes / row.atRisk;
  }
  return 1 - allFailed;
}

/**
 * `simulate --tasks-from` of a log with episodes: per k, the simulated coverage (the scenario with
 * the fitted dependence), the chosen model's own pass@k over its fitted population
 * (predictDependentPassAtK) and what the independent model fitted to the same episodes predicts,
 * so that the cost of the dependence shows, beyond the longest episode too (model-based there).
 */
export function dependenceWhatIfText(fit: DependenceFit, rows: readonly DependenceWhatIfRow[]): string {
  const beyond = rows.some((row) => row.k > fit.maxLength);
  const table = renderTable(
    [
      { header: 'k' },
      { header: 'observed' },
      { header: rows.some((row) => row.simulated.interval !== undefined) ? 'simulated [95 %]' : 'simulated coverage' },
      { header: `pass@k ${fit.chosen}` },
      { header: 'if independent' },
      { header: 'difference' },
      ...(beyond ? [{ header: 'beyond the log', align: 'left' as const }] : []),
    ],
    rows.map((row) => [
      String(row.k),
      formatPercent(row.observed),
      row.simulated.value === null
        ? '—'
        : row.simulated.interval !== undefined
          ? `${formatPercent(row.simulated.value)} ${formatPercentInterval(row.simulated.interval.lower, row.simulated.interval.upper)}`
          : `${(row.simulated.value * 100).toFixed(2)}%${row.simulated.se === null ? '' : ` ±${(row.simulated.se * 100).toFixed(2)}`}`,
      formatPercent(row.model),
      formatPercent(row.independent),
      `${((row.model - row.independent) * 100).toFixed(1)} pts`,
      ...(beyond ? [row.k > fit.maxLength ? 'model-based' : ''] : []),
    ]),
  );
  // One line per paragraph: the terminal layout wraps it to the width.
  return (
    `Retry dependence from the log's ${fit.episodes} episodes, pass@k of one episode (chosen by AIC: ${fit.evidence}):\n` +
    `${table}\n` +
    `pass@k ${fit.chosen}: the fitted model over its task population; if independent: the independent model ` +
    `fitted to the same episodes. k > ${fit.maxLength} (the longest episode in the log) follows from the model, not ` +
    "from the data. observed: the log's episodes, 1 − Π (1 − s_j/r_j) over attempts j ≤ k (r_j episodes " +
    'whose earlier attempts failed, s_j of them succeed at j); not the C-ratios of pooled attempts.\n' +
    (rows.some((row) => row.simulated.interval !== undefined)
      ? 'simulated [95 %]: ' +
        (rows.some((row) => row.simulated.fromLog === true)
          ? `k ≤ ${fit.maxLength} the log's own share of episodes solved (task-population score interval); beyond, `
          : '') +
        'the model and its tasks refitted per block to a bootstrap resample of the tasks; ' +
        'the two pass@k columns are the fit to the log itself.\n'
      : '')
  );
}

/** The rows of the what-if: the simulation's coverage at each k with the two models' pass@k. */
export function dependenceWhatIfRows(
  summaryRows: readonly Pick<SummaryRow, 'k' | 'coverage'>[],
  model: readonly { k: number; passAtK: number }[],
  independent: readonly { k: number; passAtK: number }[],
  hazard: DependenceFit['hazard'],
): DependenceWhatIfRow[] {
  return summaryRows.map((row, i) => ({
    k: row.k,
    simulated: {
      value: row.coverage.value,
      se: row.coverage.se,
      ...(row.coverage.interval === undefined
        ? {}
        : {
            interval: { lower: row.coverage.interval.lower, upper: row.coverage.interval.upper },
            fromLog: row.coverage.interval.method.startsWith('observed'),
          }),
    },
    model: model[i]!.passAtK,
    independent: independent[i]!.passAtK,
    observed: observedPassAtK(hazard, row.k),
  }));
}
