import { describe, expect, it } from 'vitest';
import { compareMany } from '../../../packages/sim/src/compare/compareMany.js';
import { compareRuns } from '../../../packages/sim/src/compare/compareRuns.js';
import { holmAdjust } from '../../../packages/sim/src/compare/holmAdjust.js';
import { differenceReplicates } from '../../../packages/sim/src/compare/pairedBootstrap.js';
import type { Run } from '../../../packages/sim/src/compare/runTasks.js';
import { signFlipTest } from '../../../packages/sim/src/compare/signFlipTest.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { studentTQuantile, studentTTwoSided } from '../../../packages/sim/src/math/studentT.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';

// The formulas of a comparison: closed forms, seed documents, Python references and exact
// boundaries, with bootstrap: 0 or a handful of replicates (this file is in the compare mutation
// scope). The tests that judge thousands of bootstrap replicates or random sign patterns by their
// spread are in compareRuns.bootstrap.test.ts.

const run = (name: string, counts: Array<[n: number, c: number]>, prefix = 't'): Run => ({
  name,
  tasks: counts.map(([n, c], i) => ({ id: `${prefix}${i}`, n, c })),
});

describe('compareRuns: the seeds', () => {
  it('seed 002 "Averaging over tasks": A = 8,8,8,0,0 and B = 5,5,4,3,3 of n = 8 at k = 4', () => {
    const a = run('Agent A', [
      [8, 8],
      [8, 8],
      [8, 8],
      [8, 0],
      [8, 0],
    ]);
    const b = run('Agent B', [
      [8, 5],
      [8, 5],
      [8, 4],
      [8, 3],
      [8, 3],
    ]);
    const result = compareRuns(a, b, { ks: [4], bootstrap: 0 });
    const row = result.rows[0]!;
    // The seed's table: pass@4 A 0.600, B 0.969; pass^4 A 0.600, B 0.031; mean single-run success 0.60 and 0.50.
    expect(row.passAtK!.baseline.value.toFixed(3)).toBe('0.600');
    expect(row.passAtK!.candidate.value.toFixed(3)).toBe('0.969');
    expect(row.passHatK!.baseline.value.toFixed(3)).toBe('0.600');
    expect(row.passHatK!.candidate.value.toFixed(3)).toBe('0.031');
    expect(result.meanSuccess.baseline.value.toFixed(2)).toBe('0.60');
    expect(result.meanSuccess.candidate.value.toFixed(2)).toBe('0.50');
    // Exact rationals (python: fractions): B − A at pass@4 = 339/350 − 3/5 = 129/350; pass^4 = 11/350 − 3/5 = −199/350.
    expect(row.passAtK!.difference).toBeCloseTo(129 / 350, 14);
    expect(row.passHatK!.difference).toBeCloseTo(-199 / 350, 14);
    // Sign flips: pass@4 differences are 0, 0, −1/70, 65/70, 65/70; the patterns with both 65/70 of one sign
    // reach |Σ| ≥ 129/70 (4 of 8), so p = 0.5 (exact; python: reference.sign_flip_p([0, 0, -1/70, 65/70, 65/70])).
    expect(row.passAtK!.pValue).toEqual({ value: 0.5, test: 'sign-flip', method: 'exact', permutations: 8, se: 0 });
  });

  it('seed 000 §6: same mean success 70 %, pass^8 5.8 % for A (every task at 70 %) against 70 % for B (7 solid, 3 broken)', () => {
    // A: ten tasks at c/n = 0.7 with n = 10⁶ trials (the unbiased pass^8 is then 0.7^8 to 5 digits); B: c = n or c = 0.
    const a = run(
      'Agent A',
      Array.from({ length: 10 }, () => [1_000_000, 700_000] as [number, number]),
    );
    const b = run(
      'Agent B',
      Array.from({ length: 10 }, (_, i) => (i < 7 ? [1_000_000, 1_000_000] : [1_000_000, 0]) as [number, number]),
    );
    const result = compareRuns(a, b, { ks: [8], bootstrap: 0 });
    expect(result.meanSuccess.difference).toBeCloseTo(0, 15);
    const hat = result.rows[0]!.passHatK!;
    expect((hat.baseline.value * 100).toFixed(1)).toBe('5.8'); // 0.7^8 = 0.0576
    expect(hat.candidate.value).toBe(0.7);
    expect(Math.round(hat.candidate.value / hat.baseline.value)).toBe(12); // "pass^8 差了 12 倍"
  });

  it('seed 003 closing question: with 4 tasks, even all four improving gives p = 2/2⁴ = 0.125 — not evidence at 5 %', () => {
    // Seed 003's table (A 11000, B 01010, C 00000, D 00001) before; after: one more success on every task.
    const before = run('before', [
      [5, 2],
      [5, 2],
      [5, 0],
      [5, 1],
    ]);
    const after = run('after', [
      [5, 3],
      [5, 3],
      [5, 1],
      [5, 2],
    ]);
    const result = compareRuns(before, after, { ks: [1], bootstrap: 0 });
    expect(result.meanSuccess.baseline.value).toBeCloseTo(0.25, 15); // the seed's 25 %
    expect(result.meanSuccess.difference).toBeCloseTo(0.2, 15); // "the average went up"
    expect(result.meanSuccess.pValue!.value).toBe(0.125);
    // All four differences are 0.2: sd 0, so the t interval is the single point (no spread to show), yet p stays 0.125.
    expect(result.meanSuccess.se).toBeCloseTo(0, 15);
  });
});

