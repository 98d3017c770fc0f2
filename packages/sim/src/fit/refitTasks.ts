import type { TaskTrials } from '../estimators/taskAverage.js';
import { chooseModel } from './chooseModel.js';
import { FIT_MODELS } from './fitModels.js';
import { maximiseModel } from './maximiseModel.js';
import { mixtureParameters, type MixtureParameters } from './mixtureParameters.js';
import { taskCells } from './taskCells.js';

/** A refit of the task population: the parameters of the model of lower AIC, and the beta-binomial's a, b (null where it has none finite). */
export interface TaskRefit {
  readonly params: MixtureParameters;
  readonly betaBinomial: { readonly a: number; readonly b: number } | null;
}

/**
 * The population `fitTasks` would choose for these tasks, without its standard errors, predictions
 * and tables: both models fitted by maximum likelihood (`maximiseModel`), the one of lower AIC
 * (`chooseModel`, Akaike 1974) kept. For a refit per block of replicates (uncertainty/drawTaskPopulation).
 * Its cost is the two maximisations (the inflated model's dominates): on a loaded 2-core machine 15 ms
 * where fitTasks took 68 ms (80 synthetic tasks × 5), but about the same, 40–90 ms, on the Terminal-Bench
 * log of docs/what-ifs.md, whose fitTasks spends nearly all its time maximising too. The caller checks
 * that the tasks have something to fit (a success, a failure, n ≥ 2).
 * Example: the τ-bench airline counts (c = 0×14, 1×12, 2×10, 3×4, 4×10 of 4) → the beta-binomial
 * Beta(0.642, 0.858), as fitTasks chooses (tested).
 */
export function refitTasks(tasks: readonly TaskTrials[]): TaskRefit {
  const cells = taskCells(tasks);
  const allOrNothing = cells.every((cell) => cell.c === 0 || cell.c === cell.n);
  const fits = FIT_MODELS.map((spec) => {
    const maximum = maximiseModel(spec, cells, allOrNothing);
    return { name: spec.name, aic: 2 * spec.parameterCount - 2 * maximum.logLik, params: mixtureParameters(maximum.theta) };
  });
  const chosen = fits.find((fit) => fit.name === chooseModel(fits[0]!, fits[1]!).chosen)!;
  const bb = fits.find((fit) => fit.name === 'betaBinomial')!.params;
  const a = bb.mean * bb.concentration;
  const b = Math.exp(bb.logOneMinusMean) * bb.concentration;
  return { params: chosen.params, betaBinomial: a > 0 && b > 0 && Number.isFinite(a + b) ? { a, b } : null };
}
