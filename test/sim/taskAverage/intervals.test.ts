import { describe, expect, it } from 'vitest';
import { empiricalBernsteinInterval } from '../../../packages/sim/src/taskAverage/empiricalBernstein.js';
import { pairedDifferenceInterval, pairedDifferenceParts } from '../../../packages/sim/src/taskAverage/differenceInterval.js';
import { isSparseArm } from '../../../packages/sim/src/taskAverage/degenerateArmBounds.js';
import { taskEstimate } from '../../../packages/sim/src/taskAverage/taskValues.js';
import { populationInterval } from '../../../packages/sim/src/taskAverage/populationInterval.js';
import { taskAverageIntervals } from '../../../packages/sim/src/taskAverage/taskAverageIntervals.js';
import { momentBetaPrior } from '../../../packages/sim/src/taskAverage/momentBetaPrior.js';
import { trialNoiseVariance } from '../../../packages/sim/src/taskAverage/trialNoiseVariance.js';
import { countGroups } from '../../../packages/sim/src/estimators/taskAverage.js';
import { studentTQuantile } from '../../../packages/sim/src/math/studentT.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

// Expected values: python3 test/reference/uncertainty_reference.py (scipy; the interval formulas
// re-implemented there independently, the trial noise by quadrature over p instead of the
// beta-binomial sum used here).

const weighted = (values: number[]) => values.map((value) => ({ value, weight: 1 }));
const MIXED = [0, 0.25, 0.5, 1, 1, 0.75, 0.125, 0, 1, 0.5];

describe('studentTQuantile', () => {
  it('matches scipy.stats.t.ppf', () => {
    expect(studentTQuantile(0.975, 19)).toBeCloseTo(2.0930240544083087, 12);
    expect(studentTQuantile(0.95, 4)).toBeCloseTo(2.1318467863266495, 12);
    expect(studentTQuantile(0.025, 2.5)).toBeCloseTo(-3.5746548420036834, 11);
    expect(studentTQuantile(0.5, 3)).toBe(0);
  });

  it('keeps its digits at large df, where x = I⁻¹(df/2, ½) is near 1 (1 − x from the solve, not from x)', () => {
    // scipy.stats.t.ppf(0.975, 99999) = 1.9599877077718442 (mpmath, 40 digits: 1.95998770777184478); from 1 − x: 1.95998770777279.
    expect(studentTQuantile(0.975, 99999)).toBeCloseTo(1.9599877077718448, 14);
    // scipy.stats.t.ppf(0.9, 1e7) = 1.2815516502030830 (mpmath).
    expect(studentTQuantile(0.9, 1e7)).toBeCloseTo(1.281551650203083, 14);
  });

  it('overflows to ±∞ where the quantile is beyond the doubles at tiny df, and stays exact near the median', () => {
    // df = 1e-4: x = I⁻¹(0.8; 5e-5, ½) underflows (I at the smallest double is 0.9634, mpmath), so t = ∞
    // (before: 1.27e36); at q = 0.5000001 t = 2.0001399587075595e-5 (mpmath, bisection at 60 digits).
    expect(studentTQuantile(0.6, 1e-4)).toBe(Infinity);
    expect(studentTQuantile(0.4, 1e-4)).toBe(-Infinity);
    expectRelativelyClose(studentTQuantile(0.5000001, 1e-4), 2.0001399587075595e-5, 1e-14);
  });

  it('gives the same value when asked again, between other (q, df), and for the other tail (it remembers the last)', () => {
    // scipy.stats.t.ppf(0.975, 99999) and t.ppf(0.975, 163) = 1.974624620966361 (mpmath: 1.9746246209663612923).
    const first = studentTQuantile(0.975, 99999);
    expect(first).toBeCloseTo(1.9599877077718448, 14);
    expect(Object.is(studentTQuantile(0.975, 99999), first)).toBe(true);
    expect(studentTQuantile(0.025, 99999)).toBeCloseTo(-first, 14); // 1 − 0.975 is not 0.025 exactly
    expect(studentTQuantile(0.975, 163)).toBeCloseTo(1.974624620966361, 14);
    expect(Object.is(studentTQuantile(0.975, 99999), first)).toBe(true);
    expect(studentTQuantile(0.975, 163)).toBeCloseTo(1.974624620966361, 14);
  });
});

