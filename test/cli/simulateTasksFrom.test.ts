import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { fixture, passk } from '../helpers/runPassk.js';

async function json(...args: string[]) {
  const run = await passk(...args, '--json', ...(args[0] === 'simulate' ? ['--workers', '1'] : []));
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout);
}

describe('passk simulate --tasks-from', () => {
  const results = fixture('tau-bench/gpt-4o-airline.json');

  it('runs the scenario on the fitted population: the same tasks block as passk fit writes', async () => {
    const fit = await json('fit', results);
    const summary = await json('simulate', '--tasks-from', results, '--replicates', '64');
    expect(summary.scenario.tasks.count).toBe(50);
    expect(summary.scenario.name).toMatch(/tasks fitted to gpt-4o-airline\.json$/);
    // The chosen model's block, resolved (beta written as a, b).
    const chosen = fit.scenarioTasks.successRate;
    expect(summary.scenario.tasks.successRate.dist).toBe(chosen.dist);
  });

  it('--per-task: resampled tasks from each task’s posterior; exact coverage@1 is the mean posterior mean', async () => {
    const fit = await json('fit', results);
    const bb = fit.models.find((m: { name: string }) => m.name === 'betaBinomial').params;
    const summary = await json('simulate', '--tasks-from', results, '--per-task', '--replicates', '64');
    expect(summary.scenario.tasks.resample).toBe(true);
    // Closed form: Σ share(c)·(a + c)/(a + b + 4) over the fixture's success counts 14×0, 12×1, 10×2, 4×3, 10×4.
    const expected = [0, 1, 2, 3, 4].reduce((sum, c, i) => sum + ([14, 12, 10, 4, 10][i]! / 50) * ((bb.a.value + c) / (bb.a.value + bb.b.value + 4)), 0);
    expect(summary.rows[0].coverage.exact).toBeCloseTo(expected, 12);
  });

  it('bad input: a missing results file is one line, exit 2', async () => {
    const run = await passk('simulate', '--tasks-from', '/nonexistent.csv', '--workers', '1');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^passk: \/nonexistent\.csv: must exist/);
  });
});

describe('passk simulate --tasks-from starts from the log (issue #10)', () => {
  const shared = fixture('../../../shared/data/real/humaneval-gpt35-10spt_results.jsonl');

  it('independent attempts, no verifier, tasks drawn afresh; the log check is printed', async () => {
    const summary = await json('simulate', '--tasks-from', fixture('tau-bench/gpt-4o-airline.json'), '--replicates', '64');
    expect(summary.scenario.attempts.correlation.model).toBe('independent');
    expect(summary.scenario.tasks.resample).toBe(true);
    expect(summary.scenario.verifier.falseAccept).toEqual({ dist: 'point', p: 0 });
    expect(summary.scenario.verifier.falseReject).toEqual({ dist: 'point', p: 0 });
    const text = (await passk('simulate', '--tasks-from', fixture('tau-bench/gpt-4o-airline.json'), '--replicates', '64', '--workers', '1')).stdout;
    expect(text).toContain('The log (gpt-4o-airline.json) against the simulation, k ≤ n:');
  });

  // Real data (shared/data/real, not in the repo): the simulated pass@k and pass^k at every k ≤ n
  // lie inside the log's own 95 % task-population intervals (the stated uncertainty of the log),
  // and within 4 simulated SE + the fit's model error of the fitted model's prediction.
  it.skipIf(!existsSync(shared))(
    'reproduces HumanEval (gpt-3.5, 164 tasks × 10) at k ≤ 8 (skipped when ../shared/data/real is absent: its files are not in the repo)',
    async () => {
      const summary = await json('simulate', '--tasks-from', shared, '--replicates', '500');
      const observed = await json('estimate', shared, '--k', '1..8');
      for (const row of observed.rows) {
        const simulated = summary.rows.find((r: { k: number }) => r.k === row.k);
        for (const [key, sim] of [
          ['passAtK', simulated.coverage],
          ['passHatK', simulated.passHatK],
        ] as const) {
          expect(sim.value, `${key} at k = ${row.k}`).toBeGreaterThanOrEqual(row.interval[key].lower);
          expect(sim.value, `${key} at k = ${row.k}`).toBeLessThanOrEqual(row.interval[key].upper);
        }
      }
    },
  );
});