describe('compareRuns: which tasks count', () => {
  it('pairs only common tasks with n ≥ k on both sides; lists the rest', () => {
    const a: Run = {
      name: 'A',
      tasks: [
        { id: 'x', n: 4, c: 1 },
        { id: 'y', n: 2, c: 2 },
        { id: 'z', n: 4, c: 4 },
        { id: 'only-a', n: 4, c: 0 },
      ],
    };
    const b: Run = {
      name: 'B',
      tasks: [
        { id: 'z', n: 4, c: 3 },
        { id: 'y', n: 4, c: 1 },
        { id: 'x', n: 4, c: 2 },
      ],
    };
    const result = compareRuns(a, b, { ks: [1, 3], bootstrap: 0 });
    expect(result.pairing).toMatchObject({
      mode: 'paired',
      overlap: 3 / 4,
      tasks: { baseline: 4, candidate: 3, common: 3 },
      onlyInBaseline: ['only-a'],
      onlyInCandidate: [],
    });
    expect(result.rows[0]!.tasks).toEqual({ baseline: 3, candidate: 3 });
    expect(result.rows[1]!.tasks).toEqual({ baseline: 2, candidate: 2 });
    expect(result.rows[1]!.notEstimable).toEqual({ count: 1, tasks: ['y'] });
    // k = 3 over x and z: pass^3 A = (0 + 1)/2, B = (0 + C(3,3)/C(4,3))/2 = 1/8.
    expect(result.rows[1]!.passHatK!.baseline.value).toBe(0.5);
    expect(result.rows[1]!.passHatK!.candidate.value).toBe(0.125);
  });

  it('falls back to an unpaired comparison below the overlap threshold, and says so', () => {
    const a = run(
      'A',
      [
        [4, 1],
        [4, 2],
        [4, 3],
        [4, 4],
      ],
      'a',
    );
    const b: Run = {
      name: 'B',
      tasks: [
        { id: 'a0', n: 4, c: 2 },
        { id: 'b1', n: 4, c: 3 },
        { id: 'b2', n: 4, c: 4 },
        { id: 'b3', n: 4, c: 1 },
      ],
    };
    const result = compareRuns(a, b, { ks: [1], bootstrap: 0 });
    expect(result.pairing.mode).toBe('unpaired');
    expect(result.pairing.overlap).toBeCloseTo(1 / 7, 15);
    expect(result.meanSuccess.pValue!.method).toBe('welch');
    expect(result.rows[0]!.tasks).toEqual({ baseline: 4, candidate: 4 });
    expect(compareRuns(a, b, { ks: [1], bootstrap: 0, minOverlap: 0.1 }).pairing.mode).toBe('paired');
  });

  it('refuses ids of different types, runs without common tasks, repeated ids and bad counts', () => {
    const numbers: Run = { name: 'A', tasks: [{ id: 1, n: 2, c: 1 }] };
    const text: Run = { name: 'B', tasks: [{ id: '1', n: 2, c: 1 }] };
    expect(() => compareRuns(numbers, text, { ks: [1] })).toThrow(/B: task ids must be of the same type as in A \(numbers\).*got text ids such as, got "1"/);
    expect(() => compareRuns(run('A', [[2, 1]], 'a'), run('B', [[2, 1]], 'b'), { ks: [1] })).toThrow(/B: has no tasks in common with A/);
    expect(() =>
      compareRuns(
        {
          name: 'A',
          tasks: [
            { id: 'x', n: 2, c: 1 },
            { id: 'x', n: 2, c: 1 },
          ],
        },
        text,
        { ks: [1] },
      ),
    ).toThrow(/A: must name each task once, got "x"/);
    expect(() => compareRuns({ name: 'A', tasks: [{ id: 'x', n: 2, c: 3 }] }, text, { ks: [1] })).toThrow(InputError);
    expect(() => compareRuns(text, text, { ks: [0] })).toThrow(/k: must be an integer ≥ 1, got 0/);
  });
});