describe('populationInterval (score interval with a design effect)', () => {
  it('20 tasks all at 1: [1/(1 + w), 1], not zero width', () => {
    const b = populationInterval(weighted(Array(20).fill(1)), { confidence: 0.95, sides: 2 })!;
    expect(b.lower).toBeCloseTo(0.820319319643005, 12);
    expect(b.upper).toBe(1);
  });

  it('all at 0 gives [0, U] with U > 0', () => {
    const b = populationInterval(weighted(Array(20).fill(0)), { confidence: 0.95, sides: 2 })!;
    expect(b.lower).toBe(0);
    expect(b.upper).toBeCloseTo(1 - 0.820319319643005, 12);
  });

  it('mixed values, two-sided 95 % and one-sided 90 %', () => {
    const two = populationInterval(weighted(MIXED), { confidence: 0.95, sides: 2 })!;
    expect(two.lower).toBeCloseTo(0.2562407883391998, 12);
    expect(two.upper).toBeCloseTo(0.7623525068271784, 12);
    const one = populationInterval(weighted(MIXED), { confidence: 0.9, sides: 1 })!;
    expect(one.lower).toBeCloseTo(0.3422280595045237, 12);
    expect(one.upper).toBe(1);
  });

  it('equal interior values keep the minimum ratio instead of collapsing', () => {
    const b = populationInterval(weighted(Array(10).fill(0.5)), { confidence: 0.95, sides: 2 }, { ratio: 1 / 8 })!;
    expect(b.lower).toBeCloseTo(0.3774019059324444, 12);
    expect(b.upper).toBeCloseTo(0.6225980940675556, 12);
  });

  it('weights are task counts', () => {
    const grouped = populationInterval([{ value: 1, weight: 20 }], { confidence: 0.95, sides: 2 })!;
    expect(grouped.lower).toBeCloseTo(0.820319319643005, 12);
  });

  it('null with one task', () => {
    expect(populationInterval(weighted([0.5]), { confidence: 0.95, sides: 2 })).toBeNull();
  });
});

describe('trialNoiseVariance', () => {
  it('matches quadrature of Var(θ̂ | p) over the Jeffreys posterior', () => {
    expect(trialNoiseVariance('passHatK', 8, 5, 4)).toBeCloseTo(0.04520623585534477, 12);
    expect(trialNoiseVariance('passAtK', 8, 5, 4)).toBeCloseTo(0.011066850934709785, 12);
    expect(trialNoiseVariance('passHatK', 8, 8, 8)).toBeCloseTo(0.12925629827382792, 12);
    expect(trialNoiseVariance('passAtK', 10, 0, 1)).toBeCloseTo(0.003977272727272727, 12);
    // A tiny value (a task at 30/30, pass@8): the quadrature's absolute tolerance is 1e-14, i.e.
    // 0.3 % of it, so agreement is checked to that relative precision.
    expect(trialNoiseVariance('passAtK', 30, 30, 8) / 3.812046663926008e-12).toBeCloseTo(1, 2);
  });
});

describe('benchmarkInterval (this benchmark)', () => {
  // Values on the fitted grid population: test/sim/taskAverage/gridPrior.test.ts (Python reference).
  it('never zero width when every task is at n/n', () => {
    const rows = taskAverageIntervals(
      Array.from({ length: 20 }, () => ({ n: 8, c: 8 })),
      [8],
      { confidence: 0.95, sides: 2 },
    );
    for (const metric of ['passAtK', 'passHatK'] as const) {
      const { population, benchmark } = rows[0]![metric];
      expect(population!.upper - population!.lower).toBeGreaterThan(0);
      expect(benchmark!.upper - benchmark!.lower).toBeGreaterThan(0);
    }
  });

  it('tasks with no trials are left out at every k, also when no task has any (no interval, no error; found by a property test in CI)', () => {
    const none = taskAverageIntervals([{ n: 0, c: 0 }], [1, 2], { confidence: 0.95, sides: 2 });
    expect(none.map((row) => [row.passAtK, row.passHatK])).toEqual([
      [
        { population: null, benchmark: null },
        { population: null, benchmark: null },
      ],
      [
        { population: null, benchmark: null },
        { population: null, benchmark: null },
      ],
    ]);
    const mixed = taskAverageIntervals(
      [
        { n: 0, c: 0 },
        { n: 4, c: 1 },
        { n: 4, c: 3 },
      ],
      [1],
      { confidence: 0.95, sides: 2 },
    );
    const without = taskAverageIntervals(
      [
        { n: 4, c: 1 },
        { n: 4, c: 3 },
      ],
      [1],
      { confidence: 0.95, sides: 2 },
    );
    expect(mixed).toEqual(without);
  });
});

