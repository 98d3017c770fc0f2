import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { normalQuantile } from '../../../packages/sim/src/math/normalQuantile.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

// Tolerance: relative 1e-12 (AS 241 is good to ~1e-16; measured worst case against mpmath: 6.4e-16).
describe('normalQuantile', () => {
  it('doc example: Φ⁻¹(0.975) = 1.959963984540054 (scipy.special.ndtri)', () => {
    // python3 -c "from scipy.special import ndtri; print(float(ndtri(0.975)))"
    expectRelativelyClose(normalQuantile(0.975), 1.959963984540054);
  });

  it('matches scipy.special.ndtri (= scipy.stats.norm.ppf) in all three AS 241 regions', () => {
    // python3 -c "from scipy.special import ndtri; Q=[0.025,0.95,0.8,0.9,0.995,0.3,0.075,0.0749,1e-12,1e-100,1e-300,0.999999]; print([[q, float(ndtri(q))] for q in Q])"
    const table: Array<[number, number]> = [
      [0.025, -1.9599639845400545],
      [0.95, 1.6448536269514722],
      [0.8, 0.8416212335729143],
      [0.9, 1.2815515655446004],
      [0.995, 2.5758293035489004],
      [0.3, -0.5244005127080409],
      [0.075, -1.4395314709384563],
      [0.0749, -1.4402382675279635],
      [1e-12, -7.034483825301131],
      [1e-100, -21.273453560965322],
      [1e-300, -37.0470962993612],
      [0.999999, 4.753424308817087],
    ];
    for (const [q, expected] of table) expectRelativelyClose(normalQuantile(q), expected);
  });

  it('is 0 at ½, odd about ½, and ∓∞ at 0 and 1', () => {
    expect(normalQuantile(0.5)).toBe(0);
    for (const q of [0.1, 0.3, 0.4999]) expect(normalQuantile(1 - q)).toBe(-normalQuantile(q));
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
  });

  it('rejects q outside [0, 1] and NaN, naming q', () => {
    expect(() => normalQuantile(1.2)).toThrow(InputError);
    expect(() => normalQuantile(Number.NaN)).toThrow(/^q: /);
  });
});
