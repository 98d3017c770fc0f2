// The table of the hostile-arguments property (issue 43), shared by its fast share
// (hostileArguments.test.ts) and its slow share (hostileArguments.slow.test.ts): a valid call of
// every function of @passk/sim and @passk/sim/internal (the job functions and the members of `plan`
// and `planSteps` among them). The property calls one with a valid argument list in which one
// argument or one field of one (at any depth up to 4, list items included) is replaced by a hostile
// value — null, undefined, NaN, ±∞, negative, huge, a value of the wrong type, a cyclic object or
// list, an object posing as a list ({ length: 1e9 }), a function — or left out; the call either
// returns a result with no NaN in it (∞ only where the function's documentation gives it: a fit's
// concentration at its binomial limit, a quantile at 0 or 1, no success ever) or throws an
// InputError of one line, never a TypeError, RangeError or plain Error, and ends within 5 s of the
// process's CPU time (CPU, not wall time, so a machine loaded by other work does not fail it; the
// slowest call, planComparison with its default trials, took 0.7 s). A new export of @passk/sim
// gets its entry in CALLS here (the fast file's coverage test fails without one).
import fc from 'fast-check';
import { expect } from 'vitest';
import * as sim from '../../packages/sim/src/internal.js';
import { InputError } from '../../packages/sim/src/errors.js';

export type Args = unknown[];
/** A function of the internal entry by name; `plan.x` and `planSteps.x` are the members of those objects. */
export const m = new Proxy({} as Record<string, (...args: unknown[]) => unknown>, {
  get: (_, name: string) => {
    const [object, member] = name.split('.');
    const entry = (sim as unknown as Record<string, unknown>)[object!];
    return (member === undefined ? entry : (entry as Record<string, unknown>)[member]) as (...args: unknown[]) => unknown;
  },
});
/** A table key without its label (`copy:simulate`, `task:estimate`): the function's name. */
export const nameOf = (key: string) => key.replace(/^[a-z]+:/, '');
/** A scenario in the file format, small enough for a call to stay short. */
const scenarioInput = () => ({
  tasks: { count: 5, successRate: { dist: 'beta', mean: 0.7, concentration: 4 } },
  policy: { maxAttempts: 3 },
  run: { replicates: 64 },
});

const scenario = () =>
  sim.resolveScenario({ tasks: { count: 5, successRate: { dist: 'beta', mean: 0.7, concentration: 4 } }, policy: { maxAttempts: 3 }, run: { replicates: 64 } });
/** A resolved scenario as a result's JSON holds it: not frozen, so its fields can be made hostile (the entry points resolve it again). */
const scenarioCopy = () => JSON.parse(JSON.stringify(scenario())) as unknown;
const groups = () => [
  { n: 8, c: 5, size: 2 },
  { n: 8, c: 3, size: 1 },
  { n: 8, c: 8, size: 1 },
];
const tasks = () => [
  { n: 8, c: 5 },
  { n: 8, c: 3 },
  { n: 8, c: 8 },
  { n: 8, c: 0 },
];
const runA = () => ({
  name: 'A',
  tasks: [
    { id: 't1', n: 8, c: 8 },
    { id: 't2', n: 8, c: 0 },
    { id: 't3', n: 8, c: 4 },
  ],
});
const runB = () => ({
  name: 'B',
  tasks: [
    { id: 't1', n: 8, c: 5 },
    { id: 't2', n: 8, c: 3 },
    { id: 't3', n: 8, c: 6 },
  ],
});
const costTasks = () => [
  { id: 't1', n: 4, c: 3, cost: 4, priced: 4 },
  { id: 't2', n: 4, c: 0, cost: 2, priced: 3 },
  { id: 't3', n: 4, c: 1, cost: 6, priced: 4 },
];
const rng = () => sim.streamRng(1, 'x');
const partial = () => sim.simulatePartial(scenario());
const inflated = () =>
  sim.inflatedBetaFit([
    { n: 8, c: 0, size: 5 },
    { n: 8, c: 8, size: 5 },
    { n: 8, c: 4, size: 5 },
  ]);
