import { describe, expect, it } from 'vitest';
import { fitDependence } from '../../../packages/sim/src/dependence/fitDependence.js';
import { simulate } from '../../../packages/sim/src/engine/simulate.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import { scenarioToInput } from '../../../packages/sim/src/scenario/scenarioToInput.js';
import { blockScenario } from '../../../packages/sim/src/uncertainty/blockScenario.js';
import { drawDependencePopulation, parseEpisodes } from '../../../packages/sim/src/uncertainty/drawDependencePopulation.js';
import { drawnParameters } from '../../../packages/sim/src/uncertainty/measuredParameters.js';
import { observedBudget } from '../../../packages/sim/src/uncertainty/observedBudget.js';

// tasks.measured.episodes (issue #41, the attempt-ordered case): the episodes a retry-dependence model
// was fitted to ride along in the scenario, and every block of 64 replicates refits that model and its
// Beta task population to a bootstrap resample of the tasks, so what-if intervals carry the fit's uncertainty.

/** 12 tasks × 2 episodes of 3 attempts, every attempt run (counts beside them). */
const OUTCOMES = ['011 001', '111 011', '000 001', '101 111', '000 000', '011 111', '001 011', '111 111', '000 010', '011 001', '100 011', '001 000'];
const count = (text: string, what: string) => [...text].filter((x) => x === what).length;
const LOG = {
  trials: OUTCOMES.map((text) => count(text, '0') + count(text, '1')),
  successes: OUTCOMES.map((text) => count(text, '1')),
  episodes: { outcomes: OUTCOMES, stopping: 'fixed', model: 'feedback' },
};

function scenarioWith(measured: object, extra: object = {}) {
  return resolveScenario({
    seed: 7,
    tasks: { count: 12, successRate: { dist: 'beta', a: 1, b: 1 }, resample: true, measured },
    attempts: { correlation: { model: 'feedback', afterFailure: 0.2 } },
    policy: { maxAttempts: 6 },
    run: { replicates: 640 },
    ...extra,
  });
}

describe('tasks.measured.episodes in the scenario', () => {
  it('resolves, round-trips through scenarioToInput, and draws the population and the correlation', () => {
    const scenario = scenarioWith(LOG);
    expect(scenario.tasks.measured).toEqual({ ...LOG, population: 'fitted' });
    expect(resolveScenario(scenarioToInput(scenario))).toEqual(scenario);
    expect(drawnParameters(scenario)).toEqual(['tasks.successRate', 'attempts.correlation']);
  });

  const bad = (change: object) => ({ ...LOG, episodes: { ...LOG.episodes, ...change } });
  it.each([
    [bad({ outcomes: OUTCOMES.slice(1) }), 'tasks.measured.episodes.outcomes: must have one entry per task of trials (12), got "11 entries"'],
    [
      bad({ outcomes: ['011  001', ...OUTCOMES.slice(1)] }),
      'tasks.measured.episodes.outcomes[0]: must be episodes of 0 and 1 separated by single spaces (e.g. \'001 1\'), got "011  001"',
    ],
    [bad({ outcomes: ['011 0x1', ...OUTCOMES.slice(1)] }), 'tasks.measured.episodes.outcomes[0]: must be episodes of 0 and 1'],
    [
      bad({ outcomes: ['011 011', ...OUTCOMES.slice(1)] }),
      'tasks.measured.episodes.outcomes[0]: must hold trials[0] (6) attempts with successes[0] (3) of them 1, got "011 011"',
    ],
    [
      bad({ stopping: 'untilSuccess' }),
      'tasks.measured.episodes.outcomes[0]: must stop each episode at its first success (stopping untilSuccess), but has attempts after a 1, got "011 001"',
    ],
    [bad({ model: 'logistic' }), 'tasks.measured.episodes.model: must be one of aic, independent, exchangeable, markov, feedback, got "logistic"'],
    [bad({ extra: 1 }), 'tasks.measured.episodes.extra: unknown key'],
    [{ ...LOG, population: 'perTask' }, 'tasks.measured.population: must be fitted when episodes are given'],
    [
      { trials: [1, 1], successes: [1, 0], episodes: { outcomes: ['1 ', '0'], stopping: 'fixed', model: 'feedback' } },
      'tasks.measured.trials: must include a task with n ≥ 2',
    ],
    [
      { trials: [2, 2], successes: [1, 0], episodes: { outcomes: ['1 0', '0 0'], stopping: 'fixed', model: 'feedback' } },
      'tasks.measured.episodes.outcomes: must hold an episode of at least 2 attempts (dependence within episodes), got "every episode 1 attempt"',
    ],
  ])('bad input %#: one error naming the key', (measured, message) => {
    expect(() => scenarioWith(measured)).toThrow(message);
  });

  it('refuses more than 10⁶ attempts in one line', () => {
    const outcomes = Array.from({ length: 1001 }, () => `${'0'.repeat(999)}1`);
    const measured = { trials: outcomes.map(() => 1000), successes: outcomes.map(() => 1), episodes: { outcomes, stopping: 'fixed', model: 'feedback' } };
    expect(() => scenarioWith(measured, { tasks: { count: 5, successRate: { dist: 'beta', a: 1, b: 1 }, resample: true, measured } })).toThrow(
      'tasks.measured.episodes.outcomes: must hold at most 1000000 attempts in all (each block of replicates refits a model to them), got 1001000',
    );
  });

  it('observedBudget: the longest episode with episodes, the fewest trials without', () => {
    expect(observedBudget(scenarioWith(LOG).tasks.measured!)).toBe(3);
    expect(observedBudget({ trials: [5, 3, 4], successes: [1, 1, 1], population: 'fitted' })).toBe(3);
    expect(
      observedBudget({
        trials: [3, 3],
        successes: [1, 2],
        population: 'fitted',
        episodes: { outcomes: ['001', '1 01'], stopping: 'untilSuccess', model: 'feedback' },
      }),
    ).toBe(3);
  });
});

