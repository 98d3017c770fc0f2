import { describe, expect, it } from 'vitest';
import { simulate } from '../../../packages/sim/src/engine/simulate.js';
import { studentTQuantile } from '../../../packages/sim/src/math/studentT.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import { scenarioToInput } from '../../../packages/sim/src/scenario/scenarioToInput.js';
import { blockScenario } from '../../../packages/sim/src/uncertainty/blockScenario.js';
import { drawnParameters } from '../../../packages/sim/src/uncertainty/measuredParameters.js';
import { fitTasks } from '../../../packages/sim/src/fit/fitTasks.js';
import { fitScenarioTasks } from '../../../packages/sim/src/fit/fitScenarioTasks.js';
import { refitTasks } from '../../../packages/sim/src/fit/refitTasks.js';

// tasks.measured (issue #41): a task population fitted to a log, refitted per block of 64 replicates
// to a bootstrap resample of the log's tasks, so that what-if intervals carry the fit's uncertainty.

const LOG = { trials: [5, 5, 5, 5, 5, 5], successes: [0, 1, 2, 3, 5, 5] };

function scenarioWith(measured: object, tasks: object = { count: 6, successRate: { dist: 'beta', a: 1, b: 1 }, resample: true }) {
  return resolveScenario({ seed: 7, tasks: { ...tasks, measured }, policy: { maxAttempts: 8 }, run: { replicates: 640 } });
}

describe('tasks.measured in the scenario', () => {
  it('resolves with population fitted by default, and round-trips through scenarioToInput', () => {
    const scenario = scenarioWith(LOG);
    expect(scenario.tasks.measured).toEqual({ ...LOG, population: 'fitted' });
    expect(resolveScenario(scenarioToInput(scenario))).toEqual(scenario);
    expect(drawnParameters(scenario)).toEqual(['tasks.successRate']);
  });

  it.each([
    [{ trials: [5, 5], successes: [1] }, 'tasks.measured.successes: must have one count per task of trials (2), got "1 counts"'],
    [{ trials: [5, 5], successes: [1, 6] }, 'tasks.measured.successes[1]: must be ≤ trials[1] (5), got 6'],
    [{ trials: [1, 1], successes: [1, 0] }, 'tasks.measured.trials: must include a task with n ≥ 2'],
    [{ trials: [5, 0], successes: [1, 0] }, 'tasks.measured.trials[1]: must be'],
    [{ trials: [5], successes: [1], population: 'each' }, 'tasks.measured.population: must be one of fitted, perTask'],
    [{ trials: [5], successes: [1], extra: 1 }, 'tasks.measured.extra: unknown key'],
    [
      { trials: [5, 4], successes: [0, 0] },
      'tasks.measured.successes: must include a success and a failure (with none of one the population is a point mass, nothing to refit), got "0 of 9 attempts correct"',
    ],
    [{ trials: [5, 4], successes: [5, 4] }, 'tasks.measured.successes: must include a success and a failure'],
    [{ trials: [1e7, 5], successes: [1, 1] }, 'tasks.measured.trials: must have trial counts n whose n + 1 summed over the distinct n are at most 10000000'],
  ])('bad input %j: one error naming the key', (measured, message) => {
    expect(() => scenarioWith(measured)).toThrow(message);
  });

  it('needs fresh tasks every replicate (resample true)', () => {
    expect(() => scenarioWith(LOG, { count: 6, successRate: { dist: 'beta', a: 1, b: 1 } })).toThrow(
      'tasks.resample: must be true when tasks.measured is given (fresh tasks every replicate from each refitted population), got false',
    );
  });
});

describe('refitTasks: the population fitTasks chooses, without its tables', () => {
  const counts = (table: number[], n: number) => table.flatMap((size, c) => Array.from({ length: size }, () => ({ n, c })));
  it.each([
    ['τ-bench airline (beta-binomial chosen)', counts([14, 12, 10, 4, 10], 4)],
    ['zero-inflated', counts([30, 2, 3, 4, 3, 2, 6], 6)],
    ['all or nothing', counts([10, 0, 0, 0, 5], 4)],
    ['no spread', counts([0, 0, 20, 0, 0], 4)],
  ])('%s: the same scenario tasks block as fitTasks', (_name, tasks) => {
    expect(fitScenarioTasks(refitTasks(tasks).params, tasks.length)).toEqual(fitTasks(tasks).scenarioTasks);
  });
});

describe('blockScenario with tasks.measured', () => {
  it('draws per block from (seed, block) alone: the same block gives the same population, another block another', () => {
    const scenario = scenarioWith(LOG);
    const first = blockScenario(scenario, 3);
    expect(blockScenario(scenario, 3)).toEqual(first);
    expect(blockScenario(scenario, 4).tasks.successRate).not.toEqual(first.tasks.successRate);
    expect(first.tasks.measured).toBeUndefined();
    expect(first.tasks.count).toBe(6);
  });

  it('tasks that all succeed 2 of 5 times: every resample is the log itself, refitted to the point p = 2/5 (closed form, binomial MLE)', () => {
    const scenario = scenarioWith({ trials: [5, 5, 5, 5], successes: [2, 2, 2, 2] });
    for (const block of [0, 1, 2]) {
      const rate = blockScenario(scenario, block).tasks.successRate;
      expect(rate.dist).toBe('point');
      expect(rate.dist === 'point' && rate.p).toBeCloseTo(0.4, 6);
    }
    // No spread between draws: the interval is the Monte Carlo noise alone, on the logit scale around the
    // closed form 1 − 0.6^k that every draw gives: logit(1 − 0.6^k) ± t(draws − 1)·SE/(v(1 − v)) (drawInterval.ts).
    const summary = simulate(scenario);
    const t = studentTQuantile(0.975, Math.min(summary.drawn!.blocks, 100) - 1);
    const logit = (p: number) => Math.log(p / (1 - p));
    for (const row of summary.rows) {
      const truth = 1 - 0.6 ** row.k;
      const { value, se, interval } = row.coverage;
      expect(Math.abs(value! - truth)).toBeLessThan(4 * se!);
      expect((logit(interval!.lower) + logit(interval!.upper)) / 2).toBeCloseTo(logit(truth), 9);
      expect((logit(interval!.upper) - logit(interval!.lower)) / 2).toBeCloseTo((t * se!) / (value! * (1 - value!)), 9);
    }
  });

  it('--per-task population: each block draws posteriors of resampled tasks (a mixture of betas)', () => {
    const scenario = scenarioWith({ ...LOG, population: 'perTask' });
    const rate = blockScenario(scenario, 0).tasks.successRate;
    expect(['beta', 'mixture']).toContain(rate.dist);
  });
});
