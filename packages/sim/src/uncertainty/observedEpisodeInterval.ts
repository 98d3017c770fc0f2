import { requireObject } from '../checkArgs.js';
import { InputError } from '../errors.js';
import type { TaskTrials } from '../estimators/taskAverage.js';
import { documentInterval, type LabelledInterval } from '../intervals/interval.js';
import type { EngineMetric } from '../engine/engineMetrics.js';
import { requireScenario } from '../scenario/requireScenario.js';
import type { EpisodeMeasurement, Scenario } from '../scenario/types.js';
import { populationInterval } from '../taskAverage/populationInterval.js';
import { ESTIMAND_METHODS, taskAverageIntervals } from '../taskAverage/taskAverageIntervals.js';
import { DRAW_INTERVAL_LEVEL } from './drawInterval.js';

/** The rates of a log of episodes that it observes directly at a budget k: some / all of the first k attempts correct. */
export type ObservedEpisodeMetric = 'coverage' | 'passHatK';

/**
 * A verifier whose rates are known (not measured: nothing to draw) checking a sequential policy's
 * attempts: P(accept | wrong) and P(reject | correct), and what an episode delivers when none of
 * its k attempts is accepted (docs/design.md, "Policy").
 */
export interface KnownVerifier {
  readonly falseAccept: number;
  readonly falseReject: number;
  readonly onNoAccept: 'abstain' | 'deliverLast';
}

/** The method text of an interval from the log's own episodes (`observedEpisodeInterval`), before the estimand's method. */
export const OBSERVED_EPISODE_WORDS = {
  rate: "observed: the log's share of episodes with a correct attempt (coverage) or all correct (pass^k) among the first k, averaged per task",
  delivered:
    "observed: per episode of the log, what the known verifier's first acceptance among its first k attempts delivers (correct, wrong, or nothing; the last with deliverLast), averaged per task",
  complement: 'observed, as 1 − the rate: ',
} as const;

/** What a sequential episode delivers within budget k: the chances of a correct attempt, a wrong one, nothing. */
export interface EpisodeDelivery {
  readonly deliveredCorrect: number;
  readonly deliveredWrong: number;
  readonly abstained: number;
}

/**
 * What a sequential episode with the given attempt outcomes (in order) delivers within budget k,
 * under a verifier with known rates that checks each attempt independently: with a_i = 1 − FR for a
 * correct attempt and FA for a wrong one and r_i = Π_{j<i}(1 − a_j) the chance that attempt i is
 * reached,
 *   correct = Σ_{i≤k, x_i correct} r_i·a_i,  wrong = Σ_{i≤k, x_i wrong} r_i·a_i,  abstained = r_{k+1},
 * and with deliverLast r_{k+1} goes to correct or wrong as x_k is (abstained 0): the sequential
 * firstAccepted case of `episodeOutcomes` for one known path of attempts. Null when the episode is
 * shorter than k and not settled before (an attempt accepted for sure, a_i = 1, settles it).
 * Example: '01', FA 0.1, FR 0.2, abstain, k 2 → correct 0.9·0.8 = 0.72, wrong 0.1, abstained 0.18
 * (test/reference/observed_episode_interval.py).
 */
export function deliveryOfEpisode(episode: string, k: number, verifier: KnownVerifier): EpisodeDelivery | null {
  let reach = 1;
  let correct = 0;
  let wrong = 0;
  for (let i = 0; i < k && reach > 0; i++) {
    if (i >= episode.length) return null;
    const right = episode[i] === '1';
    const accept = right ? 1 - verifier.falseReject : verifier.falseAccept;
    if (right) correct += reach * accept;
    else wrong += reach * accept;
    reach *= 1 - accept;
  }
  if (verifier.onNoAccept === 'abstain' || reach === 0) return { deliveredCorrect: correct, deliveredWrong: wrong, abstained: reach };
  const lastRight = episode[k - 1] === '1';
  return { deliveredCorrect: correct + (lastRight ? reach : 0), deliveredWrong: wrong + (lastRight ? 0 : reach), abstained: 0 };
}

