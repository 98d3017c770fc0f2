import { describe, expect, it } from 'vitest';
import { exactValuesFor } from '../../../packages/sim/src/engine/exactValues.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
// The reduced decision study (bench/decisions/whatIfCoverage.mjs) runs on the built library.
import { DEPENDENT_TRUTHS, dependentWhatIfCoverage } from '../../../bench/decisions/whatIfCoverage.mjs';
import { expectCoverageNearNominal } from './coverageTally.js';

// What-ifs from attempt-ordered logs (tasks.measured.episodes, issue #41): the study's truths against
// Python, and the reduced coverage study (pnpm test:slow; the scenario contract: measuredEpisodes.test.ts).

describe('what-if coverage with dependent retries, reduced (bench/decisions/whatIfCoverage.mjs)', () => {
  it("the study's truths: the engine's closed form of coverage@k under Beta tasks and feedback is Python's", () => {
    // test/reference/dependent_truth.py (closed form for η ≥ 0, scipy quad for η < 0).
    const python: Record<string, [number, number][]> = {
      'feedback 0.15, beta(0.6, 1.4), 1 episode × 5 fixed': [
        [1, 0.3],
        [5, 0.925779924559],
        [10, 0.999823716062],
      ],
      'feedback −0.4, beta(1.4, 0.6), 1 episode ≤ 5 untilSuccess': [
        [1, 0.7],
        [5, 0.839965092689],
        [10, 0.850231387464],
      ],
    };
    for (const [truth, rows] of Object.entries(python)) {
      const known = DEPENDENT_TRUTHS[truth]!;
      const scenario = resolveScenario({
        tasks: { count: 10, successRate: { dist: 'beta', a: known.a, b: known.b }, resample: true },
        attempts: { correlation: { model: 'feedback', afterFailure: known.afterFailure } },
        policy: { maxAttempts: 10 },
      });
      const exact = exactValuesFor(scenario);
      for (const [k, value] of rows) expect(exact.coverage![k - 1], `${truth} k = ${k}`).toBeCloseTo(value, 9);
    }
  });

  it('the interval covers the true coverage@k and delivered correct near 95 % at k ≤ and > the episode length; the fixed fit did not', () => {
    // 20 logs of 100 tasks × 1 episode of 5 attempts, 10 blocks each, all four models refitted per block (as simulate --tasks-from does).
    const runs = 20;
    const { tally } = dependentWhatIfCoverage({ truth: 'feedback 0.15, beta(0.6, 1.4), 1 episode × 5 fixed', tasks: 100, runs, replicates: 640 });
    expectCoverageNearNominal(tally, runs, ['coverage@1', 'coverage@5', 'coverage@10', 'deliveredCorrect@1', 'deliveredCorrect@5', 'deliveredCorrect@10']);
  }, 480_000);
});
