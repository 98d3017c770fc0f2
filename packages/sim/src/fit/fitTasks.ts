import { requireCounts, requireInteger, requireOpenUnit } from '../checks.js';
import { InputError } from '../errors.js';
import { ARGUMENT_LIMITS, optionalObject, requireKs } from '../checkArgs.js';
import type { TaskTrials } from '../estimators/taskAverage.js';
import { chooseModel } from './chooseModel.js';
import { fitScenarioTasks } from './fitScenarioTasks.js';
import { FIT_MODELS, type FitModel } from './fitModels.js';
import type { FittedModel, TaskFit } from './fitResult.js';
import { goodnessOfFit } from './goodnessOfFit.js';
import { logLikelihood } from './logLikelihood.js';
import { maximiseModel } from './maximiseModel.js';
import { mixtureParameters, UNCONSTRAINED_COORDINATES, type MixtureParameters } from './mixtureParameters.js';
import { predictedPassAtK, predictedPassHatK } from './modelPredictions.js';
import { observedCovariance } from './observedCovariance.js';
import { predictionIntervals, type PredictionInterval } from './predictionIntervals.js';
import { reportedParameters } from './reportedParameters.js';
import { taskCells, type TaskCell } from './taskCells.js';

/** Options of `fitTasks`: the ks to extrapolate to and the confidence of the prediction intervals. */
export interface FitOptions {
  /** ks to extrapolate to (k > max n is model-based); default max n + 1 … 2·max n. */
  readonly ks?: readonly number[];
  /** Two-sided confidence of the prediction intervals (default 0.95). */
  readonly confidence?: number;
}

/** The pass-rate goodness-of-fit table covers k = 1 … min(max n, this). */
const MAX_TABLE_K = 100;

const BOUNDARY_WORDS: Record<string, string> = {
  'logConcentration:+':
    'concentration = ∞: no spread of success rates in the beta component beyond binomial noise, each of its tasks has p = mean (without point masses ρ = 0)',
  'logConcentration:-': 'concentration = 0: the beta component is always or never (each of its tasks succeeds every time or never; ρ = 1)',
  'logOddsZero:-': 'π0 = 0: no excess of tasks that never succeed',
  'logOddsOne:-': 'π1 = 0: no excess of tasks that always succeed',
};

/**
 * Fits the per-task success distribution to per-task counts (n_t, c_t) by maximum likelihood,
 * with two models: the beta-binomial (p_t ~ Beta(a, b)) and the zero/one-inflated beta-binomial
 * (point masses π0 at p = 0 and π1 at p = 1 besides the beta). n may differ between tasks.
 * For each model: parameters with delta-method SEs from the observed information, logLik,
 * AIC = 2p − 2 logLik, predicted pass@k = 1 − E[(1 − p)^k] and pass^k = E[p^k] for k = 1 … max n
 * and for the extrapolated ks, with delta-method intervals on the logit scale (model-based). Then the model
 * with the lower AIC, the goodness-of-fit tables (observed vs predicted count of tasks with c
 * successes; observed unbiased vs predicted pass@k and pass^k) and the chosen fit as a scenario
 * `tasks` block. Sources: Skellam (1948) for the beta-binomial likelihood, Akaike (1974) for AIC.
 *
 * Throws InputError when there is nothing to fit: no task, a task with n = 0, every n = 1 (only
 * the mean rate is identifiable), or every task at c = 0, or every task at c = n.
 * Example: τ-bench airline gpt-4o (50 tasks × 4 trials; c = 0×14, 1×12, 2×10, 3×4, 4×10) →
 * Beta(0.642, 0.858), logLik −78.975, AIC 161.95; inflated: π0 0.163, π1 0.187, Beta(19.0, 34.0),
 * logLik −77.239, AIC 162.48; betaBinomial chosen with ΔAIC 0.53 (tested; scipy agrees).
 */
