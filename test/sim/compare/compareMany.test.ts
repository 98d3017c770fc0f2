import { describe, expect, it } from 'vitest';
import { compareMany } from '../../../packages/sim/src/compare/compareMany.js';
import { compareRuns } from '../../../packages/sim/src/compare/compareRuns.js';
import { holmAdjust } from '../../../packages/sim/src/compare/holmAdjust.js';
import type { Run } from '../../../packages/sim/src/compare/runTasks.js';

// compareMany's edges (one comparison, no p-values, a bad run) and holmAdjust's argument names; the
// Holm values themselves are in compareRuns.test.ts (statsmodels). Expected values by hand.
const run = (name: string, c: number[]): Run => ({ name, tasks: c.map((ci, i) => ({ id: `t${i}`, n: 4, c: ci })) });
const base = run('base', [0, 1, 2, 1, 0, 3]);
const better = run('better', [2, 3, 4, 3, 1, 4]);
const same = run('same', [1, 0, 2, 2, 0, 3]);

describe('compareMany: edges', () => {
  it('one comparison: no correction, adjusted p-values as compareRuns gives them', () => {
    const many = compareMany([base, better], { ks: [2], bootstrap: 0 });
    expect(many.correction).toBe('none');
    expect(many.baseline).toBe('base');
    expect(many.comparisons).toEqual([compareRuns(base, better, { ks: [2], bootstrap: 0 })]);
  });

  it('without p-values there is nothing to adjust: every adjusted p-value stays null', () => {
    const many = compareMany([base, better, same], { ks: [2], bootstrap: 0, pValues: false });
    expect(many.correction).toBe('holm');
    for (const comparison of many.comparisons) {
      for (const metric of [comparison.meanSuccess, comparison.rows[0]!.passAtK!, comparison.rows[0]!.passHatK!]) {
        expect(metric.adjustedPValue).toBeNull();
      }
    }
  });

  it('mean success and pass^k are adjusted over the comparisons too', () => {
    const many = compareMany([base, better, same], { ks: [2], bootstrap: 0 });
    const raw = [better, same].map((candidate) => compareRuns(base, candidate, { ks: [2], bootstrap: 0 }));
    expect(many.comparisons.map((c) => c.meanSuccess.adjustedPValue)).toEqual(holmAdjust(raw.map((c) => c.meanSuccess.pValue!.value)));
    expect(many.comparisons.map((c) => c.rows[0]!.passHatK!.adjustedPValue)).toEqual(holmAdjust(raw.map((c) => c.rows[0]!.passHatK!.pValue!.value)));
  });

  it('names a bad run by its place', () => {
    expect(() => compareMany([base, 'better' as never], { ks: [1] })).toThrow(/^runs\[1\]: must be an object/);
    expect(() => compareMany('runs' as never, { ks: [1] })).toThrow(/^runs: /);
  });
});

describe('holmAdjust: arguments', () => {
  it('names the list and the p-value it refuses', () => {
    expect(() => holmAdjust('0.1' as never)).toThrow(/^pValues: /);
    expect(() => holmAdjust([0.1, 1.5])).toThrow(/^pValues\[1\]: must be a number between 0 and 1/);
    expect(holmAdjust([])).toEqual([]);
  });
});
