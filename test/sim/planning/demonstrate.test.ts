import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { planDemonstration } from '../../../packages/sim/src/planning/demonstrate.js';

describe('planDemonstration: zero failures', () => {
  it('seeds: pass^8 ≥ 90 % at 95 % needs p ≥ 98.7 % and 228 clean runs (rule of three ≈ 230)', () => {
    const plan = planDemonstration({ target: 0.9, k: 8, confidence: 0.95 });
    expect(plan.requiredRate).toBeCloseTo(0.9 ** (1 / 8), 15); // closed form p₀ = T^(1/k)
    expect(plan.requiredRate.toFixed(3)).toBe('0.987');
    expect(plan.runs).toBe(228);
    expect(plan.ruleOfThree).toBe(230);
    expect(plan.failures).toBe(0);
    expect(plan.byFailures).toEqual([{ failures: 0, runs: 228 }]);
    // closed form: ⌈ln 0.05 / ln 0.9^(1/8)⌉ = ⌈227.4…⌉
    expect(Math.ceil(Math.log(0.05) / Math.log(0.9 ** (1 / 8)))).toBe(228);
  });
});

/*
 * Smallest n with P(F ≤ f) ≤ 1 − confidence, F ~ Binomial(n, 1 − target^(1/k)), by a linear
 * search in python:
 *   q = 1 - t**(1/k); n = f + 1
 *   while scipy.stats.binom.cdf(f, n, q) > 1 - conf: n += 1
 * which also gives binom.cdf(f, n, q) ≤ α < binom.cdf(f, n − 1, q) (both printed below).
 */
const cases: Array<[target: number, k: number, confidence: number, failures: number, runs: number, cdfAtN: number, cdfAtNMinus1: number]> = [
  [0.9, 8, 0.95, 0, 228, 0.04964911585273205, 0.05030732270827692],
  [0.9, 8, 0.95, 1, 361, 0.04983788261424049, 0.05038288387120815],
  [0.9, 8, 0.95, 2, 480, 0.04953991097843692, 0.05001924320414083],
  [0.9, 8, 0.95, 5, 801, 0.04990695826020593, 0.05029072413380202],
  [0.8, 3, 0.9, 3, 92, 0.09695445654710028, 0.10156205955141215],
  [0.99, 1, 0.99, 2, 838, 0.009951373166810589, 0.010030676095944973],
  [0.5, 20, 0.95, 10, 495, 0.04955713978423064, 0.05036617834336152],
  [0.95, 4, 0.8, 0, 126, 0.19874378960470265, 0.20130875608126023],
  [0.7, 2, 0.99, 0, 26, 0.009688901040700009, 0.011580451716854425],
  [0.999, 1, 0.95, 0, 2995, 0.049961703397356255, 0.05001171511246871],
];

describe('planDemonstration against scipy.stats.binom.cdf', () => {
  it.each(cases)('target %f, k = %i, confidence %f, %i failures → %i runs', (target, k, confidence, failures, runs, atN, atNMinus1) => {
    // the python check: n passes, n − 1 does not
    expect(atN).toBeLessThanOrEqual(1 - confidence);
    expect(atNMinus1).toBeGreaterThan(1 - confidence);
    const plan = planDemonstration({ target, k, confidence, failures });
    expect(plan.runs).toBe(runs);
    expect(plan.byFailures.at(-1)).toEqual({ failures, runs });
  });

  it('byFailures lists every count 0..f (each from the python search above)', () => {
    const plan = planDemonstration({ target: 0.9, k: 8, confidence: 0.95, failures: 2 });
    expect(plan.byFailures).toEqual([
      { failures: 0, runs: 228 },
      { failures: 1, runs: 361 },
      { failures: 2, runs: 480 },
    ]);
  });

  it('rule of three: ⌈3/(1 − p₀)⌉ (python: math.ceil(3/(1 - 0.999)) = 3000)', () => {
    expect(planDemonstration({ target: 0.999, k: 1, confidence: 0.95 }).ruleOfThree).toBe(3000);
    expect(planDemonstration({ target: 0.99, k: 1, confidence: 0.99 }).ruleOfThree).toBe(300);
  });
});

describe('planDemonstration: invalid input', () => {
  it.each([
    [{ target: 0, k: 8, confidence: 0.95 }, /^target: /],
    [{ target: 1, k: 8, confidence: 0.95 }, /^target: /],
    [{ target: Number.NaN, k: 8, confidence: 0.95 }, /^target: /],
    [{ target: 0.9, k: 0, confidence: 0.95 }, /^k: /],
    [{ target: 0.9, k: 2.5, confidence: 0.95 }, /^k: /],
    [{ target: 0.9, k: 8, confidence: 1 }, /^confidence: /],
    [{ target: 0.9, k: 8, confidence: 0 }, /^confidence: /],
    [{ target: 0.9, k: 8, confidence: 0.95, failures: -1 }, /^failures: /],
    [{ target: 0.9, k: 8, confidence: 0.95, failures: 1.5 }, /^failures: /],
  ])('%j', (options, message) => {
    expect(() => planDemonstration(options)).toThrow(InputError);
    expect(() => planDemonstration(options)).toThrow(message);
  });
});

describe('planDemonstration: exact at every input (issue #10)', () => {
  // Expected: python3 test/reference/demonstrate_reference.py (mpmath at 50 digits).
  it.each([
    [0.9, 8, 0.95, 0, 228, 0.013083718633998434],
    [0.99999999, 1_000_000, 0.95, 0, 299573224352250, 1.0000000100247544e-14],
    [0.9999, 1_000_000, 0.95, 2, 62954788271, 1.0000500032834682e-10],
    [0.5, 3, 0.99, 1, 30, 0.20629947401590026],
  ])('target %d, k %d, confidence %d, %d failures → %d runs', (target, k, confidence, failures, runs, failureRate) => {
    const plan = planDemonstration({ target, k, confidence, failures });
    expect(plan.runs).toBe(runs);
    expect(plan.failureRate / failureRate).toBeCloseTo(1, 14);
  });

  it('a target that needs more than 2^53 runs is an InputError, at once (no endless search)', () => {
    expect(() => planDemonstration({ target: 0.9999999999999999, k: 100, confidence: 0.95 })).toThrow(/^target: needs more than 2\^53 runs/);
    expect(() => planDemonstration({ target: 0.9999999999999999, k: 100, confidence: 0.95, failures: 3 })).toThrow(/^target: needs more than 2\^53 runs/);
  });

  it('a target that rounds to 1 says so', () => {
    expect(() => planDemonstration({ target: 0.99999999999999999, k: 3, confidence: 0.95 })).toThrow(/rounds to 1/);
  });
});
