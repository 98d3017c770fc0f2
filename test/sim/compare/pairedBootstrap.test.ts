import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../packages/sim/src/compare/compareRuns.js';
import { bootstrapBounds, differenceReplicates, differenceReplicateSteps } from '../../../packages/sim/src/compare/pairedBootstrap.js';
import type { RunTask } from '../../../packages/sim/src/compare/runTasks.js';

// The bootstrap of a comparison on few replicates, where its result is known exactly or its
// distribution has three values: formulas, not spreads (the studies of its spread on thousands of
// replicates are compareRuns.bootstrap.test.ts, out of the mutation scope).

const task = (id: number, n: number, c: number): RunTask => ({ id, n, c });
const slots = [
  { metric: 'meanSuccess', k: 1 },
  { metric: 'passAtK', k: 2 },
  { metric: 'passHatK', k: 3 },
] as const;

describe('bootstrapBounds (test/reference/bootstrap_bounds_reference.py: numpy.quantile type 7, re-centred)', () => {
  const withNaN = Float64Array.from([0.3, -0.1, 0.2, Number.NaN, 0.5, 0.05, -0.2, 0.4]);

  it('two-sided 90 %: the 5 % and 95 % quantiles moved by estimate − mean; the NaN left out; se the sd', () => {
    const bounds = bootstrapBounds(withNaN, 0.12, 0.9, 2)!;
    expect(bounds.lower).toBeCloseTo(-0.2142857142857143, 14);
    expect(bounds.upper).toBeCloseTo(0.4257142857142856, 14);
    expect(bounds.se).toBeCloseTo(0.2593490018525323, 14);
  });

  it('one-sided 90 %: [q(0.1) + recentre, 1]', () => {
    const bounds = bootstrapBounds(withNaN, 0.12, 0.9, 1)!;
    expect(bounds.lower).toBeCloseTo(-0.1842857142857143, 14);
    expect(bounds.upper).toBe(1);
    expect(bounds.se).toBeCloseTo(0.2593490018525323, 14);
  });

  it('80 % over 11 replicates (quantile positions between order statistics)', () => {
    const bounds = bootstrapBounds(Float64Array.from([0.3, -0.1, 0.2, 0.5, 0.05, -0.2, 0.4, 0.1, 0.15, 0.25, 0.35]), 0.2, 0.8, 2)!;
    expect(bounds.lower).toBeCloseTo(-0.08181818181818185, 14);
    expect(bounds.upper).toBeCloseTo(0.4181818181818182, 14);
    expect(bounds.se).toBeCloseTo(0.21127319668231379, 14);
  });

  it('clipped to [−1, 1] at either end', () => {
    const high = bootstrapBounds(Float64Array.from([0.9, 0.95, 1, 0.8]), 0.99, 0.95, 2)!;
    expect(high.lower).toBeCloseTo(0.8849999999999999, 14);
    expect(high.upper).toBe(1);
    expect(high.se).toBeCloseTo(0.08539125638299662, 14);
    const low = bootstrapBounds(Float64Array.from([-0.9, -1, -0.95, -0.7]), -0.99, 0.95, 2)!;
    expect(low.lower).toBe(-1);
    expect(low.upper).toBeCloseTo(-0.8175, 14);
    expect(low.se).toBeCloseTo(0.1314977819838292, 14);
  });

  it('one finite replicate: the estimate, se 0; none: null', () => {
    expect(bootstrapBounds(Float64Array.from([Number.NaN, 0.3]), 0.1, 0.95, 2)).toEqual({ lower: 0.1, upper: 0.1, se: 0 });
    expect(bootstrapBounds(Float64Array.from([Number.NaN, Number.NaN]), 0.1, 0.95, 2)).toBeNull();
  });
});

