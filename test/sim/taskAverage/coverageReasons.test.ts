import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the benchmark scripts.
import { attainableLowerBound, forcedLowerBoundShare, twoPointBoundCap } from '../../../bench/attainableCoverage.mjs';
// @ts-expect-error: a plain .mjs module of the benchmark scripts.
import { narrowerStats, outOfBandLines, outOfBandReason } from '../../../bench/coverageReasons.mjs';
// @ts-expect-error: a plain .mjs module of the benchmark scripts.
import { correlation, normalTheoryCoverage, redrawCoverage, trialNoise } from '../../../bench/coverageCells.mjs';

// Why a coverage-study cell is outside [94 %, 97 %] (bench/coverageReasons.mjs, issue #42). Expected
// values by hand from the definitions (quoted per case).

describe('attainableLowerBound (one-sided lower bound monotone in the estimate)', () => {
  it('100 distinct equally likely estimates: every atom ≤ θ, then whole atoms up to 94 of 100', () => {
    const values = Array.from({ length: 100 }, (_, i) => i / 100);
    // 31 atoms ≤ 0.305; the first run of atoms from the bottom with mass ≥ 0.94 is 94 atoms.
    expect(attainableLowerBound(values, 0.305, 0.94)).toBe(0.94);
    // θ above the 96th atom: the atoms ≤ θ alone carry 0.96.
    expect(attainableLowerBound(values, 0.955, 0.94)).toBe(0.96);
  });

  it('an atom cannot be split: estimates 0 (5 of 100) and 1 (95 of 100), θ = 0.5 → 1', () => {
    const values = [...Array<number>(5).fill(0), ...Array<number>(95).fill(1)];
    // Covering only the atom at 0 gives 0.05 < 0.94; the next atom brings the mass to 1.
    expect(attainableLowerBound(values, 0.5, 0.94)).toBe(1);
  });
});

describe('forcedLowerBoundShare (what any lower bound valid for every population covers)', () => {
  it('T = 10 near 1: Clopper–Pearson at ⌈10·x̄⌉ of 10 is below θ = 0.8 up to x̄ = 1 (0.05^{1/10} = 0.74113)', () => {
    // python3: scipy.stats.beta.ppf(0.05, 10, 1) = 0.7411344491069477 ≤ 0.8, so every estimate is forced.
    expect(forcedLowerBoundShare([1, 0.95, 0.9, 0.5], 0.8, 10, 0.05)).toBe(1);
    // θ = 0.75: 10 of 10 (0.7411) stays forced, and 9.5 of 10 rounds up to it; 9 of 10
    // (beta.ppf(0.05, 9, 2) = 0.6058) too; at θ = 0.7 only the estimates ≤ 0.9 are forced.
    expect(forcedLowerBoundShare([1, 0.95, 0.9, 0.5], 0.75, 10, 0.05)).toBe(1);
    expect(forcedLowerBoundShare([1, 0.95, 0.9, 0.5], 0.7, 10, 0.05)).toBe(0.5);
  });

  it('T = 30: the bound at 30 of 30 is 0.05^{1/30} = 0.90497, above θ = 0.8: not forced', () => {
    expect(forcedLowerBoundShare([1], 0.8, 30, 0.05)).toBe(0);
  });
});

