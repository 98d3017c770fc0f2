import { describe, expect, it } from 'vitest';
import { suggestName } from '../../../packages/sim/src/scenario/suggestName.js';

// Expected suggestions follow from the edit distances, counted by hand in each comment.
describe('suggestName', () => {
  it('suggests maxAttempts for maxAtempts (the JSDoc example: one deletion)', () => {
    expect(suggestName('maxAtempts', ['maxAttempts', 'mode'])).toBe('maxAttempts');
  });

  it('counts an adjacent transposition as one edit', () => {
    expect(suggestName('mdoe', ['maxAttempts', 'mode'])).toBe('mode'); // limit 1 for 4 letters
  });

  it('ignores case', () => {
    expect(suggestName('MAXATTEMPTS', ['maxAttempts'])).toBe('maxAttempts');
  });

  it('suggests nothing when every name is too far', () => {
    expect(suggestName('serial', ['sequential', 'parallel', 'batches'])).toBeUndefined();
    expect(suggestName('majority', ['majorityVote'])).toBeUndefined(); // 4 insertions > limit 2
  });

  it('never suggests a complete replacement of a short name', () => {
    expect(suggestName('p', ['a', 'b'])).toBeUndefined();
  });

  it('breaks ties by the order of the allowed names', () => {
    expect(suggestName('ab', ['bb', 'aa', 'ac'])).toBe('bb'); // each is one substitution away
    expect(suggestName('abcd', ['abcf', 'abce'])).toBe('abcf');
  });
});
