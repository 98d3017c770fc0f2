// The library's bad-input catalogue (issue 43): calls of @passk/sim's public entry points with what a
// caller should never pass — a missing options object, a null run, a cyclic scenario, NaN p-values,
// sizes that would take minutes or gigabytes — and the one InputError each gets instead of a
// TypeError, a RangeError, NaN or a runaway loop: where (the argument or its field), the rule
// (phrased as packages/sim/src/checkArgs.ts and the entry point state it) and the value. The
// expected lines come from the rules the entry points promise (README, "Limits and hostile input").
// Every call must end within a second: the sizes are refused before any work.
import { describe, expect, it } from 'vitest';
import * as sim from '../../packages/sim/src/internal.js';
import { InputError } from '../../packages/sim/src/errors.js';
import { runSimulation, startSimulationWorkers } from '../../packages/sim/src/node/nodeEntry.js';

const { resolveScenario, simulatePartial, streamRng, JEFFREYS_PRIOR } = sim;

const scenario = resolveScenario({
  tasks: { count: 5, successRate: { dist: 'beta', mean: 0.7, concentration: 4 } },
  policy: { maxAttempts: 3 },
  run: { replicates: 64 },
});
/** A copy of a resolved scenario, as a result document holds it (not frozen: resolved again at the entry points). */
const copy = () => JSON.parse(JSON.stringify(scenario)) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const plan = { metric: 'passAtK', k: 2, mean: 0.6, concentration: 4, delta: 0.1, power: 0.8, alpha: 0.05, simulations: 0 } as const;
const run = (name: string) => ({ name, tasks: [{ id: 't1', n: 8, c: 5 }] });
const intervalOptions = { confidence: 0.95, sides: 2 } as const;
/** A mixture among its own components. */
function cyclicMixture(): Record<string, unknown> {
  const component: Record<string, unknown> = { weight: 1, dist: 'mixture' };
  component.components = [component];
  return component;
}

interface Case {
  readonly name: string;
  readonly call: () => unknown;
  readonly where: string;
  readonly rule: string | RegExp;
  /** The value the error shows (`got …`); undefined: none shown. */
  readonly value?: unknown;
}