const intervalOptions = () => ({ confidence: 0.95, sides: 2 });
const compareOptions = () => ({ ks: [1, 2], bootstrap: 20, permutations: 50, confidence: 0.95, sides: 2, seed: 1, exactLimit: 10, minOverlap: 0.5 });
const pilotCompare = () => ({
  metric: 'passAtK',
  k: 1,
  power: 0.8,
  alpha: 0.05,
  runs: [
    {
      name: 'a',
      tasks: [
        { id: 1, n: 2, c: 0 },
        { id: 2, n: 2, c: 1 },
        { id: 3, n: 2, c: 1 },
      ],
    },
    {
      name: 'b',
      tasks: [
        { id: 1, n: 2, c: 2 },
        { id: 2, n: 2, c: 2 },
        { id: 3, n: 2, c: 1 },
      ],
    },
  ],
  trials: [2],
  simulations: 2,
  seed: 1,
  checkWork: () => {},
});
const pilotPrecision = () => ({
  metric: 'passAtK',
  k: 1,
  halfWidth: 0.3,
  confidence: 0.9,
  assurance: 0.5,
  pilot: [
    { n: 2, c: 0 },
    { n: 2, c: 1 },
    { n: 2, c: 2 },
  ],
  trials: [2],
  simulations: 2,
  seed: 1,
  checkWork: () => {},
});
const planCompare = () => ({
  metric: 'passAtK',
  k: 1,
  mean: 0.6,
  concentration: 4,
  // Δ 0.35, not 0.2: the row needs 20 tasks, not 134, so the verdict's simulated experiments are
  // smaller (0.22 s of CPU a call instead of 0.28 s, built sim; the rest is the power table's
  // quadratures, the same at any Δ). The same checks of every argument run.
  delta: 0.35,
  power: 0.8,
  alpha: 0.05,
  simulations: 2,
  // One row: each row's power search is a tenth of a second of quadratures, which 2 rows made a
  // fifth of the property's time.
  trials: [1],
  gainSpread: 0,
  seed: 1,
  checkWork: () => {},
});
const planPrecision = () => ({ metric: 'passHatK', k: 2, rate: 0.8, halfWidth: 0.1, method: 'wilson', confidence: 0.95, assurance: 0.8, checkWork: () => {} });
const demonstrate = () => ({ target: 0.9, k: 8, confidence: 0.95, failures: 1 });
const gateDesignOptions = () => ({
  requirements: [{ delta: false, metric: 'passHatK', k: 2, op: '>=', threshold: 0.3 }],
  rule: { confidence: 0.95, estimand: 'population', minOverlap: 0.5 },
  pilot: tasks(),
  tasks: 4,
  trials: 2,
  regressions: [0.05],
  simulations: 8,
  seed: 1,
  confirm: true,
});

/** A valid call of every public function: name (`copy:` calls it with a copy of the scenario) → its arguments. */
/** Four tasks' attempt-ordered episodes (fixed length 3). */
const episodeTasks = () => [
  {
    episodes: [
      [true, false, true],
      [false, false, true],
    ],
  },
  {
    episodes: [
      [false, false, false],
      [true, true, false],
    ],
  },
  { episodes: [[true, true, true]] },
  { episodes: [[false, true, false]] },
];

