import { describe, expect, it } from 'vitest';
import { InputError, NotEstimableError } from '../../../packages/sim/src/errors.js';
import { estimateTask } from '../../../packages/sim/src/estimators/estimateTask.js';
import { JEFFREYS_PRIOR, UNIFORM_PRIOR } from '../../../packages/sim/src/intervals/betaPosterior.js';

const wilson = { method: 'wilson', confidence: 0.95, sides: 2 } as const;

describe("estimateTask: the seeds' calculator, 27 of 30, k = 8, Wilson 95 % two-sided", () => {
  // Computed inside each test (not when vitest collects the file), so that a test sees the code as it runs then.
  const estimate = () => estimateTask(30, 27, { ks: [8], interval: wilson, prior: UNIFORM_PRIOR });

  it('p ∈ [74.4 %, 96.5 %] (seeds); exact bounds from scipy', () => {
    const result = estimate();
    // python: ci = scipy.stats.binomtest(27, 30).proportion_ci(0.95, 'wilson'); ci.low, ci.high
    expect(result.p.estimate).toBe(0.9);
    expect(result.p.lower).toBeCloseTo(0.7437891742081592, 13);
    expect(result.p.upper).toBeCloseTo(0.9654001112526657, 13);
    expect(result.p.lower.toFixed(3)).toBe('0.744');
    expect(result.p.upper.toFixed(3)).toBe('0.965');
  });

  it('pass^8 = C(27,8)/C(30,8) = 37.9 % (seeds), plug-in 0.9^8 = 43.0 %', () => {
    const result = estimate();
    const row = result.rows[0]!;
    // python: float(Fraction(comb(27, 8), comb(30, 8))) = 0.3793103448275862
    expect(row.passHatK).toBeCloseTo(0.3793103448275862, 15);
    expect(row.plugin.passHatK).toBeCloseTo(0.43046721, 15); // 0.9**8 (closed form)
    // pass@8 = 1 − C(3, 8)/C(30, 8) = 1 exactly: only 3 failures; plug-in 1 − 0.1^8 = 0.99999999
    expect(row.passAtK).toBe(1);
    expect(row.plugin.passAtK).toBeCloseTo(0.99999999, 15);
  });

  it('pass^8 interval [9.4 %, 75.5 %]: the Wilson bounds to the 8th power (scipy)', () => {
    const result = estimate();
    const row = result.rows[0]!;
    // python: ci.low ** 8 = 0.09366963406200529, ci.high ** 8 = 0.7544991524313716
    expect(row.passHatKInterval.lower).toBeCloseTo(0.09366963406200529, 13);
    expect(row.passHatKInterval.upper).toBeCloseTo(0.7544991524313716, 13);
    expect(row.passHatKInterval.lower.toFixed(3)).toBe('0.094');
    expect(row.passHatK.toFixed(3)).toBe('0.379');
    expect(row.plugin.passHatK.toFixed(3)).toBe('0.430');
    // python: 1 - (1 - ci.low)**8, 1 - (1 - ci.high)**8
    expect(row.passAtKInterval.lower).toBeCloseTo(0.9999814313722499, 13);
    expect(row.passAtKInterval.upper).toBeCloseTo(0.999999999997946, 13);
  });

  it('Bayesian view, uniform prior → Beta(28, 4) (scipy.special.beta ratios, scipy.stats.beta quantiles)', () => {
    const result = estimate();
    const row = result.rows[0]!;
    expect(result.bayes.posterior).toEqual({ a: 28, b: 4 });
    expect(result.bayes.p.mean).toBe(0.875); // 28/32
    // python: scipy.stats.beta.ppf(0.025, 28, 4), scipy.stats.beta.isf(0.025, 28, 4)
    expect(result.bayes.p.lower).toBeCloseTo(0.7424609353722644, 12);
    expect(result.bayes.p.upper).toBeCloseTo(0.963698338020791, 12);
    // python: B(36, 4)/B(28, 4) with B = scipy.special.beta
    expect(row.bayes.passHatK.mean).toBeCloseTo(0.38254854044327746, 14);
    // python: 1 - B(28, 12)/B(28, 4)
    expect(row.bayes.passAtK.mean).toBeCloseTo(0.9999973181087732, 14);
    // python: beta.ppf(0.025, 28, 4)**8, beta.isf(0.025, 28, 4)**8
    expect(row.bayes.passHatK.lower).toBeCloseTo(0.09233978632940805, 12);
    expect(row.bayes.passHatK.upper).toBeCloseTo(0.7439245313413578, 12);
    // python: 1 - (1 - beta.ppf(0.025, 28, 4))**8, 1 - (1 - beta.isf(0.025, 28, 4))**8
    expect(row.bayes.passAtK.lower).toBeCloseTo(0.9999806471508172, 12);
    expect(row.bayes.passAtK.upper).toBeCloseTo(0.9999999999969841, 12);
  });

  it('Jeffreys prior → Beta(27.5, 3.5) (scipy)', () => {
    const jeffreys = estimateTask(30, 27, { ks: [8], interval: wilson, prior: JEFFREYS_PRIOR });
    const bayes = jeffreys.rows[0]!.bayes;
    expect(jeffreys.bayes.posterior).toEqual({ a: 27.5, b: 3.5 });
    expect(jeffreys.bayes.p.mean).toBeCloseTo(0.8870967741935484, 15); // 27.5/31
    expect(bayes.passHatK.mean).toBeCloseTo(0.4231524221701123, 14); // B(35.5, 3.5)/B(27.5, 3.5)
    expect(bayes.passAtK.mean).toBeCloseTo(0.9999981841109791, 14); // 1 - B(27.5, 11.5)/B(27.5, 3.5)
    expect(bayes.passHatK.lower).toBeCloseTo(0.10737997711846806, 12); // beta.ppf(0.025, 27.5, 3.5)**8
    expect(bayes.passHatK.upper).toBeCloseTo(0.7903567851450071, 12); // beta.isf(0.025, 27.5, 3.5)**8
  });
});

