// planPrecisionFromPilot's assurance checks at the study's size (2 000 simulations against the exact
// sum; 1 000 against 2 000 independent benchmarks), where precisionPilot.test.ts makes them small: a
// study, as the tolerance is 4 SE and the power to see a biased assurance grows with the draws.
import { describe, it } from 'vitest';
import { checkExactAssurance, checkIndependentBenchmarks } from './precisionPilotChecks.js';

describe('planPrecisionFromPilot (slow share)', () => {
  it('every pilot task 2 of 4, designs of 2 trials, 2 000 simulations: the exact multinomial sum within 4 SE', () => {
    checkExactAssurance(2000);
  });

  it('uneven pilot, 1 000 simulations: 2 000 benchmarks simulated independently within 4 SE', () => {
    checkIndependentBenchmarks(1000, 2000);
  });
});
