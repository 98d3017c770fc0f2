import type { TaskTrials } from '../estimators/taskAverage.js';
import { logChoose } from './betaBinomialLogPmf.js';

/** Tasks that share the same trials n and successes c: their likelihood terms are equal. */
export interface TaskCell {
  readonly n: number;
  readonly c: number;
  /** How many tasks have exactly this (n, c). */
  readonly tasks: number;
  /** ln C(n, c), the same under every model: computed once. */
  readonly logChoose: number;
}

/**
 * The distinct (n, c) pairs of already validated tasks with their multiplicities, sorted by n then
 * c, with ln C(n, c); the log-likelihood of any model is Σ_cells tasks·ln P(c; n), so a fit costs
 * O(cells), not O(T).
 * Example: (4, 0), (4, 2), (4, 0), (2, 1) → [(2, 1) × 1, (4, 0) × 2, (4, 2) × 1] with ln C = ln 2, 0, ln 6.
 */
export function taskCells(tasks: readonly TaskTrials[]): TaskCell[] {
  const counts = new Map<string, { n: number; c: number; tasks: number; logChoose: number }>();
  for (const { n, c } of tasks) {
    const key = `${n}/${c}`;
    const cell = counts.get(key);
    if (cell) cell.tasks++;
    else counts.set(key, { n, c, tasks: 1, logChoose: logChoose(n, c) });
  }
  return [...counts.values()].sort((x, y) => x.n - y.n || x.c - y.c);
}
