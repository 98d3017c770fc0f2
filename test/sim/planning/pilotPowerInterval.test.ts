import { describe, expect, it } from 'vitest';
import { pilotPowerIntervalSteps } from '../../../packages/sim/src/planning/pilotPowerInterval.js';
import type { TaskSource } from '../../../packages/sim/src/planning/verdictPower.js';
import { runSteps } from '../../../packages/sim/src/stepwise.js';

// The interval of a pilot plan's power (bootstrap of the pilot's tasks, Monte Carlo noise of each
// draw removed). Two closed-form checks of its parts: draws whose power is exactly 0 or 1 carry no
// Monte Carlo noise, so the bounds are the plain percentiles; draws of one and the same source
// differ only by Monte Carlo noise, so the between-draw variance matches the binomial one
// P(1 − P)/(R − 1) (ratio ~ χ²_{B−1}/(B − 1): within 4 of its sd √(2/(B − 1)) of 1) and the interval
// shrinks to (almost) a point.

const VERDICT = { metric: 'passAtK', k: 1, alpha: 0.05, direction: 1, datasets: 1, seed: 7 } as const;

describe('pilotPowerIntervalSteps', () => {
  it('draws of power exactly 0 or 1: no Monte Carlo part, bounds at the percentiles, sd of a 0/1 sample', () => {
    // B's rate 1 and A's 0 on every task: every experiment says "better" (power 1); both 0: never (power 0).
    const sure: TaskSource = { task: () => ({ pA: 0, pB: 1 }) };
    const none: TaskSource = { task: () => ({ pA: 0, pB: 0 }) };
    const picks: boolean[] = [];
    const interval = runSteps(
      pilotPowerIntervalSteps(
        (rng) => {
          const pick = rng.uniform() < 0.5;
          picks.push(pick);
          return pick ? sure : none;
        },
        12,
        1,
        VERDICT,
        { draws: 30, experiments: 4, level: 0.8 },
      ),
    );
    const share = picks.filter(Boolean).length / picks.length;
    expect(interval.sdMonteCarlo).toBe(0);
    expect(interval.sdBetweenDraws).toBeCloseTo(Math.sqrt((share * (1 - share) * 30) / 29), 12);
    // Between 10 % and 90 % of the draws at 1: the 10th percentile is 0 and the 90th is 1.
    expect(share).toBeGreaterThan(0.1);
    expect(share).toBeLessThan(0.9);
    expect([interval.lower, interval.upper]).toEqual([0, 1]);
  });

  it('placed around the point estimate: 0/1 draws, bounds = centre + (percentile − mean of draws), clamped', () => {
    // As above, every draw's power is exactly 0 or 1 (no Monte Carlo part, no shrink): the 10th and
    // 90th percentiles are 0 and 1, the draws' mean is the share s at 1, so the bounds are
    // centre − s and centre + 1 − s, clamped to [0, 1]. A centre far from s is the case that printed
    // an interval excluding its own point (84.0 % with [68.6 %, 80.4 %], docs/planning.md).
    const sure: TaskSource = { task: () => ({ pA: 0, pB: 1 }) };
    const none: TaskSource = { task: () => ({ pA: 0, pB: 0 }) };
    for (const centre of [0.05, 0.5, 0.97]) {
      const interval = runSteps(
        pilotPowerIntervalSteps((rng) => (rng.uniform() < 0.5 ? sure : none), 12, 1, VERDICT, { draws: 30, experiments: 4, level: 0.8, centre }),
      );
      const share = interval.meanOfDraws;
      expect(share).toBeGreaterThan(0.1);
      expect(share).toBeLessThan(0.9);
      expect(interval.lower).toBeCloseTo(Math.max(0, centre - share), 12);
      expect(interval.upper).toBeCloseTo(Math.min(1, centre + 1 - share), 12);
      expect(interval.lower).toBeLessThanOrEqual(centre);
      expect(interval.upper).toBeGreaterThanOrEqual(centre);
    }
  });

  it('one source on every draw: between-draw variance is the binomial Monte Carlo variance; the interval collapses', () => {
    const source: TaskSource = { task: (rng) => ({ pA: 0.3, pB: 0.3 + 0.5 * rng.uniform() }) };
    const B = 120;
    const interval = runSteps(pilotPowerIntervalSteps(() => source, 10, 1, VERDICT, { draws: B, experiments: 20, level: 0.8 }));
    const ratio = interval.sdBetweenDraws ** 2 / interval.sdMonteCarlo ** 2;
    expect(Math.abs(ratio - 1)).toBeLessThan(4 * Math.sqrt(2 / (B - 1)));
    // Raw 80 % percentiles of 20-experiment powers span about 2 · 1.28 · 0.1; the corrected interval far less.
    expect(interval.upper - interval.lower).toBeLessThan(2 * 1.2816 * interval.sdMonteCarlo);
  }, 120_000);
});