describe('empiricalBernsteinInterval (Waudby-Smith & Ramdas 2024)', () => {
  it('matches the reference implementation of the formula', () => {
    expect(empiricalBernsteinInterval(MIXED, { confidence: 0.95, sides: 2 })).toEqual({ lower: 0, upper: 1 });
    const one = empiricalBernsteinInterval([...MIXED, ...MIXED, ...MIXED, ...MIXED, ...MIXED], { confidence: 0.9, sides: 1 })!;
    expect(one.lower).toBeCloseTo(0.35716964318232547, 12);
    expect(one.upper).toBe(1);
  });
});

describe('populationInterval near an edge', () => {
  // Tasks at 1 and at 0, 95 % two-sided. Within 1 effective count (EDGE_COUNT) the upper bound is the exact one:
  //   49 and 1: python3 test/reference/uncertainty_reference.py: 1 − beta.ppf(0.025, f, n_eff − f + 1), n_eff = 46.61;
  //   47 and 3 (2.8 effective failures): the score bounds, python3: m = 0.94; s2 = 50/49·m(1 − m);
  //   r = s2/(m(1 − m)); q = t.ppf(0.975, 49); w = q²r/50; (m + w/2 ± √(w·m(1 − m) + w²/4))/(1 + w)
  //   (the exact upper bound at f = 2.80 would be 0.988406763548333).
  it.each([
    [49, 1, 0.8902725372174158, 0.9995981109619265],
    [47, 3, 0.8328995306519594, 0.9800964494075083],
  ])('%i tasks at 1 and %i at 0 → [%d, %d]', (ones, zeros, lower, upper) => {
    const b = populationInterval(
      [
        { value: 1, weight: ones },
        { value: 0, weight: zeros },
      ],
      { confidence: 0.95, sides: 2 },
    )!;
    expect(b.lower).toBeCloseTo(lower, 11);
    expect(b.upper).toBeCloseTo(upper, 11);
  });

  it('a variance floor above x̄(1 − x̄) raises r̂ only to 1: Wilson at T, the 0/1 worst case', () => {
    const values = [{ value: 0.9, weight: 20 }];
    const b = populationInterval(values, { confidence: 0.95, sides: 2 }, { ratio: 1 / 8, variance: 0.2 })!;
    // python3: m = 0.9; q = t.ppf(0.975, 19); w = q²/20; (m + w/2 ± √(w·m(1 − m) + w²/4))/(1 + w)
    //   → 0.6820562223022233, 0.9741992334121803 (20·(z/q)²·0.1 = 1.75 effective failures, above 1: no exact bound)
    expect(b.lower).toBeCloseTo(0.6820562223022233, 11);
    expect(b.upper).toBeCloseTo(0.9741992334121803, 11);
    expect(populationInterval(values, { confidence: 0.95, sides: 2 }, { ratio: 1 / 8, variance: 0.09 })).toEqual(b);
  });
});

describe('momentBetaPrior', () => {
  it('tasks 0/4, 4/4, 2/4, 2/4 → Beta(0.4, 0.4)', () => {
    const prior = momentBetaPrior(
      countGroups([
        { n: 4, c: 0 },
        { n: 4, c: 4 },
        { n: 4, c: 2 },
        { n: 4, c: 2 },
      ]),
    )!;
    expect(prior.a).toBeCloseTo(0.4, 14);
    expect(prior.b).toBeCloseTo(0.4, 14);
  });

  it('null when every task is at n/n, or for one task', () => {
    expect(
      momentBetaPrior(
        countGroups([
          { n: 4, c: 4 },
          { n: 4, c: 4 },
        ]),
      ),
    ).toBeNull();
    expect(momentBetaPrior(countGroups([{ n: 4, c: 2 }]))).toBeNull();
  });

  it('no spread beyond binomial noise: the largest concentration', () => {
    const prior = momentBetaPrior(
      countGroups([
        { n: 4, c: 2 },
        { n: 4, c: 2 },
        { n: 4, c: 2 },
      ]),
    )!;
    expect(prior.a + prior.b).toBe(1e5);
  });
});