export function fitTasks(tasks: readonly TaskTrials[], options: FitOptions = {}): TaskFit {
  const data = checkTasks(tasks);
  optionalObject('options', options);
  const confidence = requireOpenUnit('confidence', options.confidence ?? 0.95);
  const maxN = data.reduce((m, t) => Math.max(m, t.n), 0);
  const minN = data.reduce((m, t) => Math.min(m, t.n), Infinity);
  const extraKs = options.ks === undefined ? defaultExtrapolationKs(maxN) : [...requireKs('ks', options.ks, 'ks')];
  const tableKs = Array.from({ length: Math.min(maxN, MAX_TABLE_K) }, (_, i) => i + 1);
  const ks = [...new Set([...tableKs, ...extraKs])].sort((x, y) => x - y);
  const cells = taskCells(data);
  const allOrNothing = cells.every((cell) => cell.c === 0 || cell.c === cell.n);

  const notes: string[] = [];
  if (allOrNothing) {
    notes.push(
      'every task has c = 0 or c = n: the tasks look like "always or never"; both models become point masses at 0 and 1 ' +
        '(the inflation weights and a beta component at concentration 0 cannot be told apart)',
    );
  }
  const fits = FIT_MODELS.map((model) => fitModel(model, cells, data.length, ks, confidence, allOrNothing));
  // One n: the count table has n free cells; a fit with as many free parameters reproduces it exactly.
  const freeCells = new Set(cells.map((cell) => cell.n)).size === 1 ? maxN : null;
  for (const fit of fits) {
    const estimated = fit.model.unconstrained.coordinates.length;
    if (freeCells !== null && estimated >= freeCells) {
      notes.push(
        `${fit.model.name} estimates ${estimated} parameters and the count table of n = ${maxN} has ${freeCells} free cells: ` +
          'it reproduces the observed counts exactly, so the counts cannot test its shape',
      );
    }
  }
  if (maxN > MAX_TABLE_K) notes.push(`the pass@k/pass^k goodness-of-fit table stops at k = ${MAX_TABLE_K} (the largest n is ${maxN})`);
  const [first, second] = fits;
  const choice = chooseModel(first.model, second.model);
  const chosen = fits.find((fit) => fit.model.name === choice.chosen)!;
  return {
    tasks: data.length,
    trials: { min: minN, max: maxN, total: data.reduce((sum, t) => sum + t.n, 0) },
    models: fits.map((fit) => fit.model),
    chosen: chosen.model.name,
    choice: { aicDifference: choice.aicDifference, reason: choice.reason },
    scenarioTasks: chosen.model.scenarioTasks,
    goodnessOfFit: goodnessOfFit(data, cells, Object.fromEntries(fits.map((fit) => [fit.model.name, fit.params])), tableKs),
    extrapolation: {
      ks: extraKs.filter((k) => k > maxN),
      method:
        'model-based: E[p^k] and 1 − E[(1 − p)^k] under each fitted model; intervals by the delta method on the logit ' +
        'scale from the observed information, so they carry the parameter uncertainty but not the risk that the model is wrong',
      confidence,
    },
    notes,
  };
}

function checkTasks(tasks: readonly TaskTrials[]): TaskTrials[] {
  if (!Array.isArray(tasks) || tasks.length === 0) throw new InputError('tasks', 'must contain at least one task', tasks);
  const data = tasks.map((task, i) => {
    const { n, c } = requireCounts(task?.n, task?.c, `tasks[${i}]`);
    requireInteger(`tasks[${i}].n`, n, 1);
    return { n, c };
  });
  // The likelihood and the goodness-of-fit table of each distinct n have n + 1 cells.
  const cells = [...new Set(data.map((t) => t.n))].reduce((sum, n) => sum + n + 1, 0);
  if (!(cells <= ARGUMENT_LIMITS.fitCells)) {
    throw new InputError(
      'tasks',
      `must have trial counts n whose n + 1 summed over the distinct n are at most ${ARGUMENT_LIMITS.fitCells} (the likelihood and the count table of each n have n + 1 cells)`,
      cells,
    );
  }
  if (data.every((t) => t.n < 2)) {
    throw new InputError(
      'tasks',
      'must include a task with n ≥ 2 trials: with one trial per task only the mean success rate is identifiable, not its spread across tasks',
      `${data.length} tasks with n = 1`,
    );
  }
  if (data.every((t) => t.c === 0)) {
    throw new InputError(
      'tasks',
      'must include a success: with c = 0 for every task the fit is the point mass p = 0 and there is nothing to estimate',
      `${data.length} tasks, 0 successes`,
    );
  }
  if (data.every((t) => t.c === t.n)) {
    throw new InputError(
      'tasks',
      'must include a failure: with c = n for every task the fit is the point mass p = 1 (for a bound on pass^k from clean runs use `passk plan demonstrate`)',
      `${data.length} tasks, no failures`,
    );
  }
  return data;
}

