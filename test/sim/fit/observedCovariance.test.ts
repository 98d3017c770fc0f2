import { describe, expect, it } from 'vitest';
import { observedCovariance } from '../../../packages/sim/src/fit/observedCovariance.js';

describe('observedCovariance', () => {
  it('doc example: ℓ = −(x²/8 + y²/18) → diag(4, 9) (central differences are exact on quadratics up to rounding)', () => {
    const cov = observedCovariance(([x, y]) => -((x * x) / 8 + (y * y) / 18), [0.3, -0.2])!;
    expect(cov[0][0]).toBeCloseTo(4, 6);
    expect(cov[1][1]).toBeCloseTo(9, 6);
    expect(cov[0][1]).toBeCloseTo(0, 6);
  });

  it('correlated: ℓ = −½ xᵀAx with A = [[2, 1], [1, 2]] → A⁻¹ = [[2/3, −1/3], [−1/3, 2/3]] (closed form)', () => {
    const cov = observedCovariance(([x, y]) => -0.5 * (2 * x * x + 2 * x * y + 2 * y * y), [1, 2])!;
    expect(cov[0][0]).toBeCloseTo(2 / 3, 6);
    expect(cov[0][1]).toBeCloseTo(-1 / 3, 6);
    expect(cov[1][0]).toBeCloseTo(-1 / 3, 6);
    expect(cov[1][1]).toBeCloseTo(2 / 3, 6);
  });

  it('null when a direction is flat (ℓ does not depend on y)', () => {
    expect(observedCovariance(([x]) => -x * x, [0, 5])).toBeNull();
  });
});