describe('twoPointBoundCap (the largest valid lower bound under the populations "p = q or 0")', () => {
  // Expected values: test/reference/two_point_bound_cap.py (scipy binom.sf, the same grid of q).
  it('pass^8, one task of 5 at 8 of 10 (x̄ = 1/225): 0.000529489; two tasks (2/225): 0.003674242', () => {
    const design = { trials: [10, 10, 10, 10, 10], metric: 'passHatK', k: 8 };
    expect(twoPointBoundCap(1 / 225, design, 0.05)).toBeCloseTo(0.0005294890075023083, 15);
    expect(twoPointBoundCap(2 / 225, design, 0.05)).toBeCloseTo(0.003674242266926405, 14);
    // n 16, T 10, one task at 8 of 16: 1.7559076438155367e-06.
    const sixteen = { trials: Array<number>(10).fill(16), metric: 'passHatK', k: 8 };
    expect(twoPointBoundCap(1 / (10 * 12870), sixteen, 0.05) / 1.7559076438155367e-6).toBeCloseTo(1, 12);
    // Three tasks at 12 of 16 (x̄ = 3·495/128700): reached by m = 3 tasks each at T·x̄/3 → 0.00243028912709731.
    expect(twoPointBoundCap((3 * 495) / 128700, sixteen, 0.05)).toBeCloseTo(0.00243028912709731, 14);
  });

  it('pass@1 reaches Clopper–Pearson at one success: 1 − 0.95^{1/10} = 0.0051162 (n 1, and n 5/3)', () => {
    expect(twoPointBoundCap(0.1, { trials: Array<number>(10).fill(1), metric: 'passAtK', k: 1 }, 0.05)).toBeCloseTo(0.00511619689182371, 14);
    expect(twoPointBoundCap(0.08, { trials: [5, 5, 5, 5, 5, 3, 3, 3, 3, 3], metric: 'passAtK', k: 1 }, 0.05)).toBeCloseTo(0.005116196891823743, 14);
  });

  it('an estimate no single task reaches takes m ≥ 3 tasks (0.18925537743777); 0 has no cap (∞)', () => {
    const design = { trials: [10, 10, 10, 10, 10], metric: 'passHatK', k: 8 };
    // Python (the reference above): cap(0.5, [10]*5, 'passHatK', 8, 0.05) = 0.1892553774377708.
    expect(twoPointBoundCap(0.5, design, 0.05)).toBeCloseTo(0.1892553774377708, 13);
    expect(twoPointBoundCap(0, design, 0.05)).toBe(Number.POSITIVE_INFINITY);
  });

  it('forcedLowerBoundShare with the design counts the estimates capped below the truth', () => {
    const design = { trials: [10, 10, 10, 10, 10], metric: 'passHatK', k: 8 };
    // Truth 0.001: 0 is covered by any bound; 1/225 is capped at 0.00053 (forced); 2/225 at 0.00367 (not).
    // Without the design only Clopper–Pearson (1 of 5: 0.0102) applies and neither is forced.
    expect(forcedLowerBoundShare([0, 1 / 225, 2 / 225, 0], 0.001, 5, 0.05, design)).toBe(0.75);
    expect(forcedLowerBoundShare([0, 1 / 225, 2 / 225, 0], 0.001, 5, 0.05)).toBe(0.5);
  });
});

describe("what 'wider than noise' and 'SE follows the error' read (bench/coverageCells.mjs)", () => {
  it('redrawCoverage: the share of redrawn estimates within the half-widths of the truth', () => {
    // 3 draws of 2 one-trial tasks: estimates 0.5, 0, 1 against θ = 0.5 → errors 0, −0.5, 0.5;
    // |error| ≤ 0.25 once (1/3), error ≤ 0.25 twice (2/3).
    const redrawn = Int32Array.from([1, 0, 0, 0, 1, 1]);
    expect(redrawCoverage(redrawn, Int32Array.from([1, 1]), 'passAtK', 1, 0.5, { twoSided: 0.25, lower: 0.25 })).toEqual({
      twoSided: 1 / 3,
      lower: 2 / 3,
    });
  });

  it("correlation: Pearson's r from running sums (numpy.corrcoef([1, 2, 3], [2, 4, 5]) = 0.9819805060619656)", () => {
    const sums = { pairs: 3, x: 6, y: 11, xx: 14, yy: 45, xy: 25 };
    expect(correlation(sums)).toBeCloseTo(0.9819805060619656, 14);
    expect(correlation({ pairs: 2, x: 2, y: 3, xx: 2, yy: 5, xy: 3 })).toBe(0);
  });

  it('trialNoise: Σ Var(θ̂_t | p_t)/T² over the tasks with n ≥ k; pass@1 has Var = p(1 − p)/n', () => {
    // Tasks p 0.3 and 0.5 with 10 trials, one with 2 trials left out at k = 4.
    expect(trialNoise([0.3, 0.5], [10, 10], 'passAtK', 1)).toBeCloseTo((0.021 + 0.025) / 4, 15);
    // pass^1 of one task at p = 0.2, n 5: 0.2·0.8/5; a task at p = 1 adds no noise.
    expect(trialNoise([0.2, 1], [5, 5], 'passHatK', 1)).toBeCloseTo(0.032 / 4, 15);
    // pass^2 with n 2 has θ̂ = 1 when both pass: Var = p²(1 − p²); the n = 1 task is left out at k 2.
    expect(trialNoise([0.5, 0.9], [2, 1], 'passHatK', 2)).toBeCloseTo(0.25 * 0.75, 15);
  });

  it('normalTheoryCoverage: 2Φ(h/√v) − 1 two-sided, Φ(h/√v) one-sided, 1 with no noise', () => {
    expect(normalTheoryCoverage(1.959963984540054, 1, 2)).toBeCloseTo(0.95, 12);
    expect(normalTheoryCoverage(2 * 1.6448536269514722, 4, 1)).toBeCloseTo(0.95, 12);
    // t quantile at 9 df (2.2621571628) on an exact SE: 97.6 %.
    expect(normalTheoryCoverage(2.2621571628, 1, 2)).toBeCloseTo(0.97631, 4);
    expect(normalTheoryCoverage(0.1, 0, 2)).toBe(1);
  });
});

