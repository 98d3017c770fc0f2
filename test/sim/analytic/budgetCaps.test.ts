import { describe, expect, it } from 'vitest';
import { budgetCaps } from '../../../packages/sim/src/analytic/budgetCaps.js';
import { exactMetrics } from '../../../packages/sim/src/analytic/exactMetrics.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';

const scenario = (budget: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  resolveScenario({
    tasks: { successRate: { dist: 'fixed', values: [0.5] } },
    attempts: { cost: { perAttempt: 0.3 }, latency: { perAttempt: 1 } },
    policy: { maxAttempts: 6, budget },
    ...extra,
  });

describe('budgetCaps', () => {
  it('soft cost cap 1 at 0.3 per attempt: attempts 1..4 start (spend 0.9 < 1 before the 4th), the 4th ends 0.2 over', () => {
    const caps = budgetCaps(scenario({ cost: 1 }))!;
    expect(caps.complete).toBe(4);
    expect(caps.cut).toBeNull();
    // python3 -c "print(0.3+0.3+0.3+0.3-1)"  → 0.2000000000000002
    expect(caps.costOver).toEqual({ attempt: 4, excess: 0.3 + 0.3 + 0.3 + 0.3 - 1 });
    expect(caps.latencyOver).toBeNull();
  });

  it('hard cost cap: 3 attempts complete, the 4th is cut off at 1 − 0.9 and its latency is paid in full', () => {
    const caps = budgetCaps(scenario({ cost: 1, mode: 'hard' }))!;
    expect(caps.complete).toBe(3);
    expect(caps.cut).toEqual({ cost: 1 - (0.3 + 0.3 + 0.3), latency: null });
  });

  it('deadline 2.5 at latency 1: soft lets 3 start (the 3rd ends 0.5 late); hard cuts the 3rd at 0.5', () => {
    expect(budgetCaps(scenario({ latency: 2.5 }))).toMatchObject({ complete: 3, cut: null, latencyOver: { attempt: 3, excess: 0.5 } });
    expect(budgetCaps(scenario({ latency: 2.5, mode: 'hard' }))).toMatchObject({ complete: 2, cut: { cost: null, latency: 0.5 } });
  });

  it('no closed form for a lognormal cost under a cost cap, or a deadline over rounds of several attempts', () => {
    expect(budgetCaps(scenario({ cost: 1 }, { attempts: { cost: { perAttempt: { dist: 'lognormal', median: 0.3, sigma: 0.5 } } } }))).toBeNull();
    expect(budgetCaps(scenario({ latency: 2 }, { policy: { maxAttempts: 6, mode: 'parallel', budget: { latency: 2 } } }))).toBeNull();
  });
});

describe('exactMetrics with budgets (one task p = 0.5, perfect verifier, sequential)', () => {
  // By hand: attempt j starts w.p. 0.5^(j−1) (all before it wrong).
  it('soft cap: P(cost > 1) = P(reach attempt 4) = 0.125 for k ≥ 4, mean overshoot 0.2 × 0.125; 0 below', () => {
    const rows = exactMetrics(scenario({ cost: 1 }), { p: Float64Array.of(0.5) });
    expect(rows.map((r) => r.costOverCap)).toEqual([0, 0, 0, 0.125, 0.125, 0.125]);
    expect(rows[5].costOvershoot).toBeCloseTo(0.025, 15);
    expect(rows[5].attempts).toBeCloseTo(1 + 0.5 + 0.25 + 0.125, 15);
    expect(rows[5].latencyOverCap).toBeNull(); // no deadline
  });

  it('hard cap: delivered correct 1 − 0.5³ (the cut-off 4th is not accepted), attempts 1.875, cost 0.3·1.75 + 0.1·0.125, never over', () => {
    const rows = exactMetrics(scenario({ cost: 1, mode: 'hard' }), { p: Float64Array.of(0.5) });
    expect(rows[5].deliveredCorrect).toBeCloseTo(0.875, 15);
    expect(rows[5].attempts).toBeCloseTo(1.875, 15);
    expect(rows[5].cost).toBeCloseTo(0.3 * 1.75 + 0.1 * 0.125, 15);
    expect(rows[5].latency).toBeCloseTo(1.875, 15); // the cut-off attempt's latency in full
    expect(rows.map((r) => r.costOverCap)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(rows[2].attempts).toBeCloseTo(1.75, 15); // k = 3 < the cut-off attempt
  });

  it('hard deadline 2.5: 2 complete, the 3rd cut at 0.5: latency 1.5 + 0.5·0.25, cost paid in full 0.3·1.75', () => {
    const rows = exactMetrics(scenario({ latency: 2.5, mode: 'hard' }), { p: Float64Array.of(0.5) });
    expect(rows[5].deliveredCorrect).toBeCloseTo(0.75, 15);
    expect(rows[5].latency).toBeCloseTo(1.5 + 0.5 * 0.25, 15);
    expect(rows[5].cost).toBeCloseTo(0.3 * 1.75, 15);
    expect(rows[5].latencyOverCap).toBe(0);
  });
});
