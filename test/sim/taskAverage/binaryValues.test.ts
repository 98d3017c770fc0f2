import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { populationInterval } from '../../../packages/sim/src/taskAverage/populationInterval.js';
import { taskAverageBound } from '../../../packages/sim/src/taskAverage/taskAverageBound.js';
import { passkWide } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

/** log C(T, x) + x ln θ + (T − x) ln(1 − θ): the binomial pmf, summed exactly below (no simulation). */
function binomialPmf(T: number, x: number, theta: number): number {
  let logChoose = 0;
  for (let i = 1; i <= x; i++) logChoose += Math.log(T - x + i) - Math.log(i);
  return Math.exp(logChoose + x * Math.log(theta) + (T - x) * Math.log1p(-theta));
}

/** The interval of T tasks whose values are 0 or 1, x of them 1 (as groups of equal values, like the estimators pass them). */
const binaryInterval = (T: number, x: number, sides: 1 | 2) =>
  populationInterval(
    [
      { value: 1, weight: x },
      { value: 0, weight: T - x },
    ],
    { confidence: 0.95, sides },
  )!;

describe('populationInterval on 0/1 values (one trial per task, or k = n): each side at least the exact one', () => {
  it('the one-sided 95 % lower bound is above the truth at most 5 % of the time, exactly, for every μ on a grid (T = 10, 30, 50, 300)', () => {
    // P(L(X) > μ) for X ~ Binomial(T, μ), summed over x: the bound's false-pass rate as a gate's
    // `>=` requirement meets it. With the score bound alone the same sum (Python, scipy.stats.binom) reaches
    // 0.101, 0.121, 0.097 and 0.085 at T = 10, 30, 50, 300 (issue #42).
    for (const T of [10, 30, 50, 300]) {
      const lower = Array.from({ length: T + 1 }, (_, x) => binaryInterval(T, x, 1).lower);
      let worst = 0;
      for (let i = 1; i < 200; i++) {
        const mu = i / 200;
        let miss = 0;
        for (let x = 0; x <= T; x++) if (lower[x]! > mu) miss += binomialPmf(T, x, mu);
        worst = Math.max(worst, miss);
      }
      expect(worst, `T = ${T}`).toBeLessThanOrEqual(0.05 + 1e-12);
    }
  });

  it('two-sided intervals keep the score interval (exact sides would over-cover: docs/uncertainty.md)', () => {
    // Python, the score interval of the doc comment at 47 of 50 (no edge within 1 effective count):
    //   m = 0.94; r = (50/49·m(1 − m))/(m(1 − m)); q = t.ppf(0.975, 49); w = q²r/50 → upper 0.9800964494075083,
    //   inside the exact one, beta.isf(0.025, 48, 3) = 0.9874514121646659.
    expect(binaryInterval(50, 47, 2).upper).toBeCloseTo(0.9800964494075083, 11);
  });

  it('2 of 50: the lower bound is the Clopper–Pearson one, 0.0071537 (scipy.stats.beta.ppf(0.05, 2, 49) = 0.007153719531)', () => {
    expect(binaryInterval(50, 2, 1).lower).toBeCloseTo(0.007153719531293804, 12);
  });

  it('values that are not all 0/1 keep the score interval (the exact side is for Bernoulli values only)', () => {
    const mixed = populationInterval(
      [
        { value: 1, weight: 2 },
        { value: 0.5, weight: 1 },
        { value: 0, weight: 47 },
      ],
      { confidence: 0.95, sides: 1 },
    )!;
    // Python, the score bound of the doc comment: v = [1, 1, 0.5] + [0]*47; m = v.mean(); r = v.var(ddof=1)/(m*(1-m));
    // q = scipy.stats.t.ppf(0.95, 49); w = q*q*r/50; (m + w/2 - sqrt(w*m*(1-m) + w*w/4))/(1 + w) = 0.019039026983609604
    expect(mixed.lower).toBeCloseTo(0.019039026983609604, 12);
  });

  it("gate FILE --require 'pass@1 >= 0.0125' fails on 2 successes in 50 one-trial tasks, and '<= 0.9875' on 48 (both passed: issue #42)", async () => {
    const dir = tempDir('binary-gate');
    const log = (ones: number) => {
      const file = join(dir, `${ones}-of-50.csv`);
      writeFileSync(file, `task_id,success\n${Array.from({ length: 50 }, (_, i) => `t${i},${i < ones ? 1 : 0}`).join('\n')}\n`);
      return file;
    };
    const low = await passkWide('gate', log(2), '--require', 'pass@1 >= 0.0125');
    expect(low.code).toBe(1);
    expect(low.stdout).toMatch(/FAIL\s+pass@1 >= 0\.0125\s+4\.0%\s+lower 0\.7%\s+exact \(Clopper–Pearson\) bound, every task at 0 or 1/);
    // 1 − beta.ppf(0.05, 2, 49) = 0.9928462804687063: the upper bound, mirrored.
    const high = await passkWide('gate', log(48), '--require', 'pass@1 <= 0.9875');
    expect(high.code).toBe(1);
    expect(high.stdout).toMatch(/FAIL\s+pass@1 <= 0\.9875\s+96\.0%\s+upper 99\.3%/);
  });

  it('taskAverageBound: the exact bound where it is further out, and says so; the score bound otherwise', () => {
    const tasks = (ones: number, T: number) => Array.from({ length: T }, (_, i) => ({ n: 1, c: i < ones ? 1 : 0 }));
    const lower = taskAverageBound(tasks(2, 50), { metric: 'passAtK', k: 1, confidence: 0.95, side: 'lower', estimand: 'population' });
    expect(lower!.method).toBe('clopper-pearson');
    expect(lower!.bound).toBeCloseTo(0.007153719531293804, 12);
    const upper = taskAverageBound(tasks(48, 50), { metric: 'passAtK', k: 1, confidence: 0.95, side: 'upper', estimand: 'population' });
    expect(upper!.method).toBe('clopper-pearson');
    expect(upper!.bound).toBeCloseTo(0.9928462804687063, 12);
    // Two trials per task: the estimates are not all 0/1 at k = 1, so no Clopper–Pearson; with 4
    // tasks the score bound is within one effective success of 0 (T/r̂·(z/t₃)²·x̄ ≈ 0.75), so the tail
    // bound valid for every population (test/sim/taskAverage/populationTailBound.test.ts).
    const mixed = taskAverageBound(
      [
        { n: 2, c: 1 },
        { n: 2, c: 0 },
        { n: 2, c: 2 },
        { n: 2, c: 0 },
      ],
      { metric: 'passAtK', k: 1, confidence: 0.95, side: 'lower', estimand: 'population' },
    );
    expect(mixed!.method).toBe('population-tail');
  });

  it('every estimate at the far edge: the exact bound alone, α^{1/T}, though the score bound is further out (T = 5)', () => {
    // Python: 0.05 ** (1 / 5) = 0.5492802716530588; the score bound at r̂ = 1 would be 1/(1 + w),
    // w = scipy.stats.t.ppf(0.95, 4)² / 5 → 0.523847051593243 (what min(score, exact) gave before).
    // pass@4 of 5 tasks with n 5 and c ≥ 2: every estimate 1 (1 − C(5 − c, 4)/C(5, 4) = 1).
    const allOne = [2, 3, 5, 4, 2].map((c) => ({ n: 5, c }));
    const lower = taskAverageBound(allOne, { metric: 'passAtK', k: 4, confidence: 0.95, side: 'lower', estimand: 'population' });
    expect(lower).toEqual({ bound: expect.closeTo(0.5492802716530588, 12), method: 'clopper-pearson' });
    // Mirrored: every estimate 0, the upper bound 1 − 0.05^{1/5} = 0.4507197283469412.
    const allZero = Array.from({ length: 5 }, () => ({ n: 3, c: 0 }));
    const upper = taskAverageBound(allZero, { metric: 'passHatK', k: 2, confidence: 0.95, side: 'upper', estimand: 'population' });
    expect(upper).toEqual({ bound: expect.closeTo(0.4507197283469412, 12), method: 'clopper-pearson' });
    // At the near edge (all 0, lower bound) nothing changes: 0.
    expect(taskAverageBound(allZero, { metric: 'passHatK', k: 2, confidence: 0.95, side: 'lower', estimand: 'population' })!.bound).toBe(0);
  });

  it('the far-edge bound holds for every population: P(all T estimates at 1) ≤ μ^T, exactly, on two-point populations', () => {
    // Tasks at p = q with probability π, else 0; pass@4 with n = 5: P(θ̂ = 1 | q) = P(C ≥ 2), μ = π(1 − (1 − q)^4).
    // The false-pass rate of the far-edge bound is P(all 5 at 1) = (π·P(C ≥ 2))^5 when μ < 0.05^{1/5}.
    let worst = 0;
    for (let i = 1; i <= 100; i++)
      for (let j = 1; j <= 100; j++) {
        const [q, pi] = [i / 100, j / 100];
        const atOne = 1 - (1 - q) ** 5 - 5 * q * (1 - q) ** 4;
        const mu = pi * (1 - (1 - q) ** 4);
        if (mu < 0.05 ** (1 / 5)) worst = Math.max(worst, (pi * atOne) ** 5);
      }
    expect(worst).toBeLessThanOrEqual(0.05);
  });
});