describe('estimateTask: other k and interval methods', () => {
  it('k = 3 with Clopper–Pearson 95 % (scipy binomtest exact)', () => {
    const { p, rows } = estimateTask(30, 27, { ks: [3], interval: { method: 'clopper-pearson', confidence: 0.95, sides: 2 }, prior: UNIFORM_PRIOR });
    const row = rows[0]!;
    // python: ci = binomtest(27, 30).proportion_ci(0.95, 'exact')
    expect(p.lower).toBeCloseTo(0.7347115495257919, 12);
    expect(p.upper).toBeCloseTo(0.9788828629702774, 12);
    // python: float(1 - F(comb(3, 3), comb(30, 3))), float(F(comb(27, 3), comb(30, 3)))
    expect(row.passAtK).toBeCloseTo(0.9997536945812808, 15);
    expect(row.passHatK).toBeCloseTo(0.7204433497536946, 15);
    // python: 1 - (1 - ci.low)**3, 1 - (1 - ci.high)**3
    expect(row.passAtKInterval.lower).toBeCloseTo(0.9813295395254236, 12);
    expect(row.passAtKInterval.upper).toBeCloseTo(0.9999905831616741, 12);
  });

  it('one row per k, in the order given', () => {
    const { rows } = estimateTask(10, 3, { ks: [5, 1, 3], interval: wilson, prior: UNIFORM_PRIOR });
    expect(rows.map((r) => r.k)).toEqual([5, 1, 3]);
    expect(rows[0]!.passAtK).toBeCloseTo(1 - 21 / 252, 15); // seeds: 1 − C(7,5)/C(10,5)
    expect(rows[1]!.passAtK).toBeCloseTo(0.3, 15); // k = 1: c/n
    expect(rows[2]!.passHatK).toBeCloseTo(1 / 120, 15); // C(3,3)/C(10,3)
  });
});

describe('estimateTask: input validation', () => {
  const options = { ks: [1], interval: wilson, prior: UNIFORM_PRIOR };
  it('k > n is not estimable; k = n is', () => {
    expect(estimateTask(5, 2, { ...options, ks: [5] }).rows[0]!.passAtK).toBe(1); // 1 − C(3, 5)/C(5, 5) = 1
    expect(() => estimateTask(5, 2, { ...options, ks: [6] })).toThrow(NotEstimableError);
    expect(() => estimateTask(5, 2, { ...options, ks: [1, 6] })).toThrow(/^k: must be ≤ n \(5\)/);
  });
  it('bad counts and k are InputErrors (not NotEstimable)', () => {
    const cases: Array<[number, number, number[], RegExp]> = [
      [5, 6, [1], /^c: must be ≤ n/],
      [5, -1, [1], /^c: /],
      [5, 1.5, [1], /^c: /],
      [5.5, 1, [1], /^n: /],
      [0, 0, [1], /^n: must be an integer ≥ 1/],
      [5, 1, [0], /^k: /],
      [5, 1, [2.5], /^k: /],
      [5, Number.NaN, [1], /^c: /],
    ];
    for (const [n, c, ks, message] of cases) {
      let error: unknown;
      try {
        estimateTask(n, c, { ...options, ks });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InputError);
      expect(error).not.toBeInstanceOf(NotEstimableError);
      expect((error as Error).message).toMatch(message);
    }
  });
  it('names the argument: options that are not an object, ks that are not a list', () => {
    expect(() => estimateTask(5, 1, null as never)).toThrow(/^options: must be an object/);
    expect(() => estimateTask(5, 1, { ...options, ks: 3 as never })).toThrow(/^ks: /);
    expect(() => estimateTask(5, 1, { ...options, ks: [] })).toThrow(/^ks: /);
  });
});
