import { describe, expect, it } from 'vitest';
import { blockSums } from '../../../packages/sim/src/engine/blockSums.js';
import { foldNodes, normaliseNodes, pushNode, type BlockNode } from '../../../packages/sim/src/engine/blockTree.js';

const leaf = (index: number, value: number): BlockNode => ({ level: 0, index, replicates: 64, sums: Float64Array.of(value) });

describe('blockTree: sums over blocks in one fixed binary tree', () => {
  it('pushNode combines sibling pairs left + right: blocks 0..5 leave nodes (2, 0) and (1, 2)', () => {
    const stack: BlockNode[] = [];
    for (let b = 0; b < 6; b++) pushNode(stack, leaf(b, b + 1));
    expect(stack.map((node) => [node.level, node.index, node.replicates, node.sums[0]])).toEqual([
      [2, 0, 256, 10],
      [1, 2, 128, 11],
    ]);
  });

  it('a range starting mid-tree keeps its unpaired left node: blocks 3..5 → (0, 3), (1, 2)', () => {
    const stack: BlockNode[] = [];
    for (let b = 3; b < 6; b++) pushNode(stack, leaf(b, 1));
    expect(stack.map((node) => [node.level, node.index])).toEqual([
      [0, 3],
      [1, 2],
    ]);
  });

  it('normaliseNodes gives the same nodes, bit for bit, for any split and order of the same blocks', () => {
    // Values whose floating-point sum depends on the order of additions.
    const values = [0.1, 1e16, 0.3, -1e16, 0.7, 1.1, 1e-3, 2.2, 3.3];
    const whole: BlockNode[] = [];
    values.forEach((v, b) => pushNode(whole, leaf(b, v)));
    const split = (cut: number) => {
      const left: BlockNode[] = [];
      const right: BlockNode[] = [];
      values.forEach((v, b) => pushNode(b < cut ? left : right, leaf(b, v)));
      return normaliseNodes([...right, ...left]);
    };
    for (const cut of [1, 2, 3, 5, 8]) {
      const nodes = split(cut);
      expect(nodes.map((node) => [node.level, node.index])).toEqual(whole.map((node) => [node.level, node.index]));
      expect(foldNodes(nodes)).toEqual(foldNodes(whole));
    }
  });

  it('refuses blocks covered twice; folds nothing to null', () => {
    expect(() => normaliseNodes([leaf(1, 1), { level: 1, index: 0, replicates: 128, sums: Float64Array.of(1) }])).toThrow(/covered twice/);
    expect(foldNodes([])).toBeNull();
  });
});

describe('blockSums', () => {
  it('one replicate with all totals 2 (K = 1): Σy = 2 (12 times), Σy² = 4 (12 times), Σ y_cost·y_correct = 4, then Y²/n = 4 (12 times) and Y_cost·Y_correct/n = 4', () => {
    expect(Array.from(blockSums(new Float64Array(12).fill(2), 1, 1))).toEqual([
      ...new Array(12).fill(2),
      ...new Array(12).fill(4),
      4,
      ...new Array(12).fill(4),
      4,
    ]);
  });

  it('sums over replicates: totals r + 1 in replicate r = 0, 1, 2 give Σy = 6 and Σy² = 14', () => {
    const totals = new Float64Array(3 * 12);
    for (let r = 0; r < 3; r++) totals.fill(r + 1, r * 12, r * 12 + 12);
    const sums = blockSums(totals, 3, 1);
    expect([sums[0], sums[12], sums[24]]).toEqual([6, 14, 14]);
    // The block terms: Y = 6 over n = 3 replicates, Y²/n = 12 (and the cross term likewise).
    expect([sums[25], sums[37]]).toEqual([12, 12]);
  });
});