export const CALLS: Record<string, () => Args> = {
  requireInteger: () => ['x', 3, 1],
  requireOpenUnit: () => ['x', 0.5],
  requireUnit: () => ['x', 0.5],
  requirePositive: () => ['x', 1],
  requireNonNegative: () => ['x', 1],
  requireCounts: () => [8, 3],
  streamRng: () => [1, 'a', 2],
  passAtK: () => [10, 3, 2],
  passHatK: () => [10, 3, 2],
  pluginPassAtK: () => [10, 3, 2],
  pluginPassHatK: () => [10, 3, 2],
  binomialRatio: () => [10, 3, 2],
  oneMinusBinomialRatio: () => [10, 3, 2],
  averageOverTasks: () => [tasks(), [1, 2]],
  groupTaskCounts: () => [
    [8, 8, 8],
    [5, 3, 5],
  ],
  bootstrapTaskAverage: () => [tasks(), { ks: [1, 2], replicates: 50, seed: 1, confidence: 0.95, sides: 2 }],
  bootstrapTaskAverageSteps: () => [tasks(), { ks: [1, 2], replicates: 50, seed: 1, confidence: 0.95, sides: 2 }],
  estimateTask: () => [30, 27, { ks: [8], interval: { method: 'wilson', confidence: 0.95, sides: 2 }, prior: sim.JEFFREYS_PRIOR }],
  clusteredNormalInterval: () => [{ value: 0.6, se: 0.05 }, intervalOptions()],
  independentPassAtK: () => [0.5, 3],
  independentPassHatK: () => [0.5, 3],
  rateForPassHatK: () => [0.9, 8],
  proportionInterval: () => [10, 3, { method: 'wilson', confidence: 0.95, sides: 1, tail: 'upper' }],
  passAtKInterval: () => [{ lower: 0.2, upper: 0.6 }, 3],
  passHatKInterval: () => [{ lower: 0.2, upper: 0.6 }, 3],
  betaPosterior: () => [10, 3, { prior: sim.JEFFREYS_PRIOR, confidence: 0.95, k: 2 }],
  normalCdf: () => [0.5],
  normalQuantile: () => [0.9],
  demonstrationRuns: () => [demonstrate()],
  planDemonstration: () => [demonstrate()],
  planDemonstrationSteps: () => [demonstrate()],
  runSteps: () => [sim.planDemonstrationSteps(demonstrate())],
  planPrecision: () => [planPrecision()],
  planPrecisionSteps: () => [planPrecision()],
  planComparison: () => [planCompare()],
  planComparisonSteps: () => [planCompare()],
  planComparisonFromPilot: () => [pilotCompare()],
  planComparisonFromPilotSteps: () => [pilotCompare()],
  planPrecisionFromPilot: () => [pilotPrecision()],
  planPrecisionFromPilotSteps: () => [pilotPrecision()],
  differenceVerdict: () => [
    { difference: 0.1, interval: { lower: 0.01, upper: 0.2 }, p: 0.01 },
    { sides: 2, confidence: 0.95 },
  ],
  degenerateDifferenceBounds: () => [
    [
      { a: { n: 2, c: 0 }, b: { n: 2, c: 1 } },
      { a: { n: 2, c: 0 }, b: { n: 2, c: 2 } },
      { a: { n: 2, c: 0 }, b: { n: 2, c: 0 } },
    ],
    'passAtK',
    1,
    [0, 0, 0],
    [0.5, 1, 0],
    0.025,
    2,
  ],
  observedEpisodeRates: () => [scenario()],
  planTaskPrecision: () => [{ metric: 'passAtK', k: 2, trials: 8, mean: 0.6, concentration: 4, halfWidth: 0.05, confidence: 0.95 }],
  resolveScenario: () => [
    { tasks: { count: 5, successRate: { dist: 'beta', mean: 0.7, concentration: 4 } }, policy: { maxAttempts: 3 } },
    { source: 's.yaml' },
  ],
  defaultScenario: () => [],
  scenarioToInput: () => [scenario()],
  'copy:scenarioToInput': () => [scenarioCopy()],
  scenarioJsonSchema: () => [],
  scenarioDocs: () => [],
  scenarioPaths: () => [],
  requireScenarioPath: () => ['policy.maxAttempts', '--vary'],
  binomial: () => [rng(), 10, 0.3],
  beta: () => [rng(), 2, 3],
  geometric: () => [rng(), 0.3],
  lognormal: () => [rng(), 1, 0.5],
  standardNormal: () => [rng()],
  taskRates: () => [{ count: 5, successRate: { dist: 'beta', a: 2, b: 3 }, resample: false }, rng()],
  expectOver: () => [{ dist: 'beta', a: 2, b: 3 }, (p: number) => p * p],
  momentPower: () => [{ dist: 'beta', a: 2, b: 3 }, 3],
  momentComplementPower: () => [{ dist: 'beta', a: 2, b: 3 }, 3],
  binomialPmf: () => [3, 10, 0.3],
  binomialCdf: () => [3, 10, 0.3],
  binomialSf: () => [3, 10, 0.3],
  betaQuantile: () => [0.3, 2, 3],
  regularizedBeta: () => [0.3, 2, 3],
  // The job functions (jobs/*.ts) and the pieces of them the CLI calls.
  estimate: () => [{ tasks: tasks() }, { ks: [1, 2], bootstrap: 20, seed: 1, confidence: 0.9, sides: 1 }],
  'task:estimate': () => [
    { n: 30, c: 27 },
    { ks: [1, 8], interval: 'jeffreys', prior: 'uniform' },
  ],
  'rate:estimate': () => [{ p: 0.9 }, { ks: [1, 3] }],
  estimateSteps: () => [{ tasks: sim.groupTaskCounts([8, 8, 4], [5, 3, 4]) }, { ks: [2], bootstrap: 20 }],
  'task:estimateSteps': () => [{ n: 10, c: 3 }, { sides: 2 }],
  estimateIntervalOptions: () => [{ interval: 'wilson', confidence: 0.9, sides: 1 }],
  compare: () => [[runA(), runB()], { ks: [1, 2], bootstrap: 20, permutations: 50, seed: 2 }],
  compareSteps: () => [[runA(), runB(), { ...runB(), name: 'C' }], { bootstrap: 20, permutations: 50 }],
  'plan.demonstrate': () => [{ target: 0.9, k: 8, failures: 1 }],
  'plan.precision': () => [{ metric: 'passHatK', k: 2, rate: 0.8, halfWidth: 0.1, checkWork: () => {} }],
  'plan.compare': () => [{ ...planCompare(), simulations: 2 }],
  'plan.compareFromPilot': () => [{ ...pilotCompare(), powerDraws: 2 }],
  'plan.precisionFromPilot': () => [pilotPrecision()],
  'plan.gate': () => [{ ...gateDesignOptions(), maxFalseFail: 0.1, search: false }],
  'planSteps.demonstrate': () => [demonstrate()],
  'planSteps.precision': () => [planPrecision()],
  'planSteps.compare': () => [planCompare()],
  'planSteps.compareFromPilot': () => [{ ...pilotCompare(), powerDraws: 2 }],
  'planSteps.precisionFromPilot': () => [pilotPrecision()],
  simulateJob: () => [scenarioInput(), { pilotTrials: 3, pilotDesign: 'oneEpisode', onProgress: () => {} }],
  'plan.audit': () => [{ halfWidth: 0.1, confidence: 0.9, tasks: 200, rates: { mean: 0.6, concentration: 3, trials: 5, falseAccept: 0.3, falseReject: 0.2 } }],
  'pilot:plan.audit': () => [
    {
      halfWidth: 0.1,
      metric: 'passHatK',
      k: 2,
      pilot: [
        { n: 4, c: 2, truth: 1 },
        { n: 4, c: 4, truth: 4 },
        { n: 4, c: 1, truth: 0 },
        { n: 4, c: 3 },
      ],
    },
  ],
  summariseSimulation: () => [scenario(), partial(), { pilotTrials: 2 }],
  'copy:summariseSimulation': () => [scenarioCopy(), partial()],
  fit: () => [tasks(), { ks: [2], confidence: 0.9 }],
  verifier: () => [{ wrong: 10, wrongAccepted: 2, right: 12, rightRejected: 1, unparsed: 3 }, { confidence: 0.9 }],
  measureDependence: () => [episodeTasks(), { stopping: 'fixed', confidence: 0.9, seed: 1, permutations: 50, ks: [1, 5] }],
  // A range of replicates keeps a call short whatever run.replicates becomes (the engine's time grows with the replicates asked for, its memory does not).
  simulate: () => [scenario(), { replicates: { start: 0, end: 64 }, onProgress: () => {}, shouldStop: () => false }],
  'copy:simulate': () => [scenarioCopy(), { replicates: { start: 0, end: 64 } }],
  simulatePartial: () => [scenario(), { replicates: { start: 0, end: 64 } }],
  mergePartials: () => [[partial()]],
  summarise: () => [scenario(), partial()],
  'copy:summarise': () => [scenarioCopy(), partial()],
  exactValuesFor: () => [scenario()],
  'copy:exactValuesFor': () => [scenarioCopy()],
  simulatePilot: () => [scenario(), { trials: 4, design: 'oneEpisode', seed: 2 }],
  'copy:simulatePilot': () => [scenarioCopy(), { trials: 3 }],
  splitReplicates: () => [100, 3],
  blockCount: () => [100],
  blockSumsLength: () => [4],
  shardWork: () => [[100, 200], 1, 2],
  scenarioFingerprint: () => [scenario(), 'passk-shard/4'],
  'copy:scenarioFingerprint': () => [scenarioCopy(), 'x'],
  exactMetrics: () => [scenario(), null],
  benchmarkTasks: () => [scenario()],
  'copy:benchmarkTasks': () => [scenarioCopy()],
  parseSweepAxis: () => ['policy.maxAttempts=1..3'],
  sweepGrid: () => [[{ path: 'policy.maxAttempts', values: [1, 2] }]],
  applySweepPoint: () => [sim.scenarioToInput(scenario()), { 'policy.maxAttempts': 2 }],
  efficientFrontier: () => [
    [
      { cost: 1, deliveredCorrect: 0.5 },
      { cost: 2, deliveredCorrect: 0.4 },
    ],
  ],
  bestUnderConstraints: () => [[{ cost: 1, deliveredCorrect: 0.5, deliveredWrong: 0.1 }], { maxCost: 2, maxWrongDelivery: null }],
  sweepScenarios: () => [scenario(), ['policy.maxAttempts=1..2'], { replicates: 10, source: 's.yaml' }],
  'copy:sweepScenarios': () => [scenarioCopy(), ['policy.maxAttempts=1..2']],
  sweepOutcomes: () => {
    const sweep = sim.sweepScenarios(scenario(), ['policy.maxAttempts=1..2'], { replicates: 64 });
    return [sweep.grid, sweep.scenarios, sweep.scenarios.map((s) => sim.simulatePartial(s)), { maxCost: null, maxWrongDelivery: null }];
  },
  fitTasks: () => [
    tasks(),
    {
      ks: [2],
      confidence: 0.95,
      // Each task's outcomes in trial order (5, 3, 8 and 0 of 8 successes): the runs test's input.
      trialOrder: tasks().map(({ n, c }) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? i / 2 < c : n / 2 + (i - 1) / 2 < c))),
    },
  ],
  fitScenarioTasks: () => [inflated()!.mixture, 20],
  betaBinomialLogPmf: () => [8, 3, 2, 3],
  posteriorTasks: () => [tasks(), sim.fitTasks(tasks())],
  compareRuns: () => [runA(), runB(), compareOptions()],
  compareRunsSteps: () => [runA(), runB(), compareOptions()],
  compareMany: () => [[runA(), runB(), { ...runB(), name: 'C' }], { ks: [1], bootstrap: 20, permutations: 50 }],
  compareManySteps: () => [[runA(), runB()], { ks: [1], bootstrap: 20, permutations: 50 }],
  holmAdjust: () => [[0.01, 0.04, 0.03]],
  signFlipTest: () => [[0.1, -0.2, 0.3, 0.1], { exactLimit: 2, replicates: 100, rng }],
  studentTQuantile: () => [0.975, 10],
  studentTTwoSided: () => [2, 10],
  taskAverageIntervals: () => [tasks(), [1, 2], intervalOptions()],
  fitDependence: () => [episodeTasks(), { stopping: 'fixed', confidence: 0.95, seed: 1 }],
  testEpisodeIndependence: () => [episodeTasks(), { stopping: 'fixed', seed: 1, permutations: 50 }],
  testRunOrderDrift: () => [
    [
      [true, false, true, true],
      [false, false, true, false],
      [true, true, false, true],
    ],
    { seed: 1, permutations: 50 },
  ],
  predictDependentPassAtK: () => [sim.fitDependence(episodeTasks(), { stopping: 'fixed', confidence: 0.95, seed: 1 }), 'feedback', [1, 2, 5]],
  taskPrecisionAssurance: () => [
    sim.planTaskPrecision({ metric: 'passHatK', k: 2, trials: 4, mean: 0.6, concentration: 2, halfWidth: 0.2, confidence: 0.95 }),
    10,
    { metric: 'passHatK', k: 2, halfWidth: 0.2, confidence: 0.95, datasets: 20, seed: 1 },
  ],
  tasksForAssurance: () => [
    sim.planTaskPrecision({ metric: 'passHatK', k: 2, trials: 4, mean: 0.6, concentration: 2, halfWidth: 0.2, confidence: 0.95 }),
    0.8,
    { metric: 'passHatK', k: 2, halfWidth: 0.2, confidence: 0.95, datasets: 20, seed: 1, maxTasks: 64 },
  ],
  taskAverageBound: () => [tasks(), { metric: 'passHatK', k: 2, confidence: 0.95, side: 'upper', estimand: 'population' }],
  judgeRequirement: () => [
    { delta: true, metric: 'passAtK', k: 1, op: '>=', threshold: -0.02 },
    runB(),
    runA(),
    { confidence: 0.95, estimand: 'population', minOverlap: 0.5 },
  ],
  gateDesign: () => [gateDesignOptions()],
  meets: () => [{ op: '<=', threshold: 2.5 }, 2],
  holdsWithoutChange: () => [{ delta: false, metric: 'passHatK', k: 2, op: '<=', threshold: 0.9 }, tasks()],
  planGateDesign: () => [gateDesignOptions(), { maxFalseFail: 0.05, search: true }],
  judgeCorrectedMean: () => [
    [{ judged: 0.5, truth: 0.25 }, { judged: 1, truth: 1 }, { judged: 0.25, truth: 0 }, { judged: 0.75 }],
    { ...intervalOptions(), floorRatio: 0.25, auditOnly: { lower: 0.1, upper: 0.9 } },
  ],
  judgeCorrectedDifference: () => [
    [
      { a: { n: 4, c: 2, truth: 1 }, b: { n: 4, c: 3, truth: 3 } },
      { a: { n: 4, c: 4, truth: 4 }, b: { n: 4, c: 4, truth: 3 } },
      { a: { n: 4, c: 1, truth: 0 }, b: { n: 4, c: 2, truth: 2 } },
      { a: { n: 4, c: 3 }, b: { n: 4, c: 1 } },
    ],
    [1, 2],
    intervalOptions(),
  ],
  planAudit: () => [
    { truthVariance: 0.096, judgedVariance: 0.06, covariance: 0.048 },
    { tasks: 200, halfWidth: 0.08, confidence: 0.95 },
  ],
  auditMomentsFromRates: () => [{ mean: 0.6, concentration: 3, trials: 5, falseAccept: 0.3, falseReject: 0.2 }],
  auditMomentsFromPilot: () => [[{ judged: 0.5, truth: 0.25 }, { judged: 1, truth: 1 }, { judged: 0.25, truth: 0 }, { judged: 0.75 }]],
  judgeCorrectedEstimates: () => [
    [
      { n: 4, c: 2, truth: 1 },
      { n: 4, c: 4, truth: 4 },
      { n: 4, c: 1, truth: 0 },
      { n: 4, c: 3 },
    ],
    [1, 2],
    intervalOptions(),
  ],
  populationInterval: () => [
    [
      { value: 0.5, weight: 2 },
      { value: 0.2, weight: 1 },
    ],
    intervalOptions(),
    { ratio: 0.1 },
  ],
  scoreBounds: () => [0.5, 0.1, 2],
  benchmarkInterval: () => [groups(), 'passAtK', 2, intervalOptions(), sim.npmlePrior(groups())],
  npmlePrior: () => [groups()],
  empiricalBernsteinInterval: () => [[0.1, 0.5, 0.7, 0.9], intervalOptions()],
  trialNoiseVariance: () => ['passAtK', 8, 3, 2],
  groupValues: () => [groups(), 'passHatK', 2],
  taskEstimate: () => ['passHatK', 8, 3, 2],
  pairedDifferenceInterval: () => [
    [
      { a: { n: 8, c: 3 }, b: { n: 8, c: 5 } },
      { a: { n: 8, c: 6 }, b: { n: 8, c: 7 } },
      { a: { n: 8, c: 1 }, b: { n: 8, c: 4 } },
    ],
    'passAtK',
    2,
    intervalOptions(),
  ],
  benchmarkDifferenceInterval: () => [{ groups: groups(), prior: null }, { groups: groups(), prior: null }, 'passAtK', 2, intervalOptions()],
  withinPopulationInterval: () => [
    { lower: 0.2, upper: 0.6 },
    { lower: 0.3, upper: 0.5 },
  ],
  oneSidedMinimumCoverage: () => [20, { method: 'wilson', confidence: 0.95, tail: 'lower', maxDips: 5 }],
  atomProbability: () => [inflated(), 8, 0],
  inflatedBetaPrior: () => [groups()],
  inflatedBetaFit: () => [groups()],
  measureVerifier: () => [{ wrong: 10, wrongAccepted: 3, right: 12, rightRejected: 1, unparsed: 2 }, 0.95],
  measuredRate: () => [3, 10, 0.95],
  verdictReader: () => [{ accept: ['pass', 'ok'], reject: ['fail'] }],
  verifierFragment: () => [{ falseAccept: { errors: 3, of: 10 }, falseReject: { errors: 1, of: 12 } }, 'source'],
  ratioInterval: () => [[1, 2, 0.5], [0.5, 1, 0], 0.95, 'fieller'],
  costPerSolved: () => [costTasks(), { k: 2, confidence: 0.95, method: 'fieller' }],
  observedBudget: () => [
    { trials: [3, 3], successes: [1, 2], population: 'fitted', episodes: { outcomes: ['001', '1 01'], stopping: 'untilSuccess', model: 'feedback' } },
  ],
  compareCosts: () => [
    { name: 'A', tasks: costTasks() },
    { name: 'B', tasks: costTasks().map((task) => ({ ...task, cost: task.cost * 2 })) },
    { k: 1, confidence: 0.95, method: 'delta' },
  ],
};