describe('differenceReplicates: exact cases (by hand)', () => {
  it('every pair broken in A and solid in B (n ≤ the value table): B − A = 1 in every replicate, at every slot', () => {
    const pairs = [5, 6, 4, 5].map((n, i) => [task(i, n, 0), task(i, n, n)] as const);
    for (const cellLimit of [0, 65_536]) {
      for (const replicates of differenceReplicates(pairs, null, slots, { replicates: 12, seed: 3, cellLimit })) {
        expect([...replicates]).toEqual(new Array(12).fill(1));
      }
    }
  });

  it('unpaired, the same runs: 1 in every replicate; slots with k above every n are NaN', () => {
    const a = [task(0, 3, 0), task(1, 4, 0), task(2, 3, 0)];
    const b = [task(0, 3, 3), task(1, 2, 2)];
    const [mean, at, hat, beyond] = differenceReplicates(null, { a, b }, [...slots, { metric: 'passAtK', k: 5 }], { replicates: 12, seed: 3 });
    expect([...mean!]).toEqual(new Array(12).fill(1));
    expect([...at!]).toEqual(new Array(12).fill(1));
    // k = 3: B's task of n = 2 never counts, A's tasks all do; B's replicate is NaN only if it drew that task alone.
    for (const x of hat!) expect(Number.isNaN(x) || x === 1).toBe(true);
    expect([...beyond!].every(Number.isNaN)).toBe(true);
  });

  it('a paired slot counts only pairs with n ≥ k on both sides: none → NaN', () => {
    const pairs = [[task(0, 4, 0), task(0, 2, 2)] as const];
    const [mean, at, hat] = differenceReplicates(pairs, null, slots, { replicates: 5, seed: 1 });
    expect([...mean!]).toEqual(new Array(5).fill(1));
    expect([...at!]).toEqual(new Array(5).fill(1));
    expect([...hat!].every(Number.isNaN)).toBe(true);
  });

  it('same seed, same replicates; the stream is per replicate, so the first replicates do not depend on how many follow', () => {
    const pairs = [[task(0, 4, 1), task(0, 4, 3)] as const, [task(1, 4, 2), task(1, 4, 2)] as const, [task(2, 6, 5), task(2, 6, 1)] as const];
    const ten = differenceReplicates(pairs, null, slots, { replicates: 10, seed: 7 });
    expect(differenceReplicates(pairs, null, slots, { replicates: 10, seed: 7 })).toEqual(ten);
    expect(differenceReplicates(pairs, null, slots, { replicates: 4, seed: 7 }).map((r) => [...r])).toEqual(ten.map((r) => [...r.slice(0, 4)]));
    expect(differenceReplicates(pairs, null, slots, { replicates: 10, seed: 8 })).not.toEqual(ten);
  });

  it('yields after every 1 000 replicates, done of total', () => {
    const steps = differenceReplicateSteps([[task(0, 2, 0), task(0, 2, 2)] as const], null, [{ metric: 'meanSuccess', k: 1 }], { replicates: 2001, seed: 1 });
    const yielded = [];
    for (let next = steps.next(); ; next = steps.next()) {
      if (next.done) {
        expect(next.value[0]!.length).toBe(2001);
        break;
      }
      yielded.push(next.value);
    }
    expect(yielded).toEqual([
      { done: 1000, total: 2001 },
      { done: 2000, total: 2001 },
    ]);
  });
});

describe('differenceReplicates: the trial stage redraws c ~ Binomial(n, c/n)', () => {
  // One pair: A 1 of 2 (redrawn: v = 0, 1, 2 with probabilities 1/4, 1/2, 1/4), B 1 of 1 (never redrawn).
  // B − A in mean success is 1 − v/2 ∈ {1, 1/2, 0}; over R replicates each count is Binomial(R, P), so within 4 SE.
  const R = 400;
  const expectThreeValues = (replicates: Float64Array) => {
    for (const [value, probability] of [
      [1, 0.25],
      [0.5, 0.5],
      [0, 0.25],
    ] as const) {
      const count = [...replicates].filter((x) => x === value).length;
      expect(Math.abs(count - R * probability)).toBeLessThan(4 * Math.sqrt(R * probability * (1 - probability)));
    }
    expect([...replicates].every((x) => x === 0 || x === 0.5 || x === 1)).toBe(true);
  };

  it('paired, through the cells of the pick mixture and pick by pick', () => {
    const pairs = [[task(0, 2, 1), task(0, 1, 1)] as const];
    for (const cellLimit of [0, 65_536]) {
      expectThreeValues(differenceReplicates(pairs, null, [{ metric: 'meanSuccess', k: 1 }], { replicates: R, seed: 2, cellLimit })[0]!);
    }
  });

  it('unpaired', () => {
    expectThreeValues(
      differenceReplicates(null, { a: [task(0, 2, 1)], b: [task(0, 1, 1)] }, [{ metric: 'meanSuccess', k: 1 }], { replicates: R, seed: 2 })[0]!,
    );
  });
});

