import { streamRng, type Seed } from '../rng/streams.js';
import type { Rng } from '../rng/rng.js';
import type { Steps } from '../stepwise.js';
import { verdictPowerSteps, type TaskSource, type VerdictPowerOptions } from './verdictPower.js';
import type { LabelledInterval } from '../intervals/interval.js';

/** An interval for the power a pilot promises at one design, from the pilot's sampling error (see `pilotPowerIntervalSteps`). */
export interface PilotPowerInterval extends LabelledInterval {
  /** Bootstrap draws of the pilot's tasks, and experiments simulated on each. */
  readonly draws: number;
  readonly experiments: number;
  /** sd across draws of the simulated power, and the part of it that is the draws' Monte Carlo noise (removed from the bounds). */
  readonly sdBetweenDraws: number;
  readonly sdMonteCarlo: number;
}

/** How many bootstrap draws of the pilot, how many experiments on each, and the interval's level. */
export interface PilotPowerIntervalOptions {
  readonly draws: number;
  readonly experiments: number;
  readonly level: number;
}

/**
 * An interval for the power of compare's verdict at T tasks × n trials that carries the pilot's own
 * sampling error (a smaller pilot, a wider interval). Outer bootstrap (Efron & Tibshirani 1993,
 * ch. 13, percentile interval): draw b = 1..B resamples the pilot's tasks with replacement
 * (`resampled(rng)` builds the task source from that resample: fits, shift and all, as the plan
 * does from the pilot) and simulates the verdict's power P_b there with R experiments on streams of
 * their own (seed, 'plan-pilot', 'draw', b). The spread of P_b is the pilot's sampling error plus the
 * draws' Monte Carlo noise; the latter, v_MC = mean_b P_b(1 − P_b)/(R − 1), is removed by pulling
 * the percentiles toward the mean P̄ by s = √(max(0, 1 − v_MC / var_b P_b)):
 * bounds P̄ + s·(q_{(1∓level)/2}(P_b) − P̄), clamped to [0, 1]. Coverage of the power the design
 * delivers, across pilots drawn from a known truth, is measured by `pnpm decision-study:plan`.
 */
export function* pilotPowerIntervalSteps(
  resampled: (rng: Rng) => TaskSource,
  tasks: number,
  trials: number,
  verdict: VerdictPowerOptions,
  options: PilotPowerIntervalOptions,
): Steps<PilotPowerInterval> {
  const { draws, experiments, level } = options;
  const powers: number[] = [];
  for (let b = 0; b < draws; b++) {
    const source = resampled(streamRng(verdict.seed, 'plan-pilot', 'bootstrap', b));
    const seed: Seed = `${verdict.seed}/draw/${b}`;
    const steps = verdictPowerSteps(source, tasks, trials, { ...verdict, datasets: experiments, seed });
    for (;;) {
      const next = steps.next();
      if (next.done) {
        powers.push(next.value.value);
        break;
      }
      yield { done: b * experiments + next.value.done, total: draws * experiments };
    }
  }
  const mean = powers.reduce((s, x) => s + x, 0) / draws;
  const between = draws > 1 ? powers.reduce((s, x) => s + (x - mean) ** 2, 0) / (draws - 1) : 0;
  const monteCarlo = experiments > 1 ? powers.reduce((s, x) => s + x * (1 - x), 0) / draws / (experiments - 1) : 0;
  const shrink = between > 0 ? Math.sqrt(Math.max(0, 1 - monteCarlo / between)) : 0;
  const sorted = [...powers].sort((x, y) => x - y);
  const bound = (q: number) => Math.min(1, Math.max(0, mean + shrink * (quantile(sorted, q) - mean)));
  return {
    lower: bound((1 - level) / 2),
    upper: bound((1 + level) / 2),
    level,
    draws,
    experiments,
    sdBetweenDraws: Math.sqrt(between),
    sdMonteCarlo: Math.sqrt(monteCarlo),
    method: `percentile bootstrap of the pilot's tasks (${draws} draws × ${experiments} experiments), Monte Carlo noise removed`,
  };
}

/** The q-quantile of sorted values, linear between order statistics (type 7). */
function quantile(sorted: readonly number[], q: number): number {
  const position = q * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (position - below) * (sorted[above]! - sorted[below]!);
}
