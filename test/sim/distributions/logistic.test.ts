import { describe, expect, it } from 'vitest';
import { logistic } from '../../../packages/sim/src/distributions/logistic.js';

describe('logistic(x)', () => {
  it('matches scipy.special.expit, including far tails without overflow', () => {
    // python3 -c "from scipy.special import expit; print(expit([0, 2, -2, 40, -40, 800, -800, 1e-300]).tolist())"
    const xs = [0, 2, -2, 40, -40, 800, -800, 1e-300];
    const expected = [0.5, 0.8807970779778823, 0.11920292202211755, 1, 4.248354255291589e-18, 1, 0, 0.5];
    xs.forEach((x, i) => expect(logistic(x)).toBeCloseTo(expected[i], 15));
    expect(logistic(-40) / 4.248354255291589e-18).toBeCloseTo(1, 14); // relative precision in the lower tail
  });
});
