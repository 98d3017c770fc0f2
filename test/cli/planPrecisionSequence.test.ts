import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/runPassk.js';

// The docs runner runs many commands in one process (test/docs/docExamples.ts). A cached run of it
// once recorded `plan precision --metric passHatK --k 8 --rate 0.9 --half-width 0.1` with the interval
// of p; state left by one in-process run and read by the next would do that. Runs of p and pass^8 in
// turn, in one process, each give their own interval. Expected values: test/reference/precisionIntervalSequence.py
// (Wilson 95 % at n = 524, c = 472, and its bounds to the 8th power).
const PASS8 = { lower: 0.3348329726896029, upper: 0.529133765327852 };

async function plan(...args: string[]): Promise<{ trials: number; interval: { lower: number; upper: number } }> {
  const base = ['plan', 'precision', '--rate', '0.9', '--half-width', '0.1', '--json'];
  const run = await runInProcess({ ...process.env, COLUMNS: '80', NO_COLOR: '1' }, [...base, ...args]);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as { trials: number; interval: { lower: number; upper: number } };
}

describe('plan precision in-process, runs in sequence', () => {
  it('p, pass^8, p, pass^8: each run its own metric interval', async () => {
    const p1 = await plan('--metric', 'p');
    const hat1 = await plan('--metric', 'passHatK', '--k', '8');
    const p2 = await plan('--metric', 'p');
    const hat2 = await plan('--metric', 'passHatK', '--k', '8');
    expect(hat1.trials).toBe(524);
    expect(hat1.interval.lower).toBeCloseTo(PASS8.lower, 12);
    expect(hat1.interval.upper).toBeCloseTo(PASS8.upper, 12);
    expect(hat2).toEqual(hat1);
    expect(p2).toEqual(p1);
    expect(p1.trials).not.toBe(524);
  }, 120_000);
});
