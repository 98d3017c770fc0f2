import type { DependenceFit, SummaryRow } from '@passk/sim';
import { formatPercent } from './percent.js';
import { renderTable } from './table.js';

/** One row of the what-if beside the simulation: the model's pass@k and what independence would predict. */
export interface DependenceWhatIfRow {
  readonly k: number;
  readonly simulated: { readonly value: number | null; readonly se: number | null };
  readonly model: number;
  readonly independent: number;
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
      { header: 'simulated coverage' },
      { header: `pass@k ${fit.chosen}` },
      { header: 'if independent' },
      { header: 'difference' },
      ...(beyond ? [{ header: 'beyond the log', align: 'left' as const }] : []),
    ],
    rows.map((row) => [
      String(row.k),
      row.simulated.value === null
        ? '—'
        : `${(row.simulated.value * 100).toFixed(2)}%${row.simulated.se === null ? '' : ` ±${(row.simulated.se * 100).toFixed(2)}`}`,
      formatPercent(row.model),
      formatPercent(row.independent),
      `${((row.model - row.independent) * 100).toFixed(1)} pts`,
      ...(beyond ? [row.k > fit.maxLength ? 'model-based' : ''] : []),
    ]),
  );
  return (
    `Retry dependence from the log's ${fit.episodes} episodes, pass@k of one episode (chosen by AIC:\n${fit.evidence}):\n` +
    `${table}\n` +
    `pass@k ${fit.chosen}: the fitted model over its task population; if independent: the independent model\n` +
    `fitted to the same episodes. k > ${fit.maxLength} (the longest episode in the log) follows from the model, not\n` +
    "from the data. The log's own pass@k is not set beside it: a task's attempts pooled over dependent\n" +
    "episodes estimate no episode's pass@k (passk fit shows the observed success by attempt).\n"
  );
}

/** The rows of the what-if: the simulation's coverage at each k with the two models' pass@k. */
export function dependenceWhatIfRows(
  summaryRows: readonly Pick<SummaryRow, 'k' | 'coverage'>[],
  model: readonly { k: number; passAtK: number }[],
  independent: readonly { k: number; passAtK: number }[],
): DependenceWhatIfRow[] {
  return summaryRows.map((row, i) => ({
    k: row.k,
    simulated: { value: row.coverage.value, se: row.coverage.se },
    model: model[i]!.passAtK,
    independent: independent[i]!.passAtK,
  }));
}