describe('differenceReplicates: both sides redrawn, several tasks (closed forms, within 4 SE)', () => {
  const R = 400;
  const within = (values: number[], mean: number, variance: number) =>
    expect(Math.abs(values.reduce((sum, x) => sum + x, 0) / values.length - mean)).toBeLessThan(4 * Math.sqrt(variance / values.length));

  it('one pair, A and B each 1 of 2: v_B − v_A ~ Binomial(4, ½) − 2, so B − A = −1, −½, 0, ½, 1 with 1, 4, 6, 4, 1 in 16', () => {
    const pairs = [[task(0, 2, 1), task(0, 2, 1)] as const];
    for (const cellLimit of [0, 65_536]) {
      const replicates = [...differenceReplicates(pairs, null, [{ metric: 'meanSuccess', k: 1 }], { replicates: R, seed: 4, cellLimit })[0]!];
      for (const [value, weight] of [
        [-1, 1],
        [-0.5, 4],
        [0, 6],
        [0.5, 4],
        [1, 1],
      ] as const) {
        const count = replicates.filter((x) => x === value).length;
        const probability = weight / 16;
        expect(Math.abs(count - R * probability)).toBeLessThan(4 * Math.sqrt(R * probability * (1 - probability)));
      }
    }
  });

  it('two pairs of the same n (each keeps its share): mean ½, variance 0.1875/R of the replicate mean', () => {
    // A pick is the redrawn pair (B − A = (v_B − v_A)/2: mean 0, E[d²] = ¼) or the fixed pair (d = 1), each with probability ½:
    // mean ½, per-pick variance ½·¼ + ½·1 − ¼ = 0.375; a replicate averages 2 picks: variance 0.1875.
    const pairs = [[task(0, 2, 1), task(0, 2, 1)] as const, [task(1, 2, 0), task(1, 2, 2)] as const];
    for (const cellLimit of [0, 65_536]) {
      within([...differenceReplicates(pairs, null, [{ metric: 'meanSuccess', k: 1 }], { replicates: R, seed: 6, cellLimit })[0]!], 0.5, 0.1875);
    }
  });

  it('unpaired, A = (1 of 2, 2 of 2) and B = (1 of 2): mean −¼, variance 0.0625 + 0.125', () => {
    // A: 2 picks, each ½·(v/2, v ~ Binomial(2, ½)) + ½·1: mean ¾, variance ½·(⅛ + ¼) + ½ − 9/16 = ⅛, so ⅛/2 for the mean of 2.
    // B: one pick of v/2: mean ½, variance ⅛.
    const replicates = differenceReplicates(null, { a: [task(0, 2, 1), task(1, 2, 2)], b: [task(0, 2, 1)] }, [{ metric: 'meanSuccess', k: 1 }], {
      replicates: R,
      seed: 6,
    })[0]!;
    within([...replicates], -0.25, 0.0625 + 0.125);
  });

  it('a pair counts at k only with n ≥ k on both sides (n = k counts): B − A is 1 or, with no counted pair drawn, NaN', () => {
    // At pass@2: (A 1 of 1, B 0 of 3) never counts (n_A < 2); (A 0 of 2, B 3 of 3) counts (n_A = 2) with B − A = 1.
    const pairs = [[task(0, 1, 1), task(0, 3, 0)] as const, [task(1, 2, 0), task(1, 3, 3)] as const];
    const replicates = [...differenceReplicates(pairs, null, [{ metric: 'passAtK', k: 2 }], { replicates: 40, seed: 2 })[0]!];
    expect(replicates.every((x) => x === 1 || Number.isNaN(x))).toBe(true);
    expect(replicates.filter((x) => x === 1).length).toBeGreaterThan(0);
  });
});

describe('compareRuns with a bootstrap of a few replicates', () => {
  const a = { name: 'A', tasks: [4, 5, 3].map((n, i) => task(i, n, 0)) };
  const b = { name: 'B', tasks: [4, 5, 3].map((n, i) => task(i, n, n)) };

  it('each metric gets the re-centred interval of its replicates; the run records replicates and seed', () => {
    // Every replicate is exactly 1 (all-or-nothing tasks), as is the estimate: the interval is [1, 1] with se 0.
    const result = compareRuns(a, b, { ks: [1, 3], bootstrap: 20, seed: 5 });
    expect(result.bootstrap).toEqual({ replicates: 20, seed: 5 });
    for (const metric of [result.meanSuccess, ...result.rows.flatMap((row) => [row.passAtK!, row.passHatK!])]) {
      expect(metric.bootstrap).toEqual({ lower: 1, upper: 1, se: 0 });
    }
  });

  it('bootstrap: 0 gives none', () => {
    const result = compareRuns(a, b, { ks: [1], bootstrap: 0 });
    expect(result.bootstrap).toBeNull();
    expect(result.meanSuccess.bootstrap).toBeNull();
  });
});
