import { requireInteger } from '../checks.js';
import { InputError } from '../errors.js';
import { likelihoodRatioPValue } from './chiSquare.js';
import { episodeData, type EpisodeData } from './episodeData.js';
import { DEFAULT_PERMUTATIONS, episodePermutationTest } from './episodePermutationTest.js';
import { FEEDBACK, INDEPENDENT } from './dependenceModels.js';
import { fitDependenceModel } from './fitDependenceModel.js';
import type { DependenceTest, EpisodeIndependenceOptions, FittedDependenceModel, TaskEpisodes } from './types.js';

export const FIXED_MEANING =
  'Outcomes rearranged within each task among its attempt slots (its successes kept): a small p says the order within episodes is not a fresh draw ' +
  'at each attempt — runs of like outcomes (stickiness; episodes alike within a task) or a trend along the episode (retries that learn or get worse). ' +
  'With one episode per task, dependence that leaves the order exchangeable (icc) cannot be told from the spread of p between tasks.';

export const UNTIL_SUCCESS_MEANING =
  'Likelihood ratio of feedback after a failure against independent attempts, over a Beta population of task rates: when episodes stop at ' +
  'their first success, dependence is confounded with the spread of p between tasks except through the shape of the hazard (under independence ' +
  'P(success at j | failures before) = a/(a + b + j − 1) falls with j); a small p says it does not fall like that (rising: retries learn; ' +
  'falling faster: they get worse). It cannot detect stickiness or icc.';

/**
 * Test of independence within episodes beyond each task's own p. 'fixed' episodes: the conditional
 * permutation test of `episodePermutationTest` (exact when small). 'untilSuccess' episodes (the last
 * outcome is forced by the stop, so permuting is not valid): the likelihood-ratio test of the
 * feedback model against independence, 2(ℓ̂_feedback − ℓ̂_independent) ~ χ²₁ (afterFailure = 0
 * is inside [−1, 1]; Wilks 1938). Throws InputError when no test applies (reason in the message).
 */
export function testEpisodeIndependence(tasks: readonly TaskEpisodes[], options: EpisodeIndependenceOptions): DependenceTest {
  const data = episodeData(tasks, options?.stopping);
  const permutations = requireInteger('permutations', options.permutations ?? DEFAULT_PERMUTATIONS, 1, 10_000_000);
  const reason = untestableReason(data, tasks);
  if (reason !== null) throw new InputError('tasks', reason);
  if (data.stopping === 'fixed') return permutationTest(tasks, options.seed, permutations);
  const first = firstAttemptRate(tasks);
  return likelihoodRatioTest(data, fitDependenceModel(data, INDEPENDENT, 0.95, first, 'none'), fitDependenceModel(data, FEEDBACK, 0.95, first, 'none'));
}

/** Why no within-episode test applies to these data, or null. */
export function untestableReason(data: EpisodeData, tasks: readonly TaskEpisodes[]): string | null {
  if (data.maxLength < 2)
    return 'must hold episodes of at least 2 attempts to test dependence within episodes (every episode here has one attempt: separate runs show the spread between tasks only)';
  if (data.stopping === 'fixed') {
    const informative = tasks.some((task) => {
      const all = task.episodes.flat();
      return all.some(Boolean) && !all.every(Boolean);
    });
    if (!informative) return 'must hold a task with both successes and failures (otherwise every arrangement is the same)';
  } else if (!tasks.some((task) => task.episodes.some((e) => e.length >= 2))) {
    return 'must hold an episode that reached a second attempt';
  }
  return null;
}

export function permutationTest(tasks: readonly TaskEpisodes[], seed: EpisodeIndependenceOptions['seed'], permutations: number): DependenceTest {
  const result = episodePermutationTest(tasks, seed, permutations);
  return {
    method: result.exact
      ? `conditional permutation within tasks, max of runs and trend (exact, ${result.permutations} arrangements)`
      : `conditional permutation within tasks, max of runs and trend (${result.permutations} random permutations)`,
    statistic: result.statistic,
    pValue: result.pValue,
    exact: result.exact,
    tasks: result.tasks,
    episodes: result.episodes,
    attempts: result.attempts,
    meaning: FIXED_MEANING,
  };
}

export function likelihoodRatioTest(data: EpisodeData, independent: FittedDependenceModel, feedback: FittedDependenceModel): DependenceTest {
  const statistic = Math.max(0, 2 * (feedback.logLikelihood - independent.logLikelihood));
  return {
    method: 'likelihood ratio, feedback against independent (χ²₁)',
    statistic,
    pValue: likelihoodRatioPValue(statistic, false),
    exact: false,
    tasks: data.tasks,
    episodes: data.episodes,
    attempts: data.attempts,
    meaning: UNTIL_SUCCESS_MEANING,
  };
}

/** Share of episodes whose first attempt succeeded (a start for the population's mean). */
export function firstAttemptRate(tasks: readonly TaskEpisodes[]): number {
  let hits = 0;
  let all = 0;
  for (const task of tasks)
    for (const episode of task.episodes) {
      all++;
      if (episode[0]) hits++;
    }
  return hits / all;
}
