import { describe, expect, it } from 'vitest';
import { fixture, passk, passkWide } from '../helpers/runPassk.js';
import { tempDir } from '../helpers/tempDir.js';

// Every worked example of ../shared/seeds/ run through the CLI. Expected values are the seeds'
// printed figures (source named per test) and, where noted, exact fractions.

async function json(...args: string[]) {
  const run = await passk(...args, '--json');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout);
}

const pct = (x: number, digits = 1) => (x * 100).toFixed(digits);

describe('seed 000 (pass@k vs pass^k, Chinese article)', () => {
  it('the p/k table: 50/80/90/99 % at k = 3 and 8', async () => {
    // Seed table: p | pass@3 pass@8 pass^3 pass^8 (">99.9%" where it rounds to 100).
    const expected: Record<string, [string, string, string, string]> = {
      '0.5': ['87.5%', '99.6%', '12.5%', '0.4%'],
      '0.8': ['99.2%', '>99.9%', '51.2%', '16.8%'],
      '0.9': ['99.9%', '>99.9%', '72.9%', '43.0%'],
      '0.99': ['>99.9%', '>99.9%', '97.0%', '92.3%'],
    };
    for (const [p, [at3, at8, hat3, hat8]] of Object.entries(expected)) {
      const run = await passkWide('estimate', '--p', p, '--k', '3,8');
      const rows = run.stdout
        .split('\n')
        .filter((line) => /^[38]\s/.test(line))
        .map((line) => line.trim().split(/\s+/));
      expect(rows).toEqual([
        ['3', at3, hat3, expect.any(String)],
        ['8', at8, hat8, expect.any(String)],
      ]);
    }
  });

  it('the gap at p = 90 %: 27 points at k = 3, 57 at k = 8', async () => {
    const out = await json('estimate', '--p', '0.9', '--k', '3,8');
    expect(pct(out.rows[0].passAtK - out.rows[0].passHatK, 0)).toBe('27');
    expect(pct(out.rows[1].passAtK - out.rows[1].passHatK, 0)).toBe('57');
  });

  it('10 runs, 3 successes: pass@5 = 91.7 % unbiased against 83.2 % plug-in (1 − 21/252)', async () => {
    const out = (await json('estimate', '--n', '10', '--c', '3', '--k', '5')).rows[0]; // one k: one row
    expect(out.passAtK).toBeCloseTo(1 - 21 / 252, 15);
    expect(pct(out.passAtK)).toBe('91.7');
    expect(pct(out.plugin.passAtK)).toBe('83.2');
  });

  it('exercise 3: n = 10, c = 3, pass@3 = 70.8 % against plug-in 65.7 % (1 − 35/120)', async () => {
    const out = (await json('estimate', '--n', '10', '--c', '3', '--k', '3')).rows[0]; // one k: one row
    expect(out.passAtK).toBeCloseTo(1 - 35 / 120, 15);
    expect(pct(out.passAtK)).toBe('70.8');
    expect(pct(out.plugin.passAtK)).toBe('65.7');
  });

  it("the article's code: pass_hat_k(10, 7, 3) = 0.2917", async () => {
    const out = (await json('estimate', '--n', '10', '--c', '7', '--k', '3')).rows[0]; // one k: one row
    expect(out.passHatK.toFixed(4)).toBe('0.2917');
  });

  it('exercises 1 and 2: p = 0.8 → pass^5 = 32.768 %; p = 0.3 → pass@10 = 97.2 %', async () => {
    expect((await json('estimate', '--p', '0.8', '--k', '5')).rows[0].passHatK).toBeCloseTo(0.32768, 15);
    expect(pct((await json('estimate', '--p', '0.3', '--k', '10')).rows[0].passAtK)).toBe('97.2');
  });

  it('27 of 30: Wilson 95 % [74.4 %, 96.5 %], pass^8 37.9 % (plug-in 43.0 %), interval [9.4 %, 75.4 %] (seed: 75.5 % with z = 1.96)', async () => {
    const doc = await json('estimate', '--n', '30', '--c', '27', '--k', '8');
    const out = doc.rows[0];
    expect([pct(doc.p.lower), pct(doc.p.upper)]).toEqual(['74.4', '96.5']);
    expect(doc.p).toMatchObject({ method: 'wilson', level: 0.95, sides: 2 });
    expect(pct(out.passHatK)).toBe('37.9');
    expect(pct(out.plugin.passHatK)).toBe('43.0');
    expect(pct(out.interval.passHatK.lower)).toBe('9.4');
    // The seed prints 75.5 %, which is what z rounded to 1.96 gives (0.7545031). With the exact
    // z = Φ⁻¹(0.975) = 1.959964 the bound is 0.7544991524313716 (scipy:
    // binomtest(27, 30).proportion_ci(0.95, 'wilson').high ** 8), which prints as 75.4 %.
    expect(out.interval.passHatK.upper).toBeCloseTo(0.7544991524313716, 12);
    expect(pct(out.interval.passHatK.upper)).toBe('75.4');
  });

  it('30 of 30: exact one-sided 95 %: p ≥ 90.5 %, pass^8 ≥ 45.0 %', async () => {
    const doc = await json('estimate', '--n', '30', '--c', '30', '--k', '8', '--interval', 'clopper-pearson', '--sides', '1');
    const out = doc.rows[0];
    expect(pct(doc.p.lower)).toBe('90.5');
    expect(doc.p.upper).toBe(1);
    expect(pct(out.interval.passHatK.lower)).toBe('45.0');
  });

  it('pass^8 ≥ 90 % needs p ≥ 98.7 % and 228 clean runs (rule of three ≈ 230)', async () => {
    const out = await json('plan', 'demonstrate', '--target', '0.9', '--k', '8');
    expect(pct(out.requiredRate)).toBe('98.7');
    expect(out.runs).toBe(228);
    expect(out.ruleOfThree).toBe(230);
  });

  it('Agent A (10 tasks at 70 %) pass^8 ≈ 5.8 %; Agent B (7 always, 3 never) pass^8 = 70 %', async () => {
    expect(pct((await json('estimate', '--p', '0.7', '--k', '8')).rows[0].passHatK)).toBe('5.8');
    // Agent B as data: 7 tasks with 8/8 and 3 tasks with 0/8, estimated per task then averaged.
    const lines = ['task_id,success'];
    for (let t = 0; t < 10; t++) for (let j = 0; j < 8; j++) lines.push(`t${t},${t < 7 ? 1 : 0}`);
    const { writeFileSync } = await import('node:fs');
    const dir = tempDir('seed');
    writeFileSync(`${dir}/agent-b.csv`, `${lines.join('\n')}\n`);
    const out = await json('estimate', `${dir}/agent-b.csv`, '--k', '8', '--bootstrap', '0');
    expect(out.rows[0].passHatK).toBe(0.7);
  });
});

