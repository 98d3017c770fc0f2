import { describe, expect, it } from 'vitest';
import { DEPENDENCE_MODELS } from '../../../packages/sim/src/dependence/dependenceModels.js';
import { predictDependentPassAtK } from '../../../packages/sim/src/dependence/predictDependentPassAtK.js';
import type { DependenceFit, DependenceModelName } from '../../../packages/sim/src/dependence/types.js';

/** A fit holding one model at given coordinates (logit mean, ln s, model coordinate), no covariance. */
function fitAt(model: DependenceModelName, mean: number, s: number, value: number): DependenceFit {
  const spec = DEPENDENCE_MODELS.find((m) => m.name === model)!;
  return {
    confidence: 0.95,
    models: [
      {
        model,
        coordinates: [Math.log(mean / (1 - mean)), Math.log(s), spec.parameter === null ? 0 : spec.toCoordinate(value)],
        freeCoordinates: [],
        covariance: null,
      },
    ],
  } as unknown as DependenceFit;
}

describe('predictDependentPassAtK', () => {
  it('doc example: every p = 0.3 (s = ∞), independent → pass@2 = 0.51, pass^2 = 0.09', () => {
    const [row] = predictDependentPassAtK(fitAt('independent', 0.3, Infinity, 0), 'independent', [2]);
    expect(row.passAtK).toBeCloseTo(0.51, 14);
    expect(row.passHatK).toBeCloseTo(0.09, 14);
  });

  it('independent over Beta(1.2, 1.8): pass@k = 1 − B(a, b + k)/B(a, b), pass^k = B(a + k, b)/B(a, b) (scipy), k beyond any episode (k = 25)', () => {
    // python3 -c "from scipy.special import beta as B; a,b=1.2,1.8
    // print([1-B(a,b+k)/B(a,b) for k in (1,5,25)], [B(a+k,b)/B(a,b) for k in (1,5,25)])"
    const rows = predictDependentPassAtK(fitAt('independent', 0.4, 3, 0), 'independent', [1, 5, 25]);
    const passAt = [0.4, 0.788416, 0.9586751014476013];
    const passHat = [0.4, 0.073216, 0.005935040308194533];
    rows.forEach((row, i) => {
      expect(row.passAtK).toBeCloseTo(passAt[i], 12);
      expect(row.passHatK).toBeCloseTo(passHat[i], 12);
    });
  });

  it('feedback −0.5 with every p = 0.6: pass@3 = 1 − 0.4·0.7·0.85 (the rate halves after each failure); pass^3 = 0.216', () => {
    const [row] = predictDependentPassAtK(fitAt('feedback', 0.6, Infinity, -0.5), 'feedback', [3]);
    expect(row.passAtK).toBeCloseTo(1 - 0.4 * 0.7 * 0.85, 14);
    expect(row.passHatK).toBeCloseTo(0.216, 14);
  });

  it('refuses a model that was not fitted and bad k, in one line', () => {
    const fit = fitAt('independent', 0.3, Infinity, 0);
    expect(() => predictDependentPassAtK(fit, 'markov', [2])).toThrow('model: must be one of the fitted models (independent), got "markov"');
    expect(() => predictDependentPassAtK(fit, 'independent', [0])).toThrow('ks[0]: must be an integer in 1..100000, got 0');
  });
});
