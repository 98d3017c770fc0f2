import { describe, expect, it } from 'vitest';
import { twoProduct } from '../../../packages/sim/src/math/twoProduct.js';

describe('twoProduct', () => {
  it('doc example: 0.1 × 3 = 0.30000000000000004 − 2.7755575615628914e-17 exactly (Python fractions)', () => {
    // python3 -c "from fractions import Fraction as F; p=F(0.1)*3; hi=float(p); print(hi, float(p-F(hi)), F(hi)+F(float(p-F(hi)))==p)"
    expect(twoProduct(0.1, 3)).toEqual({ hi: 0.30000000000000004, lo: -2.7755575615628914e-17 });
  });

  it('recovers the exact product of two 27-bit integers (closed form: integer arithmetic)', () => {
    const p = 134217727; // 2^27 − 1
    const q = 134217725;
    const { hi, lo } = twoProduct(p, q);
    expect(BigInt(hi) + BigInt(lo)).toBe(BigInt(p) * BigInt(q));
    expect(lo).not.toBe(0);
  });
});
