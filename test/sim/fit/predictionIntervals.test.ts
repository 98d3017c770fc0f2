import { describe, expect, it } from 'vitest';
import { predictionIntervals } from '../../../packages/sim/src/fit/predictionIntervals.js';

const logit = (p: number) => Math.log(p / (1 - p));
// python3 -c "from scipy.stats import norm; print(norm.ppf(0.975), norm.ppf(0.95))"
const Z975 = 1.959963984540054;
const Z95 = 1.6448536269514722;

describe('predictionIntervals (delta method on the logit scale)', () => {
  // Binomial limit, one free coordinate θ = logit mean = 0 (mean ½), Var θ = 0.25.
  const theta = [0, Infinity, -Infinity, -Infinity];
  const result = predictionIntervals(theta, [0], [[0.25]], [1, 3], { confidence: 0.95 });

  it('doc example: pass^3 = ⅛, d logit(μ^k)/dθ = k(1 − μ)/(1 − μ^k) = 12/7 → logit(⅛) ± 1.96·(12/7)·0.5', () => {
    const k3 = result.passHatK[1]!;
    expect(logit(k3.lower)).toBeCloseTo(logit(1 / 8) - Z975 * (12 / 7) * 0.5, 8);
    expect(logit(k3.upper)).toBeCloseTo(logit(1 / 8) + Z975 * (12 / 7) * 0.5, 8);
  });

  it('k = 1: pass@1 = pass^1 = mean, so the interval is logistic(0 ± 1.96·0.5) for both', () => {
    for (const interval of [result.passHatK[0]!, result.passAtK[0]!]) {
      expect(logit(interval.lower)).toBeCloseTo(-Z975 * 0.5, 8);
      expect(logit(interval.upper)).toBeCloseTo(Z975 * 0.5, 8);
    }
  });

  it('pass@3 = 1 − (1 − μ)³: by symmetry at μ = ½ the mirror image of pass^3; 90 % uses z = 1.645', () => {
    const at = result.passAtK[1]!;
    expect(at.lower).toBeCloseTo(1 - result.passHatK[1]!.upper, 12);
    const narrow = predictionIntervals(theta, [0], [[0.25]], [3], { confidence: 0.9 }).passHatK[0]!;
    expect(logit(narrow.upper) - logit(1 / 8)).toBeCloseTo(Z95 * (12 / 7) * 0.5, 8);
  });

  it('two coordinates, correlated: √(∇gᵀΣ∇g) (two-point beta with π1: pass^k = (e^η1 + μ)/(1 + e^η1) for every k)', () => {
    // η0 = −∞, η1 = 0: P = (1 + μ)/2; ∇ logit P over (logit μ, η1) = (2μ/(1 + μ), 1/(1 + μ)) (by hand).
    const cov = [
      [0.09, 0.05],
      [0.05, 0.3],
    ];
    const out = predictionIntervals([0.4, -Infinity, -Infinity, 0], [0, 3], cov, [5], { confidence: 0.95 });
    const mu = 1 / (1 + Math.exp(-0.4));
    const g = [(2 * mu) / (1 + mu), 1 / (1 + mu)];
    const se = Math.sqrt(g[0]! ** 2 * 0.09 + 2 * g[0]! * g[1]! * 0.05 + g[1]! ** 2 * 0.3);
    expect(logit(out.passHatK[0]!.upper)).toBeCloseTo(logit((1 + mu) / 2) + Z975 * se, 8);
    expect(logit(out.passHatK[0]!.lower)).toBeCloseTo(logit((1 + mu) / 2) - Z975 * se, 8);
  });

  it('null where the prediction is exactly 0 or 1 (pass^k of a point mass at 0)', () => {
    const zero = predictionIntervals([-Infinity, Infinity, -Infinity, -Infinity], [], [], [2], { confidence: 0.95 });
    expect(zero.passHatK[0]).toBeNull();
  });
});
