import { expect } from 'vitest';

/**
 * The default relative tolerance against reference values (scipy, mpmath, closed forms): the special
 * functions are accurate to ~1e-15 relative, so 1e-12 leaves room for the last few digits printed.
 */
export const RTOL = 1e-12;

/**
 * The shared approximate-equality check: |actual − expected| ≤ rtol · |expected| (so an expected 0
 * wants exactly 0, and NaN never passes). The failure names both values and the relative error.
 */
export function expectRelativelyClose(actual: number, expected: number, rtol = RTOL, label?: string): void {
  const error = Math.abs(actual - expected);
  if (error <= rtol * Math.abs(expected)) return;
  const relative = expected === 0 ? Number.POSITIVE_INFINITY : error / Math.abs(expected);
  expect.fail(`${label ? `${label}: ` : ''}expected ${actual} within ${rtol} relative of ${expected} (relative error ${relative.toPrecision(3)})`);
}
