import { describe, expect, it } from 'vitest';
import { majorityAnswer } from '../../../packages/sim/src/engine/majorityAnswer.js';

// Expected values by the rule itself (engine semantics, "Selectors"), worked by hand.
describe('majorityAnswer', () => {
  it('the answer with the most votes; ties by ⌊uniform·ties⌋ in answer order', () => {
    expect(majorityAnswer(Int32Array.from([1, 3, 0]), 0.99)).toBe(1);
    // answers 0 and 1 tie at 2: ⌊0.7·2⌋ = 1 → answer 1; ⌊0.3·2⌋ = 0 → answer 0
    expect(majorityAnswer(Int32Array.from([2, 2, 1]), 0.7)).toBe(1);
    expect(majorityAnswer(Int32Array.from([2, 2, 1]), 0.3)).toBe(0);
    // three-way tie of 1 vote, answer 0 without one: ⌊0.5·3⌋ = 1 → the second tied answer, 2
    expect(majorityAnswer(Int32Array.from([0, 1, 1, 1]), 0.5)).toBe(2);
  });
});
