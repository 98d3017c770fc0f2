import { describe, expect, it } from 'vitest';
import { requireCorrelation } from '../../../packages/sim/src/analytic/requireCorrelation.js';
import { InputError } from '../../../packages/sim/src/errors.js';

describe('requireCorrelation', () => {
  it('returns valid models unchanged', () => {
    for (const c of [
      { model: 'independent' },
      { model: 'exchangeable', icc: 0 },
      { model: 'markov', stickiness: 1 },
      { model: 'feedback', afterFailure: 0 },
      { model: 'feedback', afterFailure: -1 },
      { model: 'feedback', afterFailure: -0.5 },
    ] as const) {
      expect(requireCorrelation('c', c)).toBe(c);
    }
  });

  it('doc example: exchangeable icc = 1 throws, and so do out-of-range or unknown models', () => {
    expect(() => requireCorrelation('correlation', { model: 'exchangeable', icc: 1 })).toThrow('correlation.icc: must be a number ≥ 0 and < 1, got 1');
    expect(() => requireCorrelation('c', { model: 'markov', stickiness: NaN })).toThrow(/c\.stickiness/);
    expect(() => requireCorrelation('c', { model: 'feedback', afterFailure: -1.1 })).toThrow('c.afterFailure: must be a number in [-1, 1], got -1.1');
    expect(() => requireCorrelation('c', { model: 'feedback', afterFailure: Number.NaN })).toThrow(InputError);
    expect(() => requireCorrelation('c', { model: 'sticky' } as never)).toThrow(/c\.model/);
  });
});
