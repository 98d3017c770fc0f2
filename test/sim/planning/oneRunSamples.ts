import { expect } from 'vitest';
import { oneRunModel } from '../../../packages/sim/src/planning/comparePilot.js';
import { countsOf } from '../../../packages/sim/src/planning/verdictPower.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';

// Draws of the two one-run gain models, shared by oneRunGainModel.test.ts and its slow sibling
// (the checks are described there).

export const TASKS = Array.from({ length: 40 }, (_, t) => ({ n: 5, c: [0, 1, 2, 3, 5][t % 5]! }));

/** `draws` pilot tasks drawn under `model`, and each one's difference c_B − c_A at 1 trial per agent. */
export function sample(model: 'shift' | 'independent', draws: number) {
  const built = oneRunModel(TASKS, 'passAtK', 1, 0.15, 0, streamRng(3, 'gain-model-test', 'shift'));
  const rng = streamRng(3, 'gain-model-test', model);
  const source = built.sources[model];
  const rates = Array.from({ length: draws }, () => source.task(rng));
  const trials = streamRng(3, 'gain-model-test', model, 'trials');
  const differences = rates.map((task) => {
    const pair = countsOf(task, trials, 1);
    return pair.b.c - pair.a.c;
  });
  return { built, rates, differences };
}

export const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
export function correlation(xs: readonly number[], ys: readonly number[]): number {
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/**
 * `shift`: the same δ and the same marginal of B as `independent` (means within 4 SE over `draws`
 * tasks each), but B's rate tied to A's on the task (correlation above 0.5).
 */
export function checkShift(draws: number): void {
  const shift = sample('shift', draws);
  const independent = sample('independent', draws);
  expect(shift.built.logOddsShift).toBe(independent.built.logOddsShift);
  const pB = (s: typeof shift) => s.rates.map((r) => r.pB);
  const v = (xs: number[]) => mean(xs.map((x) => (x - mean(xs)) ** 2));
  const se = Math.sqrt((v(pB(shift)) + v(pB(independent))) / draws);
  expect(Math.abs(mean(pB(shift)) - mean(pB(independent)))).toBeLessThan(4 * se);
  expect(
    correlation(
      shift.rates.map((r) => r.pA),
      pB(shift),
    ),
  ).toBeGreaterThan(0.5);
}