describe('outOfBandReason', () => {
  const base = { datasets: 200, attainable: { atLeast94: 0.94, equalTailed95: 0.95, lowerBound94: 0.94 }, sides: 2, k: 1, nMin: 10, benchmark: true };

  it('inside the band: null', () => {
    expect(outOfBandReason({ ...base, coverage: 0.95 })).toBeNull();
  });

  it('within 2 SE of the nearer edge: MC error', () => {
    // 200 datasets: SE at 94 % is √(0.94·0.06/200) = 0.01679, so 0.91 (0.03 below) is within 2 SE, 0.90 is not.
    expect(outOfBandReason({ ...base, coverage: 0.91 })).toBe('MC error');
    expect(outOfBandReason({ ...base, coverage: 0.9 })).toBe('no stated reason');
    // SE at 97 % is √(0.97·0.03/200) = 0.01206: 0.99 is within 2 SE, 0.995 is not.
    expect(outOfBandReason({ ...base, coverage: 0.99 })).toBe('MC error');
    expect(outOfBandReason({ ...base, coverage: 0.995 })).toBe('no stated reason');
  });

  it('above the band where the estimate is discrete: discreteness, then equal tails', () => {
    expect(outOfBandReason({ ...base, coverage: 1, attainable: { atLeast94: 0.995, equalTailed95: 1 } })).toBe('discreteness');
    expect(outOfBandReason({ ...base, coverage: 1, attainable: { atLeast94: 0.95, equalTailed95: 0.998 } })).toBe('equal tails');
    // The one-sided bound is judged by the attainable coverage of a lower bound.
    expect(outOfBandReason({ ...base, sides: 1, coverage: 1, attainable: { atLeast94: 0.95, equalTailed95: 1, lowerBound94: 1 } })).toBe('discreteness');
  });

  it('a one-sided lower bound above the band that no valid bound could avoid: any valid bound', () => {
    const attainable = { atLeast94: 0.95, equalTailed95: 0.95, lowerBound94: 0.94, validLowerBound94: 1 };
    expect(outOfBandReason({ ...base, benchmark: false, sides: 1, coverage: 1, attainable })).toBe('any valid bound');
    // Not for two-sided intervals (their attainable coverage is atLeast94 / equalTailed95).
    expect(outOfBandReason({ ...base, benchmark: false, coverage: 1, attainable })).toBe('no stated reason');
  });

  it('below, measured again on fresh datasets: MC error (fresh) when the recheck reaches 94 % − 2 SE', () => {
    // 1000 fresh datasets: 94 % − 2·√(0.94·0.06/1000) = 0.92498; 0.93 reaches it, 0.92 does not.
    expect(outOfBandReason({ ...base, coverage: 0.88, recheck: { coverage: 0.93, datasets: 1000 } })).toBe('MC error (fresh)');
    expect(outOfBandReason({ ...base, coverage: 0.88, recheck: { coverage: 0.92, datasets: 1000 } })).toBe('no stated reason');
  });

  it('above, measured again on fresh datasets: MC error (fresh) when the recheck is within 97 % + 2 SE', () => {
    // 1000 fresh datasets: 97 % + 2·√(0.97·0.03/1000) = 0.98079; 0.98 is within it, 0.985 is not.
    expect(outOfBandReason({ ...base, coverage: 1, recheck: { coverage: 0.98, datasets: 1000 } })).toBe('MC error (fresh)');
    expect(outOfBandReason({ ...base, coverage: 1, recheck: { coverage: 0.985, datasets: 1000 } })).toBe('no stated reason');
  });

  it('this benchmark with 2k > n: the trial noise is not identified; 2k ≤ n is no excuse', () => {
    expect(outOfBandReason({ ...base, coverage: 0.85, k: 8, nMin: 10 })).toBe('k > n/2');
    expect(outOfBandReason({ ...base, coverage: 0.85, k: 5, nMin: 10 })).toBe('no stated reason');
    expect(outOfBandReason({ ...base, coverage: 0.85, k: 8, nMin: 10, benchmark: false })).toBe('no stated reason');
  });

  it("above the band where the interval's normal-theory coverage at the true noise explains it: wider than noise", () => {
    // N = 0.98 (e.g. a t quantile at 9 df on an SE 1.06× the true noise): 2 SE at N over 200 datasets
    // is 2·√(0.98·0.02/200) = 0.0198, so coverage up to 0.9998 is explained, and 1 is not.
    expect(outOfBandReason({ ...base, coverage: 0.995, normalCoverage: 0.98 })).toBe('wider than noise');
    expect(outOfBandReason({ ...base, coverage: 1, normalCoverage: 0.98 })).toBe('no stated reason');
    // N inside the band explains nothing (the interval is not wider than the band calls for).
    expect(outOfBandReason({ ...base, coverage: 0.995, normalCoverage: 0.965 })).toBe('no stated reason');
    // Not below the band, not for the task population, not without the measurement.
    expect(outOfBandReason({ ...base, coverage: 0.9, normalCoverage: 0.98 })).toBe('no stated reason');
    expect(outOfBandReason({ ...base, coverage: 0.995, normalCoverage: 0.98, benchmark: false })).toBe('no stated reason');
    expect(outOfBandReason({ ...base, coverage: 0.995 })).toBe('no stated reason');
  });

  it("'wider than noise' reads the redrawn noise coverage where it is measured, before the normal one", () => {
    // Redrawn N = 0.985: 2·√(0.985·0.015/200) = 0.01719, so 1 is explained though the normal 0.98 would not.
    expect(outOfBandReason({ ...base, coverage: 1, normalCoverage: 0.98, redrawCoverage: 0.985 })).toBe('wider than noise');
    // A redrawn N in the band explains nothing even where the normal approximation would.
    expect(outOfBandReason({ ...base, coverage: 0.995, normalCoverage: 0.98, redrawCoverage: 0.965 })).toBe('no stated reason');
  });

  it("a this-benchmark lower bound whose SE grows with the error: 'SE follows the error'", () => {
    // Width held fixed: N = 0.96, 2·√(0.96·0.04/200) = 0.0277, so C = 1 is not explained by the width;
    // correlation 0.45 > 2/√200 = 0.1414.
    const lower = { ...base, sides: 1, coverage: 1, redrawCoverage: 0.96 };
    expect(outOfBandReason({ ...lower, errorSeCorrelation: 0.45 })).toBe('SE follows the error');
    // A correlation within chance of 0, a two-sided interval, or the task population: no.
    expect(outOfBandReason({ ...lower, errorSeCorrelation: 0.1 })).toBe('no stated reason');
    expect(outOfBandReason({ ...lower, sides: 2, errorSeCorrelation: 0.45 })).toBe('no stated reason');
    expect(outOfBandReason({ ...lower, benchmark: false, errorSeCorrelation: 0.45 })).toBe('no stated reason');
    // Where the width alone explains the coverage, that is the reason given.
    expect(outOfBandReason({ ...lower, redrawCoverage: 0.99, errorSeCorrelation: 0.45 })).toBe('wider than noise');
  });

  it("a two-sided this-benchmark interval whose SE grows with |error|: 'SE follows the error'", () => {
    // Compare's pass@4 of Beta(4, 1), n 10, T 10 as bench/coverage.json records it: C = 0.995, width held
    // fixed N = 0.9695 (2·√(0.9695·0.0305/200) = 0.02433: 0.9938 < 0.995), |error|–SE correlation 0.69 > 2/√200 = 0.1414.
    const twoSided = { ...base, sides: 2, coverage: 0.995, redrawCoverage: 0.9695 };
    expect(outOfBandReason({ ...twoSided, absErrorSeCorrelation: 0.69, errorSeCorrelation: 0.12 })).toBe('SE follows the error');
    // Two-sided, the signed correlation is not what counts: |error| within chance of 0 → no reason.
    expect(outOfBandReason({ ...twoSided, absErrorSeCorrelation: 0.1, errorSeCorrelation: 0.45 })).toBe('no stated reason');
    // One-sided, the absolute one is not what counts.
    expect(outOfBandReason({ ...twoSided, sides: 1, absErrorSeCorrelation: 0.69, errorSeCorrelation: 0.1 })).toBe('no stated reason');
    // The record's field reaches the rule through cellVerdict (as --report reads bench/coverage.json).
    const row = {
      distribution: 'beta(4,1)',
      n: 10,
      T: 10,
      k: 4,
      metric: 'passAtK',
      datasets: 200,
      benchmark: { 'trial-noise': { coverage: 0.995 } },
      noise: { redrawCoverage: { 'trial-noise': 0.9695 }, errorSeCorrelation: 0.12, absErrorSeCorrelation: 0.69 },
    };
    const part = { label: 'Compare, benchmark', rows: [row], method: 'trial-noise', sides: 2, estimand: 'benchmark', benchmark: true };
    expect((outOfBandLines([part], 200) as string[]).join(' ')).toContain('99.5 %  above: SE follows the error');
  });

  it('correlation of |x̄ − θ| with the SE: errors ±1, ±2, ±3 (SE 1, 2, 3 each) → 1; SE against the signed errors → 0', () => {
    // By hand: |error| = SE exactly gives 1; the signed errors are symmetric at each SE, so their covariance is 0.
    const sums = (pairs: [number, number][]) =>
      pairs.reduce((s, [x, y]) => ({ pairs: s.pairs + 1, x: s.x + x, y: s.y + y, xx: s.xx + x * x, yy: s.yy + y * y, xy: s.xy + x * y }), {
        pairs: 0,
        x: 0,
        y: 0,
        xx: 0,
        yy: 0,
        xy: 0,
      });
    const errors = [-1, 1, -2, 2, -3, 3];
    const ses = [1, 1, 2, 2, 3, 3];
    expect(correlation(sums(errors.map((e, i) => [Math.abs(e), ses[i]])))).toBeCloseTo(1, 12);
    expect(correlation(sums(errors.map((e, i) => [e, ses[i]])))).toBeCloseTo(0, 12);
  });

  it('outOfBandLines lists each cell outside and counts the failures', () => {
    const rows = [
      { distribution: 'uniform', n: 10, T: 30, k: 1, metric: 'passAtK', datasets: 200, benchmark: { m: { coverage: 0.95 } } },
      { distribution: 'uniform', n: 10, T: 30, k: 4, metric: 'passAtK', datasets: 200, benchmark: { m: { coverage: 0.85 } } },
      { distribution: 'uniform', n: 10, T: 30, k: 8, metric: 'passAtK', datasets: 200, benchmark: { m: { coverage: 0.85 } } },
      { distribution: 'uniform', n: 10, unequal: true, T: 30, k: 8, metric: 'passAtK', datasets: 200, benchmark: { m: { coverage: 0.85 } } },
      // Read from the record's noise.normalCoverage under the method.
      {
        distribution: 'uniform',
        n: 10,
        T: 30,
        k: 1,
        metric: 'passHatK',
        datasets: 200,
        benchmark: { m: { coverage: 0.995 } },
        noise: { normalCoverage: { m: 0.98 } },
      },
    ];
    const lines = outOfBandLines([{ label: 'This benchmark', rows, method: 'm', sides: 2, estimand: 'benchmark', benchmark: true }], 200) as string[];
    expect(lines.filter((line) => line.includes('85.0 %'))).toHaveLength(3);
    // The unequal cell at k 8 uses only its tasks with n = 10 (those with 5 are left out): 2k > 10.
    expect(lines.join(' ').replace(/\s+/g, ' ')).toContain(
      'in band 1, above: wider than noise 1, below: k > n/2 2, below: no stated reason 1; outside for no stated reason: 1',
    );
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
  });
});

