import { describe, expect, it } from 'vitest';
import { momentComplementPower, momentPower } from '../../../packages/sim/src/distributions/momentPower.js';
import { mixtureParameters } from '../../../packages/sim/src/fit/mixtureParameters.js';
import { predictedPassAtK, predictedPassHatK } from '../../../packages/sim/src/fit/modelPredictions.js';

const theta = (pi0: number, pi1: number, a: number, b: number) => {
  const w = 1 - pi0 - pi1;
  return [Math.log(a / b), Math.log(a + b), pi0 === 0 ? -Infinity : Math.log(pi0 / w), pi1 === 0 ? -Infinity : Math.log(pi1 / w)];
};

describe('predictedPassHatK / predictedPassAtK', () => {
  const p = mixtureParameters(theta(0.2, 0.1, 2, 3));

  it('doc examples: π0 = 0.2, π1 = 0.1, w = 0.7, Beta(2, 3), k = 2 → pass^2 = 0.24, pass@2 = 0.52 (by hand)', () => {
    expect(predictedPassHatK(p, 2)).toBeCloseTo(0.24, 14);
    expect(predictedPassAtK(p, 2)).toBeCloseTo(0.52, 14);
  });

  it('beta-binomial at Beta(0.6418, 0.8575), k = 8: scipy B(a + 8, b)/B(a, b) and 1 − B(a, b + 8)/B(a, b)', () => {
    // python3 -c "from scipy.special import beta as B; a, b = 0.6418, 0.8575; print(B(a+8, b)/B(a, b), 1 - B(a, b+8)/B(a, b))"
    const bb = mixtureParameters(theta(0, 0, 0.6418, 0.8575));
    expect(predictedPassHatK(bb, 8)).toBeCloseTo(0.10025605753963647, 13);
    expect(predictedPassAtK(bb, 8)).toBeCloseTo(0.7997283404275102, 13);
  });

  it('agrees with the engine’s momentPower for the same mixture written as a scenario distribution', () => {
    const dist = {
      dist: 'mixture' as const,
      components: [
        { weight: 0.2, dist: { dist: 'point' as const, p: 0 } },
        { weight: 0.1, dist: { dist: 'point' as const, p: 1 } },
        { weight: 0.7, dist: { dist: 'beta' as const, a: 2, b: 3 } },
      ],
    };
    for (const k of [1, 3, 8, 40]) {
      expect(predictedPassHatK(p, k)).toBeCloseTo(momentPower(dist, k), 13);
      expect(predictedPassAtK(p, k)).toBeCloseTo(1 - momentComplementPower(dist, k), 13);
    }
  });

  it('limits: binomial (s = ∞) gives μ^k and 1 − (1 − μ)^k; two-point (s = 0) gives μ for every k', () => {
    const binomial = mixtureParameters([Math.log(0.3 / 0.7), Infinity, -Infinity, -Infinity]);
    expect(predictedPassHatK(binomial, 3)).toBeCloseTo(0.027, 14);
    expect(predictedPassAtK(binomial, 3)).toBeCloseTo(1 - 0.343, 14);
    const twoPoint = mixtureParameters([Math.log(0.3 / 0.7), -Infinity, -Infinity, -Infinity]);
    expect(predictedPassHatK(twoPoint, 5)).toBeCloseTo(0.3, 14);
    expect(predictedPassAtK(twoPoint, 5)).toBeCloseTo(0.3, 14);
  });
});
