import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, passk, passkWide } from '../helpers/runPassk.js';
import { tempDir } from '../helpers/tempDir.js';

// Cost per solved task with intervals in estimate, compare and gate. Logs: test/fixtures/costs/
// (make_cost_fixtures.py, from the tasks of test/reference/cost_ratio.py); every expected number is
// printed by that Python reference (numpy/scipy).
const A = fixture('costs/run-a.jsonl');
const B = fixture('costs/run-b.jsonl');
const COST = ['--cost-col', 'cost'];
const close = (actual: number, expected: number) => expect(actual).toBeCloseTo(expected, 8);

describe('estimate FILE: cost per solved task with its interval over tasks', () => {
  it('JSON: Σk·c̄_t / Σpass@k_t over the 6 priced tasks, log-scale interval (reference: cost_ratio.py A k=1, 2)', async () => {
    const run = await passk('estimate', A, ...COST, '--k', '1,2', '--bootstrap', '0', '--json');
    expect(run.code).toBe(0);
    const { cost, schemaVersion } = JSON.parse(run.stdout);
    expect(schemaVersion).toBe(5);
    const [k1, k2] = cost.rows;
    expect(k1.tasks).toBe(6);
    close(k1.perSolvedTask, 3.0147058824);
    close(k1.perSolvedTaskInterval.lower, 1.084904759);
    close(k1.perSolvedTaskInterval.upper, 8.3771883949);
    expect(k1.perSolvedTaskInterval.level).toBe(0.95);
    close(k2.perSolvedTask, 4.2708333333);
    close(k2.perSolvedTaskInterval.lower, 1.9725961843);
    close(k2.perSolvedTaskInterval.upper, 9.2467061969);
    close(cost.perAttemptTaskAveraged, 1.4236111111);
  });

  it('text and Markdown lead with the cost per solved task at the first k and its interval', async () => {
    const text = (await passkWide('estimate', A, ...COST, '--k', '1,2', '--bootstrap', '0')).stdout;
    expect(text).toContain('\nCost per solved task at k = 1: 3.01 [1.08, 8.38] (95% two-sided CI over 6 tasks).\n');
    for (const line of text.split('\n').filter((l) => l.includes('per solved task'))) expect(line.length).toBeLessThanOrEqual(100);
    const markdown = (await passk('estimate', A, ...COST, '--k', '1', '--bootstrap', '0', '--markdown')).stdout;
    expect(markdown).toContain('| 1 | 1.42 | 3.01 | [1.08, 8.38] |');
  });
});

describe('compare: the cost side, paired over the tasks both runs priced (reference: cost_ratio.py compare k=1)', () => {
  it('JSON: per attempt and per solved task, each run and B − A with intervals', async () => {
    const run = await passk('compare', A, B, ...COST, '--k', '1', '--bootstrap', '0', '--permutations', '100', '--json');
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout);
    const { cost } = document.comparisons[0];
    expect(cost.from).toEqual({ baseline: 'column "cost"', candidate: 'column "cost"' });
    const [row] = cost.rows;
    expect(row.tasks).toBe(6);
    close(row.perAttempt.difference, -0.3402777778);
    close(row.perAttempt.interval.lower, -0.7831186406);
    close(row.perAttempt.interval.upper, 0.102563085);
    close(row.perSolved.baseline.value, 3.0147058824);
    close(row.perSolved.candidate.value, 2.3636363636);
    close(row.perSolved.difference, -0.6510695187);
    close(row.perSolved.se, 0.8492620491);
    close(row.perSolved.interval.lower, -2.834167116);
    close(row.perSolved.interval.upper, 1.5320280785);
    expect(document.method.cost).toContain('delta method over paired tasks');
  });

  it('text: one cost line in the answer; runs without a cost have none', async () => {
    const text = (await passkWide('compare', A, B, ...COST, '--k', '1', '--bootstrap', '0', '--permutations', '100')).stdout;
    expect(text).toContain('cost:   no clear difference in cost per solved task: B − A = −0.651 [−2.83, +1.53] (k = 1, 95% interval, 6 tasks)');
    const plain = await passk('compare', A, B, '--k', '1', '--bootstrap', '0', '--permutations', '100', '--json');
    expect(JSON.parse(plain.stdout).comparisons[0].cost).toBeNull();
  });
});

