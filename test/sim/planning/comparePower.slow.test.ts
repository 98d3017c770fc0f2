import { describe, expect, it } from 'vitest';
import { beta } from '../../../packages/sim/src/distributions/beta.js';
import { binomial } from '../../../packages/sim/src/distributions/binomial.js';
import { standardNormal } from '../../../packages/sim/src/distributions/standardNormal.js';
import { planComparison } from '../../../packages/sim/src/planning/compare.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { atOptions, hatOptions, unevenOptions } from './compareOptions.js';

// Part of the slow suite (pnpm test:slow, run by CI): plan compare's power checked by simulation,
// moved out of compare.test.ts (which keeps the closed forms and the refusals).

/*
 * Power by simulation of the paired design at the planned number of tasks: A's p_t ~ Beta,
 * B's p_t = logistic(logit(p_A) + shift), c ~ Binomial(n, p) for each, D_t = θ̂_B − θ̂_A,
 * z = mean(D)/(sd(D)/√T), reject when |z| > z_{0.975} = 1.959963984540054 (scipy.stats.norm.ppf(0.975)).
 * The rejection rate must be the requested power within 5 SE, SE = √(power(1 − power)/M).
 */
describe('planComparison: the planned number of tasks reaches the requested power (simulation)', () => {
  it.each([
    ['passHatK', hatOptions, 0],
    ['passAtK', atOptions, 0],
    ['passAtK with uneven gains (spread 1)', unevenOptions, 0],
  ] as const)('%s, trials = first row', (_, options, row) => {
    const plan = planComparison(options);
    const { trials: n, tasks: T } = plan.rows[row]!;
    expect(T).toBeGreaterThanOrEqual(100);
    expect(T).toBeLessThanOrEqual(300);
    const { a, b } = plan.taskDistribution;
    const estimate = Array.from({ length: n + 1 }, (_, c) =>
      options.metric === 'passHatK' ? choose(c, options.k) / choose(n, options.k) : 1 - choose(n - c, options.k) / choose(n, options.k),
    );
    const M = 3000;
    let rejections = 0;
    const differences = new Float64Array(T);
    for (let m = 0; m < M; m++) {
      const rng = streamRng(2024, 'compare-test', options.metric, m);
      for (let t = 0; t < T; t++) {
        const pA = beta(rng, a, b);
        const gain = plan.logOddsShift + (options.gainSpread ?? 0) * standardNormal(rng);
        const pB = 1 / (1 + ((1 - pA) / pA) * Math.exp(-gain));
        differences[t] = estimate[binomial(rng, n, pB)]! - estimate[binomial(rng, n, pA)]!;
      }
      let mean = 0;
      for (const d of differences) mean += d;
      mean /= T;
      let ss = 0;
      for (const d of differences) ss += (d - mean) ** 2;
      const z = mean / Math.sqrt(ss / (T - 1) / T);
      if (Math.abs(z) > 1.959963984540054) rejections++;
    }
    const power = options.power;
    expect(Math.abs(rejections / M - power)).toBeLessThan(5 * Math.sqrt((power * (1 - power)) / M));
  });
});

describe('planComparison: uneven gains', () => {
  it("the built-in simulation of compare's verdict reaches the requested power at the planned size, and the table spans the spreads", () => {
    const plan = planComparison({ ...unevenOptions, delta: 0.2, simulations: 200, seed: 7 });
    const simulated = plan.rows[0]!.simulatedPower!;
    // The search answers the fewest tasks whose simulated power reaches 0.8 (searchPower); the power
    // reported is re-simulated there on independent streams: within 4√2 SE of 0.8 (the answer's own
    // search noise and the re-simulation's).
    expect(Math.abs(simulated.value - 0.8)).toBeLessThan(4 * Math.SQRT2 * Math.sqrt((0.8 * 0.2) / 200));
    expect(plan.powerByGainSpread.map((row) => row.gainSpread)).toEqual([0, 0.5, 1, 2]);
    expect(plan.powerByGainSpread.find((row) => row.gainSpread === 1)!.simulatedPower).toEqual(simulated);
    // Power planned for even gains falls when the gains are uneven: the sd of the differences grows.
    const even = planComparison({ ...unevenOptions, gainSpread: 0 });
    const atSpread2 = even.powerByGainSpread.find((row) => row.gainSpread === 2)!;
    expect(atSpread2.power).toBeLessThan(0.8);
  }, 120_000);
});

/** C(n, k) for small integers (exact in doubles here). */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let j = 0; j < k; j++) result = (result * (n - j)) / (j + 1);
  return result;
}