describe('drawDependencePopulation: one bootstrap refit of the chosen model', () => {
  it('is the model fitDependence fits to the tasks the stream resamples (each with all its episodes)', () => {
    const measured = scenarioWith(LOG).tasks.measured!.episodes!;
    for (const block of [0, 5]) {
      const draw = drawDependencePopulation(measured, streamRng(7, 'dependencePopulation', block));
      // The same stream, read here: T uniform indices (the first resample has a success, a failure and 3 attempts per episode).
      const rng = streamRng(7, 'dependencePopulation', block);
      const tasks = OUTCOMES.map(() => ({ episodes: parseEpisodes(OUTCOMES[Math.floor(rng.uniform() * OUTCOMES.length)]!) }));
      const fit = fitDependence(tasks, { stopping: 'fixed', confidence: 0.95, seed: 1, permutations: 1 });
      const model = fit.models.find((m) => m.model === 'feedback')!;
      expect(draw.correlation.model).toBe('feedback');
      const afterFailure = draw.correlation.model === 'feedback' ? draw.correlation.afterFailure : Number.NaN;
      expect(afterFailure).toBeCloseTo(model.parameters.afterFailure!.estimate, 10);
      expect(draw.successRate).toEqual(
        Number.isFinite(model.population.alpha)
          ? { dist: 'beta', a: model.population.alpha, b: model.population.beta }
          : { dist: 'point', p: model.parameters.mean!.estimate },
      );
    }
  });

  it('blockScenario: the same block gives the same draw, another block another; the correlation is the draw', () => {
    const scenario = scenarioWith(LOG);
    const first = blockScenario(scenario, 3);
    expect(blockScenario(scenarioWith(LOG), 3)).toEqual(first);
    expect(blockScenario(scenario, 4).attempts.correlation).not.toEqual(first.attempts.correlation);
    expect(first.tasks.measured).toBeUndefined();
    expect(first.attempts.correlation.model).toBe('feedback');
  });

  it('every row: an interval beyond Monte Carlo noise, basis observed up to the longest episode (3), model beyond', () => {
    const summary = simulate(scenarioWith(LOG));
    expect(summary.drawn).toEqual({ parameters: ['tasks.successRate', 'attempts.correlation'], blocks: 10, taskPopulation: 'bootstrapRefit' });
    expect(summary.rows.map((row) => row.basis)).toEqual(['observed', 'observed', 'observed', 'model', 'model', 'model']);
    for (const row of summary.rows) {
      // Coverage within the episodes is the log's own rate (observedEpisodeInterval.test.ts); the draws' interval stays for the mean attempts used.
      const { interval, se } = row.attempts;
      expect(interval!.method).toMatch(/^dependence model and tasks redrawn per block \(refitted to a bootstrap resample of the log's tasks\); /);
      expect(row.coverage.interval!.method.startsWith('observed')).toBe(row.k <= 3);
      if (row.k <= 2) expect(interval!.upper - interval!.lower).toBeGreaterThan(8 * se!);
    }
  });
});

// The reduced coverage study with dependent retries: measuredEpisodes.slow.test.ts (pnpm test:slow).