describe('differenceReplicates: n beyond the value table', () => {
  it('both runs of a pair with n > 10 000 keep their own values: A never correct, B always → B − A = 1 in every replicate', () => {
    // c ∈ {0, n} is never redrawn, so every replicate is exactly 1 (one shared buffer for both sides would give 0).
    const pairs = Array.from(
      { length: 6 },
      (_, i) =>
        [
          { id: i, n: 20_000, c: 0 },
          { id: i, n: 30_000, c: 30_000 },
        ] as const,
    );
    const slots = [
      { metric: 'meanSuccess', k: 1 },
      { metric: 'passHatK', k: 3 },
      { metric: 'passAtK', k: 2 },
    ] as const;
    for (const cellLimit of [0, 65_536]) {
      for (const replicates of differenceReplicates(pairs, null, slots, { replicates: 20, seed: 1, cellLimit })) {
        expect([...replicates]).toEqual(new Array(20).fill(1));
      }
    }
  });
});

describe('signFlipTest', () => {
  /** Brute force over all 2^m sign patterns (independent of the meet-in-the-middle count). */
  const bruteForce = (d: number[]): number => {
    const observed = Math.abs(d.reduce((s, x) => s + x, 0));
    let extreme = 0;
    for (let mask = 0; mask < 2 ** d.length; mask++) {
      const sum = d.reduce((s, x, i) => s + (mask & (1 << i) ? -x : x), 0);
      if (Math.abs(sum) >= observed - 1e-9) extreme++;
    }
    return extreme / 2 ** d.length;
  };

  it('exact counts match brute force, with ties (values on a 1/8 grid) and without', () => {
    const rng = streamRng(4, 'test');
    for (const m of [1, 2, 5, 9, 14]) {
      const grid = Array.from({ length: m }, () => Math.round((rng.uniform() - 0.3) * 8) / 8 || 0.125);
      const real = Array.from({ length: m }, () => rng.uniform() - 0.4);
      for (const d of [grid, real]) {
        const p = signFlipTest(d, { exactLimit: 30, replicates: 1, rng: () => streamRng(1) });
        expect(p.value).toBeCloseTo(bruteForce(d), 14);
        expect(p.permutations).toBe(2 ** m);
      }
    }
  });

  it('docs example: d = [0.5, 0.25, −0.125, 0.5] → 4 of 16 → 0.25; all zero → 1', () => {
    expect(signFlipTest([0.5, 0.25, -0.125, 0.5], { exactLimit: 30, replicates: 1, rng: () => streamRng(1) }).value).toBe(0.25);
    expect(signFlipTest([0, 0], { exactLimit: 30, replicates: 1, rng: () => streamRng(1) }).value).toBe(1);
  });
});