/**
 * Per task of a log of attempt-ordered episodes, how many of its episodes had, among their first k
 * attempts, a correct one (`coverage`) or only correct ones (`passHatK`): `{ n: episodes, c }`, the
 * counts whose task-averaged c/n is the observed rate at k. An episode shorter than k is decided when
 * its first attempts already settle it (a success for coverage, a failure for pass^k: an
 * `untilSuccess` episode that stopped at its first success is solved within any k past it); null
 * when some episode is not (it ended before k without settling it: the log did not observe k there).
 * Example: outcomes ['001', '11 01'], k 2 → coverage [{n 1, c 0}, {n 2, c 2}], passHatK [{n 1, c 0}, {n 2, c 1}].
 */
export function episodeCountsAt(outcomes: readonly string[], k: number, metric: ObservedEpisodeMetric): TaskTrials[] | null {
  if (!Number.isInteger(k) || k < 1) throw new InputError('k', 'must be an integer ≥ 1', k);
  const settles = metric === 'coverage' ? '1' : '0';
  const counts: TaskTrials[] = [];
  for (const [t, text] of outcomes.entries()) {
    if (typeof text !== 'string' || !/^[01]+( [01]+)*$/.test(text)) {
      throw new InputError(`outcomes[${t}]`, "must be episodes of '0' and '1' separated by single spaces ('001 1')", text);
    }
    let c = 0;
    const episodes = text.split(' ');
    for (const episode of episodes) {
      const first = episode.slice(0, k);
      const settled = first.includes(settles);
      if (!settled && episode.length < k) return null;
      if (metric === 'coverage' ? settled : !settled) c++;
    }
    counts.push({ n: episodes.length, c });
  }
  return counts;
}

/**
 * The interval of a rate a log of episodes observes directly at budget k (the same attempt process
 * simulated, k within every episode or settled before it): the task average of each task's observed
 * share c/n (`episodeCountsAt`) with the interval `estimate` gives pass@1 of those counts
 * (`taskAverageIntervals`: for a task population, `resample` true, the score interval with a design
 * effect, Korn & Graubard 1998; for this benchmark, the Student t interval with each task's trial
 * noise). With `verifier` (metric coverage only; a known verifier on a sequential policy) the rate is
 * `outcome` (delivered correct, wrong, abstained): each task's mean over its episodes of `deliveryOfEpisode`, with the
 * same score interval for the mean of values in [0, 1] (`populationInterval`; a task population
 * only: null when `resample` is false). This rests on the log alone, not on the fitted dependence model:
 * within the episode the model's refits covered the truth 91–93 % of the time at T = 100
 * (docs/what-ifs.md), the observed share at its nominal rate. Null where the log does not observe k
 * (`episodeCountsAt`, `deliveryOfEpisode`) or fewer than 2 tasks give an interval.
 * Example: 100 tasks of one episode, 30 solved at the first attempt, k 1, resample → the population
 * interval of 30 of 100, [0.21770, 0.39760] (test/reference/observed_episode_interval.py).
 */
export function observedEpisodeInterval(
  episodes: EpisodeMeasurement,
  k: number,
  metric: ObservedEpisodeMetric,
  resample: boolean,
  verifier: KnownVerifier | null = null,
  outcome: keyof EpisodeDelivery = 'deliveredCorrect',
): LabelledInterval | null {
  requireObject('episodes', episodes);
  if (!Array.isArray(episodes.outcomes) || episodes.outcomes.length === 0) {
    throw new InputError('episodes.outcomes', "must be a non-empty list of episode strings ('001 1')", episodes.outcomes);
  }
  const counts = episodeCountsAt(episodes.outcomes, k, metric);
  if (counts === null) return null;
  const estimand = resample ? 'population' : 'benchmark';
  const options = { confidence: DRAW_INTERVAL_LEVEL, sides: 2 } as const;
  if (verifier !== null) {
    if (metric !== 'coverage' || !resample) return null;
    const values = [];
    for (const text of episodes.outcomes) {
      let sum = 0;
      const list = text.split(' ');
      for (const episode of list) {
        const delivery = deliveryOfEpisode(episode, k, verifier);
        if (delivery === null) return null;
        sum += delivery[outcome];
      }
      values.push({ value: Math.min(1, sum / list.length), weight: 1 });
    }
    const bounds = populationInterval(values, options);
    return bounds === null ? null : documentInterval(bounds, DRAW_INTERVAL_LEVEL, `${OBSERVED_EPISODE_WORDS.delivered}; ${DELIVERED_METHOD}`);
  }
  const [row] = taskAverageIntervals(counts, [1], options);
  const bounds = row!.passAtK[estimand];
  if (bounds === null) return null;
  return documentInterval(bounds, DRAW_INTERVAL_LEVEL, `${OBSERVED_EPISODE_WORDS.rate}; ${ESTIMAND_METHODS[estimand]}`);
}

