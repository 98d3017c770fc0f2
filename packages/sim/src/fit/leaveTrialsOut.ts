import type { TaskTrials } from '../estimators/taskAverage.js';
import { averageOverTasks } from '../estimators/taskAverage.js';
import { normalCdf } from '../math/normalCdf.js';
import { logChoose } from './betaBinomialLogPmf.js';
import { deltaMethod } from './deltaMethod.js';
import { fitModel } from './fitModel.js';
import type { FitModel } from './fitModels.js';
import { mixtureParameters } from './mixtureParameters.js';
import { predictedPassAtK, predictedPassHatK } from './modelPredictions.js';
import type { TaskCell } from './taskCells.js';
import type { LeaveTrialsOut } from './extrapolationTypes.js';

/** The check rejects the model's extrapolation below this p-value. */
export const LEAVE_TRIALS_OUT_LEVEL = 0.05;

/**
 * Does the model extrapolate? Fit it to m = ⌊b/2⌋ of each task's trials (b = min n) and compare its
 * predicted pass@b and pass^b — an extrapolation by the factor b/m ≈ 2 — with the observed unbiased
 * estimates from all trials. Which m trials: all subsets at once, deterministically: a task with c
 * of n successes shows c' of m with the hypergeometric probability C(c, c')·C(n − c, m − c')/C(n, m),
 * and the fit maximises the expected log-likelihood over subsets (the count table weighted by those
 * probabilities). z = (observed − predicted)/√(SE²_observed + SE²_predicted) (clustered SE of the task
 * average; delta-method SE of the prediction). The two share the data and correlate positively, so
 * this SE of the difference is too large and the test conservative: it rejects less often than 5 %
 * under a correct model (measured: none of 200 beta or logit-normal logs of 200 tasks × 5 trials;
 * docs/extrapolation.md). Not possible below b = 4 (m ≥ 2 is needed to fit a spread of p).
 * Example: test/reference/extrapolation_reference.py pins the thinned table and z on a small fixture.
 */
export function leaveTrialsOut(tasks: readonly TaskTrials[], model: FitModel): LeaveTrialsOut {
  const base = tasks.reduce((m, t) => Math.min(m, t.n), Infinity);
  const trialsFitted = Math.floor(base / 2);
  const none = { result: 'notPossible' as const, trialsFitted, comparedAt: base, statistic: null, pValue: null };
  if (trialsFitted < 2) return none;
  const cells = thinnedCells(tasks, trialsFitted);
  if (cells.every((cell) => cell.c === 0) || cells.every((cell) => cell.c === trialsFitted)) return none;
  const allOrNothing = cells.every((cell) => cell.c === 0 || cell.c === cell.n);
  const fit = fitModel(model, cells, tasks.length, [base], 0.95, allOrNothing);
  const covariance = fit.model.unconstrained.covariance;
  const observed = averageOverTasks(tasks, [base])[0]!;
  const { theta, free } = fit;
  const zOf = (value: number | undefined, se: number | null | undefined, predict: (t: readonly number[]) => number) => {
    if (value === undefined) return 0;
    const predicted = predict(theta);
    const predictedVariance = covariance === null ? 0 : Math.max(0, deltaMethod(predict, theta, free, covariance).variance);
    const sd = Math.sqrt((se ?? 0) ** 2 + predictedVariance);
    return sd > 0 ? (value - predicted) / sd : value === predicted ? 0 : Infinity;
  };
  const zAt = zOf(observed.passAtK?.value, observed.passAtK?.se, (t) => predictedPassAtK(mixtureParameters(t), base));
  const zHat = zOf(observed.passHatK?.value, observed.passHatK?.se, (t) => predictedPassHatK(mixtureParameters(t), base));
  const statistic = Math.max(Math.abs(zAt), Math.abs(zHat));
  const pValue = Math.min(1, 2 * 2 * normalCdf(-statistic));
  return { result: pValue < LEAVE_TRIALS_OUT_LEVEL ? 'failed' : 'passed', trialsFitted, comparedAt: base, statistic, pValue };
}

/** Every task's (n, c) thinned to m trials: the expected count table over all m-subsets of its trials. */
export function thinnedCells(tasks: readonly TaskTrials[], m: number): TaskCell[] {
  const weights = new Float64Array(m + 1);
  for (const { n, c } of tasks) {
    const total = logChoose(n, m);
    for (let x = Math.max(0, m - (n - c)); x <= Math.min(c, m); x++) weights[x] += Math.exp(logChoose(c, x) + logChoose(n - c, m - x) - total);
  }
  return Array.from(weights, (tasksAt, c) => ({ n: m, c, tasks: tasksAt, logChoose: logChoose(m, c) })).filter((cell) => cell.tasks > 0);
}
