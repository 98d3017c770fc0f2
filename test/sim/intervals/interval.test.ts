import { describe, expect, it } from 'vitest';
import { documentInterval } from '../../../packages/sim/src/intervals/interval.js';

// documentInterval (interval.ts): the {lower, upper, level, method} of a result document, from the
// bounds a library function returned (only the two bounds kept, as its doc comment says).
describe('documentInterval', () => {
  it('keeps lower and upper, adds the level and method, drops any other field', () => {
    const bounds = { lower: 0.25, upper: 0.75, estimate: 0.5, se: 0.1 };
    const labelled = documentInterval(bounds, 0.9, 'by hand');
    expect(labelled).toStrictEqual({ lower: 0.25, upper: 0.75, level: 0.9, method: 'by hand' });
    expect(Object.keys(labelled)).toEqual(['lower', 'upper', 'level', 'method']);
  });
});
