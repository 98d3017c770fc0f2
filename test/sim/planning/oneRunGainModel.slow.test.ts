// The shift gain model's check (oneRunGainModel.test.ts) at 20 000 draws per model, where the fast
// file runs it at 2 000: a study, as its tolerances are 4 SE of the means and the power to see a
// wrong marginal grows with the draws (each shift draw solves B's rate on its task).
import { describe, it } from 'vitest';
import { checkShift } from './oneRunSamples.js';

describe('one-run gain models (slow share)', () => {
  it('shift: the same δ and the same marginal of B, but B tied to A on the task (20 000 draws)', () => {
    checkShift(20_000);
  }, 120_000);
});