const cases: Case[] = [
  // Missing or null arguments and options objects: the argument named, never a TypeError.
  { name: 'planComparison() without options', call: () => (sim.planComparison as any)(), where: 'options', rule: 'must be an object' },
  { name: 'planPrecision(null)', call: () => sim.planPrecision(null as any), where: 'options', rule: 'must be an object', value: null },
  { name: 'planDemonstration() without options', call: () => (sim.planDemonstration as any)(), where: 'options', rule: 'must be an object' },
  { name: 'planTaskPrecision(undefined)', call: () => sim.planTaskPrecision(undefined as any), where: 'options', rule: 'must be an object' },
  { name: 'compareRuns with a null run', call: () => sim.compareRuns(null as any, run('B'), { ks: [1] }), where: 'a', rule: 'must be an object', value: null },
  { name: 'compareRuns without options', call: () => (sim.compareRuns as any)(run('A'), run('B')), where: 'options', rule: 'must be an object' },
  {
    name: 'compareRuns with a run named NaN',
    call: () => sim.compareRuns(run('A'), { ...run('B'), name: NaN as any }, { ks: [1] }),
    where: 'b.name',
    rule: 'must be a string',
    value: NaN,
  },
  { name: 'compareMany(null)', call: () => sim.compareMany(null as any, { ks: [1] }), where: 'runs', rule: 'must be a list', value: null },
  { name: 'estimateTask without options', call: () => (sim.estimateTask as any)(10, 3), where: 'options', rule: 'must be an object' },
  { name: 'averageOverTasks(null, [1])', call: () => sim.averageOverTasks(null as any, [1]), where: 'tasks', rule: 'must be an object', value: null },
  {
    name: 'averageOverTasks with ks a string',
    call: () => sim.averageOverTasks([{ n: 8, c: 3 }], 'x' as any),
    where: 'ks',
    rule: 'must be a list',
    value: 'x',
  },
  {
    name: 'fitTasks with options null',
    call: () =>
      sim.fitTasks(
        [
          { n: 8, c: 3 },
          { n: 8, c: 1 },
        ],
        null as any,
      ),
    where: 'options',
    rule: 'must be an object',
    value: null,
  },
  {
    name: 'clusteredNormalInterval without options',
    call: () => (sim.clusteredNormalInterval as any)({ value: 0.5, se: 0.1 }),
    where: 'options',
    rule: 'must be an object',
  },
  { name: 'oneSidedMinimumCoverage without options', call: () => (sim.oneSidedMinimumCoverage as any)(20), where: 'options', rule: 'must be an object' },
  { name: 'resolveScenario with options null', call: () => resolveScenario({}, null as any), where: 'options', rule: 'must be an object', value: null },
  { name: 'runSteps(null)', call: () => sim.runSteps(null as any), where: 'steps', rule: 'must be the steps of a computation', value: null },
  { name: 'new Xoshiro128(null)', call: () => new sim.Xoshiro128(null as any), where: 'state', rule: 'must be a list of numbers', value: null },
  {
    name: 'binomial without a random source',
    call: () => sim.binomial(null as any, 10, 0.5),
    where: 'rng',
    rule: 'must be a random source with uniform() and uint32()',
    value: null,
  },
  { name: 'expectOver with f a string', call: () => sim.expectOver({ dist: 'point', p: 0.5 }, 'x' as any), where: 'f', rule: 'must be a function', value: 'x' },
  {
    name: 'pairedDifferenceInterval with a null task',
    call: () => sim.pairedDifferenceInterval([null as any], 'passAtK', 1, intervalOptions),
    where: 'tasks[0]',
    rule: 'must be an object',
    value: null,
  },
  {
    name: 'benchmarkDifferenceInterval with a null side',
    call: () => sim.benchmarkDifferenceInterval(null as any, null as any, 'passAtK', 1, intervalOptions),
    where: 'a',
    rule: 'must be an object',
    value: null,
  },
  { name: 'sweepGrid(null)', call: () => sim.sweepGrid(null as any), where: 'axes', rule: 'must be a list', value: null },
  {
    name: 'sweepOutcomes(null, …)',
    call: () => sim.sweepOutcomes(null as any, [], [], { maxCost: null, maxWrongDelivery: null }),
    where: 'grid',
    rule: 'must be a list',
    value: null,
  },
  { name: 'mergePartials([null])', call: () => sim.mergePartials([null as any]), where: 'parts[0]', rule: 'must be a partial result', value: null },
  { name: 'exactMetrics without the benchmark argument', call: () => (sim.exactMetrics as any)(scenario), where: 'benchmark', rule: 'must be an object' },

  // Scenarios: null, no scenario, a copy with a damaged field, a cyclic input.
  { name: 'simulate(null)', call: () => sim.simulate(null as any), where: 'scenario', rule: 'must be a scenario as resolveScenario returns it', value: null },
  {
    name: 'simulate({})',
    call: () => sim.simulate({} as any),
    where: 'scenario.tasks',
    rule: 'must be an object (a resolved scenario has tasks, attempts, verifier, selector, policy and run)',
  },
  {
    name: 'scenarioToInput(undefined)',
    call: () => sim.scenarioToInput(undefined as any),
    where: 'scenario',
    rule: 'must be a scenario as resolveScenario returns it',
  },
  {
    name: 'simulate a copy whose maxAttempts is NaN',
    call: () => sim.simulate({ ...copy(), policy: { ...copy().policy, maxAttempts: NaN } } as any),
    where: 'scenario.policy.maxAttempts',
    rule: 'must be an integer',
    value: NaN,
  },
  {
    name: 'simulate a copy with a mixture among its own components',
    call: () => sim.simulate({ ...copy(), tasks: { ...copy().tasks, successRate: { dist: 'mixture', components: [cyclicMixture()] } } } as any),
    where: 'scenario.tasks.successRate.components[0].components[0]',
    rule: 'must not contain itself (a cyclic object)',
  },
  {
    name: 'resolveScenario of a mixture among its own components',
    call: () => resolveScenario({ tasks: { count: 5, successRate: { dist: 'mixture', components: [cyclicMixture()] } }, policy: { maxAttempts: 2 } }),
    where: 'tasks.successRate.components[0].components[0]',
    rule: 'must not contain itself (a cyclic object)',
  },
  {
    name: 'resolveScenario of a scenario whose tasks hold themselves',
    call: () => {
      const input: Record<string, any> = { tasks: { count: 5, successRate: { dist: 'point', p: 0.5 } }, policy: { maxAttempts: 2 } };
      input.tasks.successRate.p = input.tasks;
      return resolveScenario(input, { source: 's.yaml' });
    },
    where: 's.yaml: tasks.successRate.p',
    rule: 'must not contain itself (a cyclic object)',
  },
  {
    name: 'resolveScenario of mixtures nested 100 deep',
    call: () => {
      let rate: Record<string, unknown> = { dist: 'point', p: 0.5 };
      for (let i = 0; i < 100; i++) rate = { dist: 'mixture', components: [{ weight: 1, ...rate }] };
      return resolveScenario({ tasks: { count: 5, successRate: rate }, policy: { maxAttempts: 2 } });
    },
    where: `tasks.successRate${'.components[0]'.repeat(31)}`,
    rule: 'must be nested at most 64 levels deep',
  },
  {
    name: 'expectOver of a mixture among its own components',
    call: () => sim.expectOver(cyclicMixture() as any, (p) => p),
    where: 'dist.components[0]',
    rule: 'must not contain itself (a cyclic object)',
  },
  {
    name: 'applySweepPoint of a cyclic input',
    call: () => {
      const input: Record<string, any> = { tasks: {} };
      input.tasks.self = input;
      return sim.applySweepPoint(input as any, {});
    },
    where: 'input.tasks.self',
    rule: 'must not contain itself (a cyclic object)',
  },

  // NaN in, NaN out no more.
  {
    name: 'holmAdjust with a NaN p-value',
    call: () => sim.holmAdjust([0.01, NaN, 0.03]),
    where: 'pValues[1]',
    rule: 'must be a number between 0 and 1',
    value: NaN,
  },
  {
    name: 'holmAdjust with a negative p-value',
    call: () => sim.holmAdjust([-0.5, 0.04]),
    where: 'pValues[0]',
    rule: 'must be a number between 0 and 1',
    value: -0.5,
  },
  {
    name: 'holmAdjust with a p-value above 1',
    call: () => sim.holmAdjust([0.01, 1.5]),
    where: 'pValues[1]',
    rule: 'must be a number between 0 and 1',
    value: 1.5,
  },
  {
    name: 'holmAdjust with a p-value as text',
    call: () => sim.holmAdjust([0.01, '0.02' as any]),
    where: 'pValues[1]',
    rule: 'must be a number between 0 and 1',
    value: '0.02',
  },
  { name: 'holmAdjust(null)', call: () => sim.holmAdjust(null as any), where: 'pValues', rule: 'must be a list', value: null },
  {
    name: 'planComparison with metric NaN',
    call: () => sim.planComparison({ ...plan, metric: NaN as any }),
    where: 'metric',
    rule: 'must be one of passAtK, passHatK',
    value: NaN,
  },
  {
    name: 'planComparison with seed NaN',
    call: () => sim.planComparison({ ...plan, seed: NaN, simulations: 0 }),
    where: 'seed',
    rule: 'must be an integer ≥ 0 or a non-empty string',
    value: NaN,
  },
  {
    name: 'planPrecision with an unknown metric',
    call: () => sim.planPrecision({ metric: 'x' as any, rate: 0.5, halfWidth: 0.1, method: 'wilson', confidence: 0.95 }),
    where: 'metric',
    rule: 'must be one of p, passAtK, passHatK',
    value: 'x',
  },
  { name: 'taskEstimate without k', call: () => (sim.taskEstimate as any)('passHatK', 8, 3), where: 'k', rule: 'must be an integer in 0..8' },
  { name: 'binomialRatio with k NaN', call: () => sim.binomialRatio(10, 3, NaN), where: 'k', rule: 'must be an integer in 0..10', value: NaN },
  {
    name: 'trialNoiseVariance of an unknown metric',
    call: () => sim.trialNoiseVariance('x' as any, 8, 3, 2),
    where: 'metric',
    rule: 'must be one of passAtK, passHatK',
    value: 'x',
  },
  {
    name: 'expectOver of a function returning NaN',
    call: () => sim.expectOver({ dist: 'point', p: 0.5 }, () => NaN),
    where: 'f',
    rule: 'must return finite numbers on [0, 1]',
    value: NaN,
  },
  { name: 'streamRng with seed NaN', call: () => streamRng(NaN), where: 'seed', rule: 'must be an integer ≥ 0 or a non-empty string', value: NaN },
  {
    name: 'summarise a partial result with NaN sums',
    call: () => {
      const part = simulatePartial(scenario);
      return sim.summarise(scenario, { ...part, nodes: [{ ...part.nodes[0]!, sums: part.nodes[0]!.sums.map(() => NaN) }] });
    },
    where: 'partial.nodes[0].sums[0]',
    rule: 'must be a finite number',
    value: NaN,
  },
  {
    name: 'efficientFrontier with a cost NaN',
    call: () => sim.efficientFrontier([{ cost: NaN, deliveredCorrect: 0.5 }]),
    where: 'points[0].cost',
    rule: 'must be a number ≥ 0',
    value: NaN,
  },
  {
    name: 'posteriorTasks of a task with n = ∞',
    call: () =>
      sim.posteriorTasks(
        [{ n: Infinity, c: 1 }],
        sim.fitTasks([
          { n: 8, c: 3 },
          { n: 8, c: 1 },
        ]),
      ),
    where: 'tasks[0].n',
    rule: 'must be an integer ≥ 0',
    value: Infinity,
  },
  {
    name: 'withinPopulationInterval of an interval with lower > upper',
    call: () => sim.withinPopulationInterval({ lower: 0.6, upper: 0.2 }, null),
    where: 'benchmark.upper',
    rule: 'must be ≥ lower (0.6)',
    value: 0.2,
  },
  {
    name: 'a one-sided interval at 30 %: its lower bound would lie above the estimate',
    call: () => sim.proportionInterval(10, 3, { method: 'wilson', confidence: 0.3, sides: 1 }),
    where: 'confidence',
    rule: 'must be at least 0.5 for a one-sided bound',
    value: 0.3,
  },
  {
    name: 'betaQuantile of a shape of 1e300',
    call: () => sim.betaQuantile(0.3, 1e300, 3),
    where: 'a',
    rule: 'must be at most 1000000000000000 (the incomplete beta',
    value: 1e300,
  },

  // Sizes: refused with the limit and its reason before the work starts.
  {
    name: 'planComparison({ trials: [1e9] }) (grew to 4–7 GB in a minute)',
    call: () => sim.planComparison({ ...plan, trials: [1e9] }),
    where: 'trials',
    rule: 'must sum to at most 1000000 (each n sums a binomial over c = 0..n at every quadrature node',
    value: 1e9,
  },
  {
    name: 'planComparison with a concentration of 1e300',
    call: () => sim.planComparison({ ...plan, concentration: 1e300 }),
    where: 'concentration',
    rule: 'must be at most 1000000000000000',
    value: 1e300,
  },
  {
    name: 'betaPosterior with k = 1e9',
    call: () => sim.betaPosterior(10, 3, { prior: JEFFREYS_PRIOR, confidence: 0.95, k: 1e9 }),
    where: 'k',
    rule: 'must be at most 100000000 (a k costs up to k terms',
    value: 1e9,
  },
  { name: 'passAtK with k = 1e9', call: () => sim.passAtK(2e9, 1e9, 1e9), where: 'k', rule: 'must be at most 100000000', value: 1e9 },
  {
    name: 'averageOverTasks with ks summing to 2e8',
    call: () => sim.averageOverTasks([{ n: 8, c: 3 }], [1e8, 1e8]),
    where: 'ks',
    rule: 'must sum to at most 100000000',
    value: 2e8,
  },
  {
    name: 'benchmarkInterval with k = 1e9',
    call: () => sim.benchmarkInterval([{ n: 8, c: 3, size: 1 }], 'passAtK', 1e9, intervalOptions),
    where: 'k',
    rule: 'must be at most 100000000',
    value: 1e9,
  },
  {
    name: 'bootstrapTaskAverage keeping 11 × 10⁶ replicates',
    call: () =>
      sim.bootstrapTaskAverage([{ n: 8, c: 3 }], { ks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], replicates: 1_000_000, seed: 1, confidence: 0.95, sides: 2 }),
    where: 'bootstrap',
    rule: 'must be at most 909090 with 11 k values',
    value: 1_000_000,
  },
  {
    name: 'compareRuns bootstrapping 201 comparisons 10⁶ times',
    call: () => sim.compareRuns(run('A'), run('B'), { ks: Array.from({ length: 100 }, (_, i) => i + 1), bootstrap: 1_000_000 }),
    where: 'bootstrap',
    rule: 'must be at most 49751 with 100 k values',
    value: 1_000_000,
  },
  {
    name: 'fitTasks of a task with 10⁹ trials',
    call: () =>
      sim.fitTasks([
        { n: 1e9, c: 3 },
        { n: 8, c: 1 },
      ]),
    where: 'tasks',
    rule: 'summed over the distinct n are at most 10000000',
    value: 1e9 + 10,
  },
  {
    name: 'signFlipTest with exactLimit 1e9 (2^(5·10⁸) sums)',
    call: () => sim.signFlipTest([0.1, 0.2], { exactLimit: 1e9, replicates: 10, rng: () => streamRng(1) }),
    where: 'exactLimit',
    rule: 'must be an integer in 0..40',
    value: 1e9,
  },
  {
    name: 'signFlipTest of { length: 1e9 } (an object with a length holds no numbers)',
    call: () => sim.signFlipTest({ length: 1e9 } as any, { exactLimit: 30, replicates: 10, rng: () => streamRng(1) }),
    where: 'differences',
    rule: 'must be a list of numbers',
  },
  {
    name: 'simulate a copy with 10⁸ tasks',
    call: () => sim.simulate({ ...copy(), tasks: { ...copy().tasks, count: 1e8 } } as any),
    where: 'scenario.tasks.count',
    rule: 'must be at most 10000000 (each task holds its rates and tables in memory',
    value: 1e8,
  },
  {
    name: 'taskRates of 10⁹ tasks',
    call: () => sim.taskRates({ count: 1e9, successRate: { dist: 'point', p: 0.5 }, resample: false }, streamRng(1)),
    where: 'tasks.count',
    rule: 'must be at most 10000000',
    value: 1e9,
  },
  {
    name: 'oneSidedMinimumCoverage at n = 10⁷ without maxDips',
    call: () => sim.oneSidedMinimumCoverage(1e7, { method: 'wilson', confidence: 0.95 }),
    where: 'n',
    rule: 'must be at most 1000000 unless maxDips bounds the dips evaluated',
    value: 1e7,
  },
];

