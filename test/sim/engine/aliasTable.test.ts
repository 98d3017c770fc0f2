import { describe, expect, it } from 'vitest';
import { AliasTable } from '../../../packages/sim/src/engine/aliasTable.js';
import { outcomeClassCount, outcomeClassCumulative } from '../../../packages/sim/src/engine/outcomeClasses.js';
import { runProbabilities } from '../../../packages/sim/src/engine/runProbabilities.js';

const TWO_POW_32 = 2n ** 32n;
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/**
 * The exact law of a slot's draws: for each column i, the x in [⌈i·2^32/C⌉, ⌈(i + 1)·2^32/C⌉) with
 * ⌊(x·C − i·2^32)/2⌋ < cut_i, i.e. x < ⌈(i·2^32 + 2·cut_i)/C⌉, go to class i and the rest to alias_i
 * (the documented rule, counted in exact integer arithmetic over all 2^32 values of x).
 */
function exactLaw(table: AliasTable, slot: number): number[] {
  const C = table.classes;
  const big = BigInt(C);
  const counts = new Array<bigint>(C).fill(0n);
  for (let i = 0; i < C; i++) {
    const lo = ceilDiv(BigInt(i) * TWO_POW_32, big);
    const hi = ceilDiv(BigInt(i + 1) * TWO_POW_32, big);
    const cut = BigInt(table.entries[2 * (slot * C + i)]);
    const alias = table.entries[2 * (slot * C + i) + 1];
    let own = ceilDiv(BigInt(i) * TWO_POW_32 + 2n * cut, big) - lo;
    own = own < 0n ? 0n : own > hi - lo ? hi - lo : own;
    counts[i] += own;
    counts[alias] += hi - lo - own;
  }
  return counts.map((n) => Number(n) / 2 ** 32);
}

/** Class probabilities from ascending cumulative values F_0..F_{C−2}. */
function widths(cumulative: ArrayLike<number>, C: number): number[] {
  return Array.from({ length: C }, (_, c) => (c < C - 1 ? cumulative[c] : 1) - (c > 0 ? cumulative[c - 1] : 0));
}

