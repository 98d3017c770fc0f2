import { describe, expect, it } from 'vitest';
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
