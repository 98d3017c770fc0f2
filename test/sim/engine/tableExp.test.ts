import { describe, expect, it } from 'vitest';
import { expTables, tableExp } from '../../../packages/sim/src/engine/tableExp.js';

describe('tableExp', () => {
  const tables = expTables();

  it('tableExp(1) = e and tableExp(0) = 1', () => {
    expect(Math.abs(tableExp(tables, 1) - Math.E) / Math.E).toBeLessThan(4e-16);
    expect(tableExp(tables, 0)).toBe(1);
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
