import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { clopperPearsonBounds } from '../../../packages/sim/src/intervals/clopperPearson.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

// Tolerance: relative 1e-12 (see proportionInterval.test.ts for the full scipy grid).
describe('clopperPearsonBounds', () => {
  it('doc example (seed): 30 of 30 at tail 0.05 gives L = 0.05^(1/30) = 0.9049661471446958 (closed form)', () => {
    const { lower, upper } = clopperPearsonBounds(30, 30, 0.05);
    expectRelativelyClose(lower, 0.05 ** (1 / 30));
    expectRelativelyClose(lower, 0.9049661471446958);
    expect(upper).toBe(1);
  });

  it('gives L = 0 and U = 1 − alpha^(1/n) at c = 0 (closed form; scipy beta.isf(0.1, 1, 30) agrees)', () => {
    // python3 -c "from scipy.stats import beta; print(beta.isf(0.1, 1, 30))"
    const { lower, upper } = clopperPearsonBounds(30, 0, 0.1);
    expect(lower).toBe(0);
    expectRelativelyClose(upper, 1 - 0.1 ** (1 / 30));
    expectRelativelyClose(upper, 0.07388127187120651);
  });

  it('matches scipy.stats.beta quantiles inside, and mirrors c ↔ n − c', () => {
    // python3 -c "from scipy.stats import beta as B; print([B.ppf(0.025,3,8), B.isf(0.025,4,7)], [B.ppf(0.025,7,4), B.isf(0.025,8,3)])"
    const three = clopperPearsonBounds(10, 3, 0.025);
    expectRelativelyClose(three.lower, 0.06673951117773447);
    expectRelativelyClose(three.upper, 0.6524528500599973);
    const seven = clopperPearsonBounds(10, 7, 0.025);
    expectRelativelyClose(seven.lower, 0.3475471499400027);
    expectRelativelyClose(seven.upper, 0.9332604888222655);
  });

  it('rejects bad n, c and alpha, naming the argument', () => {
    expect(() => clopperPearsonBounds(1.5, 0, 0.05)).toThrow(InputError);
    expect(() => clopperPearsonBounds(10, -1, 0.05)).toThrow(/^c: /);
    expect(() => clopperPearsonBounds(10, 3, Number.NaN)).toThrow(/^alpha: /);
  });
});
