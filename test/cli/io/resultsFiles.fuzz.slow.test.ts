// Fuzzing the results-file readers through the CLI, slow share (`pnpm test:slow`): 300 random
// files from the fixed seed + 1, beside the fast share's 60 (resultsFiles.fuzz.test.ts; the
// arbitraries and the property: resultsFilesFuzz.ts). A study: each run is one random file, so
// the breadth, and the share of files read, need hundreds of runs.
import { describe, expect, it } from 'vitest';
import { fuzzEstimate } from './resultsFilesFuzz.js';

describe('fuzz: random results files through passk estimate (slow share)', () => {
  it('exit 0 or 2, one stderr line with 2, no stack trace, no hang (300 files); a share of them read', async () => {
    const outcomes = await fuzzEstimate(300, 1);
    // Not only refusals: a share of the random files must be read (exit 0). Over three runs of 300
    // 43, 48 and 52 were (p ≈ 0.16, SD of the count √(300·0.16·0.84) ≈ 6.3): 20 is 4 SD below.
    expect(outcomes[0] ?? 0, JSON.stringify(outcomes)).toBeGreaterThanOrEqual(20);
  }, 300_000);
});