describe('seed 002 (English article)', () => {
  it('n = 10, c = 3: the k = 1, 2, 3, 5 table', async () => {
    const out = await json('estimate', '--n', '10', '--c', '3', '--k', '1,2,3,5');
    const table = out.rows.map((r: { passAtK: number; passHatK: number; plugin: { passHatK: number } }) =>
      [r.passAtK, r.passHatK, r.plugin.passHatK].map((x) => x.toFixed(4)),
    );
    expect(table).toEqual([
      ['0.3000', '0.3000', '0.3000'],
      ['0.5333', '0.0667', '0.0900'],
      ['0.7083', '0.0083', '0.0270'],
      ['0.9167', '0.0000', '0.0024'],
    ]);
    expect(out.rows[3].passHatK).toBe(0); // exactly zero: no 5-subset of 3 successes
  });

  it('p = 0.3, k = 5: pass@5 ≈ 0.83 and pass^5 ≈ 0.0024', async () => {
    const out = await json('estimate', '--p', '0.3', '--k', '5');
    expect(out.rows[0].passAtK.toFixed(2)).toBe('0.83');
    expect(out.rows[0].passHatK.toFixed(4)).toBe('0.0024');
  });

  it('Agent A (8,8,8,0,0 of 8) and Agent B (5,5,4,3,3 of 8) at k = 4', async () => {
    const a = await json('estimate', fixture('seeds/agent-a.jsonl'), '--k', '4', '--bootstrap', '0');
    const b = await json('estimate', fixture('seeds/agent-b.jsonl'), '--k', '4', '--bootstrap', '0');
    expect([a.rows[0].passAtK.toFixed(3), a.rows[0].passHatK.toFixed(3)]).toEqual(['0.600', '0.600']);
    expect([b.rows[0].passAtK.toFixed(3), b.rows[0].passHatK.toFixed(3)]).toEqual(['0.969', '0.031']);
    expect(a.rows[0].plugin.passAtK).toBeCloseTo(0.6, 15); // c/n ∈ {1, 0}: plug-in is exact here
  });
});

