import { exactMetrics, type ExactMetrics } from '../analytic/exactMetrics.js';
import { benchmarkTasks } from '../engine/taskParameters.js';
import type { Scenario } from '../scenario/types.js';
import { blockScenario } from './blockScenario.js';

/** Per metric of the closed forms, one variance (or null) per k = 1..K. */
export type ExactSpread = { readonly [metric in keyof ExactMetrics]: ReadonlyArray<number | null> };

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
 * `draws` is how many draws the variances rest on.
 * Example: with nothing measured every draw is the scenario itself, so every variance is 0.
 */
export function exactSpreadOverDraws(scenario: Scenario, blocks: readonly number[]): { spread: ExactSpread; draws: number } {
  const K = scenario.policy.maxAttempts;
  const benchmark = scenario.tasks.resample ? null : { p: benchmarkTasks(scenario).successRate };
  const draws = blocks.slice(0, EXACT_DRAWS_LIMIT).map((block) => exactMetrics(blockScenario(scenario, block), benchmark));
  const spread: Record<string, Array<number | null>> = {};
  const metrics = Object.keys(draws[0]?.[0] ?? {}) as Array<keyof ExactMetrics>;
  for (const metric of metrics) {
    spread[metric] = Array.from({ length: K }, (_, i) => {
      if (draws.length < 2) return null;
      let sum = 0;
      for (const rows of draws) {
        const value = rows[i]![metric];
        if (value === null) return null;
        sum += value;
      }
      const mean = sum / draws.length;
      let squares = 0;
      for (const rows of draws) squares += (rows[i]![metric]! - mean) ** 2;
      return squares / (draws.length - 1);
    });
  }
  return { spread: spread as unknown as ExactSpread, draws: draws.length };
}
