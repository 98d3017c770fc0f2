import type { ReportedParameterName } from './reportedParameters.js';
import type { TaskCell } from './taskCells.js';

/** The models `fitTasks` fits to per-task counts: beta-binomial and zero/one-inflated beta-binomial. */
export type FitModelName = 'betaBinomial' | 'zeroOneInflatedBetaBinomial';

/** One model of the family in `mixtureParameters`: which coordinates it estimates and how to start. */
export interface FitModel {
  readonly name: FitModelName;
  /** Free parameters, for AIC (counted even when the fit lands on a boundary). */
  readonly parameterCount: number;
  /** Coordinates of θ = (logit mean, ln concentration, η0, η1) it estimates; the others are fixed. */
  readonly free: readonly number[];
  /** Values of the fixed coordinates (the beta-binomial: η0 = η1 = −∞, i.e. π0 = π1 = 0). */
  readonly fixed: readonly number[];
  readonly reported: readonly ReportedParameterName[];
  /** Report a two-point beta component as point masses (see `foldedParameters`). */
  readonly fold: boolean;
  /** Starting points for the optimiser (free coordinates only), from simple summaries of the data. */
  readonly starts: (cells: readonly TaskCell[]) => number[][];
}

const logit = (p: number) => Math.log(p / (1 - p));
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Pooled rate Σc/Σn of the cells accepted by `keep` (null when they have no trials). */
function pooledRate(cells: readonly TaskCell[], keep: (cell: TaskCell) => boolean): number | null {
  let successes = 0;
  let trials = 0;
  for (const cell of cells) {
    if (!keep(cell)) continue;
    successes += cell.tasks * cell.c;
    trials += cell.tasks * cell.n;
  }
  return trials === 0 ? null : successes / trials;
}

/** Share of tasks with c = 0 (`zero`) or c = n. */
function share(cells: readonly TaskCell[], zero: boolean): number {
  let hit = 0;
  let total = 0;
  for (const cell of cells) {
    total += cell.tasks;
    if (zero ? cell.c === 0 : cell.c === cell.n) hit += cell.tasks;
  }
  return hit / total;
}

/**
 * Beta-binomial: p_t ~ Beta(a, b), c_t ~ Binomial(n_t, p_t) (Skellam 1948). Two parameters,
 * estimated as logit mean and ln concentration; starts at the pooled rate with concentrations
 * 0.3, 2, 10 and 60.
 */
export const BETA_BINOMIAL: FitModel = {
  name: 'betaBinomial',
  parameterCount: 2,
  free: [0, 1],
  fixed: [0, 0, -Infinity, -Infinity],
  reported: ['a', 'b', 'mean', 'concentration', 'taskCorrelation'],
  fold: false,
  starts: (cells) => {
    const mean = clamp(pooledRate(cells, () => true)!, 0.02, 0.98);
    return [0.3, 2, 10, 60].map((s) => [logit(mean), Math.log(s)]);
  },
};

/**
 * Zero/one-inflated beta-binomial: with probability π0 a task never succeeds (p = 0), with π1 it
 * always does (p = 1), otherwise p ~ Beta(a, b). Four parameters (logit mean, ln concentration and
 * the multinomial logits η0, η1 of π0, π1); starts at the pooled rate of the tasks with
 * 0 < c < n, concentrations 1, 10 and 100, and inflation weights 5 % each or 80 % of the shares of
 * c = 0 and c = n.
 */
export const ZERO_ONE_INFLATED_BETA_BINOMIAL: FitModel = {
  name: 'zeroOneInflatedBetaBinomial',
  parameterCount: 4,
  free: [0, 1, 2, 3],
  fixed: [0, 0, 0, 0],
  reported: ['pi0', 'pi1', 'a', 'b', 'mean', 'concentration', 'taskCorrelation'],
  fold: true,
  starts: (cells) => {
    const middle = pooledRate(cells, (cell) => cell.c > 0 && cell.c < cell.n) ?? pooledRate(cells, () => true)!;
    const mean = clamp(middle, 0.02, 0.98);
    const inflations = [
      [0.05, 0.05],
      [clamp(0.8 * share(cells, true), 0.01, 0.45), clamp(0.8 * share(cells, false), 0.01, 0.45)],
    ];
    const starts: number[][] = [];
    for (const s of [1, 10, 100]) {
      for (const [pi0, pi1] of inflations) {
        const w = 1 - pi0 - pi1;
        starts.push([logit(mean), Math.log(s), Math.log(pi0 / w), Math.log(pi1 / w)]);
      }
    }
    return starts;
  },
};

export const FIT_MODELS: readonly FitModel[] = [BETA_BINOMIAL, ZERO_ONE_INFLATED_BETA_BINOMIAL];
