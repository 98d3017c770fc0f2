// studentTQuantile at large df (the t intervals of a benchmark of T tasks use T − 1 df): from
// df ≈ 20 000 at q = 0.975 it takes the expansion in 1/df (A&S 26.7.5), below that the
// incomplete-beta inversion. Expected values: mpmath at 40 digits, test/fixtures/studentT/reference.py.
// The bound, 1e-15 relative, fails on the beta route alone (3.3e-15 at q = 0.9, df = 30 000).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { studentTQuantile } from '../../../packages/sim/src/math/studentT.js';

const cases = JSON.parse(readFileSync(new URL('../../fixtures/studentT/expected.json', import.meta.url), 'utf8')) as Array<[number, number, string]>;

describe('studentTQuantile against mpmath, df 1 000 to 1e9', () => {
  it.each(cases)('q = %s, df = %s', (q, df, expected) => {
    const want = Number(expected);
    expect(Math.abs(studentTQuantile(q, df) - want) / Math.abs(want)).toBeLessThanOrEqual(1e-15);
  });
});