/** Function exports called with no arguments from a caller (error types and a cache), each with why it is not in CALLS. */
export const NOT_CALLED: Record<string, string> = {
  // Words and shapes for results the library made itself (the jobs call them on what they computed; compare checks its runs).
  answerSentence: "a comparison's answer in words: compare's answers call it on the comparison it made",
  answerSentences: 'as answerSentence',
  benchmarkClause: 'as answerSentence',
  compareVerdict: 'as answerSentence',
  headlineK: 'as answerSentence',
  metricAt: 'a metric name with its k, for the words of an answer',
  metricName: 'as metricAt',
  verdict: "differenceVerdict (in the table) on one of compareRuns' metrics",
  formatPoints: 'percentage points in words, for the answer of a comparison',
  formatPointsInterval: 'as formatPoints',
  formatPValue: 'a p-value in words, for the answer of a comparison',
  pValuePhrase: 'as formatPValue',
  documentInterval: 'the {lower, upper, level, method} shape of bounds a library function returned',
  taskEstimateResult: "the document shape of estimateTask's result (estimate calls it on what estimateTask returned)",
  InputError: 'the error type itself: any where, rule and value make an error',
  NotEstimableError: 'an InputError subclass, as InputError',
  PopulationFits: 'a cache constructed without arguments; pairedDifferenceInterval checks one it is given',
  Xoshiro128: 'a class: checked below by its own case (a state of four numbers)',
};

