import { requireInteger, requireOpenUnit } from '../checks.js';
import { InputError } from '../errors.js';
import { likelihoodRatioPValue } from './chiSquare.js';
import { DEPENDENCE_MODELS } from './dependenceModels.js';
import { episodeData, observedHazard } from './episodeData.js';
import { DEFAULT_PERMUTATIONS } from './episodePermutationTest.js';
import { fitDependenceModel } from './fitDependenceModel.js';
import { firstAttemptRate, likelihoodRatioTest, permutationTest, untestableReason } from './testEpisodeIndependence.js';
import type { DependenceFit, FitDependenceOptions, FittedDependenceModel, TaskEpisodes } from './types.js';

/**
 * Retry dependence measured from attempt-ordered episodes: the four within-episode models
 * (independent, exchangeable icc, markov stickiness, feedback afterFailure in [−1, 1]) fitted by
 * maximum likelihood over a Beta population of task rates (`fitDependenceModel`), the chosen one
 * (lowest AIC) with its evidence against independence (likelihood ratio, `likelihoodRatioPValue`),
 * and the test of independence (`testEpisodeIndependence`; null with `testReason` when none applies).
 * Throws InputError when the data cannot fit a dependence model: fewer than 3 episodes, no episode
 * of 2 attempts or more, or no success or no failure at all.
 * Example: 225 Aider exercises (81 pass, 74 fail→pass, 70 fail both), untilSuccess → feedback chosen
 * (docs/dependence.md).
 */
export function fitDependence(tasks: readonly TaskEpisodes[], options: FitDependenceOptions): DependenceFit {
  const data = episodeData(tasks, options?.stopping);
  const confidence = requireOpenUnit('confidence', options.confidence);
  const permutations = requireInteger('permutations', options.permutations ?? DEFAULT_PERMUTATIONS, 1, 10_000_000);
  if (data.episodes < 3) throw new InputError('tasks', 'must hold at least 3 episodes to fit a dependence model', data.episodes);
  if (data.maxLength < 2) {
    throw new InputError(
      'tasks',
      'must hold episodes of at least 2 attempts to fit dependence within episodes (one attempt each: separate runs show the spread between tasks only)',
      data.maxLength,
    );
  }
  const outcomes = tasks.flatMap((task) => task.episodes.flat());
  if (!outcomes.some(Boolean) || outcomes.every(Boolean)) {
    throw new InputError(
      'tasks',
      'must hold at least one success and one failure to fit a dependence model',
      outcomes.some(Boolean) ? 'all successes' : 'all failures',
    );
  }
  const first = firstAttemptRate(tasks);
  const models = DEPENDENCE_MODELS.map((model) => fitDependenceModel(data, model, confidence, first));
  const independent = models[0];
  const reason = untestableReason(data, tasks);
  const test =
    reason !== null ? null : data.stopping === 'fixed' ? permutationTest(tasks, options.seed, permutations) : likelihoodRatioTest(data, independent, models[3]);
  const chosen = models.reduce((best, model) => (model.aic < best.aic - 1e-9 ? model : best), independent);
  return {
    stopping: data.stopping,
    confidence,
    test,
    ...(reason === null ? {} : { testReason: `tasks: ${reason}` }),
    models,
    chosen: chosen.model,
    evidence: evidenceOf(chosen, independent, models),
    tasks: data.tasks,
    episodes: data.episodes,
    attempts: data.attempts,
    maxLength: data.maxLength,
    hazard: observedHazard(tasks, data.maxLength),
  };
}

/**
 * One line of evidence: the chosen model's AIC below independence's and the likelihood-ratio p of
 * its parameter = 0 (½χ²₀ + ½χ²₁ for icc and stickiness, whose 0 is the range's end), or, when
 * independence is chosen, the nearest rival's AIC above it.
 */
function evidenceOf(chosen: FittedDependenceModel, independent: FittedDependenceModel, models: readonly FittedDependenceModel[]): string {
  if (chosen.model === 'independent') {
    const rival = models.filter((m) => m.model !== 'independent').reduce((best, m) => (m.aic < best.aic ? m : best));
    return `independent: no dependence model lowers AIC (nearest: ${rival.model}, AIC ${format(rival.aic - independent.aic)} higher)`;
  }
  const statistic = Math.max(0, 2 * (chosen.logLikelihood - independent.logLikelihood));
  const p = likelihoodRatioPValue(statistic, chosen.model !== 'feedback');
  return `${chosen.model}: AIC ${format(independent.aic - chosen.aic)} lower than independent (LR test p = ${formatP(p)})`;
}

function format(x: number): string {
  return x.toFixed(1);
}

function formatP(p: number): string {
  return p < 1e-4 ? p.toExponential(1) : p.toPrecision(2);
}
