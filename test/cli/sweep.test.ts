import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { passk } from '../helpers/runPassk.js';
import { tempDir } from '../helpers/tempDir.js';

const dir = tempDir('sweep');
const scenarioFile = `${dir}/scenario.yaml`;
writeFileSync(
  scenarioFile,
  [
    'seed: 11',
    'tasks: { count: 20, successRate: { dist: beta, mean: 0.6, concentration: 3 } }',
    'attempts: { correlation: { model: markov, stickiness: 0.4 }, cost: { perAttempt: 0.01 } }',
    'verifier: { falseAccept: 0.1, falseReject: 0.1, cost: 0.001 }',
    'policy: { maxAttempts: 3 }',
    'run: { replicates: 128 }',
    '',
  ].join('\n'),
);

async function json(...args: string[]) {
  const run = await passk(...args, '--json', '--workers', '1');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout);
}

describe('passk sweep', () => {
  it('each point is exactly the simulation of that scenario with the same seed (common random numbers)', async () => {
    const sweep = await json('sweep', scenarioFile, '--vary', 'policy.maxAttempts=1..3', '--vary', 'verifier.falseAccept=0,0.2');
    expect(sweep.kind).toBe('passk.sweep');
    expect(sweep.points).toHaveLength(6);
    expect(sweep.points[5].values).toEqual({ 'policy.maxAttempts': 3, 'verifier.falseAccept': 0.2 });
    // Independent source: `simulate` of the scenario itself gives, at k = 3, exactly the sweep's
    // point maxAttempts = 3 (same seed, same streams).
    const alone = await json('simulate', scenarioFile, '--replicates', '128');
    const at3 = await json('sweep', scenarioFile, '--vary', 'policy.maxAttempts=3');
    expect(at3.points[0].outcome).toEqual(alone.rows[2]);
  });

  it('a key varied to null (no budget) is a point like any other; the chart draws it', async () => {
    // Was an internal error: the written sweep document did not fit its schema (values had no null).
    const chart = `${dir}/budget-null.vl.json`;
    const run = await passk('sweep', scenarioFile, '--vary', 'policy.budget.cost=null,0.02', '--json', '--workers', '1', '--chart', chart);
    expect(run.code, run.stderr).toBe(0);
    const sweep = JSON.parse(run.stdout);
    expect(sweep.points.map((point: { values: object }) => point.values)).toEqual([{ 'policy.budget.cost': null }, { 'policy.budget.cost': 0.02 }]);
    // Independent source: the point with no budget is the simulation of the scenario itself (which has none).
    const alone = await json('simulate', scenarioFile);
    expect(sweep.points[0].outcome).toEqual(alone.rows[2]);
    expect(readFileSync(chart, 'utf8')).toContain('"null"');
  });

  it('marks the frontier and the best point under a wrong-delivery constraint', async () => {
    const sweep = await json(
      'sweep',
      scenarioFile,
      '--vary',
      'policy.maxAttempts=1..3',
      '--vary',
      'verifier.falseAccept=0,0.2',
      '--max-wrong-delivery',
      '0.05',
    );
    const ok = sweep.points.map((p: { outcome: { deliveredWrong: { value: number } } }) => p.outcome.deliveredWrong.value <= 0.05);
    expect(ok[sweep.best]).toBe(true);
    const bestValue = sweep.points[sweep.best].outcome.deliveredCorrect.value;
    sweep.points.forEach((p: { outcome: { deliveredCorrect: { value: number } } }, i: number) => {
      if (ok[i]) expect(p.outcome.deliveredCorrect.value).toBeLessThanOrEqual(bestValue);
    });
    expect(sweep.frontier.length).toBeGreaterThan(0);
  });

  it('bad input: a path that breaks the scenario names the point; a malformed --vary', async () => {
    const bad = await passk('sweep', scenarioFile, '--vary', 'policy.maxAttempts=0', '--workers', '1');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/with policy\.maxAttempts=0: policy\.maxAttempts: must be an integer ≥ 1, got 0/);
    const malformed = await passk('sweep', scenarioFile, '--vary', 'maxAttempts', '--workers', '1');
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/^passk: --vary: must be path=values/);
  });
});