/** Where ±∞ is a documented value of the result (everything else must be finite). */
const INFINITY_ALLOWED = new Set([
  'fitTasks', // a concentration at the binomial limit (∞), the logs of empty weights (−∞)
  'fit', // fitTasks with its defaults
  'posteriorTasks',
  'inflatedBetaFit', // ln π0 = −∞ where π0 = 0
  'inflatedBetaPrior',
  'atomProbability',
  'fitScenarioTasks',
  'normalQuantile', // Φ⁻¹(0) = −∞, Φ⁻¹(1) = ∞
  'studentTQuantile',
  'geometric', // p = 0: no success ever
  'fitDependence', // a task population with no spread: Beta(∞, ∞), its ln s coordinate ∞
  'measureDependence', // fitDependence's fit beside its measurement
  'ratioInterval', // Fieller's upper bound where the denominator cannot be told from 0
  'costPerSolved',
  'compareCosts',
]);

const cyclicObject = () => {
  const o: Record<string, unknown> = { a: 1 };
  o.self = o;
  return o;
};
const cyclicList = () => {
  const list: unknown[] = [1];
  list.push(list);
  return list;
};
const HOSTILE: ReadonlyArray<readonly [string, () => unknown]> = [
  ['null', () => null],
  ['undefined', () => undefined],
  ['NaN', () => Number.NaN],
  ['Infinity', () => Infinity],
  ['-Infinity', () => -Infinity],
  ['-1', () => -1],
  ['-0.5', () => -0.5],
  ['-1e-300', () => -1e-300],
  ['0', () => 0],
  ['1.5', () => 1.5],
  ['1e9', () => 1e9],
  ['2^53', () => 2 ** 53],
  ['1e300', () => 1e300],
  ['MAX_VALUE', () => Number.MAX_VALUE],
  ['""', () => ''],
  ['"x"', () => 'x'],
  ['"1"', () => '1'],
  ['true', () => true],
  ['10n', () => 10n],
  ['Symbol', () => Symbol('x')],
  ['{}', () => ({})],
  ['[]', () => []],
  ['[NaN]', () => [Number.NaN]],
  ['cyclic object', cyclicObject],
  ['cyclic list', cyclicList],
  ['{ length: 1e9 }', () => ({ length: 1e9 })],
  ['() => NaN', () => () => Number.NaN],
  ['a frozen {}', () => Object.freeze({})],
];

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype) && !Object.isFrozen(value);