/** max n + 1 … 2·max n; past max n = 16, eight evenly spaced values up to 2·max n. */
function defaultExtrapolationKs(maxN: number): number[] {
  if (maxN <= 16) return Array.from({ length: maxN }, (_, i) => maxN + 1 + i);
  return [...new Set(Array.from({ length: 8 }, (_, i) => Math.round(maxN + ((i + 1) * maxN) / 8)))];
}

interface ModelFit {
  model: FittedModel & { aic: number };
  params: MixtureParameters;
}

function fitModel(spec: FitModel, cells: readonly TaskCell[], count: number, ks: readonly number[], confidence: number, allOrNothing: boolean): ModelFit {
  const maximum = maximiseModel(spec, cells, allOrNothing);
  const logLikAt = (x: readonly number[]) => {
    const theta = maximum.theta.slice();
    maximum.free.forEach((index, j) => (theta[index] = x[j]));
    return logLikelihood(cells, mixtureParameters(theta));
  };
  const estimate = maximum.free.map((index) => maximum.theta[index]);
  const covariance = observedCovariance(logLikAt, estimate);
  const params = mixtureParameters(maximum.theta);
  const reported = reportedParameters(spec.reported, maximum.theta, maximum.free, covariance, { fold: spec.fold });
  const boundary = maximum.boundaries.map((index) => BOUNDARY_WORDS[`${UNCONSTRAINED_COORDINATES[index]}:${maximum.theta[index] > 0 ? '+' : '-'}`]);
  if (allOrNothing) boundary.push(BOUNDARY_WORDS['logConcentration:-']);
  if (covariance === null) {
    boundary.push('the observed information is not positive definite (a flat direction): standard errors and intervals are unavailable');
  }
  const predicted = {
    passAtK: Object.fromEntries(ks.map((k) => [String(k), predictedPassAtK(params, k)])),
    passHatK: Object.fromEntries(ks.map((k) => [String(k), predictedPassHatK(params, k)])),
  };
  const intervals = covariance === null ? null : predictionIntervals(maximum.theta, maximum.free, covariance, ks, { confidence });
  const byK = (values: Array<PredictionInterval | null>) => Object.fromEntries(ks.map((k, i) => [String(k), values[i]]));
  const fixedCoordinates = Object.fromEntries(
    UNCONSTRAINED_COORDINATES.flatMap((name, index) => (maximum.free.includes(index) ? [] : [[name, maximum.theta[index] > 0 ? Infinity : -Infinity]])),
  );
  const model: FittedModel = {
    name: spec.name,
    parameterCount: spec.parameterCount,
    params: reported,
    logLik: maximum.logLik,
    aic: 2 * spec.parameterCount - 2 * maximum.logLik,
    boundary,
    converged: maximum.converged,
    unconstrained: {
      coordinates: maximum.free.map((index) => UNCONSTRAINED_COORDINATES[index]),
      estimate,
      covariance,
      fixed: fixedCoordinates,
    },
    scenarioTasks: fitScenarioTasks(params, count),
    predicted,
    intervals: intervals === null ? null : { passAtK: byK(intervals.passAtK), passHatK: byK(intervals.passHatK) },
  };
  return { model, params };
}
