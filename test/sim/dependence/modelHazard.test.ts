import { describe, expect, it } from 'vitest';
import { chiSquare1Tail, likelihoodRatioPValue } from '../../../packages/sim/src/dependence/chiSquare.js';
import { modelHazard } from '../../../packages/sim/src/dependence/fitDependenceModel.js';

describe('modelHazard: P(success at j | attempts 1..j − 1 failed) over the population', () => {
  it('independent, p ~ Beta(a, b): a/(a + b + j − 1), falling with j (docs/dependence.md)', () => {
    const a = 1.2;
    const b = 1.8;
    const hazard = modelHazard(0.4, 3, { model: 'independent' }, 8);
    hazard.forEach((h, i) => expect(h).toBeCloseTo(a / (a + b + i), 13));
  });

  it('feedback with every p equal (s = ∞): 1 − (1 − p)(1 − η)^{j−1} for η ≥ 0, p(1 + η)^{j−1} for η < 0', () => {
    modelHazard(0.3, Infinity, { model: 'feedback', afterFailure: 0.5 }, 4).forEach((h, i) => expect(h).toBeCloseTo(1 - 0.7 * 0.5 ** i, 14));
    modelHazard(0.3, Infinity, { model: 'feedback', afterFailure: -0.5 }, 4).forEach((h, i) => expect(h).toBeCloseTo(0.3 * 0.5 ** i, 14));
  });
});

describe('likelihood-ratio p-values', () => {
  it('χ²₁ tail: 3.841458820694124 → 0.05 (scipy.stats.chi2.sf); a null on the range end halves it (Self & Liang 1987)', () => {
    expect(chiSquare1Tail(3.841458820694124)).toBeCloseTo(0.05, 12);
    expect(likelihoodRatioPValue(3.841458820694124, false)).toBeCloseTo(0.05, 12);
    expect(likelihoodRatioPValue(3.841458820694124, true)).toBeCloseTo(0.025, 12);
    expect(likelihoodRatioPValue(0, true)).toBe(1);
    expect(chiSquare1Tail(0)).toBe(1);
  });
});