describe('holmAdjust and compareMany', () => {
  it('Holm: [0.01, 0.04, 0.03] → [0.03, 0.06, 0.06] (statsmodels multipletests(..., method="holm")[1])', () => {
    const adjusted = holmAdjust([0.01, 0.04, 0.03]);
    [0.03, 0.06, 0.06].forEach((p, i) => expect(adjusted[i]).toBeCloseTo(p, 15));
    expect(holmAdjust([0.5, 0.9])).toEqual([1, 1]);
  });

  it('compares each run with the first and adjusts the p-values of the same k and metric together', () => {
    const base = run('base', [
      [4, 0],
      [4, 1],
      [4, 2],
      [4, 1],
      [4, 0],
      [4, 3],
    ]);
    const better = run('better', [
      [4, 2],
      [4, 3],
      [4, 4],
      [4, 3],
      [4, 1],
      [4, 4],
    ]);
    const same = run('same', [
      [4, 1],
      [4, 0],
      [4, 2],
      [4, 2],
      [4, 0],
      [4, 3],
    ]);
    const many = compareMany([base, better, same], { ks: [2], bootstrap: 0 });
    expect(many.correction).toBe('holm');
    expect(many.comparisons.map((c) => c.candidate)).toEqual(['better', 'same']);
    const raw = [compareRuns(base, better, { ks: [2], bootstrap: 0 }), compareRuns(base, same, { ks: [2], bootstrap: 0 })].map(
      (c) => c.rows[0]!.passAtK!.pValue!.value,
    );
    const adjusted = holmAdjust(raw);
    expect(many.comparisons.map((c) => c.rows[0]!.passAtK!.adjustedPValue)).toEqual(adjusted);
    expect(() => compareMany([base], { ks: [1] })).toThrow(/runs: must list at least two runs/);
    expect(() => compareMany([base, base], { ks: [1] })).toThrow(/runs: must have distinct names, got "base"/);
  });
});

describe('compareRuns: per-task view', () => {
  it('names the flips (broken ↔ solid) and the largest changes', () => {
    const a = run('A', [
      [4, 0],
      [4, 4],
      [4, 2],
      [4, 2],
      [4, 3],
    ]);
    const b = run('B', [
      [4, 4],
      [4, 0],
      [4, 3],
      [4, 2],
      [4, 1],
    ]);
    const { perTask } = compareRuns(a, b, { ks: [1], bootstrap: 0 });
    expect(perTask.fixed).toEqual(['t0']);
    expect(perTask.regressed).toEqual(['t1']);
    expect(perTask.counts).toEqual({ fixed: 1, regressed: 1, improved: 1, worsened: 1, unchanged: 1 });
    expect(perTask.largest.map((t) => [t.task, t.change])).toEqual([
      ['t0', 1],
      ['t1', -1],
      ['t4', -0.5],
      ['t2', 0.25],
    ]);
  });
});

describe('Student t (scipy.stats.t)', () => {
  it('quantiles: t.ppf(q, df)', () => {
    for (const [q, df, value] of [
      [0.975, 4, 2.7764451051977934],
      [0.95, 10, 1.8124611228116756],
      [0.975, 1, 12.706204736174694],
      [0.975, 79, 1.9904502102301285],
      [0.995, 799, 2.581996542496893],
      [0.025, 6, -2.4469118511449794],
    ] as const) {
      expect(studentTQuantile(q, df)).toBeCloseTo(value, 10);
    }
  });

  it('two-sided tails: 2·t.sf(t, df)', () => {
    expect(studentTTwoSided(2, 7)).toBeCloseTo(0.08561932856297605, 13);
    expect(studentTTwoSided(0.5, 3)).toBeCloseTo(0.651447964848151, 13);
    expect(studentTTwoSided(3.1, 79.5)).toBeCloseTo(0.0026765986494963513, 13);
  });
});