describe('AliasTable: class = i if ⌊(x·C mod 2^32)/2⌋ < cut_i else alias_i, i = ⌊x·C/2^32⌋', () => {
  it('F = [0.25, 0.5, 0.75] (C = 4): every column full, class = x >>> 30 (closed form)', () => {
    const table = new AliasTable(4, 1);
    table.set(0, [0.25, 0.5, 0.75]);
    for (const x of [0, 2 ** 30 - 1, 2 ** 30, 2 ** 31 - 1, 2 ** 31, 3 * 2 ** 30 + 5, 2 ** 32 - 1]) expect(table.draw(0, x)).toBe(x >>> 30);
  });

  it('F = [0.5] (C = 2) and F = [0, 0.5] (C = 3, class 0 empty): the exact law is the input', () => {
    const two = new AliasTable(2, 1);
    two.set(0, [0.5]);
    expect(exactLaw(two, 0)).toEqual([0.5, 0.5]);
    const three = new AliasTable(3, 1);
    three.set(0, [0, 0.5]);
    const law = exactLaw(three, 0);
    expect(law[0]).toBe(0);
    expect(Math.abs(law[1] - 0.5) + Math.abs(law[2] - 0.5)).toBeLessThanOrEqual(2 * 3 * 2 ** -32);
  });

  it('outcome classes (K = 8, C = 16) and first-accept-sized tables (C = 17): every class exact to 2C·2^-32, by counting all 2^32 values', () => {
    const K = 8;
    const C = outcomeClassCount(K);
    const rates = [0.0005, 0.137, 0.5, 0.77, 0.9995, 0, 1];
    const outcome = new AliasTable(C, rates.length);
    const A = new Float64Array(K + 1);
    const B = new Float64Array(K + 1);
    const cumulative = new Float64Array(C);
    const inputs: number[][] = [];
    rates.forEach((p, slot) => {
      runProbabilities({ model: 'exchangeable', icc: 0.2 }, p, K, A, B);
      outcomeClassCumulative(A, B, K, cumulative);
      outcome.set(slot, cumulative);
      inputs.push(widths(cumulative, C));
    });
    rates.forEach((_, slot) => {
      const law = exactLaw(outcome, slot);
      law.forEach((q, c) => expect(Math.abs(q - inputs[slot][c]), `slot ${slot} class ${c}`).toBeLessThanOrEqual(2 * C * 2 ** -32));
      // Impossible classes stay impossible.
      inputs[slot].forEach((w, c) => (w === 0 ? expect(law[c]).toBe(0) : undefined));
    });
    // C = 17 (not a power of two: columns of unequal size), with ties and a tiny class.
    const odd = new AliasTable(17, 1);
    const F = [1e-9, 0.05, 0.05, 0.1, 0.2, 0.21, 0.3, 0.45, 0.5, 0.6, 0.6, 0.61, 0.7, 0.8, 0.95, 0.999];
    odd.set(0, F);
    exactLaw(odd, 0).forEach((q, c) => expect(Math.abs(q - widths(F, 17)[c]), `class ${c}`).toBeLessThanOrEqual(2 * 17 * 2 ** -32));
  });

  it('draw() follows the same rule as the exact count (spread x and x at column edges)', () => {
    const C = 17;
    const table = new AliasTable(C, 2);
    table.set(0, [0.01, 0.02, 0.1, 0.15, 0.2, 0.3, 0.31, 0.4, 0.5, 0.55, 0.6, 0.7, 0.8, 0.85, 0.9, 0.99]);
    table.set(1, new Array(16).fill(0.5));
    const rule = (slot: number, x: number) => {
      const xc = BigInt(x) * BigInt(C);
      const i = Number(xc / TWO_POW_32);
      const f = xc % TWO_POW_32;
      return f / 2n < BigInt(table.entries[2 * (slot * C + i)]) ? i : table.entries[2 * (slot * C + i) + 1];
    };
    for (let n = 0; n < 5000; n++) {
      const x = n < 4000 ? (n * 2654435761) % 4294967296 : Math.min(2 ** 32 - 1, Math.ceil((((n % C) + 1) * 2 ** 32) / C) + (n % 3) - 1);
      for (const slot of [0, 1]) expect(table.draw(slot, x)).toBe(rule(slot, x));
    }
  });

  it('pack() (C = 2^s): every column keeps the same number of x, so the law equals the exact law of draw(); the packed select follows its rule', () => {
    const K = 8;
    const C = outcomeClassCount(K);
    const s = 4;
    const rates = [0.0005, 0.137, 0.5, 0.9995, 0, 1];
    const table = new AliasTable(C, rates.length);
    const A = new Float64Array(K + 1);
    const B = new Float64Array(K + 1);
    const cumulative = new Float64Array(C);
    const words = new Int32Array(rates.length * C);
    rates.forEach((p, slot) => {
      runProbabilities({ model: 'independent' }, p, K, A, B);
      outcomeClassCumulative(A, B, K, cumulative);
      table.set(slot, cumulative);
      table.pack(slot, words, slot * C);
    });
    const columnSize = 2n ** BigInt(32 - s);
    // The documented rule: i = x & (C − 1), n = word >>> s (0 with alias i for a full column), class i if (x >>> s) < n.
    const rule = (w: number, x: number) => (x >>> s < w >>> s ? x & (C - 1) : w & (C - 1));
    rates.forEach((_, slot) => {
      // Exact law from the words, counted over all 2^32 x: column i keeps n_i values, the rest go to its alias.
      const counts = new Array<bigint>(C).fill(0n);
      for (let i = 0; i < C; i++) {
        const w = words[slot * C + i];
        const n = BigInt(w >>> s);
        counts[i] += n;
        counts[w & (C - 1)] += columnSize - n;
      }
      expect(
        counts.map((n) => Number(n) / 2 ** 32),
        `slot ${slot}`,
      ).toEqual(exactLaw(table, slot));
      for (let n = 0; n < 3000; n++) {
        const x = (n * 2654435761 + slot) % 4294967296;
        const i = x & (C - 1);
        const w = words[slot * C + i];
        const a = w & (C - 1);
        const packedClass = a ^ ((i ^ a) & ((((x >>> 1) | (C / 2 - 1)) - (w >>> 1)) >> 31));
        expect(packedClass).toBe(rule(w, x));
      }
    });
    // C = 4, every column full (the closed-form example above): each word is its own class with n = 0.
    const quarter = new AliasTable(4, 1);
    quarter.set(0, [0.25, 0.5, 0.75]);
    const four = new Int32Array(4);
    quarter.pack(0, four, 0);
    expect([...four]).toEqual([0, 1, 2, 3]);
  });
});
