// Properties of the unbiased estimators against brute force: for n trials of which c are correct,
// pass@k is the share of the C(n, k) k-subsets of trials holding at least one correct trial and
// pass^k the share holding only correct ones (Chen et al. 2021; Yao et al. 2024). The subsets are
// enumerated here one by one (n ≤ 14: at most 3 432 subsets), so the expected value is an exact
// ratio of two integer counts, independent of the binomial-ratio arithmetic under test.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passAtK } from '../../../packages/sim/src/estimators/passAtK.js';
import { passHatK } from '../../../packages/sim/src/estimators/passHatK.js';
import { fractionToNumber, ulpDistance } from '../../helpers/exactRational.js';

/** [subsets with ≥ 1 correct, subsets all correct, all subsets] over the k-subsets of n trials, the first c correct. */
function enumerate(n: number, c: number, k: number): [atLeastOne: bigint, allCorrect: bigint, total: bigint] {
  let atLeastOne = 0n;
  let allCorrect = 0n;
  let total = 0n;
  const pick: number[] = [];
  const visit = (from: number): void => {
    if (pick.length === k) {
      const correct = pick.filter((trial) => trial < c).length;
      total++;
      if (correct > 0) atLeastOne++;
      if (correct === k) allCorrect++;
      return;
    }
    for (let trial = from; trial <= n - (k - pick.length); trial++) {
      pick.push(trial);
      visit(trial + 1);
      pick.pop();
    }
  };
  visit(0);
  return [atLeastOne, allCorrect, total];
}

// (n, c, k) with 1 ≤ k ≤ n ≤ 14 and 0 ≤ c ≤ n.
const trialsArb = fc.integer({ min: 1, max: 14 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n }), fc.integer({ min: 1, max: n })));

describe('pass@k and pass^k against k-subset enumeration (property)', () => {
  it('pass@k = share of k-subsets with a correct trial, within 1 ulp of the exact ratio', () => {
    fc.assert(
      fc.property(trialsArb, ([n, c, k]) => {
        const [atLeastOne, , total] = enumerate(n, c, k);
        expect(ulpDistance(passAtK(n, c, k), fractionToNumber(atLeastOne, total))).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300, seed: 11 },
    );
  });

  it('pass^k = share of k-subsets of correct trials only, within 1 ulp of the exact ratio', () => {
    fc.assert(
      fc.property(trialsArb, ([n, c, k]) => {
        const [, allCorrect, total] = enumerate(n, c, k);
        expect(ulpDistance(passHatK(n, c, k), fractionToNumber(allCorrect, total))).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300, seed: 12 },
    );
  });

  it('identities: pass@1 = pass^1 = c/n; pass@k(n, c) = 1 − pass^k(n, n − c); monotone in k', () => {
    fc.assert(
      fc.property(trialsArb, ([n, c, k]) => {
        expect(passAtK(n, c, 1)).toBeCloseTo(c / n, 15);
        expect(passHatK(n, c, 1)).toBeCloseTo(c / n, 15);
        // k-subsets with no correct trial are the k-subsets of the n − c wrong ones, all "correct" when labels swap.
        expect(Math.abs(passAtK(n, c, k) - (1 - passHatK(n, n - c, k)))).toBeLessThanOrEqual(2 * Number.EPSILON);
        if (k < n) {
          expect(passAtK(n, c, k + 1)).toBeGreaterThanOrEqual(passAtK(n, c, k));
          expect(passHatK(n, c, k + 1)).toBeLessThanOrEqual(passHatK(n, c, k));
        }
      }),
      { numRuns: 300, seed: 13 },
    );
  });
});