/** Paths of the argument list down to depth 4: each argument, each key of a plain object, the first two items of a list. */
function pathsOf(args: Args): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [];
  const walk = (value: unknown, path: Array<string | number>) => {
    out.push(path);
    if (path.length >= 4 || !isPlain(value)) return;
    const keys = Array.isArray(value) ? value.slice(0, 2).map((_, i) => i) : Object.keys(value);
    for (const key of keys) walk((value as Record<string | number, unknown>)[key], [...path, key]);
  };
  args.forEach((arg, i) => walk(arg, [i]));
  return out;
}

/** The arguments with the value at `path` replaced, or removed (`remove`: a key deleted, a list or the argument list cut there). */
function withValue(args: Args, path: Array<string | number>, value: unknown, remove: boolean): Args {
  let node: Record<string | number, unknown> = args as unknown as Record<number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (!remove) node[last] = value;
  else if (Array.isArray(node)) node.length = last as number;
  else delete node[last];
  return args;
}

/**
 * A work size left out takes its default: for the job functions (jobs/*.ts) the CLI's (400 simulated
 * experiments per size, 40 power draws, 1 000 bootstrap replicates), for planComparison the trials
 * k, 2k, 4k and 8k — runs of seconds to a minute by design, not a hang. Such a key gets a hostile
 * value instead of being left out (hostile values check its validation all the same).
 */
