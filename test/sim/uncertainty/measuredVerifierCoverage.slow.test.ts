import { describe, expect, it } from 'vitest';
import { binomial } from '../../../packages/sim/src/distributions/binomial.js';
import { simulate } from '../../../packages/sim/src/engine/simulate.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { budgetedScenario, measuredScenario } from './measuredScenarios.js';

// Slow suite (docs/testing.md): the coverage of a measured verifier's what-if interval, over 200 and
// 150 simulated measurements of the verifier (each a simulate run of 100 and 60 blocks). The truth at
// fixed rates: test/reference/measured_verifier_reference.py. Split from measuredVerifier.test.ts.
describe('simulate with a measured verifier: coverage', () => {
  it('the interval covers the delivered correct and wrong at the true rates (fa 0.2, fr 0.05) at its 95 % level over measurements of 200 wrong and 200 right attempts (±4 binomial SE)', () => {
    const rng = streamRng(2026, 'measurements');
    const runs = 200;
    const truth = { deliveredCorrect: 0.678596875, deliveredWrong: 0.1872625 }; // python reference, k = 3
    const covered = { deliveredCorrect: 0, deliveredWrong: 0 };
    for (let i = 0; i < runs; i++) {
      const summary = simulate(measuredScenario(binomial(rng, 200, 0.2), 200, binomial(rng, 200, 0.05), 200, i, 64 * 100));
      for (const metric of ['deliveredCorrect', 'deliveredWrong'] as const) {
        const { lower, upper } = summary.rows[2]![metric].interval!;
        if (lower <= truth[metric] && truth[metric] <= upper) covered[metric]++;
      }
    }
    const se = Math.sqrt((0.95 * 0.05) / runs);
    for (const metric of ['deliveredCorrect', 'deliveredWrong'] as const) expect(Math.abs(covered[metric] / runs - 0.95)).toBeLessThan(4 * se);
  });

  it('without a closed form (lognormal cost under a cost cap) the interval from the spread between blocks also covers at its 95 % level (±4 binomial SE)', () => {
    const truthRun = simulate(budgetedScenario({ falseAccept: 0.2, falseReject: 0.05 }, 99, 64 * 1500));
    const truth = truthRun.rows[2]!.deliveredWrong;
    expect(truth.exact).toBeNull();
    const rng = streamRng(2026, 'measurements, budget');
    const runs = 150;
    let covered = 0;
    for (let i = 0; i < runs; i++) {
      const measured = { falseAccept: { accepted: binomial(rng, 200, 0.2), wrong: 200 }, falseReject: { rejected: binomial(rng, 200, 0.05), right: 200 } };
      const { interval } = simulate(budgetedScenario({ measured }, i, 64 * 60)).rows[2]!.deliveredWrong;
      expect(interval!.method).toMatch(/variance between blocks/);
      // The truth is itself simulated: its Monte Carlo SE is a few per cent of the interval's half-width.
      if (interval!.lower <= truth.value! && truth.value! <= interval!.upper) covered++;
    }
    expect(Math.abs(covered / runs - 0.95)).toBeLessThan(4 * Math.sqrt((0.95 * 0.05) / runs));
  });
});
