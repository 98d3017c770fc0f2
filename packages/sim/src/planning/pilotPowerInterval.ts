import { requireUnit } from '../checks.js';
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
  /** Mean of the draws' simulated powers (the bootstrap's centre; the bounds are placed around the point estimate instead). */
  readonly meanOfDraws: number;
}

/** How many bootstrap draws of the pilot, how many experiments on each, and the interval's level. */
export interface PilotPowerIntervalOptions {
  readonly draws: number;
  readonly experiments: number;
  readonly level: number;
  /** The point estimate the bounds are placed around (the plan's simulated power at the design); default the draws' mean. */
  readonly centre?: number;
}

/**
 * An interval for the power of compare's verdict at T tasks × n trials that carries the pilot's own
 * sampling error (a smaller pilot, a wider interval). Outer bootstrap (Efron & Tibshirani 1993,
 * ch. 13, percentile interval): draw b = 1..B resamples the pilot's tasks with replacement
 * (`resampled(rng)` builds the task source from that resample: fits, shift and all, as the plan
 * does from the pilot) and simulates the verdict's power P_b there with R experiments on streams of
 * their own (seed, 'plan-pilot', 'draw', b). The spread of P_b is the pilot's sampling error plus the
 * draws' Monte Carlo noise; the latter, v_MC = mean_b P_b(1 − P_b)/(R − 1), is removed by pulling
 * the percentiles toward the mean P̄ by s = √(max(0, 1 − v_MC / var_b P_b)). The bounds are placed
 * around the point estimate P̂ (`centre`, the power the plan prints), not around P̄:
 * P̂ + s·min(0, q_{(1−level)/2}(P_b) − P̄) and P̂ + s·max(0, q_{(1+level)/2}(P_b) − P̄), clamped to
 * [0, 1] — the bootstrap's spread below and above its mean, moved to the point estimate. P̄ differs
 * from P̂ by the draws' Monte Carlo error and by the bootstrap's bias (refits on resamples with
 * repeated tasks); bounds around P̄, shrunk toward it, excluded P̂ (e.g. 84.0 % printed with
 * [68.6 %, 80.4 %] from 10 draws × 20 experiments). Around P̂ they always contain it. Coverage of the
 * power the design delivers, across pilots drawn from a known truth, is measured by
 * `pnpm decision-study:plan`.
 */
export function* pilotPowerIntervalSteps(
  resampled: (rng: Rng) => TaskSource,
  tasks: number,
  trials: number,
  verdict: VerdictPowerOptions,
  options: PilotPowerIntervalOptions,
): Steps<PilotPowerInterval> {
  const { draws, experiments, level } = options;
  if (options.centre !== undefined) requireUnit('centre', options.centre);
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
  const centre = options.centre ?? mean;
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  return {
    lower: clamp(centre + shrink * Math.min(0, quantile(sorted, (1 - level) / 2) - mean)),
    upper: clamp(centre + shrink * Math.max(0, quantile(sorted, (1 + level) / 2) - mean)),
    level,
    draws,
    experiments,
    sdBetweenDraws: Math.sqrt(between),
    sdMonteCarlo: Math.sqrt(monteCarlo),
    meanOfDraws: mean,
    method: `percentile bootstrap of the pilot's tasks (${draws} draws × ${experiments} experiments), Monte Carlo noise removed, placed around the simulated power`,
  };
}

/** The q-quantile of sorted values, linear between order statistics (type 7). */
function quantile(sorted: readonly number[], q: number): number {
  const position = q * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (position - below) * (sorted[above]! - sorted[below]!);
}
