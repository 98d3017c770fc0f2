import { describe, expect, it } from 'vitest';
import { populationTailBound } from '../../../packages/sim/src/taskAverage/populationTailBound.js';
import { binomial, groupsFrom, repeat } from './taskCounts.js';

// The bound's validity, exactly (no simulation): its miss probability under a population is the sum,
// over every multiset of counts, of the multiset's probability where the bound is beyond the truth.
// Kept out of populationTailBound.test.ts (the mutation scope's file): hundreds of bounds per test.

/** The law of the count of successes of one task drawn from a population of atoms (p, weight). */
function countLaw(n: number, atoms: readonly (readonly [number, number])[]): number[] {
  return Array.from({ length: n + 1 }, (_, c) => atoms.reduce((sum, [p, w]) => sum + w * binomial(n, c) * p ** c * (1 - p) ** (n - c), 0));
}

/** Every multiset of T counts in 0..n, with its multiplicities. */
function multisets(n: number, T: number): number[][] {
  if (n === 0) return [[T]];
  const out: number[][] = [];
  for (let m = 0; m <= T; m++) for (const rest of multisets(n - 1, T - m)) out.push([...rest, m]);
  return out;
}

/** P(the multiset) for T independent counts with law r: T!/Π m_c! · Π r_c^{m_c}. */
function multisetProbability(multiplicities: readonly number[], r: readonly number[]): number {
  let T = 0;
  let p = 1;
  multiplicities.forEach((m, c) => {
    for (let i = 1; i <= m; i++) p *= ((T + i) / i) * r[c]!;
    T += m;
  });
  return p;
}

describe('populationTailBound misses at most α under every population, exactly', () => {
  it('misses at most α exactly, under every two-point and three-point population of a grid (n 4, T 6, both metrics and sides)', () => {
    // Exact: the bound depends on the multiset of counts only; its miss probability under a
    // population is the sum over the multisets where it is beyond the truth θ = E g(p).
    const [n, T, k, alpha] = [4, 6, 2, 0.05];
    const sets = multisets(n, T);
    for (const metric of ['passHatK', 'passAtK'] as const) {
      const g = (p: number) => (metric === 'passHatK' ? p ** k : 1 - (1 - p) ** k);
      for (const side of ['lower', 'upper'] as const) {
        const bounds = sets.map((m) => populationTailBound(groupsFrom(m.flatMap((times, c) => repeat([n, c], times))), metric, k, alpha, side)!);
        let worst = 0;
        for (const q of [0.1, 0.3, 0.5, 0.7, 0.9, 1])
          for (const w of [0.01, 0.05, 0.1, 0.3, 0.6, 0.9])
            for (const far of [0, 1]) {
              const atoms = [
                [q, w],
                [far, (1 - w) / 2],
                [0.5, (1 - w) / 2],
              ] as const;
              const theta = atoms.reduce((sum, [p, weight]) => sum + weight * g(p), 0);
              const r = countLaw(n, atoms);
              const miss = sets.reduce((sum, m, i) => sum + ((side === 'lower' ? bounds[i]! > theta : bounds[i]! < theta) ? multisetProbability(m, r) : 0), 0);
              worst = Math.max(worst, miss);
            }
        expect(worst, `${metric} ${side}`).toBeLessThanOrEqual(alpha + 1e-12);
        // Not vacuous: some population is missed (a bound at the far end would never be).
        expect(worst, `${metric} ${side}`).toBeGreaterThan(0);
      }
    }
  });

  it('unequal trials: the exact miss stays at most α (3 tasks with n 3, 3 with n 2, pass@1 and pass^2)', () => {
    const alpha = 0.1;
    for (const [metric, k] of [
      ['passAtK', 1],
      ['passHatK', 2],
    ] as const) {
      const g = (p: number) => (metric === 'passHatK' ? p ** k : 1 - (1 - p) ** k);
      const designs = multisets(3, 3).flatMap((a) => multisets(2, 3).map((b) => [a, b] as const));
      const bounds = designs.map(([a, b]) => {
        const tasks = [...a.flatMap((times, c) => repeat([3, c], times)), ...b.flatMap((times, c) => repeat([2, c], times))];
        return populationTailBound(groupsFrom(tasks), metric, k, alpha, 'lower')!;
      });
      let worst = 0;
      for (const q of [0.2, 0.6, 1])
        for (const w of [0.05, 0.2, 0.5]) {
          const atoms = [
            [q, w],
            [0, 1 - w],
          ] as const;
          const theta = atoms.reduce((sum, [p, weight]) => sum + weight * g(p), 0);
          const [r3, r2] = [countLaw(3, atoms), countLaw(2, atoms)];
          const miss = designs.reduce((sum, [a, b], i) => sum + (bounds[i]! > theta ? multisetProbability(a, r3) * multisetProbability(b, r2) : 0), 0);
          worst = Math.max(worst, miss);
        }
      expect(worst, metric).toBeLessThanOrEqual(alpha + 1e-12);
    }
  });
});
