import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkResultDocument } from '../../packages/cli/src/results/checkResultDocument.js';
import type { PlanPrecisionPilotDocument } from '../../packages/cli/src/results/planSchemas.js';
import { passk } from '../helpers/runPassk.js';
import { tempDir } from '../helpers/tempDir.js';

// `plan precision --pilot LOG`: one pilot log read as estimate reads it, its cost per attempt from
// --cost-col (0.25 by construction), each design priced as tasks × trials × 0.25, and the document
// is one `report` reads.

const dir = tempDir('plan-precision-pilot');

/** 30 tasks × 4 trials; task t succeeds on its first t mod 5 trials (pass@1 = mean of (t mod 5)/4 = 0.5). */
function writePilot(): string {
  const lines = ['task_id,trial,success,cost'];
  for (let t = 0; t < 30; t++) for (let i = 0; i < 4; i++) lines.push(`t${t},${i},${i < t % 5 ? 1 : 0},0.25`);
  const path = join(dir, 'pilot.csv');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const PILOT = writePilot();
const ARGS = ['plan', 'precision', '--metric', 'passAtK', '--k', '1', '--pilot', PILOT, '--cost-col', 'cost'];
const SIZE = ['--half-width', '0.1', '--trials', '2,4,8', '--tasks', '60', '--simulations', '100'];

describe('plan precision --pilot', () => {
  it('JSON: the pilot kind, designs priced at 0.25 per task and trial, schema-valid, read by report', async () => {
    const run = await passk(...ARGS, ...SIZE, '--json');
    expect(run.code, run.stderr).toBe(0);
    const document = JSON.parse(run.stdout) as PlanPrecisionPilotDocument;
    expect(() => checkResultDocument(document, 'plan.json')).not.toThrow();
    expect(document.kind).toBe('passk.plan.precision-pilot');
    expect(document.pilot.tasks).toBe(30);
    expect(document.pilot.estimate).toBeCloseTo(0.5, 12);
    expect(document.costs!.perAttempt).toBe(0.25);
    expect(document.rows.map((row) => [row.trials, row.trialsFrom])).toEqual([
      [2, 'subsample'],
      [4, 'subsample'],
      [8, 'posterior'],
    ]);
    for (const row of document.rows) expect(row.cost).toBeCloseTo(row.tasks! * row.trials * 0.25, 12);
    expect(document.fixedTasks!.tasks).toBe(60);
    const path = join(dir, 'plan.json');
    writeFileSync(path, run.stdout);
    const report = await passk('report', path, '--out', join(dir, 'report.html'));
    expect(report.code, report.stderr).toBe(0);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('Plan from a pilot: pass@1 to ±0.1');
  }, 120_000);

  it('text: leads with the target, lines within 100 columns', async () => {
    const run = await passk(...ARGS, ...SIZE);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toMatch(/^CI \(tasks\) of pass@1 at most ±0\.1 \(95\.0% confidence\) with assurance 80\.0%/);
    expect(run.stdout).toMatch(/With 60 tasks: \d+ trials? per task/);
    for (const line of run.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  }, 120_000);
});
