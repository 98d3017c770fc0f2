import { describe, it } from 'vitest';
// The reduced decision study (bench/decisions/whatIfCoverage.mjs) runs on the built library.
import { whatIfCoverage } from '../../../bench/decisions/whatIfCoverage.mjs';
import { expectCoverageNearNominal } from './coverageTally.js';

// Part of the slow suite (pnpm test:slow, run by CI): the reduced what-if coverage study of
// tasks.measured, moved out of measuredTasks.test.ts.

describe('what-if coverage, reduced (bench/decisions/whatIfCoverage.mjs)', () => {
  it('the interval covers the true coverage@k and delivered correct at k ≤ n and k > n near 95 %; the fixed fit did not', () => {
    const runs = 20;
    const tally = whatIfCoverage({ truth: 'beta(0.6, 0.9)', tasks: 30, trials: 4, runs, replicates: 640 });
    expectCoverageNearNominal(tally, runs, ['coverage@1', 'coverage@4', 'coverage@8', 'deliveredCorrect@1', 'deliveredCorrect@4', 'deliveredCorrect@8']);
  }, 240_000);
});