describe('@passk/sim refuses hostile arguments with one InputError (issue 43)', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const started = performance.now();
    let error: unknown;
    try {
      c.call();
    } catch (caught) {
      error = caught;
    }
    expect(performance.now() - started, 'refused before the work').toBeLessThan(1000);
    expect(error, String(error)).toBeInstanceOf(InputError);
    const { where, rule, value } = error as InputError;
    expect(where).toBe(c.where);
    if (typeof c.rule === 'string') expect(rule).toContain(c.rule);
    else expect(rule).toMatch(c.rule);
    if ('value' in c) expect(value).toEqual(c.value);
    expect((error as Error).message).not.toContain('\n');
  });
});

describe('@passk/sim/node refuses them too: the worker-thread runner and its pool', () => {
  it.each([
    ['runSimulation(null)', () => runSimulation(null as any, { workers: 1 }), 'scenario', 'must be a scenario as resolveScenario returns it'],
    ['runSimulation without options', () => (runSimulation as any)(scenario), 'options', 'must be an object'],
    ['runSimulation on 10⁹ threads', () => runSimulation(scenario, { workers: 1e9 }), 'options.workers', 'must be an integer in 1..256'],
    ['startSimulationWorkers(1e9): a billion threads of ~10 MB each', () => startSimulationWorkers(1e9), 'count', 'must be an integer in 0..256'],
  ] as const)('%s', async (_name, call, where, rule) => {
    const error = await call().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error, String(error)).toBeInstanceOf(InputError);
    expect((error as InputError).where).toBe(where);
    expect((error as InputError).rule).toContain(rule);
  });
});