const WORK_SIZES = new Set(['simulations', 'powerDraws', 'bootstrap', 'permutations', 'replicates', 'trials']);

/** A function that returns steps (run to the end to see its result or error). */
export const isSteps = (name: string) => (name.endsWith('Steps') && name !== 'runSteps') || name.startsWith('planSteps.');

/** The first NaN, or ±∞, in a result (nested objects, lists and typed arrays). */
function nonFinite(value: unknown, seen = new Set<unknown>()): 'NaN' | 'Infinity' | null {
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : Number.isFinite(value) ? null : 'Infinity';
  if (typeof value !== 'object' || value === null || seen.has(value)) return null;
  seen.add(value);
  let found: 'Infinity' | null = null;
  const items = ArrayBuffer.isView(value) ? Array.from(value as unknown as ArrayLike<number>) : Object.values(value);
  for (const item of items) {
    const inner = nonFinite(item, seen);
    if (inner === 'NaN') return 'NaN';
    found ??= inner;
  }
  return found;
}

/**
 * Cases whose valid arguments hold a library result that is slow to compute: fitDependence takes
 * about 0.25 s of CPU per call, fitTasks 0.05 s, which rebuilt for every run were half the property's
 * time. Their arguments are built once; each run gets a copy of every plain object and list (all that
 * `withValue` can change) and shares the rest, so a run sees the same arguments as a fresh build.
 */
