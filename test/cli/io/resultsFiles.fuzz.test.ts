// Fuzzing the results-file readers through the CLI, fast share: 60 random files from the fixed
// seed (the arbitraries and the property: resultsFilesFuzz.ts). resultsFiles.fuzz.slow.test.ts
// (`pnpm test:slow`, which CI runs) draws 300 more from the next seed and checks that a share of
// them is read: a study, as each run is one random file and the breadth, and the count of files
// read (SE-based bound), need hundreds of runs.
import { describe, expect, it } from 'vitest';
import { fuzzEstimate } from './resultsFilesFuzz.js';

describe('fuzz: random results files through passk estimate', () => {
  it('exit 0 or 2, one stderr line with 2, no stack trace, no hang (60 files)', async () => {
    const outcomes = await fuzzEstimate(60, 0);
    // Some file is read (exit 0): about 16 % are (the slow file's bound), so none in 60 has
    // probability 0.84^60 ≈ 3e-5.
    expect(outcomes[0] ?? 0, JSON.stringify(outcomes)).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
