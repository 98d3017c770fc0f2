import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import type { IntervalMethod } from '../../../packages/sim/src/intervals/proportionInterval.js';
import { planPrecision, type PlanMetric } from '../../../packages/sim/src/planning/precision.js';

/*
 * Reference: a brute-force linear search in python over n = 1, 2, … with scipy's intervals at
 * c = floor(rate·n + 0.5) (JS Math.round rounds halves up; python's round() would round to even):
 *   def hw(n):
 *       c = math.floor(rate * n + 0.5)
 *       ci = scipy.stats.binomtest(c, n).proportion_ci(conf, method)   # 'wilson' or 'exact'
 *       lo, hi = ci.low, ci.high                                         # metric 'p'
 *       # passHatK: lo**k, hi**k;  passAtK: 1 - (1 - lo)**k, 1 - (1 - hi)**k
 *       return (hi - lo) / 2
 *   n = 1
 *   while hw(n) > h: n += 1
 *   normal = math.ceil((scipy.stats.norm.ppf(1 - (1 - conf)/2) * g1)**2 * rate * (1 - rate) / h**2)
 *   # g1 = 1, k·rate^(k−1) or k·(1 − rate)^(k−1)
 * Widths are not monotone in n (the rounding of c), which is why the search must be linear; the
 * last two cases have answers above 10 000 (the library's bisection + scan window path).
 */
const cases: Array<[PlanMetric, number, number, number, IntervalMethod, number, number, number, number]> = [
  // [metric, k, rate, halfWidth, method, confidence, trials, achieved half-width, normal approximation]
  ['p', 1, 0.5, 0.05, 'wilson', 0.95, 381, 0.04995462328539457, 385],
  ['p', 1, 0.5, 0.05, 'clopper-pearson', 0.95, 402, 0.04996504382340039, 385],
  ['p', 1, 0.1, 0.1, 'wilson', 0.95, 34, 0.09956946097672009, 35],
  ['p', 1, 0.9, 0.1, 'wilson', 0.95, 34, 0.09956946097672004, 35],
  ['p', 1, 0.3, 0.03, 'wilson', 0.9, 630, 0.029978705778471837, 632],
  ['p', 1, 0.1, 0.03, 'clopper-pearson', 0.95, 414, 0.0299695767832249, 385],
  ['p', 1, 0.95, 0.05, 'clopper-pearson', 0.95, 88, 0.0498937130312998, 73],
  ['p', 1, 0.95, 0.03, 'clopper-pearson', 0.95, 230, 0.029924033950171125, 203],
  ['p', 1, 0.7, 0.02, 'clopper-pearson', 0.99, 3530, 0.019999066245325103, 3484],
  ['passHatK', 3, 0.3, 0.05, 'wilson', 0.95, 31, 0.04848735817114777, 24],
  ['passHatK', 8, 0.7, 0.05, 'wilson', 0.95, 142, 0.04919167332882635, 141],
  ['passHatK', 8, 0.9, 0.05, 'wilson', 0.95, 2010, 0.04999749432490283, 2025],
  ['passHatK', 8, 0.7, 0.03, 'clopper-pearson', 0.95, 419, 0.029853696929035757, 390],
  ['passHatK', 3, 0.95, 0.1, 'clopper-pearson', 0.95, 150, 0.09998534899529515, 134],
  ['passHatK', 5, 0.8, 0.05, 'clopper-pearson', 0.9, 763, 0.049872946857857925, 727],
  ['passAtK', 8, 0.5, 0.05, 'wilson', 0.95, 7, 0.049812046904331386, 2],
  ['passAtK', 3, 0.5, 0.03, 'wilson', 0.95, 595, 0.02999866351456726, 601],
  ['passAtK', 3, 0.9, 0.05, 'wilson', 0.95, 5, 0.041009716295947574, 1],
  ['passAtK', 8, 0.3, 0.05, 'clopper-pearson', 0.95, 155, 0.049855078311338674, 141],
  ['passAtK', 3, 0.7, 0.1, 'clopper-pearson', 0.95, 14, 0.09778414167078286, 6],
  ['passAtK', 5, 0.2, 0.05, 'clopper-pearson', 0.99, 1813, 0.0499425582556523, 1782],
  ['p', 1, 0.3, 0.005, 'wilson', 0.95, 32266, 0.004999963218865755, 32269],
  // here n = 17 289..17 291 are wider again than the target: the widths jitter
  ['passHatK', 8, 0.8, 0.01, 'wilson', 0.95, 17288, 0.009999563166545766, 17301],
];

