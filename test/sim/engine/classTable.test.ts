import { describe, expect, it } from 'vitest';
import { ClassTable } from '../../../packages/sim/src/engine/classTable.js';

describe('ClassTable: class = #{i : x ≥ 2^32·F_i} by guided search', () => {
  it('F = [0.25, 0.5]: x < 2^30 → 0, x < 2^31 → 1, otherwise 2', () => {
    const table = new ClassTable(3, 1);
    table.set(0, [0.25, 0.5]);
    expect([0, 2 ** 30 - 1, 2 ** 30, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1].map((x) => table.draw(0, x))).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('agrees with a plain count of thresholds, for several slots with ties, zero-width classes and unsorted rounding', () => {
    const classes = 9;
    const table = new ClassTable(classes, 3);
    const slots = [
      [0.1, 0.1, 0.1, 0.2, 0.5, 0.5, 0.9, 1],
      [0, 0, 0, 0, 0, 0, 0, 0],
      [1e-12, 0.3, 0.30000000000000004, 0.3, 0.6, 0.99999, 0.999999, 0.9999999], // 0.3 after 0.30…04: kept monotone
    ];
    slots.forEach((cumulative, slot) => table.set(slot, cumulative));
    const count = (cumulative: number[], x: number) => {
      let c = 0;
      let previous = 0;
      for (const f of cumulative) {
        previous = Math.max(previous, f * 2 ** 32);
        if (x >= previous) c++;
      }
      return c;
    };
    // Every disagreement collected and checked once (one expect per draw cost more than the draws).
    const disagreements: { slot: number; x: number; draw: number; count: number }[] = [];
    for (let i = 0; i < 20000; i++) {
      // Spread values, then values at and next to the thresholds of the third slot.
      const x = i < 10000 ? (i * 2654435761) % 4294967296 : Math.max(0, Math.min(2 ** 32 - 1, Math.floor(slots[2][i % 8] * 2 ** 32) + (i % 3) - 1));
      slots.forEach((cumulative, slot) => {
        const draw = table.draw(slot, x);
        if (draw !== count(cumulative, x)) disagreements.push({ slot, x, draw, count: count(cumulative, x) });
      });
    }
    expect(disagreements).toEqual([]);
  });

  it('guide entry of each bucket = the class of its lowest value (a plain search over all buckets)', () => {
    const classes = 17;
    const table = new ClassTable(classes, 4);
    const slots = [
      Array.from({ length: classes - 1 }, (_, i) => (i + 1) / classes),
      Array.from({ length: classes - 1 }, (_, i) => ((i + 1) / classes) ** 6), // many classes in the first buckets
      Array.from({ length: classes - 1 }, (_, i) => (i < 8 ? 0 : 1)), // empty classes, all mass on one
      Array.from({ length: classes - 1 }, (_, i) => (i + 1) * 2 ** -8 * 0.5), // thresholds exactly on bucket edges (2^-8·k)
    ];
    slots.forEach((cumulative, slot) => table.set(slot, cumulative));
    const width = 2 ** table.shift;
    slots.forEach((_, slot) => {
      for (let bucket = 0; bucket < table.guideSize; bucket++) {
        const lowest = bucket * width;
        let c = 0;
        while (lowest >= table.thresholds[slot * table.stride + c]) c++;
        expect(table.guide[slot * table.guideSize + bucket]).toBe(c);
      }
    });
  });
});