/** The method of the delivered-correct interval from the log (`populationInterval` without a floor). */
const DELIVERED_METHOD =
  'score interval for the mean of the per-task values with a design effect (Wilson at T·x̄(1−x̄)/s² tasks, t quantile, T − 1 df; Korn & Graubard 1998)';

/**
 * Which of a simulation's rates, at a budget k within a log of episodes (`basis` observed), are
 * observed by the log itself, so that their interval comes from the log's episodes
 * (`observedEpisodeInterval`) rather than the refitted model's draws: coverage and pass^k (they
 * describe the attempt process alone, which the dependence fitted to the log simulates); with a
 * verifier that accepts exactly the correct attempts and a selector that delivers an accepted attempt
 * whenever there is one (all but bestScore with a threshold), delivered correct (= coverage) and the
 * one of delivered wrong and abstained that is not 0 (1 − coverage: abstained, or wrong with deliverLast);
 * with a verifier of known point rates (not measured) on a sequential policy, all three, from each
 * episode's logged attempts (`deliveryOfEpisode`).
 * None without episodes or with a cost or latency cap (attempts cut off by a cap are not the log's).
 * Returns, per engine metric, the observed rate it comes from, or null.
 * Example: a log of episodes, no verifier → coverage, passHatK, deliveredCorrect ↦ coverage, abstained ↦
 * 1 − coverage; cost ↦ null.
 */
export function observedEpisodeRates(given: Scenario): (metric: EngineMetric) => ObservedRate | null {
  const scenario = requireScenario('scenario', given);
  const { cost, latency } = scenario.policy.budget;
  if (scenario.tasks.measured?.episodes === undefined || cost !== null || latency !== null) return () => null;
  const { verifier, policy } = scenario;
  const point = (rate: typeof verifier.falseAccept) => (rate.dist === 'point' ? rate.p : null);
  const falseAccept = verifier.perfect ? 0 : point(verifier.falseAccept);
  const falseReject = verifier.perfect ? 0 : point(verifier.falseReject);
  const known = verifier.measured === undefined && falseAccept !== null && falseReject !== null;
  // With a perfect verifier the accepted attempts are the correct ones, and every selector delivers one
  // of them whenever there is one, except a best score below its threshold (docs/engine-semantics.md).
  const deliversAnyAccepted = scenario.selector.kind !== 'bestScore' || scenario.selector.threshold === null;
  const perfect = known && falseAccept === 0 && falseReject === 0 && deliversAnyAccepted;
  const missed = policy.onNoAccept === 'abstain' ? 'abstained' : 'deliveredWrong';
  return (metric) => {
    if (metric === 'coverage' || metric === 'passHatK') return { rate: metric, verifier: null, outcome: null, complement: false };
    if (metric !== 'deliveredCorrect' && metric !== 'deliveredWrong' && metric !== 'abstained') return null;
    if (perfect) {
      if (metric === 'deliveredCorrect') return { rate: 'coverage', verifier: null, outcome: null, complement: false };
      return metric === missed ? { rate: 'coverage', verifier: null, outcome: null, complement: true } : null;
    }
    // Mode sequential delivers the first accepted attempt (its selector is firstAccepted), as deliveryOfEpisode does.
    if (!known || policy.mode !== 'sequential') return null;
    return {
      rate: 'coverage',
      verifier: { falseAccept: falseAccept!, falseReject: falseReject!, onNoAccept: policy.onNoAccept },
      outcome: metric,
      complement: false,
    };
  };
}

/**
 * An observed rate of a log of episodes: the rate, the known verifier it is delivered through with
 * the delivery outcome (null: the rate itself), and whether the metric is 1 − the rate.
 */
export interface ObservedRate {
  readonly rate: ObservedEpisodeMetric;
  readonly verifier: KnownVerifier | null;
  readonly outcome: keyof EpisodeDelivery | null;
  readonly complement: boolean;
}
