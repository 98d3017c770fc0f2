import { describe, expect, it } from 'vitest';
import { taskMetricValue } from '../../../packages/sim/src/compare/compareMetric.js';
import { pairedPilotSource } from '../../../packages/sim/src/planning/comparePilot.js';
import { countsOf } from '../../../packages/sim/src/planning/verdictPower.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';

// One resampled task of `plan compare --pilot` at a design of 3 trials from a pilot of 4: the
// pilot task drawn uniformly, 3 of each agent's 4 recorded trials without replacement. E[D] and
// Var[D] of D = θ̂_B − θ̂_A are exact in test/reference/plan_pilot_moments.py; the library's draws
// must match the mean within 4 SE (SE = sd/√R) and the variance within 4 SE of a sample variance
// (SE ≈ √((μ4 − σ⁴)/R), with the sample's own fourth central moment).
const PILOT = [
  { a: { n: 4, c: 1 }, b: { n: 4, c: 3 } },
  { a: { n: 4, c: 0 }, b: { n: 4, c: 2 } },
  { a: { n: 4, c: 4 }, b: { n: 4, c: 4 } },
  { a: { n: 4, c: 2 }, b: { n: 4, c: 1 } },
];
const REFERENCE = [
  { metric: 'passAtK', k: 1, mean: 0.1875, variance: 0.1349826388888889 },
  { metric: 'passHatK', k: 2, mean: 0.125, variance: 0.0954861111111111 },
] as const;

describe('plan compare --pilot: the resampled task difference (exact moments, python reference)', () => {
  it.each(REFERENCE)('$metric k = $k: mean $mean, variance $variance', ({ metric, k, mean, variance }) => {
    // The priors only matter for designs beyond the pilot's trials (posterior draws): any will do here.
    const source = pairedPilotSource(PILOT, { a: 1, b: 1 }, { a: 1, b: 1 });
    const rng = streamRng(11, 'pilot-moments', metric);
    const R = 200_000;
    const d = new Float64Array(R);
    for (let r = 0; r < R; r++) {
      const counts = countsOf(source.task(rng), rng, 3);
      d[r] = taskMetricValue(metric, 3, counts.b.c, k) - taskMetricValue(metric, 3, counts.a.c, k);
    }
    const m = d.reduce((s, x) => s + x, 0) / R;
    let m2 = 0;
    let m4 = 0;
    for (const x of d) {
      m2 += (x - m) ** 2;
      m4 += (x - m) ** 4;
    }
    m2 /= R;
    m4 /= R;
    expect(Math.abs(m - mean)).toBeLessThan(4 * Math.sqrt(m2 / R));
    expect(Math.abs(m2 - variance)).toBeLessThan(4 * Math.sqrt((m4 - m2 * m2) / R));
  });
});

describe('plan compare --pilot: designs with more trials than the pilot keep its recorded ones', () => {
  it('a task with 1 of 2 recorded trials at 5 trials and p = 0.4: c = 1 + Binomial(3, 0.4), mean 2.2, variance 0.72', () => {
    // Closed form: E = 1 + 3·0.4, Var = 3·0.4·0.6; every draw in [1, 4].
    const task = { pA: 0.4, pB: 0.4, pilot: { a: { n: 2, c: 1 }, b: { n: 2, c: 1 } } };
    const rng = streamRng(12, 'beyond-pilot');
    const R = 100_000;
    let sum = 0;
    let squares = 0;
    // The range is checked once over all draws (an expect per draw was most of the test's time).
    let low = Infinity;
    let high = -Infinity;
    for (let r = 0; r < R; r++) {
      const { a } = countsOf(task, rng, 5);
      low = Math.min(low, a.c);
      high = Math.max(high, a.c);
      sum += a.c;
      squares += a.c * a.c;
    }
    expect(low).toBeGreaterThanOrEqual(1);
    expect(high).toBeLessThanOrEqual(4);
    const mean = sum / R;
    const variance = squares / R - mean * mean;
    expect(Math.abs(mean - 2.2)).toBeLessThan(4 * Math.sqrt(0.72 / R));
    // SE of a sample variance √((μ4 − σ⁴)/R), μ4 of Binomial(3, 0.4) = 3pq(1 + 3(3 − 2)pq) = 0.72·1.72.
    expect(Math.abs(variance - 0.72)).toBeLessThan(4 * Math.sqrt((0.72 * (1 + 3 * 0.24) - 0.72 ** 2) / R));
  });
});
