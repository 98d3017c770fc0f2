import { describe, expect, it } from 'vitest';
import { mixtureParameters } from '../../../packages/sim/src/fit/mixtureParameters.js';

describe('mixtureParameters', () => {
  it('doc example: θ = (0, ln 4, −∞, −∞) is Beta(2, 2) with no point masses', () => {
    const p = mixtureParameters([0, Math.log(4), -Infinity, -Infinity]);
    expect(p.mean).toBe(0.5);
    expect(p.concentration).toBeCloseTo(4, 14);
    expect(p.pi0).toBe(0);
    expect(p.pi1).toBe(0);
    expect(p.weight).toBe(1);
    expect(p.logPi0).toBe(-Infinity);
  });

  it('multinomial logit: η0 = ln 2, η1 = ln 1 → D = 4, π0 = ½, π1 = ¼, w = ¼ (closed form)', () => {
    const p = mixtureParameters([Math.log(3), 0, Math.log(2), 0]);
    expect(p.pi0).toBeCloseTo(0.5, 15);
    expect(p.pi1).toBeCloseTo(0.25, 15);
    expect(p.weight).toBeCloseTo(0.25, 15);
    // logit⁻¹(ln 3) = 3/4; ln(1 − ¾) = ln ¼.
    expect(p.mean).toBeCloseTo(0.75, 15);
    expect(p.logOneMinusMean).toBeCloseTo(Math.log(0.25), 15);
  });

  it('keeps the limits: ln s = ±∞ gives concentration ∞ and 0; a mean near 1 keeps ln(1 − mean)', () => {
    expect(mixtureParameters([0, Infinity, -Infinity, -Infinity]).concentration).toBe(Infinity);
    expect(mixtureParameters([0, -Infinity, -Infinity, -Infinity]).concentration).toBe(0);
    // ln(1 − logit⁻¹(30)) = −30 − ln(1 + e^−30) (closed form); 1 − mean would round to 0 in doubles at 40.
    expect(mixtureParameters([30, 0, -Infinity, -Infinity]).logOneMinusMean).toBeCloseTo(-30 - Math.log1p(Math.exp(-30)), 12);
  });
});
