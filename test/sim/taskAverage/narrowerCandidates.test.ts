import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the benchmark scripts (built code; `pnpm test` builds first).
import { compareDataset, narrowerDifference, narrowerInterval } from '../../../bench/coverageCells.mjs';
import { pairedDifferenceInterval, PopulationFits } from '../../../packages/sim/src/taskAverage/differenceInterval.js';
import { populationInterval } from '../../../packages/sim/src/taskAverage/populationInterval.js';

// The coverage study's narrower candidates (bench/coverageCells.mjs, issue #42, reason '… needed' of
// bench/coverageReasons.mjs) switch one part of a default interval off. They are only meaningful if
// the bench's re-computation with no part off is the default itself: checked here against the
// library on datasets of the study's compare cells (agreement to rounding, 1e-12).

describe('narrowerDifference (compare difference with one part off)', () => {
  it('with no part off it is pairedDifferenceInterval, on skewed, near-edge and point-mass cells', () => {
    let worst = 0;
    for (const [population, n, T] of [
      ['kumaraswamy(0.5,3)', 10, 10],
      ['beta(4,1)', 16, 10],
      ['mix(0.3@0,0.2@1,0.5*beta(2,2))', 5, 30],
    ] as const)
      for (let d = 0; d < 4; d++) {
        const pairs = compareDataset(population, n, T, '1', d);
        for (const k of [1, 4])
          for (const metric of ['passAtK', 'passHatK'] as const) {
            const fits = new PopulationFits();
            const level = { confidence: 0.95, sides: 2 } as const;
            const library = pairedDifferenceInterval(pairs, metric, k, level, fits);
            const bench = narrowerDifference('default', pairs, metric, k, level, fits);
            if (library === null) throw new Error('fewer than 2 tasks');
            worst = Math.max(worst, Math.abs(library.lower - bench.lower), Math.abs(library.upper - bench.upper));
          }
      }
    expect(worst).toBeLessThan(1e-12);
  });

  it('without the EL union it is no wider than the default (the union only widens)', () => {
    const level = { confidence: 0.95, sides: 2 } as const;
    // (Without the floors the quantile goes back to t at T − 1, above the calibrated one: that
    // candidate can be wider, so it is not checked here.)
    for (let d = 0; d < 6; d++) {
      const data = compareDataset('kumaraswamy(0.5,3)', 10, 10, '1', d);
      const own = new PopulationFits();
      const narrower = narrowerDifference('EL', data, 'passHatK', 4, level, own);
      const whole = narrowerDifference('default', data, 'passHatK', 4, level, own);
      expect(narrower.lower).toBeGreaterThanOrEqual(whole.lower - 1e-12);
      expect(narrower.upper).toBeLessThanOrEqual(whole.upper + 1e-12);
    }
  });
});

describe("narrowerDifference 'exact' (the exact bounds of an agent all at 0 or all at 1 left out)", () => {
  it('where both agents are all at 0 it is the floors-only interval, inside the default ±(1 − 0.0125^{1/10})', () => {
    const level = { confidence: 0.95, sides: 2 } as const;
    // pass^4 of 10 tasks, every count below 4 of 10 for both agents: every estimate 0.
    const counts = [0, 1, 3, 0, 2, 0, 0, 1, 3, 0];
    const pairs = counts.map((c, t) => ({ a: { n: 10, c }, b: { n: 10, c: counts[(t + 3) % 10]! } }));
    const fits = new PopulationFits();
    const without = narrowerDifference('exact', pairs, 'passHatK', 4, level, fits);
    const whole = narrowerDifference('default', pairs, 'passHatK', 4, level, fits);
    // 1 − 0.0125^(1/10) = 0.35480498785178405 (python3 test/reference/degenerate_arm_reference.py).
    expect(whole.upper).toBeCloseTo(0.35480498785178405, 12);
    expect(whole.lower).toBeCloseTo(-0.35480498785178405, 12);
    expect(without.upper).toBeLessThan(whole.upper);
    expect(without.lower).toBeGreaterThan(whole.lower);
  });
});

describe("narrowerDifference 'sparse' (the bounds of an agent with 1 or 2 tasks off 0 left out)", () => {
  it("where no agent is all at 0 but B has 2 tasks above 0 it is 'exact', inside the default", () => {
    const level = { confidence: 0.95, sides: 2 } as const;
    // pass^4 of 30 tasks, n 16: B at 6 and 8 of 16 on two tasks, below 4 elsewhere; A on 5 tasks at 4..7.
    const countsA = [4, 0, 1, 7, 0, 2, 5, 0, 1, 0, 3, 0, 6, 0, 1, 0, 2, 0, 0, 4, 0, 1, 0, 0, 2, 0, 3, 0, 1, 0];
    const countsB = [6, 1, 0, 8, 2, 0, 3, 0, 1, 0, 0, 2, 3, 0, 0, 1, 0, 0, 3, 0, 1, 0, 0, 2, 0, 0, 1, 0, 0, 3];
    const pairs = countsA.map((c, t) => ({ a: { n: 16, c }, b: { n: 16, c: countsB[t]! } }));
    const fits = new PopulationFits();
    const sparse = narrowerDifference('sparse', pairs, 'passHatK', 4, level, fits);
    const exact = narrowerDifference('exact', pairs, 'passHatK', 4, level, fits);
    const whole = narrowerDifference('default', pairs, 'passHatK', 4, level, fits);
    expect(sparse).toEqual(exact);
    expect(sparse.upper).toBeLessThan(whole.upper - 0.05);
    expect(sparse.lower).toBeGreaterThanOrEqual(whole.lower);
  });
});

describe('narrowerInterval (task-population interval with one part off)', () => {
  const values = [
    { value: 1, weight: 7 },
    { value: 0.5, weight: 2 },
    { value: 0, weight: 1 },
  ];
  const floor = { ratio: 0.1, variance: 0.05 };

  it("'CP' two-sided is the default; 'Beta' and 'ratio' leave out that floor alone", () => {
    expect(narrowerInterval('CP', values, floor, 0.95)).toEqual(populationInterval(values, { confidence: 0.95, sides: 2 }, floor));
    expect(narrowerInterval('Beta', values, floor, 0.95)).toEqual(populationInterval(values, { confidence: 0.95, sides: 2 }, { ratio: 0.1 }));
    expect(narrowerInterval('ratio', values, floor, 0.95)).toEqual(populationInterval(values, { confidence: 0.95, sides: 2 }, { variance: 0.05 }));
  });

  it("'equal' gives the point when every value is 1 (the default: [1/(1 + w), 1]), else the default", () => {
    const ones = [{ value: 1, weight: 20 }];
    expect(narrowerInterval('equal', ones, floor, 0.95)).toEqual({ lower: 1, upper: 1 });
    // The default at 20 tasks all at 1: 1/(1 + t₁₉(0.975)²/20) = 0.8203193 (scipy.stats.t.ppf(0.975, 19); populationInterval's doc example).
    expect(populationInterval(ones, { confidence: 0.95, sides: 2 }, floor)?.lower).toBeCloseTo(0.8203193, 6);
    expect(narrowerInterval('equal', values, floor, 0.95)).toEqual(populationInterval(values, { confidence: 0.95, sides: 2 }, floor));
  });

  it("'t' uses the normal quantile: narrower than the default's t at T − 1 = 9", () => {
    const t = narrowerInterval('t', values, floor, 0.95);
    const full = populationInterval(values, { confidence: 0.95, sides: 2 }, floor);
    if (full === null) throw new Error('fewer than 2 tasks');
    expect(t.upper - t.lower).toBeLessThan(full.upper - full.lower);
  });
});
