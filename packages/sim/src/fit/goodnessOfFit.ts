import { averageOverTasks, type TaskTrials } from '../estimators/taskAverage.js';
import { mixtureLogPmf } from './mixtureLogPmf.js';
import type { MixtureParameters } from './mixtureParameters.js';
import { predictedPassAtK, predictedPassHatK } from './modelPredictions.js';
import type { TaskCell } from './taskCells.js';
import type { MeanAndSe } from '../math/meanAndSe.js';

/** Observed vs predicted number of tasks with c successes, among the tasks with n trials. */
export interface CountRow {
  readonly c: number;
  readonly observed: number;
  /** By model name: tasks·P(c; n). */
  readonly predicted: Readonly<Record<string, number>>;
}

/** For the tasks with one number of trials n: observed and expected numbers of tasks with each count c. */
export interface CountTable {
  readonly n: number;
  /** Tasks with this n. */
  readonly tasks: number;
  readonly rows: readonly CountRow[];
}

/** Observed (unbiased, task-averaged, tasks with n ≥ k) vs predicted pass@k and pass^k. */
export interface PassRateRow {
  readonly k: number;
  readonly estimableTasks: number;
  readonly observed: { readonly passAtK: MeanAndSe | null; readonly passHatK: MeanAndSe | null };
  readonly predicted: Readonly<Record<string, { readonly passAtK: number; readonly passHatK: number }>>;
}

/** How well a fitted model matches the data: observed and expected counts per n, and pass rates per k. */
export interface GoodnessOfFit {
  readonly counts: readonly CountTable[];
  readonly passRates: readonly PassRateRow[];
}

/**
 * Goodness-of-fit tables for fitted models: for each n, the observed number of tasks with c
 * successes against T_n·P(c; n) (`mixtureLogPmf`); and for each k in `ks` the observed task-averaged
 * unbiased pass@k = mean of 1 − C(n − c, k)/C(n, k) and pass^k = mean of C(c, k)/C(n, k) with its
 * clustered SE (`averageOverTasks`, Chen et al. 2021, Yao et al. 2024) against the model's
 * E[1 − (1 − p)^k] and E[p^k] (`predictedPassAtK`, `predictedPassHatK`). The unbiased estimators
 * have the model's value as their expectation under the model, so a gap of several SEs is misfit.
 * Example: a model that reproduces the count table exactly (a saturated fit) predicts the observed
 * pass^k for every k ≤ n exactly (tested on the τ-bench counts).
 */
export function goodnessOfFit(
  tasks: readonly TaskTrials[],
  cells: readonly TaskCell[],
  models: Readonly<Record<string, MixtureParameters>>,
  ks: readonly number[],
): GoodnessOfFit {
  const names = Object.keys(models);
  const byN = new Map<number, Map<number, number>>();
  for (const cell of cells) {
    const row = byN.get(cell.n) ?? new Map<number, number>();
    row.set(cell.c, cell.tasks);
    byN.set(cell.n, row);
  }
  const counts = [...byN.entries()]
    .sort(([x], [y]) => x - y)
    .map(([n, observed]) => {
      const total = [...observed.values()].reduce((sum, x) => sum + x, 0);
      const rows = Array.from({ length: n + 1 }, (_, c) => ({
        c,
        observed: observed.get(c) ?? 0,
        predicted: Object.fromEntries(names.map((name) => [name, total * Math.exp(mixtureLogPmf(models[name], n, c))])),
      }));
      return { n, tasks: total, rows };
    });
  const observed = averageOverTasks(tasks, ks);
  const passRates = observed.map((row) => ({
    k: row.k,
    estimableTasks: row.estimableTasks,
    observed: { passAtK: row.passAtK, passHatK: row.passHatK },
    predicted: Object.fromEntries(
      names.map((name) => [name, { passAtK: predictedPassAtK(models[name], row.k), passHatK: predictedPassHatK(models[name], row.k) }]),
    ),
  }));
  return { counts, passRates };
}
