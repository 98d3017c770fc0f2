import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkResultDocument } from '../../packages/cli/src/results/checkResultDocument.js';
import type { PlanComparePilotDocument } from '../../packages/cli/src/results/planSchemas.js';
import { passk, passkWide } from '../helpers/runPassk.js';
import { tempDir } from '../helpers/tempDir.js';

// `plan compare --pilot A B`: two pilot logs read as compare reads them, their costs per attempt from
// --cost-col, each design priced as tasks × trials × (A's + B's cost per attempt) — here 0.5 + 1.5 = 2
// per task and trial by construction — and the document is one `report` reads.

const dir = tempDir('plan-compare-pilot');

/** 30 tasks × 4 trials; task t succeeds on its first `successes(t)` trials; every attempt costs `cost`. */
function writePilot(name: string, successes: (t: number) => number, cost: number): string {
  const lines = ['task_id,trial,success,cost'];
  for (let t = 0; t < 30; t++) for (let i = 0; i < 4; i++) lines.push(`t${t},${i},${i < successes(t) ? 1 : 0},${cost}`);
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const A = writePilot('a.csv', (t) => t % 3, 0.5);
const B = writePilot('b.csv', (t) => Math.min(4, (t % 3) + 2), 1.5);
const ARGS = [
  'plan',
  'compare',
  '--metric',
  'passAtK',
  '--k',
  '1',
  '--pilot',
  A,
  B,
  '--cost-col',
  'cost',
  '--trials',
  '2',
  '--tasks',
  '30',
  // Few simulations: these tests check the document's structure and prices, not the power's value
  // (test/sim/planning/pilotPowerInterval.test.ts and pilotResampling.test.ts check it).
  '--simulations',
  '4',
];

describe('plan compare --pilot', () => {
  it('JSON: the pilot kind, designs priced at 2 per task and trial, the cheapest one, schema-valid', async () => {
    // Two bootstrap draws: the default (40) is checked on the help below, each draw costs a power search.
    const run = await passk(...ARGS, '--power-draws', '2', '--json');
    expect(run.code, run.stderr).toBe(0);
    const document = JSON.parse(run.stdout) as PlanComparePilotDocument;
    expect(() => checkResultDocument(document, 'plan.json')).not.toThrow();
    expect(document.kind).toBe('passk.plan.compare-pilot');
    expect(document.mode).toBe('pair');
    expect(document.pairedTasks).toBe(30);
    // Pilot pass@1: A = mean of (t mod 3)/4 = 1/4; B = mean of min(4, t mod 3 + 2)/4 = (2 + 3 + 4)/12 = 3/4.
    expect(document.pilot.baseline).toBeCloseTo(0.25, 12);
    expect(document.pilot.comparison).toBeCloseTo(0.75, 12);
    expect(document.costs!.perAttempt.map((run) => run.cost)).toEqual([0.5, 1.5]);
    const row = document.rows[0]!;
    expect(row.trials).toBe(2);
    expect(row.trialsFrom).toBe('subsample');
    expect(row.cost).toBeCloseTo(row.tasks! * 2 * 2, 12);
    expect(document.fixedTasks!.tasks).toBe(30);
    const designs = [{ tasks: row.tasks!, trials: 2 }, ...(document.fixedTasks!.trials === null ? [] : [{ tasks: 30, trials: document.fixedTasks!.trials }])];
    expect(document.costs!.cheapest!.cost).toBeCloseTo(Math.min(...designs.map((d) => d.tasks * d.trials * 2)), 12);
    expect(document.costs!.costRatio).toBeNull();
    // The power's interval from the pilot's sampling error (the draws asked for), at level 0.8.
    expect(row.powerInterval!.level).toBe(0.8);
    expect(row.powerInterval!.draws).toBe(2);
    expect(row.powerInterval!.lower).toBeLessThanOrEqual(row.powerInterval!.upper);
    const path = join(dir, 'plan.json');
    writeFileSync(path, run.stdout);
    const report = await passk('report', path, '--out', join(dir, 'report.html'));
    expect(report.code, report.stderr).toBe(0);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('Plan from a pilot');
  }, 120_000);

  it("--power-draws is 40 by default (the help prints the option's default)", async () => {
    const help = await passk('plan', 'compare', '--help');
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/--power-draws .*\n.*\[default: 40\]/);
  });

  it('one run with --cost-ratio 3: B costs 3 × A per attempt (0.5 + 1.5 = 2 per task and trial), said in one line', async () => {
    const args = ['plan', 'compare', '--metric', 'passAtK', '--k', '1', '--pilot', A, '--delta', '0.3', '--cost-col', 'cost', '--trials', '2'];
    const run = await passk(...args, '--simulations', '2', '--cost-ratio', '3', '--power-draws', '0', '--json');
    expect(run.code, run.stderr).toBe(0);
    const document = JSON.parse(run.stdout) as PlanComparePilotDocument;
    expect(() => checkResultDocument(document, 'plan.json')).not.toThrow();
    expect(document.gain!.gainSpreadFrom).toBe('pilot');
    expect(document.gain!.gainSpread).toBe(0);
    // Sized for the conservative gain model by default; the even shift's tasks beside.
    expect(document.gain!.model).toBe('independent');
    expect(document.gain!.alternative.model).toBe('shift');
    expect(document.gain!.alternative.rows.map((row) => row.trials)).toEqual([2]);
    expect(document.costs!.costRatio).toBe(3);
    expect(document.rows[0]!.powerInterval).toBeNull();
    expect(document.rows[0]!.cost).toBeCloseTo(document.rows[0]!.tasks! * 2 * 2, 12);
    const text = await passkWide(...args, '--simulations', '2', '--cost-ratio', '3', '--power-draws', '0');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain("B's cost per attempt is --cost-ratio 3 × A's");
    const assumed = await passkWide(...args, '--simulations', '2', '--power-draws', '0');
    expect(assumed.stdout).toContain('B is assumed to cost what A does per attempt');
    // Both gain models' tasks in one line, leading; which one sized the plan.
    const other = document.gain!.alternative.rows[0]!.tasks;
    expect(text.stdout.split('\n')[2]).toBe(
      `80.0% power at 2 trials needs ${other} tasks if B gains evenly (one log-odds shift on A's tasks), ` +
        `${document.rows[0]!.tasks} if B's task-by-task results are unrelated to A's; sized for the latter (--gain-model shift for the former).`,
    );
    const shift = await passk(...args, '--simulations', '2', '--power-draws', '0', '--gain-model', 'shift', '--json');
    expect(shift.code, shift.stderr).toBe(0);
    const shifted = JSON.parse(shift.stdout) as PlanComparePilotDocument;
    expect(shifted.gain!.model).toBe('shift');
    // Same seed and streams: each document's alternative is the other's answer.
    expect(shifted.rows[0]!.tasks).toBe(other);
    expect(shifted.gain!.alternative.rows[0]!.tasks).toBe(document.rows[0]!.tasks);
  }, 240_000);

  it.each([
    [['--pilot', A, B, '--cost-ratio', '2'], /^passk: --cost-ratio: only works with one --pilot run/],
    [['--pilot', A, '--delta', '0.3', '--cost-ratio', '-1'], /^passk: --cost-ratio: /],
    [['--mean', '0.3', '--delta', '0.1', '--power-draws', '5'], /^passk: --power-draws: only works with --pilot/],
    [['--pilot', A, B, '--gain-model', 'shift'], /^passk: --gain-model: only works with one --pilot run/],
    [['--pilot', A, '--delta', '0.3', '--gain-model', 'even'], /^passk: --gain-model: must be one of independent, shift, got "even"$/m],
  ])('bad input %#: one line, exit 2', async (extra, message) => {
    const run = await passk('plan', 'compare', '--metric', 'passAtK', '--k', '1', ...extra, '--simulations', '10');
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });

  // Its layout at 80 and 120 columns: test/cli/terminal/terminalWidth.test.ts.
  it('text: leads with the answer', async () => {
    const run = await passkWide(...ARGS, '--power-draws', '2');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toMatch(/^compare's verdict on B − A at pass@1 with power 80\.0%/);
    expect(run.stdout).toMatch(/Cheapest design: \d+ tasks × \d+ trials?/);
    expect(run.stdout).toMatch(/simulated power +80\.0% interval/);
    expect(run.stdout).toContain("Costs: each agent's cost per attempt is its pilot run's mean.");
  }, 120_000);
});
