import { describe, expect, it } from 'vitest';
import { fixture, passk, passkWide } from '../helpers/runPassk.js';

// Issue #10 at the CLI: the one-sided default, the note on estimates outside their interval, and
// the two estimands of a results file.

describe('estimate --n --c: one task', () => {
  it('--sides 1 defaults to the exact Clopper–Pearson bound (27 of 30: p ≥ 76.1 %)', async () => {
    const run = await passk('estimate', '--n', '30', '--c', '27', '--k', '8', '--sides', '1', '--json');
    const out = JSON.parse(run.stdout);
    expect(out.p.method).toBe('clopper-pearson');
    // scipy: binomtest(27, 30, alternative='greater').proportion_ci(0.95, 'exact').low = 0.761402142706749
    expect(out.p.lower).toBeCloseTo(0.761402142706749, 10);
  });

  it('--interval still chooses: --sides 1 --interval wilson', async () => {
    const out = JSON.parse((await passk('estimate', '--n', '30', '--c', '27', '--sides', '1', '--interval', 'wilson', '--json', '--k', '8')).stdout);
    expect(out.p.method).toBe('wilson');
  });

  it('explains an unbiased estimate outside its interval (n 8, c 7, k 8: pass^8 0.0 % beside [0.6 %, 83.4 %])', async () => {
    const text = (await passkWide('estimate', '--n', '8', '--c', '7', '--k', '8')).stdout;
    expect(text).toContain('Outside its interval at k = 8: the unbiased pass^k is exactly 0 when c < k');
    expect(text).toContain('for one task, the interval is the statement to use.');
    const inside = (await passk('estimate', '--n', '30', '--c', '15', '--k', '3')).stdout;
    expect(inside).not.toContain('Outside its interval');
  });
});

describe('estimate FILE: two estimands', () => {
  it('names both in the text and the JSON, each with its interval', async () => {
    const text = (await passkWide('estimate', fixture('seeds/agent-b.jsonl'), '--k', '8')).stdout;
    expect(text).toContain('CI (tasks)');
    expect(text).toContain('CI (trials)');
    expect(text).toContain('for the task population the tasks were drawn from');
    expect(text).toContain('for this benchmark: the same tasks again, only the trials random');
    const out = JSON.parse((await passk('estimate', fixture('seeds/agent-b.jsonl'), '--k', '8', '--json')).stdout);
    expect(Object.keys(out.uncertainty.estimands)).toEqual(['population', 'benchmark']);
    const row = out.rows[0];
    // Every task's pass@8 is 1 (no task at 0/8): the naive interval has zero width, the others do not.
    expect(row.se.passAtK).toBe(0);
    expect(row.clusteredNormal.passAtK).toEqual({ lower: 1, upper: 1, level: 0.95, method: 'normal, clustered SE' });
    expect(row.interval.passAtK.upper - row.interval.passAtK.lower).toBeGreaterThan(0);
    expect(row.benchmark.passAtK.upper - row.benchmark.passAtK.lower).toBeGreaterThan(0);
  });
});
