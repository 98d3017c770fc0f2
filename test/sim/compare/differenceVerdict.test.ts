import { describe, expect, it } from 'vitest';
import { type DifferenceVerdict, differenceVerdict, type TestedDifference } from '../../../packages/sim/src/compare/differenceVerdict.js';
import { InputError } from '../../../packages/sim/src/errors.js';

// The verdict's truth table, from its definition (its doc comment; docs/compare.md): better / worse when the
// interval excludes 0 and the permutation test rejects at α (1 − confidence two-sided, 2(1 − confidence)
// one-sided), intervalOnly / testOnly when only one of them does. Confidence 0.75 makes α exact in
// binary (0.25 two-sided, 0.5 one-sided), so that p = α tests the boundary p ≤ α itself.
const TWO = { sides: 2, confidence: 0.75 } as const;
const ONE = { sides: 1, confidence: 0.75 } as const;
const tested = (difference: number, lower: number, upper: number, p: number | null): TestedDifference => ({ difference, interval: { lower, upper }, p });

describe('differenceVerdict', () => {
  it.each<[string, TestedDifference, typeof TWO | typeof ONE, DifferenceVerdict]>([
    ['interval above 0, p = α: better', tested(0.2, 0.1, 0.3, 0.25), TWO, 'better'],
    ['interval above 0, p just above α: intervalOnly', tested(0.2, 0.1, 0.3, 0.25000001), TWO, 'intervalOnly'],
    ['interval above 0, no p: intervalOnly', tested(0.2, 0.1, 0.3, null), TWO, 'intervalOnly'],
    ['interval from exactly 0: not better; the test rejects: testOnly', tested(0.2, 0, 0.3, 0.1), TWO, 'testOnly'],
    ['interval from exactly 0, the test does not reject: unclear', tested(0.2, 0, 0.3, 0.5), TWO, 'unclear'],
    ['interval below 0, p = α: worse', tested(-0.2, -0.3, -0.1, 0.25), TWO, 'worse'],
    ['interval below 0, p above α: intervalOnly', tested(-0.2, -0.3, -0.1, 0.3), TWO, 'intervalOnly'],
    ['interval up to exactly 0, the test rejects: testOnly (two-sided, either direction)', tested(-0.2, -0.3, 0, 0.1), TWO, 'testOnly'],
    ['one-sided: p = 0.5 = 2(1 − 0.75) rejects with the interval above 0: better', tested(0.2, 0.1, 1, 0.5), ONE, 'better'],
    ['one-sided: p = 0.4 rejects there, not two-sided (0.4 > 0.25)', tested(0.2, 0.1, 1, 0.4), ONE, 'better'],
    ['two-sided: the same p = 0.4 does not reject: intervalOnly', tested(0.2, 0.1, 0.3, 0.4), TWO, 'intervalOnly'],
    ['one-sided: an interval below 0 is never "worse"; the test rejects with d < 0: unclear', tested(-0.2, -0.3, -0.1, 0.1), ONE, 'unclear'],
    ['one-sided: interval from 0, the test rejects with d > 0: testOnly', tested(0.2, 0, 1, 0.1), ONE, 'testOnly'],
    ['one-sided: interval from 0, the test rejects with d = 0: unclear', tested(0, 0, 1, 0.1), ONE, 'unclear'],
    ['one-sided: interval from 0, p above α: unclear', tested(0.2, 0, 1, 0.6), ONE, 'unclear'],
  ])('%s', (_, difference, options, verdict) => {
    expect(differenceVerdict(difference, options)).toBe(verdict);
  });

  it('no interval (too few tasks): unclear, whatever the test says', () => {
    expect(differenceVerdict({ difference: 0.5, interval: null, p: 0 }, TWO)).toBe('unclear');
    expect(differenceVerdict({ difference: 0.5, interval: null, p: 0 }, ONE)).toBe('unclear');
  });

  it('bad arguments: an InputError naming the argument and its rule', () => {
    const good = tested(0.2, 0.1, 0.3, 0.1);
    const bad: Array<[unknown, unknown, RegExp]> = [
      [null, TWO, /^tested: /],
      [{ ...good, difference: Number.NaN }, TWO, /^tested\.difference: /],
      [{ ...good, interval: 3 }, TWO, /^tested\.interval: /],
      [{ ...good, interval: { lower: Number.NaN, upper: 1 } }, TWO, /^tested\.interval\.lower: /],
      [{ ...good, interval: { lower: 0, upper: Number.POSITIVE_INFINITY } }, TWO, /^tested\.interval\.upper: /],
      [{ ...good, p: 1.5 }, TWO, /^tested\.p: /],
      [good, null, /^options: /],
      [good, { sides: 3, confidence: 0.95 }, /^options\.sides: /],
      [good, { sides: 2, confidence: 1 }, /^options\.confidence: /],
    ];
    for (const [value, options, message] of bad) {
      const call = () => differenceVerdict(value as TestedDifference, options as typeof TWO);
      expect(call).toThrow(InputError);
      expect(call).toThrow(message);
    }
  });
});
