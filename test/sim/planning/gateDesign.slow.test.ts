// gateDesign's false-fail rate against the exact enumeration at 20 000 simulations, where the fast
// gateDesign.test.ts makes the same check at 2 000: a study, as the tolerance is 4 SE and the power
// to see a biased rate grows with the simulations. And the order of the pass rates under two
// regressions at 2 000 simulations, which the fast file checks at 300.
import { describe, expect, it } from 'vitest';
import { gateDesign } from '../../../packages/sim/src/planning/gateDesign.js';
import { expectFalseFailMatchesEnumeration, tiny } from './tinyGate.js';

describe('gateDesign: the false-fail rate of a gate design by simulation (slow share)', () => {
  it('matches the exact enumeration (gate_false_fail.py: 0.4335479462) within 4 SE at 20 000 simulations', () => {
    expectFalseFailMatchesEnumeration(20_000);
  });

  it('a larger regression passes less often (2 000 simulations; the fast file checks 300 with a 4-SE gap)', () => {
    const design = gateDesign(tiny(2000, { regressions: [0.05, 0.2] }));
    const [small, large] = design.passUnderRegression;
    expect(large!.pass.value).toBeLessThan(small!.pass.value);
  });
});
