import { describe, expect, it } from 'vitest';
import { expTables, NEAR_LIMIT, NEAR_STEPS, tableExp } from '../../../packages/sim/src/engine/tableExp.js';

describe('tableExp', () => {
  const tables = expTables();

  it('tableExp(1) = e and tableExp(0) = 1', () => {
    expect(Math.abs(tableExp(tables, 1) - Math.E) / Math.E).toBeLessThan(4e-16);
    expect(tableExp(tables, 0)).toBe(1);
  });

  it('the one-table range: near[k + NEAR_STEPS] = 2^{k/256} (to 2 ulp of Math.pow) for every |k| < NEAR_STEPS, and it covers |x| < NEAR_LIMIT', () => {
    for (let k = -NEAR_STEPS; k < NEAR_STEPS; k++) {
      const exact = 2 ** (k / 256);
      expect(Math.abs(tables.near[k + NEAR_STEPS] - exact) / exact).toBeLessThanOrEqual(2 * 2 ** -52);
    }
    // round(256·x/ln 2) stays inside the table up to the limit; both sides of it agree with Math.exp.
    expect(Math.round((256 * NEAR_LIMIT) / Math.LN2)).toBeLessThan(NEAR_STEPS);
    for (const x of [NEAR_LIMIT - 1e-9, NEAR_LIMIT, NEAR_LIMIT + 1e-9, -NEAR_LIMIT - 1e-9, -NEAR_LIMIT, -NEAR_LIMIT + 1e-9]) {
      expect(Math.abs(tableExp(tables, x) - Math.exp(x)) / Math.exp(x)).toBeLessThan(1e-15);
    }
  });

  it('agrees with Math.exp to 1e-15 relative over −700..700, and falls back to it beyond (overflow, underflow, NaN)', () => {
    let worst = 0;
    for (let i = 0; i <= 200000; i++) {
      const x = -700 + (1400 * i) / 200000 + 1e-7 * Math.sin(i);
      worst = Math.max(worst, Math.abs(tableExp(tables, x) - Math.exp(x)) / Math.exp(x));
    }
    expect(worst).toBeLessThan(1e-15);
    expect(tableExp(tables, 710)).toBe(Math.exp(710));
    expect(tableExp(tables, 800)).toBe(Infinity);
    expect(tableExp(tables, -745)).toBe(Math.exp(-745));
    expect(tableExp(tables, Number.NaN)).toBeNaN();
  });
});
