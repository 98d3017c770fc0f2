import { describe, expect, it } from 'vitest';
import { demonstrationRuns, planDemonstration, planDemonstrationSteps } from '../../../packages/sim/src/planning/demonstrate.js';

// The runs of every failure count, from an exact search with scipy (independent of the stepwise
// search in demonstrate.ts, which starts from an extrapolation of the counts before):
//   q = -math.expm1(math.log(target)/k); smallest n with scipy.stats.binom.cdf(f, n, q) <= 1 - confidence
//   (doubling from n = f + 1, then bisection): python3 test/reference/demonstrate_steps_reference.py
const REFERENCE: ReadonlyArray<{ target: number; k: number; confidence: number; first: number[]; f1000: number; f5000: number }> = [
  {
    target: 0.9,
    k: 8,
    confidence: 0.95,
    first: [
      228, 361, 480, 591, 698, 801, 903, 1002, 1101, 1198, 1293, 1389, 1483, 1576, 1669, 1762, 1854, 1945, 2036, 2127, 2217, 2307, 2397, 2486, 2575, 2664, 2753,
      2841, 2929, 3017, 3105, 3193, 3280, 3367, 3455, 3541, 3628, 3715, 3801, 3888, 3974,
    ],
    f1000: 80501,
    f5000: 391106,
  },
  {
    target: 0.99,
    k: 3,
    confidence: 0.9,
    first: [
      688, 1162, 1590, 1996, 2389, 2771, 3147, 3518, 3883, 4245, 4604, 4961, 5314, 5666, 6016, 6364, 6710, 7055, 7399, 7742, 8083, 8424, 8764, 9102, 9440, 9777,
      10114, 10449, 10784, 11119, 11452, 11786, 12118, 12451, 12782, 13114, 13444, 13775, 14105, 14434, 14763,
    ],
    f1000: 311462,
    f5000: 1522403,
  },
  {
    target: 0.5,
    k: 1,
    confidence: 0.99,
    first: [
      7, 11, 14, 17, 19, 22, 25, 27, 30, 33, 35, 38, 40, 42, 45, 47, 50, 52, 54, 57, 59, 62, 64, 66, 69, 71, 73, 76, 78, 80, 82, 85, 87, 89, 92, 94, 96, 98,
      101, 103, 105,
    ],
    f1000: 2108,
    f5000: 10237,
  },
];

describe('planDemonstration, failure count by failure count', () => {
  for (const { target, k, confidence, first, f1000, f5000 } of REFERENCE) {
    it(`matches the exact search at pass^${k} ≥ ${target}, ${confidence} (f = 0..40, 1000, 5000)`, () => {
      const plan = planDemonstration({ target, k, confidence, failures: 5000 });
      expect(plan.byFailures.slice(0, 41).map((row) => row.runs)).toEqual(first);
      expect(plan.byFailures[1000]).toEqual({ failures: 1000, runs: f1000 });
      expect(plan.byFailures[5000]).toEqual({ failures: 5000, runs: f5000 });
      expect(plan.runs).toBe(f5000);
    });
  }

  for (const { target, k, confidence, first, f1000, f5000 } of REFERENCE) {
    it(`demonstrationRuns finds one count's runs alone at pass^${k} ≥ ${target}, ${confidence}`, () => {
      for (const [failures, runs] of [
        [0, first[0]],
        [1, first[1]],
        [2, first[2]],
        [40, first[40]],
        [1000, f1000],
        [5000, f5000],
      ] as const) {
        expect(demonstrationRuns({ target, k, confidence, failures })).toBe(runs);
      }
    });
  }

  it('yields after each failure count, done of failures + 1, then returns the plan of planDemonstration', () => {
    const options = { target: 0.9, k: 8, confidence: 0.95, failures: 4 };
    const steps = planDemonstrationSteps(options);
    const seen: Array<{ done: number; total: number }> = [];
    for (;;) {
      const next = steps.next();
      if (next.done) {
        expect(next.value).toEqual(planDemonstration(options));
        break;
      }
      seen.push(next.value);
    }
    expect(seen).toEqual([1, 2, 3, 4, 5].map((done) => ({ done, total: 5 })));
  });
});
