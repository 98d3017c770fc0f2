import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkResultDocument } from '../../packages/cli/src/results/checkResultDocument.js';
import { passk } from '../helpers/runPassk.js';
import { tempDir } from '../helpers/tempDir.js';

// `plan compare --simulations 0` (issue 37): the document it writes, with no simulated power
// (`simulation: null`, every `simulatedPower: null`), is one that `chart` and `report` read back.

const dir = tempDir('plan-compare-no-simulation');
const ARGS = ['plan', 'compare', '--k', '4', '--mean', '0.6', '--delta', '0.15', '--trials', '4,8'];

async function writePlan(name: string, ...extra: string[]): Promise<string> {
  const run = await passk(...ARGS, ...extra, '--json');
  expect(run.code, run.stderr).toBe(0);
  const path = join(dir, name);
  writeFileSync(path, run.stdout);
  return path;
}

describe('plan compare --simulations 0 --json: chart and report read it', () => {
  it('the document has no simulated power and fits its schema', async () => {
    const path = await writePlan('unsimulated.json', '--simulations', '0');
    const document = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    expect(document.simulation).toBeNull();
    expect((document.powerByGainSpread as Array<{ simulatedPower: unknown }>).map((row) => row.simulatedPower).every((power) => power === null)).toBe(true);
    expect((document.rows as Array<{ simulatedPower: unknown }>).map((row) => row.simulatedPower).every((power) => power === null)).toBe(true);
    expect(() => checkResultDocument(document, 'unsimulated.json')).not.toThrow();
  });

  it('passk chart plan-compare-power draws the analytic power, as with a simulation (at the z-test tasks there)', async () => {
    const specs: string[] = [];
    for (const [name, extra] of [
      ['unsimulated', ['--simulations', '0']],
      ['simulated', ['--simulations', '20']],
    ] as const) {
      let from = await writePlan(`${name}.json`, ...extra);
      if (name === 'simulated') {
        // With a simulation the rows' tasks are the verdict's; the chart draws normal theory at a row's
        // tasks, so at the z-test's tasks it is the unsimulated chart.
        const document = JSON.parse(readFileSync(from, 'utf8')) as { rows: Array<{ tasks: number; zTestTasks: number; trials: number; attempts: number }> };
        for (const row of document.rows) {
          row.tasks = row.zTestTasks;
          row.attempts = 2 * row.tasks * row.trials;
        }
        from = join(dir, 'simulated-at-z.json');
        writeFileSync(from, JSON.stringify(document));
      }
      const out = join(dir, `${name}.vl.json`);
      const run = await passk('chart', 'plan-compare-power', '--from', from, '--out', out);
      expect(run.code, run.stderr).toBe(0);
      specs.push(readFileSync(out, 'utf8'));
    }
    expect(specs[0]).toBe(specs[1]);
  });

  it('passk report says that power was not simulated', async () => {
    const from = await writePlan('unsimulated.json', '--simulations', '0');
    const out = join(dir, 'report.html');
    const run = await passk('report', from, '--out', out);
    expect(run.code, run.stderr).toBe(0);
    const page = readFileSync(out, 'utf8');
    expect(page).toContain('power was not simulated (--simulations 0)');
    // A plan with a simulation names it instead.
    const simulated = await writePlan('simulated.json', '--simulations', '20', '--seed', '3');
    const again = await passk('report', simulated, '--out', join(dir, 'simulated.html'));
    expect(again.code, again.stderr).toBe(0);
    const simulatedPage = readFileSync(join(dir, 'simulated.html'), 'utf8');
    expect(simulatedPage).not.toContain('power was not simulated');
    expect(simulatedPage).toContain('20 simulated experiments per size');
  });
});
