import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../packages/sim/src/compare/compareRuns.js';
import { InputError } from '../../../packages/sim/src/errors.js';

// compareRuns({ pValues: false }) (what the gate's rule asks for, judgeRequirement): the same
// comparison without the permutation tests — every p-value null, everything else as by default.
const a = { name: 'A', tasks: [8, 8, 8, 0, 0, 5, 3].map((c, i) => ({ id: `t${i}`, n: 8, c })) };
const b = { name: 'B', tasks: [5, 5, 4, 3, 3, 6, 2].map((c, i) => ({ id: `t${i}`, n: 8, c })) };

describe('compareRuns pValues: false', () => {
  it('every p-value null; differences and intervals as with the tests', () => {
    const options = { ks: [1, 4], bootstrap: 0, permutations: 200 };
    const tested = compareRuns(a, b, options);
    const untested = compareRuns(a, b, { ...options, pValues: false });
    const strip = (comparison: typeof tested) =>
      [comparison.meanSuccess, ...comparison.rows.flatMap((row) => [row.passAtK!, row.passHatK!])].map(({ pValue: _p, adjustedPValue: _q, ...rest }) => rest);
    expect(strip(untested)).toEqual(strip(tested));
    for (const metric of [untested.meanSuccess, ...untested.rows.flatMap((row) => [row.passAtK!, row.passHatK!])]) {
      expect(metric.pValue).toBeNull();
      expect(metric.adjustedPValue).toBeNull();
    }
    expect(tested.meanSuccess.pValue).not.toBeNull();
  });

  it('refuses a pValues that is not a boolean', () => {
    expect(() => compareRuns(a, b, { ks: [1], pValues: 'no' as never })).toThrow(InputError);
  });
});