describe('seed 003 (coverage and budget, Chinese lesson)', () => {
  it('n = 10, c = 2, k = 3 → 64/120 = 53.33 %; k = 1 → 20 %; k = 10 → 100 %; c = 0 → 0', async () => {
    const out = await json('estimate', '--n', '10', '--c', '2', '--k', '1,3,10');
    expect(out.rows.map((r: { passAtK: number }) => r.passAtK)).toEqual([0.2, expect.closeTo(64 / 120, 15), 1]);
    expect(pct(out.rows[1].passAtK, 2)).toBe('53.33');
    const none = await json('estimate', '--n', '10', '--c', '0', '--k', '1..10');
    expect(none.rows.every((r: { passAtK: number }) => r.passAtK === 0)).toBe(true);
  });

  it('the independent form 1 − 0.8³ = 48.8 % differs from the 53.33 % pool estimate', async () => {
    expect(pct((await json('estimate', '--p', '0.2', '--k', '3')).rows[0].passAtK)).toBe('48.8');
  });

  it('the budget replay: one attempt per task costs 4 × 2 = 8, all five attempts 20 × 2 = 40', async () => {
    // Seed: four tasks, cost 2 per attempt, every attempt run (parallel, no early stop). The simulated
    // totals are deterministic here; the closed form is attempts × cost per attempt.
    const { writeFileSync } = await import('node:fs');
    const dir = tempDir('seed');
    writeFileSync(
      `${dir}/budget.yaml`,
      'tasks: { successRate: { dist: fixed, values: [0.4, 0.4, 0, 0.2] } }\n' +
        'attempts: { cost: { perAttempt: 2 } }\n' +
        'policy: { maxAttempts: 5, mode: parallel }\nrun: { replicates: 64 }\n',
    );
    const run = await passk('simulate', `${dir}/budget.yaml`, '--json', '--workers', '1');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    const total = (k: number) => 4 * out.rows[k - 1].cost.value;
    expect([total(1), total(5)]).toEqual([8, 40]);
    expect([4 * out.rows[0].cost.exact, 4 * out.rows[4].cost.exact]).toEqual([8, 40]);
  });

  it('four tasks × five attempts: first attempt 25 %, all runs 25 %, coverage with five tries 75 %', async () => {
    const out = await json('estimate', fixture('seeds/four-tasks.csv'), '--k', '1,5', '--bootstrap', '0');
    expect(out.tasks).toBe(4);
    expect(out.source.rows).toBe(20);
    expect(out.rows[0].passAtK).toBe(0.25); // run-level rate 5/20, averaged per task: (2+2+0+1)/5/4
    expect(out.rows[1].passAtK).toBe(0.75); // A, B, D have at least one success
  });
});
