import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readTaskCounts } from '../../../packages/cli/src/io/readTaskCounts.js';
import { successFromTauBenchReward } from '../../../packages/cli/src/io/successValue.js';
import { passkWide, passkProcess } from '../../helpers/runPassk.js';

// τ-bench's own results for gpt-4o on airline (test/fixtures/tau-bench/, MIT, see LICENSE there):
// 50 tasks × 4 trials. Published in τ-bench's README (leaderboard, airline, "TC (gpt-4o)"):
// pass^1..4 = 0.420, 0.273, 0.220, 0.200.
const TAU = fileURLToPath(new URL('../../fixtures/tau-bench/gpt-4o-airline.json', import.meta.url));
const RELATIVE = 'test/fixtures/tau-bench/gpt-4o-airline.json';

// Successes per task, tasks 0..49, counted the way τ-bench's run.py does:
//   python3 -c "import json; from collections import defaultdict; c=defaultdict(int)
//   [c.__setitem__(x['task_id'], c[x['task_id']] + ((1-1e-6) <= x['reward'] <= (1+1e-6))) for x in json.load(open('$TAU'))]
//   print([c[t] for t in range(50)])"
const SUCCESSES = [
  0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 0, 1, 4, 2, 0, 2, 1, 1, 4, 0, 4, 3, 0, 0, 4, 0, 2, 2, 0, 1, 2, 2, 0, 0, 3, 4, 4, 3, 4, 1, 3, 2, 4, 1, 2, 2, 2, 1, 4, 4,
];
// Exact task averages, python: from fractions import Fraction as F; from math import comb
//   [sum(F(comb(c,k), comb(4,k)) for c in SUCCESSES)/50 for k in 1..4]       → 21/50, 41/150, 11/50, 1/5
//   [sum(1 - F(comb(4-c,k), comb(4,k)) for c in SUCCESSES)/50 for k in 1..4] → 21/50, 17/30, 33/50, 18/25
const PASS_HAT = [21 / 50, 41 / 150, 11 / 50, 1 / 5];
const PASS_AT = [21 / 50, 17 / 30, 33 / 50, 18 / 25];
const PUBLISHED = ['0.420', '0.273', '0.220', '0.200'];

/** Within a few units in the last place of the exact fraction (a mean of 50 doubles rounds a little). */
function expectExact(value: number, exact: number): void {
  expect(Math.abs(value - exact)).toBeLessThanOrEqual(8 * Number.EPSILON * exact);
}

describe('τ-bench gpt-4o airline results', () => {
  it('reads 50 tasks × 4 trials with the per-task successes τ-bench counts (14×0, 12×1, 10×2, 4×3, 10×4)', async () => {
    const r = await readTaskCounts(TAU);
    expect(r.format).toBe('tau-bench');
    expect(r.columns).toEqual({ task: 'task_id', reward: 'reward', trial: 'trial', successWhen: '1 - 1e-6 <= reward <= 1 + 1e-6' });
    expect(r.taskIds).toEqual(Array.from({ length: 50 }, (_, t) => String(t)));
    expect(r.n).toEqual(Array(50).fill(4));
    expect(r.c).toEqual(SUCCESSES);
    expect(r.rows).toBe(200);
    // The histogram in the data README (../shared/data/tau-bench/README.md).
    const histogram = [0, 1, 2, 3, 4].map((c) => r.c.filter((x) => x === c).length);
    expect(histogram).toEqual([14, 12, 10, 4, 10]);
    expect(r.dropped.count).toBe(0);
  });

  it('passk estimate FILE --k 1..4 --json reproduces the published pass^k to its digits (built binary)', () => {
    const run = passkProcess(['estimate', RELATIVE, '--k', '1..4', '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.source).toMatchObject({ file: RELATIVE, format: 'tau-bench', rows: 200, dropped: { count: 0 } });
    expect(out.tasks).toBe(50);
    expect(out.trials).toEqual({ min: 4, max: 4 });
    expect(out.rows.map((row: { passHatK: number }) => row.passHatK.toFixed(3))).toEqual(PUBLISHED);
    out.rows.forEach((row: { passHatK: number; passAtK: number }, i: number) => {
      expectExact(row.passHatK, PASS_HAT[i]);
      expectExact(row.passAtK, PASS_AT[i]);
    });
    expect(out.perTask.map((task: { c: number }) => task.c)).toEqual(SUCCESSES);
  });

  it('the text view (in-process) shows the same pass^k, in percent', async () => {
    const run = await passkWide('estimate', TAU, '--k', '1..4', '--bootstrap', '0');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(`${TAU}: 200 attempts over 50 tasks, 4 trials each`);
    const hats = run.stdout
      .split('\n')
      .filter((line) => /^[1-4]\s/.test(line))
      .map((line) => line.trim().split(/\s{2,}/)[6]);
    expect(hats).toEqual(['42.00%', '27.33%', '22.00%', '20.00%']);
  });
});

describe('successFromTauBenchReward: τ-bench run.py `(1 - 1e-6) <= reward <= (1 + 1e-6)`', () => {
  // python3 -c "print([(1-1e-6) <= r <= (1+1e-6) for r in [1.0, 1, 0.999999, 1.000001, 0.9999989, 1.0000011, 0.0, 0.5]])"
  //   → [True, True, True, True, False, False, False, False]
  // 0.999999 passes although abs(0.999999 - 1) = 1.0000000000287557e-06 > 1e-6: the comparison is τ-bench's.
  it.each<[number, number]>([
    [1.0, 1],
    [1, 1],
    [0.999999, 1],
    [1.000001, 1],
    [0.9999989, 0],
    [1.0000011, 0],
    [0.0, 0],
    [0.5, 0],
  ])('%d → %i', (reward, expected) => expect(successFromTauBenchReward(reward)).toBe(expected));
  it.each<[unknown]>([['1.0'], [null], [true], [Number.NaN], [Number.POSITIVE_INFINITY], [undefined]])('%j → -1 (not a finite number)', (value) =>
    expect(successFromTauBenchReward(value)).toBe(-1),
  );
});
