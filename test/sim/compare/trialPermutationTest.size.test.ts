import { describe, expect, it } from 'vitest';
import { nullRejections } from './trialPermutationSize.js';

// The trial-permutation test's size on the first 200 null datasets of its study, apart from its unit
// tests in trialPermutationTest.test.ts so that mutation testing (mutationScopes.mjs) runs those alone.
// The study itself (1000 datasets, and the sign-flip test exceeding the bound on them, which needs
// that many to show) is trialPermutationTest.size.slow.test.ts.
describe('trialPermutationTestSteps: size (issue #42)', () => {
  it('holds its size: pass^3 of hard tasks (Beta(0.2, 2)), n_A = 10, n_B = 3, T = 30, 200 null datasets', () => {
    // Both runs draw from the same p_t. Tolerance from the SE of a rejection rate of 5 % over 200
    // datasets (0.0154): at most 5 % + 3 SE.
    const datasets = 200;
    const { trial } = nullRejections(datasets, false);
    expect(trial / datasets).toBeLessThanOrEqual(0.05 + 3 * Math.sqrt((0.05 * 0.95) / datasets));
  });
});
