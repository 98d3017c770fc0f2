import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareRuns, type MetricComparison } from '../../../packages/sim/src/compare/compareRuns.js';
import type { Run } from '../../../packages/sim/src/compare/runTasks.js';

/*
 * Expected values: test/fixtures/compare/expected.json, written by the committed numpy/scipy
 * reference `python3 test/fixtures/compare/reference.py` from the committed fixture CSVs
 * (paired: np.std(d, ddof=1)/√T, the paired-difference score interval written there with scipy
 * (stats.betabinom, stats.t, stats.beta) with its union with the empirical-likelihood interval and,
 * where an arm is sparse, the betting bound of that arm against the other's CI (tasks)
 * (sparse_difference_bounds; the small pair at pass@4, the sparse pair at pass^2 and pass^4),
 * sign-flip p by enumeration, checked there against scipy.stats.permutation_test; unpaired:
 * scipy.stats.ttest_ind(equal_var=False)).
 */
const DIR = new URL('../../fixtures/compare/', import.meta.url);
const expected = JSON.parse(readFileSync(new URL('expected.json', DIR), 'utf8')) as Expected;

interface Reference {
  tasks: number | [number, number];
  baseline: number;
  candidate: number;
  baselineSe?: number;
  candidateSe?: number;
  difference: number;
  se: number;
  lower: number;
  upper: number;
  pValue: number;
  pMethod?: 'exact' | 'monte-carlo';
  permutations?: number;
  unpairedSe?: number;
}
interface Expected {
  confidence: number;
  pairs: Record<
    string,
    { overlap: number; mode: string; ks: number[]; meanSuccess: Reference; rows: { k: number; passAtK: Reference; passHatK: Reference }[] }
  >;
}

/** A fixture run (task_id,trial,success per line) as per-task counts, in order of first appearance. */
function fixtureRun(file: string, name: string): Run {
  const counts = new Map<string, { n: number; c: number }>();
  for (const line of readFileSync(new URL(file, DIR), 'utf8').trim().split('\n').slice(1)) {
    const [task, , success] = line.split(',');
    const entry = counts.get(task!) ?? { n: 0, c: 0 };
    entry.n++;
    entry.c += Number(success);
    counts.set(task!, entry);
  }
  return { name, tasks: [...counts].map(([id, { n, c }]) => ({ id, n, c })) };
}

const FILES: Record<string, [string, string]> = {
  small: ['small-a.csv', 'small-b.csv'],
  large: ['large-a.csv', 'large-b.csv'],
  disjoint: ['disjoint-a.csv', 'disjoint-b.csv'],
  // A at 0 on 17 of 20 tasks: sparse at pass^2 and pass^4, the betting bound of A against B's CI (tasks).
  sparse: ['sparse-a.csv', 'sparse-b.csv'],
};

function checkAgainst(actual: MetricComparison, reference: Reference, paired: boolean): void {
  expect(actual.baseline.value).toBeCloseTo(reference.baseline, 12);
  expect(actual.candidate.value).toBeCloseTo(reference.candidate, 12);
  expect(actual.difference).toBeCloseTo(reference.difference, 12);
  expect(actual.se!).toBeCloseTo(reference.se, 12);
  expect(actual.interval!.lower).toBeCloseTo(reference.lower, 9);
  expect(actual.interval!.upper).toBeCloseTo(reference.upper, 9);
  if (paired) {
    expect(actual.baseline.se!).toBeCloseTo(reference.baselineSe!, 12);
    expect(actual.candidate.se!).toBeCloseTo(reference.candidateSe!, 12);
  }
  if (!paired || (reference.pMethod === 'exact' && actual.pValue!.method === 'exact')) {
    expect(actual.pValue!.value).toBeCloseTo(reference.pValue, 9);
    return;
  }
  // One side is Monte Carlo (the reference above 16 non-zero tasks; ours above 30): within 4 combined SEs.
  const referenceSe = Math.sqrt((reference.pValue * (1 - reference.pValue)) / reference.permutations!);
  expect(Math.abs(actual.pValue!.value - reference.pValue)).toBeLessThan(4 * Math.hypot(referenceSe, actual.pValue!.se ?? 0));
}

describe('compareRuns against the numpy/scipy reference (test/fixtures/compare)', () => {
  for (const [name, [fileA, fileB]] of Object.entries(FILES)) {
    const reference = expected.pairs[name]!;
    for (const exactLimit of [30, 0]) {
      it(`${name}: ${reference.mode}, exactLimit ${exactLimit}: estimates, differences, SEs, intervals and p-values`, () => {
        const a = fixtureRun(fileA, 'A');
        const b = fixtureRun(fileB, 'B');
        const result = compareRuns(a, b, { ks: reference.ks, confidence: expected.confidence, bootstrap: 0, exactLimit, permutations: 20_000, seed: 5 });
        const paired = reference.mode === 'paired';
        expect(result.pairing.mode).toBe(reference.mode);
        expect(result.pairing.overlap).toBeCloseTo(reference.overlap, 15);
        checkAgainst(result.meanSuccess, reference.meanSuccess, paired);
        reference.rows.forEach((row, i) => {
          const actual = result.rows[i]!;
          expect(actual.k).toBe(row.k);
          const tasks = row.passAtK.tasks;
          expect(actual.tasks).toEqual(Array.isArray(tasks) ? { baseline: tasks[0], candidate: tasks[1] } : { baseline: tasks, candidate: tasks });
          checkAgainst(actual.passAtK!, row.passAtK, paired);
          checkAgainst(actual.passHatK!, row.passHatK, paired);
        });
      });
    }
  }

  it('pairing shrinks the SE on the real-shaped fixture (paired SE below the unpaired √(SE_A² + SE_B²) of the reference)', () => {
    const k1 = expected.pairs.large!.rows[0]!.passAtK;
    expect(k1.se).toBeLessThan(k1.unpairedSe!);
  });
});
