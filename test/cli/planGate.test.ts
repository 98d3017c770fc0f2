import { describe, expect, it } from 'vitest';
import { gateDesign } from '../../packages/sim/src/planning/gateDesign.js';
import { parseRequirement, type RateRequirement } from '../../packages/cli/src/args/parseRequirement.js';
import { checkResultDocument } from '../../packages/cli/src/results/checkResultDocument.js';
import { fixture, passk, passkWide, passkWideAt } from '../helpers/runPassk.js';
import { readFileSync } from 'node:fs';

// test/fixtures/gate/{main,new}.csv: two runs of one synthetic agent, 40 tasks × 5 trials
// (make_gate_fixtures.py). The numbers checked here are the library's on the same counts
// (gateDesign, itself pinned to test/reference/gate_false_fail.py in test/sim/planning/gateDesign.test.ts).
const MAIN = fixture('gate/main.csv');
const NEW = fixture('gate/new.csv');
const DELTA = 'delta(pass@1) >= -0.02';

/** main.csv's per-task counts, read back independently of the CLI's readers. */
function mainCounts(): { n: number; c: number }[] {
  const tasks = new Map<string, { n: number; c: number }>();
  for (const line of readFileSync(MAIN, 'utf8').trim().split('\n').slice(1)) {
    const [id, , success] = line.split(',');
    const task = tasks.get(id!) ?? { n: 0, c: 0 };
    task.n++;
    task.c += Number(success);
    tasks.set(id!, task);
  }
  return [...tasks.values()];
}

describe('passk plan gate', () => {
  it('--json: the passk.plan.gate document, with the false-fail rate the library gives on the same counts', async () => {
    // Two simulations: the document is compared with the library's on the same counts and size.
    const run = await passk('plan', 'gate', '--pilot', MAIN, '--require', DELTA, '--simulations', '2', '--regression', '0.05', '--no-search', '--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const document = checkResultDocument(JSON.parse(run.stdout), 'plan gate --json');
    expect(document.kind).toBe('passk.plan.gate');
    const design = gateDesign({
      requirements: [parseRequirement(DELTA) as RateRequirement],
      rule: { confidence: 0.95, estimand: 'population', minOverlap: 0.5 },
      pilot: mainCounts(),
      tasks: 40,
      trials: 5,
      regressions: [0.05],
      simulations: 2,
      seed: 1,
    });
    const parsed = JSON.parse(run.stdout);
    expect(parsed.falseFail).toEqual(design.falseFail);
    expect(parsed.passUnderRegression[0].pass).toEqual(design.passUnderRegression[0]!.pass);
    expect(parsed).toMatchObject({ tasks: 40, trials: 5, fewestTasks: null, fewestTrials: null, confirmedFalseFail: null });
    expect(parsed.failByRequirement[0]).toMatchObject({ requirement: DELTA, holdsWithoutChange: true });
    expect(parsed.margin.falseFail.value).toBeLessThanOrEqual(0.05);
  });

  it('text: leads with the false-fail rate; lines within 100 columns', async () => {
    // Laid out at 100 columns: the layout wraps the prose.
    const run = await passkWideAt(100, 'plan', 'gate', '--pilot', MAIN, '--require', DELTA, '--simulations', '2', '--no-search', '--confirm');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^This gate FAILs \d+\.\d% ± \d+\.\d of runs with no change \(40 tasks × 5 trials/);
    expect(run.stdout).toContain('confirmed by a rerun');
    for (const line of run.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  });

  it('bad input: one line naming the option, exit 2', async () => {
    for (const [args, line] of [
      [['--regression', '0.02,2'], 'passk: --regression: must list sizes in (0, 1), comma-separated, e.g. 0.02,0.05, got "0.02,2"\n'],
      [
        ['--require', 'passHat@8 >= 0.1'],
        "passk: --trials (the pilot's most common is 5): must be at least the largest k of the requirements (8) for every task to count, got 5\n",
      ],
      [['--max-false-fail', '0'], 'passk: --max-false-fail: must be a number strictly between 0 and 1, got 0\n'],
      [
        ['--tasks', '100000', '--simulations', '1000'],
        'passk: --simulations: must be at most 83 for 100000 tasks and 6 runs per simulation (50000000 task runs in all), got 1000\n',
      ],
    ] as const) {
      const run = await passkWide(
        'plan',
        'gate',
        '--pilot',
        MAIN,
        '--require',
        DELTA,
        ...args,
        ...((args as readonly string[]).includes('--simulations') ? [] : ['--simulations', '5']),
      );
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(line);
    }
  });
});

describe("passk gate's design check", () => {
  // In-process: each check reads the text and the JSON, not the process's streams.
  const gate = (...extra: string[]) => passk('gate', NEW, '--baseline', MAIN, '--require', DELTA, ...extra);

  it('the design field: the false-fail rate of gateDesign with the baseline as the truth (50 simulations, seed 1), and one warning line', async () => {
    const run = await gate('--json');
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout);
    const design = gateDesign({
      requirements: [parseRequirement(DELTA) as RateRequirement],
      rule: { confidence: 0.95, estimand: 'population', minOverlap: 0.5 },
      pilot: mainCounts(),
      tasks: 40,
      trials: 5,
      regressions: [],
      simulations: 50,
      seed: 1,
    });
    expect(document.design).toEqual({ falseFail: design.falseFail.value, se: design.falseFail.se, simulations: 50 });
    expect(design.falseFail.value).toBeGreaterThan(0.2);
    expect(run.stderr).toMatch(
      /^passk: warning: a new run drawn like the baseline FAILs this gate \d+\.\d% ± \d+\.\d% of the time \(50 simulations\); plan it: passk plan gate --pilot \S+main\.csv --require 'delta\(pass@1\) >= -0\.02' --max-false-fail 0\.05\n$/,
    );
  });

  it('--no-design-check: design null, no warning', async () => {
    const run = await gate('--json', '--no-design-check');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).design).toBeNull();
    expect(run.stderr).toBe('');
  });

  it('a design that fails few unchanged runs draws no warning', async () => {
    const loose = await passk('gate', NEW, '--baseline', MAIN, '--require', 'delta(pass@1) >= -0.2');
    expect(loose.code).toBe(0);
    expect(loose.stderr).toBe('');
  });
});
