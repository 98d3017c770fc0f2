import { describe, expect, it } from 'vitest';
import { firstAcceptCumulative, rejectedCorrectRate } from '../../../packages/sim/src/engine/firstAcceptClasses.js';

describe('firstAcceptCumulative: (first accepted index J, correct?) as 2K + 1 classes', () => {
  it('p = 1, FR = 0: always J = 1 and correct (out = [1, 1, …])', () => {
    const out = new Float64Array(6);
    firstAcceptCumulative(1, 0.3, 0, 3, out);
    expect(Array.from(out)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('class probabilities equal P(J = j, kind) summed over all 4^K attempt sequences (accepted/rejected × correct/wrong)', () => {
    const [p, fa, fr, K] = [0.4, 0.15, 0.25, 3];
    const cell = [p * (1 - fr), (1 - p) * fa, p * fr, (1 - p) * (1 - fa)]; // accepted-correct, accepted-wrong, rejected-correct, rejected-wrong
    const enumerated = new Float64Array(2 * K + 1);
    for (let code = 0; code < 4 ** K; code++) {
      const cells = Array.from({ length: K }, (_, j) => Math.floor(code / 4 ** j) % 4);
      const prob = cells.reduce((s, c) => s * cell[c], 1);
      const j = cells.findIndex((c) => c < 2);
      enumerated[j < 0 ? 2 * K : 2 * j + cells[j]] += prob;
    }
    const out = new Float64Array(2 * K);
    firstAcceptCumulative(p, fa, fr, K, out);
    for (let c = 0; c <= 2 * K; c++) {
      const width = (c < 2 * K ? out[c] : 1) - (c > 0 ? out[c - 1] : 0);
      expect(width).toBeCloseTo(enumerated[c], 15);
    }
  });

  it('rejectedCorrectRate = p·FR/β, and 0 when nothing is rejected', () => {
    expect(rejectedCorrectRate(0.4, 0.15, 0.25)).toBeCloseTo((0.4 * 0.25) / (0.4 * 0.25 + 0.6 * 0.85), 15);
    expect(rejectedCorrectRate(1, 0, 0)).toBe(0);
  });
});
