// drawLogit and logitMoments: the logits of a closed form's values at the draws of the measured
// parameters, clamped at the empirical logit of 0 and N of N, and their sample variance. Every expected
// value is from test/reference/draw_interval.py (scipy.special.logit, numpy.var(ddof=1)), written
// independently of the TypeScript.
import { describe, expect, it } from 'vitest';
import { drawLogit, logitMoments } from '../../../packages/sim/src/uncertainty/drawLogit.js';
import { exactSpreadOverDraws } from '../../../packages/sim/src/uncertainty/exactOverDraws.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import { blockScenario } from '../../../packages/sim/src/uncertainty/blockScenario.js';
import { exactMetrics } from '../../../packages/sim/src/analytic/exactMetrics.js';

describe('drawLogit', () => {
  it('ln(p/(1 − p)) inside, ±ln(2N + 1) at and beyond the bounds (python: draw_interval.py)', () => {
    expect(drawLogit(0.5, 100)).toBe(0);
    expect(drawLogit(1, 100)).toBeCloseTo(5.303304908059076, 14);
    expect(drawLogit(0.999, 100)).toBeCloseTo(5.303304908059076, 14); // ln 999 = 6.91 lies past ln 201
    expect(drawLogit(0, 100)).toBeCloseTo(-5.303304908059076, 14);
    expect(drawLogit(0.01, 1000)).toBeCloseTo(-4.59511985013459, 13);
  });

  it('is symmetric: drawLogit(1 − p) = −drawLogit(p)', () => {
    for (const p of [0, 1e-12, 0.02, 0.3]) expect(drawLogit(1 - p, 40)).toBeCloseTo(-drawLogit(p, 40), 4);
  });
});

/** numpy.mean of the clamped logits of the three cases below (draw_interval.py). */
const MEANS = [4.16088454632145, 1.211430421276511, -2.3121142452780163] as const;

describe('logitMoments', () => {
  it('the mean and sample variance (B − 1) of the clamped logits (python: numpy.mean, numpy.var(ddof=1))', () => {
    for (const [values, episodes, mean, variance] of [
      [[0.9, 0.95, 0.99, 0.999], 1000, MEANS[0], 4.354687974501313],
      [[0.2, 1, 0.6], 50, MEANS[1], 9.491430198876275],
      [[0, 1e-9, 0.3], 10, MEANS[2], 1.6092652810834427],
    ] as const) {
      const moments = logitMoments(values, episodes)!;
      expect(moments.mean).toBeCloseTo(mean, 12);
      expect(moments.variance).toBeCloseTo(variance, 12);
    }
  });

  it('equal values: exactly 0; fewer than 2 values: null', () => {
    expect(logitMoments([0.37, 0.37, 0.37], 100)!.variance).toBe(0);
    expect(logitMoments([1, 1], 100)).toEqual({ mean: Math.log(201), variance: 0 });
    expect(logitMoments([0.4], 100)).toBeNull();
  });
});

describe('exactSpreadOverDraws: the logit spread', () => {
  // A verifier measured on few attempts: delivered correct and wrong move with the draws; coverage (the
  // attempts alone) does not; attempts is not a probability.
  const scenario = resolveScenario({
    seed: 5,
    tasks: { successRate: { dist: 'fixed', values: [0.1, 0.4, 0.8] } },
    verifier: { measured: { falseAccept: { accepted: 3, wrong: 20 }, falseReject: { rejected: 2, right: 20 } } },
    policy: { maxAttempts: 3 },
  });
  const blocks = [0, 1, 2, 3, 4];

  it('is logitMoments of the values whose probability-scale spread it sits beside; 0 where the draws agree; null for values beyond [0, 1]', () => {
    const { spread, logitDraws, draws } = exactSpreadOverDraws(scenario, blocks, 300);
    expect(draws).toBe(5);
    for (let i = 0; i < 3; i++) {
      expect(logitDraws.deliveredCorrect[i]!.variance).toBeGreaterThan(0);
      expect(spread.coverage[i]).toBe(0);
      expect(logitDraws.coverage[i]!.variance).toBe(0);
    }
    // Attempts at k = 3 exceed 1 (at k = 1 they are 1, which lies in [0, 1]: summarise asks for rates only).
    expect(logitDraws.attempts[2]).toBeNull();
    // The closed forms at each block's draw, evaluated here one by one; their logits' variance by hand.
    const values = blocks.map((b) => exactMetrics(blockScenario(scenario, b), { p: Float64Array.of(0.1, 0.4, 0.8) }));
    for (const metric of ['deliveredCorrect', 'deliveredWrong'] as const) {
      for (let i = 0; i < 3; i++) {
        const z = values.map((rows) => Math.log(rows[i]![metric]! / (1 - rows[i]![metric]!)));
        const mean = z.reduce((a, b) => a + b, 0) / z.length;
        const variance = z.reduce((a, b) => a + (b - mean) ** 2, 0) / (z.length - 1);
        expect(Math.abs(logitDraws[metric][i]!.variance / variance - 1)).toBeLessThan(1e-12);
        expect(logitDraws[metric][i]!.mean).toBeCloseTo(mean, 13);
      }
    }
  });

  it('fewer than 2 draws: null on both scales', () => {
    const { spread, logitDraws } = exactSpreadOverDraws(scenario, [0], 300);
    expect(spread.deliveredCorrect[0]).toBeNull();
    expect(logitDraws.deliveredCorrect[0]).toBeNull();
  });
});
