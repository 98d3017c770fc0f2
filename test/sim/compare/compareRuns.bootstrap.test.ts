import { describe, expect, it } from 'vitest';
import { compareRuns, compareRunsSteps } from '../../../packages/sim/src/compare/compareRuns.js';
import { differenceReplicates } from '../../../packages/sim/src/compare/pairedBootstrap.js';
import type { Run } from '../../../packages/sim/src/compare/runTasks.js';
import { signFlipTest } from '../../../packages/sim/src/compare/signFlipTest.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';

// compareRuns' tests that draw thousands of bootstrap replicates or random sign patterns and judge
// them by their spread (the formulas are pinned in compareRuns.test.ts). They stay in the fast suite
// but out of the compare mutation scope (mutationScopes.mjs): instrumented, each would run for every
// compareRuns mutant (docs/testing.md, "Mutation testing").

const run = (name: string, counts: Array<[n: number, c: number]>, prefix = 't'): Run => ({
  name,
  tasks: counts.map(([n, c], i) => ({ id: `${prefix}${i}`, n, c })),
});

describe('compareRuns: bootstrap', () => {
  const a = run(
    'A',
    Array.from({ length: 40 }, (_, i) => [6, i % 7 === 0 ? 0 : (i * 5) % 7]),
  );
  const b = run(
    'B',
    Array.from({ length: 40 }, (_, i) => [6, Math.min(6, ((i * 5) % 7) + (i % 3))]),
  );

  it('same seed, same result; another seed, another', () => {
    const one = compareRuns(a, b, { ks: [1, 3], bootstrap: 200, seed: 9 });
    expect(compareRuns(a, b, { ks: [1, 3], bootstrap: 200, seed: 9 })).toEqual(one);
    expect(compareRuns(a, b, { ks: [1, 3], bootstrap: 200, seed: 10 }).rows[1]!.passHatK!.bootstrap).not.toEqual(one.rows[1]!.passHatK!.bootstrap);
  });

  it('with all-or-nothing tasks the bootstrap resamples tasks only: its SE is the paired SE·√((T − 1)/T) within its own error', () => {
    // c ∈ {0, n}: the trial stage redraws nothing, so Var*(d̄*) = ((T − 1)/T)·s²/T exactly; the sd of B bootstrap
    // replicates has relative standard error ≈ 1/√(2B) (normal theory), so 5 of those bound the check.
    const solid = run(
      'A',
      Array.from({ length: 30 }, (_, i) => [5, i % 3 === 0 ? 5 : 0]),
    );
    const other = run(
      'B',
      Array.from({ length: 30 }, (_, i) => [5, i % 2 === 0 ? 5 : 0]),
    );
    const replicates = 4000;
    const metric = compareRuns(solid, other, { ks: [2], bootstrap: replicates, seed: 3 }).rows[0]!.passHatK!;
    const expected = metric.se! * Math.sqrt(29 / 30);
    expect(Math.abs(metric.bootstrap!.se - expected)).toBeLessThan((5 * expected) / Math.sqrt(2 * replicates));
    // Re-centred on the estimate: the interval holds the difference.
    expect(metric.bootstrap!.lower).toBeLessThan(metric.difference);
    expect(metric.bootstrap!.upper).toBeGreaterThan(metric.difference);
  });
});

describe('differenceReplicates: the pick mixture', () => {
  it('one multinomial over (v_A, v_B) cells has the distribution of drawing task by task (SEs agree within their error)', () => {
    // Mixed n (3, 5 and 6 trials), so both cells and the pick-by-pick fallback (cellLimit 0) are exercised.
    const pairs = Array.from({ length: 60 }, (_, i) => {
      const n = [3, 5, 6][i % 3]!;
      return [
        { id: i, n, c: (i * 7) % (n + 1) },
        { id: i, n, c: (i * 5 + 1) % (n + 1) },
      ] as const;
    });
    const slots = [
      { metric: 'meanSuccess', k: 1 },
      { metric: 'passHatK', k: 3 },
      { metric: 'passAtK', k: 5 },
    ] as const;
    const replicates = 4000;
    const sd = (values: Float64Array) => {
      const finite = [...values].filter((x) => !Number.isNaN(x));
      const mean = finite.reduce((s, x) => s + x, 0) / finite.length;
      return { mean, sd: Math.sqrt(finite.reduce((s, x) => s + (x - mean) ** 2, 0) / (finite.length - 1)) };
    };
    const cells = differenceReplicates(pairs, null, slots, { replicates, seed: 1 }).map(sd);
    const byPick = differenceReplicates(pairs, null, slots, { replicates, seed: 2, cellLimit: 0 }).map(sd);
    cells.forEach((cell, i) => {
      const pick = byPick[i]!;
      // sd of a sample sd ≈ sd/√(2B) each (normal theory); means differ by ≈ sd·√(2/B).
      expect(Math.abs(cell.sd - pick.sd)).toBeLessThan((5 * pick.sd) / Math.sqrt(replicates));
      expect(Math.abs(cell.mean - pick.mean)).toBeLessThan(5 * pick.sd * Math.sqrt(2 / replicates));
    });
  });
});

describe('signFlipTest: Monte Carlo', () => {
  it('Monte Carlo agrees with exact within its stated SE', () => {
    const rng = streamRng(8, 'mc');
    const d = Array.from({ length: 24 }, () => rng.uniform() - 0.42);
    const exact = signFlipTest(d, { exactLimit: 30, replicates: 1, rng: () => streamRng(1) });
    const mc = signFlipTest(d, { exactLimit: 0, replicates: 20_000, rng: () => streamRng(2, 'x') });
    expect(mc.method).toBe('monte-carlo');
    expect(Math.abs(mc.value - exact.value)).toBeLessThan(4 * mc.se!);
  });
});

describe('compareRunsSteps: the same comparison, in steps', () => {
  it('yields done ≤ total, never going back, and returns what compareRuns returns', () => {
    // 40 tasks that differ (more than the exact limit of 30): Monte Carlo sign patterns, and a bootstrap.
    const a = run(
      'A',
      Array.from({ length: 40 }, (_, i): [number, number] => [8, i % 9]),
    );
    const b = run(
      'B',
      Array.from({ length: 40 }, (_, i): [number, number] => [8, (i * 5 + 3) % 9]),
    );
    const options = { ks: [1, 2], bootstrap: 2500, permutations: 25_000, seed: 3 };
    const steps = compareRunsSteps(a, b, options);
    let last = -1;
    let count = 0;
    for (;;) {
      const next = steps.next();
      if (next.done) {
        expect(next.value).toEqual(compareRuns(a, b, options));
        break;
      }
      count++;
      expect(next.value.done).toBeGreaterThan(last);
      expect(next.value.done).toBeLessThanOrEqual(next.value.total);
      last = next.value.done;
    }
    // 2 yields in the bootstrap (at 1000, 2000), 2 per slot with Monte Carlo patterns (10 000, 20 000).
    expect(count).toBeGreaterThanOrEqual(4);
  });
});
