import { twoProduct } from './twoProduct.js';

/**
 * The offset of x from the mean of Beta(a, b), scaled by a + b:
 * λ = a − (a + b)x = (a + b)y − b   (DiDonato & Morris 1992, "Algorithm 708", λ in BFRAC/BRCOMP).
 * For large a, b the product (a + b)x nearly equals a and a plain subtraction would lose up to
 * log10(a) digits; here the product and the sum a + b are formed exactly (Dekker's product, Knuth's
 * two-sum) from whichever of x and y is smaller (that one is exact when the other is 1 minus it).
 * Internal (no input check): a, b > 0 finite; x, y in [0, 1] with x + y = 1.
 * Example: betaLambda(0.3, 0.7, 2, 3) = 2 − 5 · 0.3 = 0.5.
 */
export function betaLambda(x: number, y: number, a: number, b: number): number {
  const sum = a + b;
  // Knuth's TwoSum: a + b = sum + sumError exactly.
  const bVirtual = sum - a;
  const sumError = a - (sum - bVirtual) + (b - bVirtual);
  if (x <= y) {
    const product = twoProduct(sum, x);
    return a - product.hi - product.lo - sumError * x;
  }
  const product = twoProduct(sum, y);
  return product.hi - b + product.lo + sumError * y;
}
