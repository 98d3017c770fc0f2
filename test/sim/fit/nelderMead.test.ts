import { describe, expect, it } from 'vitest';
import { nelderMead } from '../../../packages/sim/src/fit/nelderMead.js';

const OPTIONS = { step: 0.5, valueTolerance: 1e-14, pointTolerance: 1e-10, maxEvaluations: 5000 };

describe('nelderMead', () => {
  it('doc example: (x − 1)² + 10(y + 2)² from (0, 0) → (1, −2), the closed-form minimum', () => {
    const result = nelderMead(([x, y]) => (x - 1) ** 2 + 10 * (y + 2) ** 2, [0, 0], OPTIONS);
    expect(result.converged).toBe(true);
    expect(result.point[0]).toBeCloseTo(1, 8);
    expect(result.point[1]).toBeCloseTo(-2, 8);
  });

  it('Rosenbrock from (−1.2, 1) → (1, 1) (the classic test; minimum known in closed form)', () => {
    const result = nelderMead(([x, y]) => 100 * (y - x * x) ** 2 + (1 - x) ** 2, [-1.2, 1], OPTIONS);
    expect(result.point[0]).toBeCloseTo(1, 6);
    expect(result.point[1]).toBeCloseTo(1, 6);
  });

  it('treats +∞ as worse (a feasible region x > 0 with the minimum of (x − 2)² inside it)', () => {
    const result = nelderMead(([x]) => (x > 0 ? (x - 2) ** 2 : Infinity), [0.25], OPTIONS);
    expect(result.point[0]).toBeCloseTo(2, 8);
  });

  it('stops on its evaluation budget and says so', () => {
    const result = nelderMead(([x, y]) => 100 * (y - x * x) ** 2 + (1 - x) ** 2, [-1.2, 1], { ...OPTIONS, maxEvaluations: 20 });
    expect(result.converged).toBe(false);
    expect(result.evaluations).toBeGreaterThanOrEqual(20);
  });
});
