import { describe, expect, it } from 'vitest';
// The reduced decision study (bench/decisions/whatIfCoverage.mjs) runs on the built library.
import { whatIfCoverage } from '../../../bench/decisions/whatIfCoverage.mjs';

// Part of the slow suite (pnpm test:slow, run by CI): the reduced what-if coverage study of
// tasks.measured, moved out of measuredTasks.test.ts.

describe('what-if coverage, reduced (bench/decisions/whatIfCoverage.mjs)', () => {
  it('the interval covers the true coverage@k and delivered correct at k ≤ n and k > n near 95 %; the fixed fit did not', () => {
    const runs = 20;
    const tally = whatIfCoverage({ truth: 'beta(0.6, 0.9)', tasks: 30, trials: 4, runs, replicates: 640 });
    // Tolerance from the binomial SE of a coverage estimated on `runs` logs: 4·√(0.95·0.05/runs).
    const slack = 4 * Math.sqrt((0.95 * 0.05) / runs);
    let before = 0;
    let total = 0;
    for (const [key, cell] of Object.entries(tally)) {
      expect(cell.runs, key).toBe(runs);
      expect(cell.covered / cell.runs, key).toBeGreaterThanOrEqual(0.95 - slack);
      before += cell.beforeCovered;
      total += cell.runs;
    }
    expect(Object.keys(tally).sort()).toEqual(
      ['coverage@1', 'coverage@4', 'coverage@8', 'deliveredCorrect@1', 'deliveredCorrect@4', 'deliveredCorrect@8'].sort(),
    );
    // The summary before (the fit fixed at its MLE, ± Monte Carlo alone) covered far less.
    expect(before / total).toBeLessThan(0.95 - slack);
  }, 240_000);
});
