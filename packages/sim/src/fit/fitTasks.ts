import { FIT_DEFAULTS } from './fitDefaults.js';
import { requireCounts, requireInteger, requireOpenUnit } from '../checks.js';
import { InputError } from '../errors.js';
import { ARGUMENT_LIMITS, optionalObject, requireKs } from '../checkArgs.js';
import type { TaskTrials } from '../estimators/taskAverage.js';
import { chooseModel } from './chooseModel.js';
import { FIT_MODELS } from './fitModels.js';
import type { TaskFit } from './fitResult.js';
import { goodnessOfFit } from './goodnessOfFit.js';
import { taskCells } from './taskCells.js';
import { fitModel } from './fitModel.js';
import { fitPredictions } from './fitPredictions.js';
import { trialOrderTest } from './trialOrderTest.js';

/** Options of `fitTasks`: the ks to extrapolate to and the confidence of the prediction intervals. */
export interface FitOptions {
  /** ks to extrapolate to (k > max n is model-based); default max n + 1 … 2·max n. */
  readonly ks?: readonly number[];
  /** Two-sided confidence of the prediction intervals (default 0.95). */
  readonly confidence?: number;
  /**
   * Each task's outcomes in the order the log lists its trials (aligned with `tasks`, n_t outcomes with
   * c_t successes), when the log keeps that order: tested for runs (`trialOrderTest`); where the trials
   * are not exchangeable the ks beyond n are refused.
   */
  readonly trialOrder?: readonly (readonly boolean[])[];
}

/** The pass-rate goodness-of-fit table covers k = 1 … min(max n, this). */
const MAX_TABLE_K = 100;

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
  const confidence = requireOpenUnit('confidence', options.confidence ?? FIT_DEFAULTS.confidence);
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
  const order = options.trialOrder === undefined ? null : trialOrderTest(checkTrialOrder(options.trialOrder, data));
  const predictions = fitPredictions(data, chosen.model, FIT_MODELS.find((model) => model.name === choice.chosen)!, ks, confidence, order);
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
      check: predictions.check,
    },
    predictions: predictions.rows,
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

/** The trial order: one sequence per task, each with the task's n outcomes of which c are successes. */
function checkTrialOrder(order: readonly (readonly boolean[])[], tasks: readonly TaskTrials[]): readonly (readonly boolean[])[] {
  if (!Array.isArray(order) || order.length !== tasks.length) {
    throw new InputError('trialOrder', `must hold one sequence of outcomes per task (${tasks.length})`, Array.isArray(order) ? order.length : order);
  }
  order.forEach((sequence, i) => {
    const task = tasks[i]!;
    if (!Array.isArray(sequence) || sequence.length !== task.n || !sequence.every((x) => typeof x === 'boolean')) {
      throw new InputError(`trialOrder[${i}]`, `must be the task's ${task.n} outcomes (true or false)`, sequence);
    }
    const successes = sequence.reduce((sum, x) => sum + (x ? 1 : 0), 0);
    if (successes !== task.c) throw new InputError(`trialOrder[${i}]`, `must have the task's ${task.c} successes`, successes);
  });
  return order;
}

/** max n + 1 … 2·max n; past max n = 16, eight evenly spaced values up to 2·max n. */
function defaultExtrapolationKs(maxN: number): number[] {
  if (maxN <= 16) return Array.from({ length: maxN }, (_, i) => maxN + 1 + i);
  return [...new Set(Array.from({ length: 8 }, (_, i) => Math.round(maxN + ((i + 1) * maxN) / 8)))];
}
