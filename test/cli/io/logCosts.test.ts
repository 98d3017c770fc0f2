import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AmountSketch } from '../../../packages/cli/src/io/amountSketch.js';
import { empiricalAmount, MAX_EMPIRICAL_VALUES } from '../../../packages/cli/src/io/empiricalAmount.js';
import { readScenarioFile } from '../../../packages/cli/src/io/readScenarioFile.js';
import { fixture, passk } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

// The log's per-attempt costs and latencies carried into simulation. tau2-results.json
// (test/fixtures/logs/make-fixtures.py): agent_cost 0.02, 0.04, 0.01, 0.01 and duration 10, 30, 5, 5
// on the four counted simulations (the infrastructure_error one is left out).
const TAU2 = fixture('logs/tau2-results.json');

describe("fit --out and simulate --tasks-from use the log's empirical cost and latency", () => {
  it('fit --out writes { dist: empirical, values } and says so', async () => {
    const out = join(tempDir('costs'), 'fitted.yaml');
    const run = await passk('fit', TAU2, '--out', out);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      'and the log\'s empirical per-attempt cost (4 attempts, column "agent_cost") and latency (4 attempts, column "duration") instead of the default lognormal',
    );
    const scenario = await readScenarioFile(out);
    expect(scenario.attempts.cost).toEqual({ dist: 'empirical', values: [0.02, 0.04, 0.01, 0.01] });
    expect(scenario.attempts.latency).toEqual({ dist: 'empirical', values: [10, 30, 5, 5] });
  });

  it("simulate --tasks-from: the scenario takes the log's amounts; the exact cost@1 is their mean (0.02): no verifier (none is in the log)", async () => {
    const run = await passk('simulate', '--tasks-from', TAU2, '--replicates', '200', '--json', '--workers', '1');
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout);
    expect(summary.scenario.attempts.cost).toEqual({ dist: 'empirical', values: [0.02, 0.04, 0.01, 0.01] });
    expect(summary.scenario.name).toContain('from the log (empirical)');
    // Without a scenario file there is no verifier (a log has none, issue #10): E[cost of one attempt] = mean(0.02, 0.04, 0.01, 0.01) = 0.02.
    expect(summary.rows[0].cost.exact).toBeCloseTo(0.02, 15);
    expect(summary.rows[0].latency.exact).toBeCloseTo(12.5, 15);
  });
});

describe('empiricalAmount', () => {
  it('keeps up to 1000 values as they are; longer logs become their 1000 quantiles at (i + 0.5)/1000', () => {
    const few = { from: 'column "c"', attempts: 3, of: 3, perTask: [], amounts: AmountSketch.of([3, 1, 2]) };
    expect(empiricalAmount(few)).toEqual({ dist: 'empirical', values: [3, 1, 2] });
    // 2000 values 1999, 1998, …, 0: sorted, quantile i is sorted[floor((i + 0.5)/1000 · 2000)] = 2i + 1.
    const many = { from: 'column "c"', attempts: 2000, of: 2000, perTask: [], amounts: AmountSketch.of(Array.from({ length: 2000 }, (_, i) => 1999 - i)) };
    const picked = empiricalAmount(many)!.values;
    expect(picked).toHaveLength(MAX_EMPIRICAL_VALUES);
    expect(picked.slice(0, 3)).toEqual([1, 3, 5]);
    expect(picked.at(-1)).toBe(1999);
    expect(empiricalAmount(undefined)).toBeUndefined();
  });
});
