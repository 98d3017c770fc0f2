import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the benchmark scripts.
import { attainableCoverage, coverageVerdict, splitShare } from '../../../bench/attainableCoverage.mjs';

// The attainable coverage of the coverage study (bench/attainableCoverage.mjs, docs/uncertainty.md):
// the smallest mass ≥ level of a run of atoms of the estimate that an interval monotone in the
// estimate and containing it can cover. Expected values: the atoms x/20 of X ~ Binomial(20, q) with
// their pmf as weights, against closed forms from scipy (lines quoted per case).

type Attainable = {
  atoms: number;
  largest: number;
  byLevel: { level: number; coverage: number; lower: number; upper: number }[];
  equalTailed: { level: number; coverage: number }[];
};
const attainable = attainableCoverage as (values: ArrayLike<number>, truth: number, levels: number[], weights?: ArrayLike<number>) => Attainable;

/** Binomial(20, q) pmf by the recurrence pmf(x + 1) = pmf(x)·(20 − x)/(x + 1)·q/(1 − q). */
function binomialAtoms(q: number) {
  const values = Array.from({ length: 21 }, (_, x) => x / 20);
  const weights = [(1 - q) ** 20];
  for (let x = 0; x < 20; x++) weights.push((weights[x]! * (20 - x) * q) / ((x + 1) * (1 - q)));
  return { values, weights };
}

describe('attainableCoverage', () => {
  it('truth on an atom (q = 0.95, θ = 19/20): the run 17/20 … 1 at both levels and with equal tails', () => {
    const { values, weights } = binomialAtoms(0.95);
    const result = attainable(values, 0.95, [0.94, 0.95], weights);
    // python3 -c "from scipy.stats import binom; print(binom.sf(16, 20, 0.95))"  → 0.9840984739802364
    for (const { coverage, lower, upper } of result.byLevel) {
      expect(coverage).toBeCloseTo(0.9840984739802364, 12);
      expect([lower, upper]).toEqual([17 / 20, 1]);
    }
    expect(result.equalTailed[1]!.coverage).toBeCloseTo(0.9840984739802364, 12);
    expect(result.atoms).toBe(21);
  });

  it('truth between atoms (q = 0.33, θ between 6/20 and 7/20)', () => {
    const { values, weights } = binomialAtoms(0.33);
    const result = attainable(values, 0.33, [0.94, 0.95], weights);
    // python3 -c "from scipy.stats import binom; c = lambda x: binom.cdf(x, 20, .33); print(c(10) - c(2), c(10) - c(1), c(11) - c(2))"
    //   → 0.9460817947678604 0.961397180145071 0.9691775638623152 (runs 3…10, 2…10; equal tails 3…11)
    expect(result.byLevel[0]!.coverage).toBeCloseTo(0.9460817947678604, 12);
    expect([result.byLevel[0]!.lower, result.byLevel[0]!.upper]).toEqual([3 / 20, 10 / 20]);
    expect(result.byLevel[1]!.coverage).toBeCloseTo(0.961397180145071, 12);
    expect(result.equalTailed[1]!.coverage).toBeCloseTo(0.9691775638623152, 12);
  });

  it('near the edge (q = 0.986): the atom at 1 and the one below it; equal tails need a third', () => {
    const { values, weights } = binomialAtoms(0.986);
    const result = attainable(values, 0.986, [0.94], weights);
    // python3 -c "from scipy.stats import binom; print(binom.sf(18, 20, .986), binom.sf(17, 20, .986))"  → 0.9684898856649876 0.9973829857022904
    expect(result.byLevel[0]!.coverage).toBeCloseTo(0.9684898856649876, 12);
    expect(result.equalTailed[0]!.coverage).toBeCloseTo(0.9973829857022904, 12);
  });

  it('a run need not reach θ from both sides: θ above every atom leaves runs that end at the top', () => {
    // Atoms 0, 0.1, …, 0.9 with masses 0.02, …, 0.02, 0.82 (the top one); θ = 2.
    const values = Array.from({ length: 10 }, (_, i) => i / 10);
    const weights = values.map((_, i) => (i === 9 ? 0.82 : 0.02));
    // Smallest run ending at 0.9 with mass ≥ 0.94: 0.82 + 6·0.02 = 0.94 (0.3 … 0.9).
    const { byLevel } = attainable(values, 2, [0.94], weights);
    expect(byLevel[0]!.coverage).toBeCloseTo(0.94, 12);
    expect(byLevel[0]!.lower).toBe(0.3);
  });

  it('near-continuous estimates: 1000 distinct values give 940/1000 and 950/1000', () => {
    const values = Array.from({ length: 1000 }, (_, i) => (i + 0.5) / 1000);
    const { byLevel, largest } = attainable(values, 0.5, [0.94, 0.95]);
    expect(byLevel.map((level) => level.coverage)).toEqual([0.94, 0.95]);
    expect(largest).toBe(0.001);
  });

  it('groups estimates equal up to rounding into one atom', () => {
    const { atoms, largest } = attainable([0.1 + 0.2, 0.3, 0.7], 0.5, [0.5]);
    expect(atoms).toBe(2);
    expect(largest).toBeCloseTo(2 / 3, 15);
  });
});

describe('splitShare', () => {
  it('counts the datasets of atoms covered for some datasets and not others', () => {
    // Atom 0.1 (2 datasets) split, atom 0.2 covered twice, atom 0.3 (1 dataset) missed: 2/5.
    expect(splitShare([0.1, 0.2, 0.1 + 1e-14, 0.2, 0.3], [1, 1, 0, 1, 0])).toBe(0.4);
    expect(splitShare([0.1, 0.1, 0.3], [0, 0, 1])).toBe(0);
  });
});

describe('coverageVerdict', () => {
  // 2 SE of a coverage of 95 % at 1000 datasets: √(0.95·0.05/1000) = 0.00689.
  it('classifies against the band [94 %, 97 %] ± 2 SE and the attainable coverages', () => {
    const flat = { atLeast94: 0.94, equalTailed95: 0.95 };
    expect(coverageVerdict(0.925, flat, 1000)).toBe('below');
    expect(coverageVerdict(0.927, flat, 1000)).toBe('in band');
    expect(coverageVerdict(0.983, flat, 1000)).toBe('in band');
    expect(coverageVerdict(0.985, flat, 1000)).toBe('wider than needed');
    // A = 0.99: √(0.99·0.01/1000) = 0.00315, A + 2 SE = 0.9963.
    expect(coverageVerdict(0.996, { atLeast94: 0.99, equalTailed95: 0.99 }, 1000)).toBe('discreteness-limited');
    expect(coverageVerdict(0.997, { atLeast94: 0.99, equalTailed95: 0.99 }, 1000)).toBe('wider than needed');
    expect(coverageVerdict(0.997, { atLeast94: 0.96, equalTailed95: 0.996 }, 1000)).toBe('limited by equal tails');
  });
});