const BUILT_ONCE = new Set(['predictDependentPassAtK', 'posteriorTasks']);

/** A copy of the plain objects and lists in `value` (those `pathsOf` walks into); anything else is shared. */
function copyPlain<T>(value: T): T {
  if (!isPlain(value)) return value;
  if (Array.isArray(value)) return value.map(copyPlain) as T;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copyPlain(item)])) as T;
}

/** `make` itself, or for a case in BUILT_ONCE a function returning a fresh copy of one build. */
function maker(name: string, make: () => Args): () => Args {
  if (!BUILT_ONCE.has(name)) return make;
  const built = make();
  return () => copyPlain(built);
}

// A function without arguments gets a hostile first one (which it ignores).
/** One case per table entry: its arguments' maker and the paths a hostile value can take. */
export const CASES = Object.entries(CALLS).map(([name, make]) => {
  const made = maker(name, make);
  const args = made();
  return { name, make: made, paths: args.length === 0 ? [[0]] : pathsOf(args) };
});

/** The functions of an entry: its function exports and the members of `plan` and `planSteps` as `plan.x`. */
export function functionsOf(entry: Record<string, unknown>): string[] {
  return Object.entries(entry).flatMap(([name, value]) => {
    if (typeof value === 'function') return [name];
    if (name === 'plan' || name === 'planSteps') return Object.keys(value as object).map((member) => `${name}.${member}`);
    return [];
  });
}

/**
 * The property: `runs` hostile calls drawn with fast-check's `seed` (each a case, a path of its
 * arguments, a hostile value, and whether a key is left out instead), each a result without NaN
 * (∞ only where INFINITY_ALLOWED) or one InputError of one line, in under 5 s of CPU.
 */
export function checkHostileCalls(runs: number, seed: number): void {
  const call = fc
    .constantFrom(...CASES)
    .chain((c) => fc.record({ c: fc.constant(c), path: fc.constantFrom(...c.paths), hostile: fc.constantFrom(...HOSTILE), remove: fc.boolean() }));
  fc.assert(
    fc.property(call, ({ c, path, hostile: [label, hostile], remove }) => {
      const name = nameOf(c.name);
      const leaveOut = remove && path.length > 1 && !WORK_SIZES.has(String(path[path.length - 1]));
      const args = withValue(c.make(), path, hostile(), leaveOut);
      const context = `${c.name}: argument ${path.join('.')} ${leaveOut ? 'left out' : `= ${label}`}`;
      const started = process.cpuUsage();
      let result: unknown;
      let error: unknown;
      try {
        result = m[name]!(...args);
        if (isSteps(name)) result = sim.runSteps(result as Generator<{ done: number; total: number }, unknown, void>);
      } catch (caught) {
        error = caught;
      }
      const used = process.cpuUsage(started);
      expect((used.user + used.system) / 1000, `${context}: ms of CPU time`).toBeLessThan(5000);
      if (error !== undefined) {
        expect(error, `${context}: ${String(error)}`).toBeInstanceOf(InputError);
        expect((error as Error).message, context).not.toContain('\n');
        return;
      }
      const bad = nonFinite(result);
      if (bad === 'Infinity' && INFINITY_ALLOWED.has(name)) return;
      expect(bad, context).toBeNull();
    }),
    { numRuns: runs, seed },
  );
}
