import { describe, expect, it } from 'vitest';
import { allWrong } from '../../../packages/sim/src/analytic/allWrong.js';
import { InputError } from '../../../packages/sim/src/errors.js';

const rel = (x: number, y: number) => Math.abs(x / y - 1);

describe('allWrong (1 − coverage@k of one task)', () => {
  it('doc example: markov p = 0.5, λ = 0.5, k = 3 → 0.5·0.75² = 0.28125', () => {
    expect(allWrong(0.5, { model: 'markov', stickiness: 0.5 }, 3)[3]).toBe(0.28125);
  });

  it('independent: (1 − p)^k (docs/design.md §3; seeds p = 0.3, k = 10: pass@10 = 97.2 %)', () => {
    const w = allWrong(0.3, { model: 'independent' }, 10);
    expect(w[0]).toBe(1);
    expect(1 - w[10]).toBeCloseTo(0.9717524751, 10); // 1 − 0.7^10
  });

  it('exchangeable icc 0.3, p = 0.3, k = 5: B(a, b + 5)/B(a, b) (scipy)', () => {
    // python3 -c "from scipy import special as s; p=0.3; nu=1/0.3-1; a=p*nu; b=(1-p)*nu; print(s.beta(a,b+5)/s.beta(a,b))"
    expect(rel(allWrong(0.3, { model: 'exchangeable', icc: 0.3 }, 5)[5], 0.3582912467105264)).toBeLessThan(1e-13);
  });

  it('markov λ = 0.6, p = 0.3, k = 5: the literal chain (python, over all 2^5 paths)', () => {
    // python3 -c "p,l=0.3,0.6
    // P=lambda xs: (p if xs[0] else 1-p)*__import__('math').prod(l*(a==b)+(1-l)*(p if b else 1-p) for a,b in zip(xs,xs[1:]))
    // print(P((0,)*5), P((1,)*5))"  → 0.41978675199999976 0.08062156799999999
    expect(rel(allWrong(0.3, { model: 'markov', stickiness: 0.6 }, 5)[5], 0.4197867519999997)).toBeLessThan(1e-14);
  });

  it('feedback η = 0.25, p = 0.3, k = 5: ∏ of 1 − rate with rate ← rate + η(1 − rate) (python loop)', () => {
    // python3 -c "r=0.3; pr=1
    // for i in range(5): pr*=1-r; r=r+0.25*(1-r)
    // print(pr)"  → 0.009464612417221076
    expect(rel(allWrong(0.3, { model: 'feedback', afterFailure: 0.25 }, 5)[5], 0.009464612417221076)).toBeLessThan(1e-14);
  });

  it('feedback η = −0.4, p = 0.6, k = 5: ∏ of 1 − rate with rate ← rate·(1 + η) (python loop)', () => {
    // python3 -c "r=0.6; pr=1
    // for i in range(5): pr*=1-r; r=r*(1-0.4)
    // print(pr)"  → 0.161108652457984
    expect(rel(allWrong(0.6, { model: 'feedback', afterFailure: -0.4 }, 5)[5], 0.161108652457984)).toBeLessThan(1e-14);
    // η = −1: after one failure the rate is 0, so every later attempt fails: 1 − p for every k ≥ 1.
    expect(Array.from(allWrong(0.6, { model: 'feedback', afterFailure: -1 }, 3)).map((v) => +v.toFixed(15))).toEqual([1, 0.4, 0.4, 0.4]);
  });

  it('limits: icc 0, λ 0 and η 0 are independent; λ 1 repeats the first attempt', () => {
    const ind = allWrong(0.3, { model: 'independent' }, 6);
    for (const c of [
      { model: 'exchangeable', icc: 0 },
      { model: 'markov', stickiness: 0 },
      { model: 'feedback', afterFailure: 0 },
    ] as const) {
      allWrong(0.3, c, 6).forEach((v, k) => expect(v).toBeCloseTo(ind[k], 15));
    }
    expect(Array.from(allWrong(0.3, { model: 'markov', stickiness: 1 }, 3))).toEqual([1, 0.7, 0.7, 0.7]);
  });

  it('rejects bad input', () => {
    expect(() => allWrong(1.2, { model: 'independent' }, 3)).toThrow(InputError);
    expect(() => allWrong(0.5, { model: 'independent' }, 1.5)).toThrow(/^n:/);
    expect(() => allWrong(0.5, { model: 'exchangeable', icc: 1 }, 2)).toThrow(/correlation\.icc/);
  });
});
