import { describe, expect, it } from 'vitest';
import { planComparisonFromPilot } from '../../../packages/sim/src/planning/comparePilot.js';
import { checkShift, correlation, mean, sample, TASKS } from './oneRunSamples.js';

// One pilot run and an assumed gain: the two gain models of `plan compare --pilot A --delta D`.
// `shift`: B's log-odds = A's on the same task + δ; `independent`: B's rate is A's population
// shifted by the same δ, drawn for another pilot task. Checks:
// - one δ serves both (B's mean metric does not depend on which rate is paired with which);
// - under `independent`, A's and B's rates on a task are independent: at 1 trial per agent the
//   per-task difference c_B − c_A is +1 with probability m_B(1 − m_A) and −1 with m_A(1 − m_B)
//   (m: the mean rates; the product rule of independent Bernoulli trials), within 4 binomial SE;
// - under `shift` they are strongly related (correlation well above 0) with the same marginal of B;
// - the plan reports which model sized it and the other's tasks, which are exactly what the plan
//   sized by the other model finds (same seed, same streams).

const DRAWS = 20_000;

describe('one-run gain models', () => {
  it('independent: per-task differences at 1 trial follow the product rule; B − A is Δ', () => {
    const { built, rates, differences } = sample('independent', DRAWS);
    const mA = mean(rates.map((r) => r.pA));
    const mB = mean(rates.map((r) => r.pB));
    // The solved shift gives B's mean = A's + Δ (on the fixed draws; here on fresh ones: within 4 SE).
    const seMean = Math.sqrt((mB * (1 - mB) + mA * (1 - mA)) / DRAWS);
    expect(Math.abs(mB - mA - 0.15)).toBeLessThan(4 * seMean);
    expect(built.comparison - built.baseline).toBeCloseTo(0.15, 12);
    for (const [value, p] of [
      [1, mB * (1 - mA)],
      [-1, mA * (1 - mB)],
    ] as const) {
      const share = differences.filter((d) => d === value).length / DRAWS;
      expect(Math.abs(share - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / DRAWS));
    }
    // Correlation of the rates: 0 up to its sampling sd ≈ 1/√N.
    expect(
      Math.abs(
        correlation(
          rates.map((r) => r.pA),
          rates.map((r) => r.pB),
        ),
      ),
    ).toBeLessThan(4 / Math.sqrt(DRAWS));
  }, 60_000);

  // 2 000 draws here; oneRunGainModel.slow.test.ts runs the same check at 20 000 (a study: a
  // shift-model draw solves B's rate per task, 0.1 ms each, so 40 000 draws took 2 s).
  it('shift: the same δ and the same marginal of B, but B tied to A on the task (2 000 draws)', () => {
    checkShift(2000);
  }, 60_000);

  it('the plan says which model sized it and gives the other one’s tasks (the other plan’s search)', () => {
    // 2 experiments per size: what is checked is which search each plan reports, not its power (20 took
    // 5 s, 4 twice the CPU of 2). The two searches still find different sizes (18 and 11 tasks).
    const base = { metric: 'passAtK', k: 1, power: 0.8, alpha: 0.05, trials: [5], simulations: 2, seed: 1 } as const;
    const independent = planComparisonFromPilot({ ...base, single: { tasks: TASKS, delta: 0.2 } });
    expect(independent.gain).toMatchObject({ model: 'independent', alternative: { model: 'shift' } });
    const shift = planComparisonFromPilot({ ...base, single: { tasks: TASKS, delta: 0.2, gainModel: 'shift' } });
    expect(shift.gain).toMatchObject({ model: 'shift', alternative: { model: 'independent' } });
    // Each plan's alternative is the other plan's search (same seed, same streams).
    expect(independent.gain!.alternative.rows).toEqual([{ trials: 5, tasks: shift.rows[0]!.tasks }]);
    expect(shift.gain!.alternative.rows).toEqual([{ trials: 5, tasks: independent.rows[0]!.tasks }]);
    expect(independent.method).toContain('sized for the independent gain model');
    expect(() => planComparisonFromPilot({ ...base, single: { tasks: TASKS, delta: 0.2, gainModel: 'even' as 'shift' } })).toThrow(
      /^single\.gainModel: must be one of independent, shift/,
    );
  }, 300_000);
});