describe('gate: cost requirements judged by the one-sided bound', () => {
  // The 95 % one-sided upper bound is the upper end of the two-sided 90 % interval.
  it('costPerSolved@1 <= t passes above the 90 % upper bound and fails below it; delta(…) with --baseline', async () => {
    const pass = await passk('gate', A, ...COST, '--require', 'costPerSolved@1 <= 8', '--json');
    expect(pass.code).toBe(0);
    const [own] = JSON.parse(pass.stdout).requirements;
    expect(own).toMatchObject({ metric: 'costPerSolved', k: 1, side: 'upper', pass: true });
    close(own.value, 3.0147058824);
    expect(own.bound).toBeGreaterThan(own.value);
    expect(own.bound).toBeLessThan(8.3771883949); // inside the 95 % two-sided upper end
    const fail = await passk('gate', A, ...COST, '--require', 'costPerSolved@1 <= 3.1');
    expect(fail.code).toBe(1);
    expect(fail.stdout).toContain('FAIL    costPerSolved@1 <= 3.1');
    const delta = await passk(
      'gate',
      B,
      '--baseline',
      A,
      ...COST,
      '--require',
      'delta(costPerSolved@1) <= 0',
      '--require',
      'delta(costPerAttempt) <= 0.2',
      '--json',
    );
    const [solved, attempt] = JSON.parse(delta.stdout).requirements;
    close(solved.value, -0.6510695187);
    expect(solved.pass).toBe(false); // the 90 % upper end of B − A is above 0
    close(attempt.value, -0.3402777778);
    expect(attempt.pass).toBe(true);
  });

  it('bad cost requirements: one line, exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [
        [A, ...COST, '--require', 'costPerSolved@1 <= 50%'],
        /^passk: --require: a cost threshold is an amount in the log's unit, not a percentage, got "costPerSolved@1 <= 50%"\n$/,
      ],
      [
        [A, ...COST, '--require', 'costPerAttempt <= -1'],
        /^passk: --require: a cost threshold must be ≥ 0 \(a delta may be negative\), got "costPerAttempt <= -1"\n$/,
      ],
      [
        [A, '--require', 'costPerSolved@1 <= 2'],
        /^passk: --require: needs a cost in \S*run-a\.jsonl \(a cost column, --cost-col, or tokens priced with --price-in\/--price-out\) on at least half its attempts, and it records none, got "costPerSolved@1 <= 2"\n$/,
      ],
      [[A, ...COST, '--require', 'costPerSolved <= 2'], /^passk: --require: must be METRIC@K OP NUMBER .*, got "costPerSolved <= 2"\n$/],
    ];
    for (const [args, message] of cases) {
      const run = await passk('gate', ...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(message);
    }
  });
});

describe('report: the cost lines of estimate and compare documents', () => {
  it('estimate FILE --json and compare --json, drawn into one report', async () => {
    const dir = tempDir('costs-report');
    const estimate = join(dir, 'estimate.json');
    const compare = join(dir, 'compare.json');
    writeFileSync(estimate, (await passk('estimate', A, ...COST, '--k', '1', '--bootstrap', '0', '--json')).stdout);
    writeFileSync(compare, (await passk('compare', A, B, ...COST, '--k', '1', '--bootstrap', '0', '--permutations', '100', '--json')).stdout);
    const out = join(dir, 'report.html');
    const run = await passk('report', estimate, compare, '--out', out);
    expect(run.code).toBe(0);
    const page = readFileSync(out, 'utf8');
    expect(page).toContain('Cost per solved task at k = 1: 3.01 [1.08, 8.38] (95% two-sided CI over 6 tasks).');
    expect(page).toContain('no clear difference in cost per solved task: B − A = −0.651 [−2.83, +1.53]');
  });
});
