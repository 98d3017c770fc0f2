import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { regularizedBeta, regularizedBetaComplement } from '../../../packages/sim/src/math/regularizedBeta.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

// Tolerance: relative 1e-12 on both tails (measured worst case in these tables: 3.4e-14, on results
// near 1e-298 whose exponent alone carries ~1e-16 × 690 of rounding).
type Row = [x: number, a: number, b: number, lower: number, upper: number];
function checkRows(rows: Row[]): void {
  for (const [x, a, b, lower, upper] of rows) {
    expectRelativelyClose(regularizedBeta(x, a, b), lower);
    expectRelativelyClose(regularizedBetaComplement(x, a, b), upper);
  }
}

describe('regularizedBeta / regularizedBetaComplement', () => {
  it('doc examples: I_½(2, 3) = 11/16 and its complement 5/16 (closed form)', () => {
    expectRelativelyClose(regularizedBeta(0.5, 2, 3), 11 / 16);
    expectRelativelyClose(regularizedBetaComplement(0.5, 2, 3), 5 / 16);
  });

  it('matches the closed forms I_x(a, 1) = x^a, I_x(1, b) = 1 − (1 − x)^b, I_x(½, ½) = (2/π) asin √x', () => {
    for (const x of [1e-12, 0.01, 0.3, 0.5, 0.77, 0.999]) {
      expectRelativelyClose(regularizedBeta(x, 3.5, 1), x ** 3.5);
      expectRelativelyClose(regularizedBetaComplement(x, 1, 7), (1 - x) ** 7);
      expectRelativelyClose(regularizedBeta(x, 1, 7), -Math.expm1(7 * Math.log1p(-x)));
      expectRelativelyClose(regularizedBeta(x, 0.5, 0.5), (2 / Math.PI) * Math.asin(Math.sqrt(x)));
    }
  });

  it('is 0 and 1 at the ends', () => {
    expect(regularizedBeta(0, 2, 3)).toBe(0);
    expect(regularizedBeta(1, 2, 3)).toBe(1);
    expect(regularizedBetaComplement(0, 2, 3)).toBe(1);
    expect(regularizedBetaComplement(1, 2, 3)).toBe(0);
  });

  it('matches scipy.special.betainc / betaincc (a, b from 0.5 to 1e7)', () => {
    // python3 -c "from scipy.special import betainc, betaincc; S=[(0.3,0.5,0.5),(1e-10,0.5,0.5),(0.9,0.5,0.5),(0.01,0.5,100),(0.999,3,0.5),(0.7,30,10),(0.0001,10.5,99990.5),(0.999999,1e7,0.5),(1e-8,1,9999999),(0.00012,1000,9e6),(0.2,1000.5,4000.5)]; print([[x, a, b, float(betainc(a,b,x)), float(betaincc(a,b,x))] for x,a,b in S])"
    checkRows([
      [0.3, 0.5, 0.5, 0.36901011956554536, 0.6309898804344546],
      [1e-10, 0.5, 0.5, 6.366197723781918e-6, 0.9999936338022752],
      [0.9, 0.5, 0.5, 0.7951672353008665, 0.20483276469913342],
      [0.01, 0.5, 100, 0.843224134575559, 0.15677586542444097],
      [0.999, 3, 0.5, 0.9407468104840536, 0.05925318951594626],
      [0.7, 30, 10, 0.2241297491808364, 0.7758702508191636],
      [0.0001, 10.5, 99990.5, 0.4787419167267078, 0.5212580832732918],
      [0.999999, 1e7, 0.5, 7.744177954207643e-6, 0.9999922558220458],
      [1e-8, 1, 9999999, 0.09516257336808487, 0.9048374266319151],
      [0.00012, 1000, 9e6, 0.9934228415322524, 0.006577158467747518],
      [0.2, 1000.5, 4000.5, 0.49858932685233825, 0.5014106731476599],
    ]);
  });

  it('keeps relative accuracy in tiny tails, down to 1e-300 (mpmath at 120 digits)', () => {
    // python3 -c "import mpmath as m; m.mp.dps=120; T=[(0.999,0.5,30),(1e-60,5,5),(0.3,1000,1000),(1e-5,2.5,1e7),(0.55,200,600),(0.4,1000,1000),(1e-300,0.5,0.5),(1e-150,2,1.5)]; print([[x, a, b, float(m.betainc(a,b,0,x,regularized=True)), float(m.betainc(b,a,0,1-m.mpf(x),regularized=True))] for x,a,b in T])"
    // (scipy agrees to 1e-13 except its 1e-150/2/1.5 and 0.3/1000/1000 lower tails, off by ~1e-13.)
    checkRows([
      [0.999, 0.5, 30, 1.0, 1.0262784370022035e-91],
      [1e-60, 5, 5, 1.26e-298, 1.0],
      [0.3, 1000, 1000, 4.2309250369077444e-78, 1.0],
      [1e-5, 2.5, 1e7, 1.0, 2.8392030371189755e-41],
      [0.55, 200, 600, 1.0, 4.8123273079133035e-67],
      [0.4, 1000, 1000, 8.231611354869308e-20, 1.0],
      [1e-300, 0.5, 0.5, 6.366197723675813e-151, 1.0],
      [1e-150, 2, 1.5, 1.875e-300, 1.0],
    ]);
  });

  it('stays accurate for a, b up to 1e7 near the mean (exact binomial sums in mpmath)', () => {
    // For integer a, b, I_x(a, b) = P(Binomial(a + b − 1, x) ≥ a) (A&S 26.5.24), summed exactly in mpmath:
    //   import mpmath as m; m.mp.dps = 40
    //   def tails(x, a, b):  # (I_x(a,b), 1 - I_x(a,b)) for integers a, b: P(Bin(n, x) >= a) and P(Bin(n, x) <= a-1), n = a+b-1
    //       n, p = a + b - 1, m.mpf(x)
    //       pmf = lambda k: m.exp(m.loggamma(n+1) - m.loggamma(k+1) - m.loggamma(n-k+1) + k*m.log(p) + (n-k)*m.log1p(-p))
    //       def walk(k, step):  # sum pmf from k outward (step = +1 or -1) until terms are negligible past the mode
    //           s, t = m.mpf(0), pmf(k)
    //           while 0 <= k <= n and (t > s * m.mpf(10)**-38 or (k - n*p) * step < 0):
    //               s += t; t *= m.mpf(n-k)/(k+1)*p/(1-p) if step > 0 else m.mpf(k)/(n-k+1)*(1-p)/p; k += step
    //           return s
    //       return walk(a, 1), walk(a - 1, -1)
    //   L=[(0.4999,5000000,5000000),(0.5,10000000,10000000),(0.4995,10000000,10000000),(0.30002,3000000,7000000),(0.0011,10,9999),(0.49,100000,100000),(0.5004,5000000,5000000)]
    //   print([[x, a, b, *map(float, tails(x, a, b))] for x, a, b in L])
    // scipy.special.betainc is less accurate here (5.2e-13 relative off on the 0.4995 row).
    checkRows([
      [0.4999, 5000000, 5000000, 0.26354463153144103, 0.736455368468559],
      [0.5, 10000000, 10000000, 0.5, 0.5],
      [0.4995, 10000000, 10000000, 3.872088978268332e-6, 0.9999961279110218],
      [0.30002, 3000000, 7000000, 0.5549206365848882, 0.44507936341511173],
      [0.0011, 10, 9999, 0.6605634045949871, 0.339436595405013],
      [0.49, 100000, 100000, 1.8571347290404196e-19, 1.0],
      [0.5004, 5000000, 5000000, 0.9942939873608103, 0.005706012639189676],
    ]);
  });

  it('stays accurate for non-integer a, b near 1e7 (quadrature of the density in mpmath)', () => {
    //   import mpmath as m; m.mp.dps = 40
    //   def tails(x, a, b):  # (I_x(a,b), 1 - I_x(a,b)) by quadrature of the density over the smaller side, 60 sd wide
    //       x, a, b = m.mpf(x), m.mpf(a), m.mpf(b)
    //       f = lambda t: m.exp((a-1)*m.log(t) + (b-1)*m.log1p(-t) - m.loggamma(a) - m.loggamma(b) + m.loggamma(a+b))
    //       sd, s = m.sqrt(a*b/((a+b)**2*(a+b+1))), (-1 if x <= a/(a+b) else 1)
    //       v = abs(m.quad(f, [x + s*k*sd for k in (60, 30, 10, 3, 1, 0.3, 0)]))
    //       return (v, 1 - v) if s < 0 else (1 - v, v)
    //   Q=[(0.3,3000000.5,7000000.5),(0.30005,3000000.5,7000000.5),(0.2999,3000000.5,7000000.5),(0.49995,9999999.5,10000000.5)]
    //   print([[x, a, b, *map(float, tails(x, a, b))] for x, a, b in Q])
    // On (0.4999, 5e6, 5e6) it reproduces the exact binomial sum above to all printed digits.
    checkRows([
      [0.3, 3000000.5, 7000000.5, 0.4999816469104596, 0.5000183530895405],
      [0.30005, 3000000.5, 7000000.5, 0.634943730617306, 0.365056269382694],
      [0.2999, 3000000.5, 7000000.5, 0.24504823026234962, 0.7549517697376504],
      [0.49995, 9999999.5, 10000000.5, 0.3274411457738123, 0.6725588542261878],
    ]);
  });

  it('rejects x outside [0, 1] and non-positive a or b, naming the argument', () => {
    expect(() => regularizedBeta(1.5, 1, 1)).toThrow(InputError);
    expect(() => regularizedBeta(Number.NaN, 1, 1)).toThrow(/^x: /);
    expect(() => regularizedBetaComplement(0.5, 0, 1)).toThrow(/^a: /);
    expect(() => regularizedBeta(0.5, 1, -2)).toThrow(/^b: /);
  });
});
