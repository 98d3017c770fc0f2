import { requireScenario } from '../scenario/requireScenario.js';
import { requireInteger } from '../checks.js';
import { binomial } from '../distributions/binomial.js';
import { InputError } from '../errors.js';
import { averageOverTasks, type TaskTrials } from '../estimators/taskAverage.js';
import { streamRng, type Seed } from '../rng/streams.js';
import type { Scenario } from '../scenario/types.js';
import { drawOutcomes } from './drawOutcomes.js';
import type { Estimate, Summary } from './summarise.js';
import { benchmarkTasks, drawTaskParameters } from './taskParameters.js';
import type { MeanAndSe } from '../math/meanAndSe.js';
import { atLeastOneSuccess } from '../math/atLeastOneSuccess.js';

/**
 * How the pilot's n trials of a task relate: `separateEpisodes` (the usual evaluation: n independent
 * runs, each the first attempt of a fresh episode, so c ~ Binomial(n, p_t) whatever the correlation
 * of retries within an episode) or `oneEpisode` (n attempts of one episode, drawn by the
 * correlation model: retries as the deployed policy would make them).
 */
export type PilotDesign = 'separateEpisodes' | 'oneEpisode';

/** Options of `simulatePilot`: the trials per task of the simulated pilot evaluation and how its episodes are drawn. */
export interface PilotOptions {
  /** Trials n per task in the pilot. */
  readonly trials: number;
  /** Default `separateEpisodes`. */
  readonly design?: PilotDesign;
  /** Seed of the pilot's stream (seed, 'pilot'); default the scenario's seed. */
  readonly seed?: Seed;
  /** A simulation of the same scenario: its coverage and passHatK are shown as the truth. */
  readonly truth?: Summary;
}

/** One k of a `PilotReport`: the pilot's task-averaged unbiased and plug-in pass@k and pass^k, and the true values. */
export interface PilotRow {
  readonly k: number;
  /** Unbiased pass@k and pass^k per task, averaged over tasks, with their SE (`averageOverTasks`). */
  readonly passAtK: MeanAndSe | null;
  readonly passHatK: MeanAndSe | null;
  /** Plug-in per task, averaged: mean_t 1 − (1 − c_t/n)^k and mean_t (c_t/n)^k (independence at each task's observed rate). */
  readonly plugin: { readonly passAtK: number; readonly passHatK: number } | null;
  /** Independence at the pilot's mean rate p̄ = Σ c_t/(T·n): 1 − (1 − p̄)^k and p̄^k. */
  readonly pooledIndependence: { readonly passAtK: number; readonly passHatK: number };
  /** coverage@k and passHatK@k of the simulation passed as `truth` (null without one). */
  readonly truth: { readonly coverage: Estimate; readonly passHatK: Estimate } | null;
}

/** What `simulatePilot` returns: the estimates a pilot evaluation of the scenario would have reported, beside the true values. */
export interface PilotReport {
  readonly trials: number;
  readonly design: PilotDesign;
  readonly seed: Seed;
  readonly tasks: number;
  /** Successes c_t of each task in the pilot. */
  readonly successes: readonly number[];
  /** p̄ = Σ c_t/(T·n). */
  readonly meanRate: number;
  /** k = 1..min(n, maxAttempts). */
  readonly rows: readonly PilotRow[];
}

/**
 * What the usual estimators would have reported from a pilot evaluation of n trials per task, next
 * to the truth: the situation where correlated retries break independence-based predictions.
 * The pilot runs n trials on each task of the fixed benchmark (the tasks of (seed, 'tasks'); with
 * resample, a fresh draw of tasks from (pilot seed, 'pilot', 'tasks')), from the stream
 * (pilot seed, 'pilot'), task by task — as separate episodes (default) or as one episode (PilotDesign).
 * Example: with exchangeable retries (icc 0.3), a pilot of separate runs gives unbiased pass@k for
 * independent retries, which overshoots the true coverage@k; a one-episode pilot stays within 5 SE of
 * it while the pooled prediction 1 − (1 − p̄)^5 still overshoots (tested).
 */
export function simulatePilot(scenario: Scenario, options: PilotOptions): PilotReport {
  scenario = requireScenario('scenario', scenario);
  if (typeof options !== 'object' || options === null) throw new InputError('options', 'must be an object { trials }', options);
  const n = requireInteger('options.trials', options.trials, 1, 1_000_000);
  const design = options.design ?? 'separateEpisodes';
  if (design !== 'separateEpisodes' && design !== 'oneEpisode') {
    throw new InputError('options.design', 'must be separateEpisodes or oneEpisode', design);
  }
  const seed = options.seed ?? scenario.seed;
  const validSeed = (typeof seed === 'number' && Number.isSafeInteger(seed) && seed >= 0) || (typeof seed === 'string' && seed.length > 0);
  if (!validSeed) throw new InputError('options.seed', 'must be an integer ≥ 0 or a non-empty string', seed);
  const truth = options.truth;
  if (truth !== undefined && (typeof truth !== 'object' || truth === null || !Array.isArray(truth.rows))) {
    throw new InputError('options.truth', 'must be a Summary of the same scenario', truth);
  }
  const tasks = scenario.tasks.resample ? drawTaskParameters(scenario, streamRng(seed, 'pilot', 'tasks')) : benchmarkTasks(scenario);
  const rng = streamRng(seed, 'pilot');
  const outcomes = new Uint8Array(n + 1);
  const trials: TaskTrials[] = [];
  let total = 0;
  for (let t = 0; t < tasks.count; t++) {
    const p = tasks.successRate[t]!;
    const c = design === 'oneEpisode' ? drawOutcomes(scenario.attempts.correlation, p, n, rng, outcomes) : binomial(rng, n, p);
    trials.push({ n, c });
    total += c;
  }
  const meanRate = total / (tasks.count * n);
  const ks = Array.from({ length: Math.min(n, scenario.policy.maxAttempts) }, (_, i) => i + 1);
  const averages = averageOverTasks(trials, ks);
  const rows = averages.map((row): PilotRow => {
    const truthRow = truth?.rows[row.k - 1];
    return {
      k: row.k,
      passAtK: row.passAtK,
      passHatK: row.passHatK,
      plugin: row.plugin,
      pooledIndependence: { passAtK: atLeastOneSuccess(meanRate, row.k), passHatK: meanRate ** row.k },
      truth: truthRow ? { coverage: truthRow.coverage, passHatK: truthRow.passHatK } : null,
    };
  });
  return { trials: n, design, seed, tasks: tasks.count, successes: trials.map((trial) => trial.c), meanRate, rows };
}
