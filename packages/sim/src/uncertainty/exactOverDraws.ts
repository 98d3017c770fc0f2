import { exactMetrics, type ExactMetrics } from '../analytic/exactMetrics.js';
import { benchmarkTasks } from '../engine/taskParameters.js';
import { meanAndSe } from '../math/meanAndSe.js';
import type { Scenario } from '../scenario/types.js';
import { blockScenario } from './blockScenario.js';
import { logitMoments, type LogitMoments } from './drawLogit.js';

/** Per metric of the closed forms, one variance (or null) per k = 1..K. */
export type ExactSpread = { readonly [metric in keyof ExactMetrics]: ReadonlyArray<number | null> };

/** Per metric of the closed forms, the mean and variance of the draws' logits (or null) per k = 1..K. */
export type ExactLogitDraws = { readonly [metric in keyof ExactMetrics]: ReadonlyArray<LogitMoments | null> };

/**
 * The closed forms are evaluated at the draws of at most this many blocks (the first ones covered):
 * each evaluation costs about what simulating a block does (70 ms for 5 000 tasks and K = 8), and
 * 100 draws give the variance within ±14 % (1 SE), which t(99) allows for.
 */
export const EXACT_DRAWS_LIMIT = 100;

/**
 * How much a metric's closed form varies over the draws of the measured parameters that the given
 * blocks simulated: the sample variance over the first EXACT_DRAWS_LIMIT blocks of exactMetrics at
 * each block's draw (`blockScenario`), for the benchmark's own tasks (resample false) or the task
 * population. This is the parameter part of an interval without Monte Carlo noise in it, where a
 * closed form exists; null for a metric at a k where none does (or with fewer than 2 blocks).
 * `logitDraws` is the same on the logit scale, for a metric whose value at every draw lies in
 * [0, 1]: `logitMoments` of the draws' values, the mean and variance Var_b logit f(θ_b) of their
 * logits (clamped by `drawLogit`),
 * with `episodes` the number of episodes the simulated estimate averages (its clamp at 0 and 1);
 * null where `spread` is, or where a draw's value lies outside [0, 1] (an amount, not a probability).
 * `draws` is how many draws the variances rest on.
 * Example: with nothing measured every draw is the scenario itself, so every variance is 0.
 */
export function exactSpreadOverDraws(
  scenario: Scenario,
  blocks: readonly number[],
  episodes: number,
): { spread: ExactSpread; logitDraws: ExactLogitDraws; draws: number } {
  const K = scenario.policy.maxAttempts;
  const benchmark = scenario.tasks.resample ? null : { p: benchmarkTasks(scenario).successRate };
  const draws = blocks.slice(0, EXACT_DRAWS_LIMIT).map((block) => exactMetrics(blockScenario(scenario, block), benchmark));
  const spread: Record<string, Array<number | null>> = {};
  const logitDraws: Record<string, Array<LogitMoments | null>> = {};
  const metrics = Object.keys(draws[0]?.[0] ?? {}) as Array<keyof ExactMetrics>;
  // Sample variance s² = SE²·D of D values (meanAndSe's SE = s/√D).
  const variance = (values: number[]) => meanAndSe(values).se! ** 2 * values.length;
  for (const metric of metrics) {
    const columns = Array.from({ length: K }, (_, i) => {
      const values = draws.map((rows) => rows[i]![metric]);
      return draws.length < 2 || values.some((value) => value === null) ? null : (values as number[]);
    });
    spread[metric] = columns.map((values) => (values === null ? null : variance(values)));
    logitDraws[metric] = columns.map((values) =>
      values === null || values.some((value) => !(value >= 0 && value <= 1)) ? null : logitMoments(values, episodes),
    );
  }
  return { spread: spread as unknown as ExactSpread, logitDraws: logitDraws as unknown as ExactLogitDraws, draws: draws.length };
}
