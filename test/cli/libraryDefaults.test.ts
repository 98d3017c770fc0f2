import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../packages/sim/src/compare/compareRuns.js';
import type { Run } from '../../packages/sim/src/compare/runTasks.js';
import { DEFAULT_SIMULATIONS } from '../../packages/sim/src/planning/compare.js';
import { DEFAULT_SCENARIO_INPUT } from '../../packages/sim/src/scenario/defaultScenario.js';
import { fixture, passk } from '../helpers/runPassk.js';

// The defaults users get, written once here: the CLI's (option defaults of compare and estimate) and
// the library's (compareRuns' options, the default scenario, plan's simulations). Each is checked by
// behaviour: output without the option equals output with the value below spelt out, and output with
// another value differs (so the option is seen; for compare's options, on compareRuns). Values as the --help texts and doc comments state them.
const DEFAULTS = {
  confidence: 0.95,
  sides: 2,
  bootstrap: 1000,
  seed: 1,
  permutations: 10_000,
  exactLimit: 30,
  minOverlap: 0.5,
  /** The k grid: 1..min(largest n, 10) (compare: the smaller of the runs' largest n; estimate: 1..min(n, 10)). */
  largestK: 10,
  interval: 'wilson',
  scenario: { seed: 42, replicates: 2000 },
  planSimulations: 400,
} as const;

const A = fixture('compare/large-a.csv');
const B = fixture('compare/large-b.csv');
// The command on the small pair (13 tasks): its defaults reach compareRuns, tested on the large pair (61 tasks).
const SMALL_A = fixture('compare/small-a.csv');
const SMALL_B = fixture('compare/small-b.csv');

/** A run of task_id,trial,success rows (the fixtures' layout), read by hand. */
async function runOf(name: string, file: string): Promise<Run> {
  const { readFileSync } = await import('node:fs');
  const counts = new Map<string, { n: number; c: number }>();
  for (const line of readFileSync(file, 'utf8').trim().split('\n').slice(1)) {
    const [id, , success] = line.split(',');
    const task = counts.get(id!) ?? { n: 0, c: 0 };
    task.n++;
    task.c += Number(success);
    counts.set(id!, task);
  }
  return { name, tasks: [...counts].map(([id, t]) => ({ id, ...t })) };
}

async function json(...args: string[]): Promise<unknown> {
  const run = await passk(...args, '--json');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  // provenance records the command line as typed, which differs when a default is spelled out.
  const document = JSON.parse(run.stdout) as Record<string, unknown>;
  delete document.provenance;
  return document;
}

describe('defaults, pinned once', () => {
  it('passk compare: --confidence, --bootstrap, --seed, --permutations, --min-overlap and the k grid', async () => {
    const a = await runOf('a', SMALL_A);
    const b = await runOf('b', SMALL_B);
    // The largest n of each run; the grid stops at the smaller of the two.
    const largestN = Math.min(...[a, b].map((run) => Math.max(...run.tasks.map((t) => t.n))));
    const ks = `1..${Math.min(DEFAULTS.largestK, largestN)}`;
    const spelt = ['--confidence', '0.95', '--bootstrap', '1000', '--seed', '1', '--permutations', '10000', '--min-overlap', '0.5', '--k', ks];
    expect(spelt.map(String)).toEqual(
      [
        '--confidence',
        DEFAULTS.confidence,
        '--bootstrap',
        DEFAULTS.bootstrap,
        '--seed',
        DEFAULTS.seed,
        '--permutations',
        DEFAULTS.permutations,
        '--min-overlap',
        DEFAULTS.minOverlap,
        '--k',
        ks,
      ].map(String),
    );
    const byDefault = await json('compare', SMALL_A, SMALL_B);
    expect(byDefault).toEqual(await json('compare', SMALL_A, SMALL_B, ...spelt));
    // That the options change the numbers is the next test's (compareRuns, which the command calls with them).
  });

  it('compareRuns: confidence, sides, bootstrap, seed, permutations, exactLimit and minOverlap', async () => {
    const [a, b] = [await runOf('a', A), await runOf('b', B)];
    const ks = [1, 2];
    const spelt = { confidence: DEFAULTS.confidence, sides: DEFAULTS.sides, bootstrap: DEFAULTS.bootstrap, seed: DEFAULTS.seed };
    const more = { permutations: DEFAULTS.permutations, exactLimit: DEFAULTS.exactLimit, minOverlap: DEFAULTS.minOverlap };
    const byDefault = compareRuns(a, b, { ks });
    expect(byDefault).toEqual(compareRuns(a, b, { ks, ...spelt, ...more }));
    for (const other of [
      { confidence: 0.9 },
      { sides: 1 as const },
      { bootstrap: 200 },
      { seed: 2 },
      { permutations: 999 },
      { exactLimit: 40 },
      { minOverlap: 1 },
    ]) {
      expect(compareRuns(a, b, { ks, ...other }), JSON.stringify(other)).not.toEqual(byDefault);
    }
  });

  it('passk estimate: --confidence, --sides, --interval and the k grid', async () => {
    const a = await runOf('a', A);
    const ks = `1..${Math.min(DEFAULTS.largestK, Math.min(...a.tasks.map((t) => t.n)))}`;
    const byDefault = await json('estimate', A);
    expect(byDefault).toEqual(
      await json('estimate', A, '--confidence', String(DEFAULTS.confidence), '--sides', String(DEFAULTS.sides), '--interval', DEFAULTS.interval, '-k', ks),
    );
    for (const [option, other] of [
      ['--confidence', '0.9'],
      ['--sides', '1'],
      ['--interval', 'jeffreys'],
      ['-k', '1..2'],
    ]) {
      expect(await json('estimate', A, option!, other!), option).not.toEqual(byDefault);
    }
  });

  it('the default scenario (seed, replicates) and plan compare --simulations', () => {
    expect(DEFAULT_SCENARIO_INPUT.seed).toBe(DEFAULTS.scenario.seed);
    expect(DEFAULT_SCENARIO_INPUT.run?.replicates).toBe(DEFAULTS.scenario.replicates);
    expect(DEFAULT_SIMULATIONS).toBe(DEFAULTS.planSimulations);
  });
});
