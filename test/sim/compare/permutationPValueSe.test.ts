import { describe, expect, it } from 'vitest';
import { signFlipTest } from '../../../packages/sim/src/compare/signFlipTest.js';
import { trialPermutationTestSteps, type PairedCounts } from '../../../packages/sim/src/compare/trialPermutationTest.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { runSteps } from '../../../packages/sim/src/stepwise.js';

// The Monte Carlo p-value of a permutation test, p = (b + 1)/(R + 1) with b ~ Binomial(R, p₀) the
// random patterns at least as extreme (Phipson & Smyth 2010), reports SE √(p(1 − p)/R). Closed
// forms from the binomial law of b: Var(p) = R·p₀(1 − p₀)/(R + 1)², and
// E[p(1 − p)]/R = (E p − E p²)/R with E p = (R·p₀ + 1)/(R + 1), E p² = (R·p₀(1 − p₀) + (R·p₀ + 1)²)/(R + 1)².
// Over M seeds the sample variance of p and the mean reported SE² are held to those closed forms
// within 4 of their standard errors (the sample variance's relative SE √(2/(M − 1)), normal law of
// b; the mean SE²'s from its own sample sd): an SE off by a factor of R, or of √2, fails.

/** Var(p) and E[SE²] of p = (b + 1)/(R + 1), b ~ Binomial(R, p₀) (closed forms above). */
function binomialPValueMoments(p0: number, R: number) {
  const variance = (R * p0 * (1 - p0)) / (R + 1) ** 2;
  const mean = (R * p0 + 1) / (R + 1);
  const meanSquare = (R * p0 * (1 - p0) + (R * p0 + 1) ** 2) / (R + 1) ** 2;
  return { variance, meanSe2: (mean - meanSquare) / R };
}

/** Sample variance (÷(M − 1)) of the p-values, and the mean of the SE² with its standard error. */
function spread(results: ReadonlyArray<{ value: number; se: number | null }>) {
  const M = results.length;
  const mean = results.reduce((a, r) => a + r.value, 0) / M;
  const variance = results.reduce((a, r) => a + (r.value - mean) ** 2, 0) / (M - 1);
  const se2 = results.map((r) => r.se! ** 2);
  const meanSe2 = se2.reduce((a, b) => a + b, 0) / M;
  const meanSe2Se = Math.sqrt(se2.reduce((a, b) => a + (b - meanSe2) ** 2, 0) / (M - 1) / M);
  return { variance, meanSe2, meanSe2Se, M };
}

function expectSpread(results: ReadonlyArray<{ value: number; se: number | null; permutations: number }>, p0: number, R: number): void {
  const closed = binomialPValueMoments(p0, R);
  const measured = spread(results);
  for (const r of results) {
    expect(r.permutations).toBe(R);
    expect(r.se).toBeCloseTo(Math.sqrt((r.value * (1 - r.value)) / R), 15);
  }
  expect(Math.abs(measured.variance / closed.variance - 1)).toBeLessThan(4 * Math.sqrt(2 / (measured.M - 1)));
  expect(Math.abs(measured.meanSe2 - closed.meanSe2)).toBeLessThan(4 * measured.meanSe2Se);
}

describe('permutation p-values: the Monte Carlo SE against the binomial closed form', () => {
  it('sign-flip: 20 differences of +1 and 10 of −1, R = 2000, 400 seeds', () => {
    // p₀ = P(|2X − 30| ≥ 10), X ~ Binomial(30, ½): Σ over x ≤ 10 or x ≥ 20 of C(30, x)/2³⁰ (exact integers).
    const choose = (n: bigint, k: bigint): bigint => {
      let c = 1n;
      for (let i = 0n; i < k; i++) c = (c * (n - i)) / (i + 1n);
      return c;
    };
    let extreme = 0n;
    for (let x = 0n; x <= 30n; x++) if (x <= 10n || x >= 20n) extreme += choose(30n, x);
    const p0 = Number(extreme) / 2 ** 30;
    const d = [...new Array(20).fill(1), ...new Array(10).fill(-1)];
    expect(signFlipTest(d, { exactLimit: 30, replicates: 1, rng: () => streamRng(1) }).value).toBeCloseTo(p0, 14);
    const R = 2000;
    const results = Array.from({ length: 400 }, (_, seed) => signFlipTest(d, { exactLimit: 0, replicates: R, rng: () => streamRng(seed, 'p-value-se') }));
    expect(results[0].method).toBe('monte-carlo');
    expectSpread(results, p0, R);
  });

  it('trial permutation: 12 paired tasks, R = 1000, 300 seeds (p₀ from its exact enumeration)', () => {
    // Run A 0 to 3 of 3 trials, run B 0 to 2 of 2: exact p₀ by the enumeration the Python reference
    // of trialPermutationTest.test.ts checks; the Monte Carlo draws are then Binomial(R, p₀) counts.
    const pair = (cA: number, cB: number): PairedCounts => ({ a: { n: 3, c: cA }, b: { n: 2, c: cB } });
    const pairs = [
      pair(2, 0),
      pair(2, 1),
      pair(1, 0),
      pair(2, 2),
      pair(1, 1),
      pair(2, 0),
      pair(0, 1),
      pair(1, 0),
      pair(2, 1),
      pair(3, 1),
      pair(1, 0),
      pair(1, 2),
    ];
    const value = (n: number, c: number) => c / n;
    const run = (exactCombinations: number, replicates: number, seed: number) =>
      runSteps(trialPermutationTestSteps(pairs, value, { exactCombinations, replicates, rng: () => streamRng(seed, 'p-value-se') }));
    const exact = run(1 << 30, 1, 0);
    expect(exact.method).toBe('exact');
    expect(exact.value).toBeGreaterThan(0.05);
    expect(exact.value).toBeLessThan(0.95);
    const R = 1000;
    const results = Array.from({ length: 300 }, (_, seed) => run(1, R, seed));
    expect(results[0].method).toBe('monte-carlo');
    expectSpread(results, exact.value, R);
  });
});