describe('pairedDifferenceInterval', () => {
  const A = [
    [8, 5],
    [8, 8],
    [8, 2],
    [8, 8],
    [8, 0],
    [8, 6],
  ];
  const B = [
    [8, 7],
    [8, 8],
    [8, 4],
    [8, 8],
    [8, 1],
    [8, 6],
  ];
  const pairs = A.map(([n, c], i) => ({ a: { n: n!, c: c! }, b: { n: B[i]![0]!, c: B[i]![1]! } }));

  it('pass^2 of six paired tasks (python reference: score interval on (D + 1)/2 with the trial-noise floor)', () => {
    // python3 test/reference/uncertainty_reference.py ("difference pass^2"): s² = 0.02636 below the noise
    // floor 0.04320, so the floored variance's df is 8.549 (difference_df: moments by quadrature, the
    // floor's own 2T·v̄²/s_v²) and the quantile 1.97587 (difference_q: calibrated at f = 1 by quadrature
    // of E[2Φ(q√max(W, f)) − 1], widened by t_8.549/t_f_V) instead of t_5 = 2.571.
    const b = pairedDifferenceInterval(pairs, 'passHatK', 2, { confidence: 0.95, sides: 2 })!;
    expect(b.estimate).toBeCloseTo(0.09523809523809523, 14);
    expect(b.df).toBeCloseTo(8.548961239185044, 8);
    expect(b.quantile).toBeCloseTo(1.9758651712768638, 9);
    expect(b.lower).toBeCloseTo(-0.07274713715325354, 9);
    // The score interval's upper bound is 0.25797; the empirical-likelihood interval of the mean of D,
    // [0.00804, 0.27926] (python reference: brentq on −2 log R(μ) = t²₅(0.975)), reaches further above.
    expect(b.upper).toBeCloseTo(0.2792612702725033, 9);
    expect(b.tasks).toBe(6);
  });

  it('pass@8 where (σ_A − σ_B)² under the fitted populations is the binding floor (above s² and the trial noise)', () => {
    // python3 test/reference/uncertainty_reference.py ("difference pass@8"): s² = 0.00170, trial noise
    // 0.00136, (σ_A − σ_B)² = 0.012092 with σ² by quadrature over p; agreement to the quadrature's precision.
    // Neither arm is sparse (`isSparseArm`): each has 3 tasks with pass@8 below 1 (c ≤ 22 of 30).
    const counts = (list: number[]) => list.map((c) => ({ n: 30, c }));
    const a = counts([...Array(14).fill(30), 29, 28, 27, 20, 12, 5]);
    const b = counts([...Array(15).fill(30), 29, 26, 22, 20, 18]);
    const estimates = (arm: { n: number; c: number }[]) => arm.map(({ n, c }) => taskEstimate('passAtK', n, c, 8));
    expect(isSparseArm(estimates(a))).toBe(false);
    expect(isSparseArm(estimates(b))).toBe(false);
    const bounds = pairedDifferenceInterval(
      a.map((x, i) => ({ a: x, b: b[i]! })),
      'passAtK',
      8,
      { confidence: 0.95, sides: 2 },
    )!;
    // df of max(s², F) at c = 1 (the (σ_A − σ_B)² floor counts as known): 56.416; the quantile the
    // calibrated one at f = 1, not widened: 1.87590.
    expect(bounds.df).toBeCloseTo(56.41566254049761, 8);
    expect(bounds.quantile).toBeCloseTo(1.8758985964949446, 9);
    // The score interval; its union with the empirical-likelihood interval reaches no further.
    expect(bounds.lower).toBeCloseTo(-0.036487551317037625, 7);
    expect(bounds.upper).toBeCloseTo(0.055665120117152966, 7);
  });

  it('pass@8 where b is sparse (one task below 1, none at 0): the betting bound of b against the CI (tasks) of a', () => {
    // python3 test/reference/uncertainty_reference.py ("difference pass@8, B sparse"): the score interval
    // [−0.03916, 0.05833] (union with EL the same) widened to [L_B − U_A, U_B − L_A], B's betting bounds at
    // γ = 0.0125 (L_B = 0.80324, U_B = 1: tasks at 1) and A's task-population interval at 97.5 %
    // [0.75701, 1 − 8e-14]; also test/fixtures/compare/reference.py's sparse_difference_bounds.
    const counts = (list: number[]) => list.map((c) => ({ n: 30, c }));
    const a = counts([...Array(14).fill(30), 29, 28, 27, 20, 12, 5]);
    const b = counts([...Array(15).fill(30), 29, 29, 28, 26, 18]);
    expect(isSparseArm(b.map(({ n, c }) => taskEstimate('passAtK', n, c, 8)))).toBe(true);
    const bounds = pairedDifferenceInterval(
      a.map((x, i) => ({ a: x, b: b[i]! })),
      'passAtK',
      8,
      { confidence: 0.95, sides: 2 },
    )!;
    expect(bounds.lower).toBeCloseTo(-0.196763076467123, 9);
    expect(bounds.upper).toBeCloseTo(0.2429853297752439, 9);
  });

  it('every difference 0 (all tasks 8/8 for both): positive width around 0, the floor with the normal quantile', () => {
    const same = Array.from({ length: 20 }, () => ({ a: { n: 8, c: 8 }, b: { n: 8, c: 8 } }));
    const b = pairedDifferenceInterval(same, 'passAtK', 8, { confidence: 0.95, sides: 2 })!;
    expect(b.lower).toBeLessThan(0);
    expect(b.upper).toBeGreaterThan(0);
    // s² = 0 and every task's trial noise the same (the floor known exactly): the floored df at c = 1,
    // and the calibrated quantile at f = 1, below z = 1.95996 (python reference).
    expect(b.df).toBeCloseTo(56.41566254049761, 8);
    expect(b.quantile).toBeCloseTo(1.8758985964949446, 9);
  });

  it('pass@1 where the trial-noise floor binds: t quantile at the floored variance’s df', () => {
    // python3 test/reference/uncertainty_reference.py ("difference pass@1, noise floor"): s² = 0.01339 below
    // the noise 0.10830 (quadrature over each task's posterior), df 20.946, quantile 1.85228.
    const a = [2, 1, 3, 2, 0, 4, 2, 3];
    const b = [3, 1, 3, 2, 1, 4, 2, 3];
    const bounds = pairedDifferenceInterval(
      a.map((c, i) => ({ a: { n: 4, c }, b: { n: 4, c: b[i]! } })),
      'passAtK',
      1,
      { confidence: 0.95, sides: 2 },
    )!;
    expect(bounds.df).toBeCloseTo(20.94632677247727, 8);
    expect(bounds.quantile).toBeCloseTo(1.852278136372045, 9);
    expect(bounds.lower).toBeCloseTo(-0.15096511222693187, 9);
    expect(bounds.upper).toBeCloseTo(0.2703960391198261, 9);
  });

  it('point masses at 0 and 1 where the 1 % test admits them: tasks at 0/8 and 8/8 carry noise only off them', () => {
    // python3 test/reference/inflated_beta_reference.py ("compare"): both agents' zero/one-inflated fits by
    // Nelder–Mead (Λ = 7.67 and 10.59 > 7.289), the per-task noise by quadrature over the beta component's
    // posterior times 1 − P(atom | c), σ² under the fitted mixtures. The ML optimum is flat: ~6 digits.
    const expand = (counts: Array<[number, number]>) => counts.flatMap(([c, m]) => Array.from({ length: m }, () => ({ n: 8, c })));
    const a = expand([
      [0, 20],
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 3],
      [6, 2],
      [7, 1],
      [8, 14],
    ]);
    const b = expand([
      [0, 20],
      [2, 1],
      [3, 2],
      [4, 3],
      [5, 4],
      [6, 3],
      [7, 2],
      [8, 15],
    ]);
    const paired = a.map((x, i) => ({ a: x, b: b[i]! }));
    const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const at1 = pairedDifferenceParts(paired, 'passAtK', 1);
    expectRelativelyClose(mean(at1.noises), 0.018567127792987238, 1e-5);
    expectRelativelyClose(at1.spread, 9.224147569710786e-5, 1e-3);
    const hat4 = pairedDifferenceParts(paired, 'passHatK', 4);
    expectRelativelyClose(mean(hat4.noises), 0.019492980700015844, 1e-5);
    expectRelativelyClose(hat4.spread, 1.2526930881069413e-5, 1e-3);
  });

  it('stays near T − 1 df and the t quantile when s² is far above every floor', () => {
    // python3 test/reference/uncertainty_reference.py ("difference wide spread"): df 8.99538, quantile
    // 2.26233 (t_9 = 2.26216), with the floor's share estimated as F/(s²(1 + √(2/9))).
    const spread = [0, 8, 1, 7, 2, 6, 3, 5, 4, 8].map((c, i) => ({ a: { n: 8, c }, b: { n: 8, c: [8, 0, 7, 1, 6, 2, 5, 3, 4, 0][i]! } }));
    const wide = pairedDifferenceInterval(spread, 'passAtK', 1, { confidence: 0.95, sides: 2 })!;
    expect(wide.df).toBeCloseTo(8.995378274545388, 8);
    expect(wide.quantile).toBeCloseTo(2.2623313148462225, 9);
  });
});