describe("'PART needed' (a task-population cell wider than needed, no part removable)", () => {
  const base = { datasets: 200, attainable: { atLeast94: 0.94, equalTailed95: 0.95, lowerBound94: 0.94 }, sides: 2, k: 8, nMin: 10, benchmark: false };

  it('a candidate that brings the cell within 2 SE of 97 % and loses coverage elsewhere: the reason', () => {
    // SE at 97 % with 200 datasets: 0.01206, so 0.99 is in reach, 0.995 not (as for MC error).
    const narrower = [
      { name: 't', coverage: 0.96, failsElsewhere: true },
      { name: 'Beta', coverage: 0.995, failsElsewhere: false },
    ];
    expect(outOfBandReason({ ...base, coverage: 1, narrower })).toBe('t needed');
  });

  it('a candidate that brings the cell in and loses nothing: no stated reason (the change is due)', () => {
    const narrower = [
      { name: 't', coverage: 0.96, failsElsewhere: true },
      { name: 'ratio', coverage: 0.95, failsElsewhere: false },
    ];
    expect(outOfBandReason({ ...base, coverage: 1, narrower })).toBe('no stated reason');
  });

  it('no candidate brings the cell in, or the cell is below: no stated reason', () => {
    expect(outOfBandReason({ ...base, coverage: 1, narrower: [{ name: 't', coverage: 0.995, failsElsewhere: true }] })).toBe('no stated reason');
    expect(outOfBandReason({ ...base, coverage: 0.85, narrower: [{ name: 't', coverage: 0.8, failsElsewhere: true }] })).toBe('no stated reason');
  });

  it('narrowerStats counts cells below 94 % − 2 SE with each candidate against the default', () => {
    // 200 datasets: 94 % − 2·√(0.94·0.06/200) = 0.90641.
    const row = (coverage: number, normal: number, floor: number) => ({
      distribution: 'uniform',
      n: 10,
      T: 10,
      k: 4,
      metric: 'passAtK',
      datasets: 200,
      population: { score: { coverage } },
      narrower: { population: { t: { score: { coverage: normal } }, Beta: { score: { coverage: floor } } } },
    });
    const rows = [row(0.95, 0.9, 0.95), row(0.9, 0.9, 0.8), row(1, 0.96, 1)];
    const stats = narrowerStats(rows, { estimand: 'population', method: 'score' }, 200) as {
      name: string;
      below: number;
      defaultBelow: number;
      failsElsewhere: boolean;
    }[];
    // Default: one cell (0.90) below; t → normal: two (0.90, 0.90) → loses coverage; no Beta floor: one (0.80) → not more.
    expect(stats.map(({ name, below, defaultBelow, failsElsewhere }) => [name, below, defaultBelow, failsElsewhere])).toEqual([
      ['t', 2, 1, true],
      ['Beta', 1, 1, false],
    ]);
    const lines = outOfBandLines([{ label: 'Task population', rows, method: 'score', sides: 2, estimand: 'population', benchmark: false }], 200) as string[];
    const text = lines.join(' ').replace(/\s+/g, ' ');
    // The third cell (100 %) comes within reach without the t quantile (96 %), which loses coverage.
    expect(text).toContain('above: t needed 1');
    expect(text).toContain('without the t quantile (normal): cells < 94 % − 2 SE 2 (default 1), lowest 90.0 %');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
  });
});