describe('planPrecision against a brute-force search with scipy intervals', () => {
  it.each(cases)('%s (k = %i), rate %f, half-width %f, %s %f → %i trials', (metric, k, rate, halfWidth, method, confidence, trials, achieved, normal) => {
    const plan = planPrecision({ metric, k, rate, halfWidth, method, confidence });
    expect(plan.trials).toBe(trials);
    expect(plan.achievedHalfWidth).toBeCloseTo(achieved, 12);
    expect(plan.achievedHalfWidth).toBeLessThanOrEqual(halfWidth);
    expect((plan.interval.upper - plan.interval.lower) / 2).toBe(plan.achievedHalfWidth);
    expect(plan.normalApproximation).toBe(normal);
    expect(plan.k).toBe(k);
  });

  it('the doc example: p = 0.5, half-width 0.05, Wilson 95 % → 381 trials (normal approximation 385)', () => {
    const plan = planPrecision({ metric: 'p', rate: 0.5, halfWidth: 0.05, method: 'wilson', confidence: 0.95 });
    expect([plan.trials, plan.normalApproximation]).toEqual([381, 385]);
    // at n = 381, c = round(190.5) = 191 (half up): python binomtest(191, 381).proportion_ci(0.95, 'wilson')
    expect(plan.interval.lower).toBeCloseTo(0.45134461303267837, 12);
    expect(plan.interval.upper).toBeCloseTo(0.5512538596034674, 12);
  });
});

describe('planPrecision: invalid input', () => {
  const base = { metric: 'p' as PlanMetric, rate: 0.5, halfWidth: 0.05, method: 'wilson' as IntervalMethod, confidence: 0.95 };
  it.each([
    [{ rate: 0 }, /^rate: /],
    [{ rate: 1 }, /^rate: /],
    [{ halfWidth: 0 }, /^halfWidth: /],
    [{ halfWidth: Number.NaN }, /^halfWidth: /],
    [{ confidence: 1 }, /^confidence: /],
    [{ metric: 'passHatK' as PlanMetric }, /^k: /],
    [{ metric: 'passAtK' as PlanMetric, k: 0 }, /^k: /],
    [{ method: 'normal' as IntervalMethod }, /^method: /],
  ])('%j', (change, message) => {
    expect(() => planPrecision({ ...base, ...change })).toThrow(InputError);
    expect(() => planPrecision({ ...base, ...change })).toThrow(message);
  });

  it('a half-width needing more than 10^8 trials is refused (normal approximation: 1.96²·0.25/1e-10 ≈ 9.6e9)', () => {
    expect(() => planPrecision({ ...base, halfWidth: 1e-5 })).toThrow(/^halfWidth: needs more than/);
  });
});

describe('planPrecision with an assurance (exact over the binomial)', () => {
  // Expected: python3 test/reference/precision_assurance_reference.py (linear search, scipy intervals).
  it.each([
    ['passAtK', 8, 0.5, 0.1, 'wilson', 0.95, 0.8, 12, 0.8061523437500002],
    ['passHatK', 8, 0.9, 0.1, 'wilson', 0.95, 0.8, 524, 0.8035206905012244],
    ['p', 1, 0.2, 0.05, 'clopper-pearson', 0.95, 0.8, 282, 0.8188301673912902],
    ['passHatK', 4, 0.7, 0.1, 'clopper-pearson', 0.9, 0.9, 153, 0.9057352466028427],
  ] as const)('%s k %i rate %f half-width %f %s %f assurance %f → %i trials', (metric, k, rate, halfWidth, method, confidence, assurance, trials, achieved) => {
    const plan = planPrecision({ metric, k, rate, halfWidth, method, confidence, assurance });
    expect(plan.trials).toBe(trials);
    expect(plan.achievedAssurance).toBeCloseTo(achieved, 12);
    expect(plan.assurance).toBe(assurance);
  });

  it('the expected-count plan is that narrow only about half the time (the artefact of issue #10: 1 trial)', () => {
    const plan = planPrecision({ metric: 'passAtK', k: 8, rate: 0.5, halfWidth: 0.1, method: 'wilson', confidence: 0.95 });
    expect(plan.trials).toBe(1);
    expect(plan.achievedAssurance).toBe(0.5);
  });
});
