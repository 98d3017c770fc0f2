import { describe, expect, it } from 'vitest';
import { mergePartials } from '../../../packages/sim/src/engine/mergePartials.js';
import { simulate } from '../../../packages/sim/src/engine/simulate.js';
import { simulatePartial } from '../../../packages/sim/src/engine/simulatePartial.js';
import { summarise } from '../../../packages/sim/src/engine/summarise.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { scenarioOf } from './engineChecks.js';

const lognormal = { dist: 'lognormal', median: 0.02, sigma: 0.5 };
// One scenario per path, each with non-integer sums (lognormal costs: drawn on the general path, attempts ×
// the expected cost on the fast paths) so that the order of additions matters.
const SCENARIOS = {
  perfectVerifier: scenarioOf([0.2, 0.5, 0.9], { attempts: { cost: { perAttempt: lognormal } } }, 650),
  independentVerifier: scenarioOf([0.2, 0.5, 0.9], { verifier: { falseAccept: 0.1, falseReject: 0.2 }, attempts: { cost: { perAttempt: lognormal } } }, 650),
  parallelVote: scenarioOf(
    [0.2, 0.5, 0.9],
    {
      verifier: { falseAccept: 0.2, falseReject: 0.1 },
      attempts: { cost: { perAttempt: lognormal } },
      selector: { kind: 'majorityVote' },
      policy: { maxAttempts: 4, mode: 'parallel' },
    },
    650,
  ),
  sequential: scenarioOf(
    [0.2, 0.5, 0.9],
    { verifier: { falseAccept: 0.1 }, attempts: { cost: { perAttempt: lognormal } }, policy: { maxAttempts: 4, budget: { cost: 0.05 } } },
    650,
  ),
  rounds: scenarioOf(
    [0.2, 0.5, 0.9],
    {
      verifier: { falseAccept: 0.1 },
      attempts: { cost: { perAttempt: lognormal } },
      policy: { maxAttempts: 4, mode: 'batches', batchSize: 2, budget: { cost: 0.05 } },
    },
    650,
  ),
};
/** Every path, the general one forced (`forceGeneral`) on the scenario of `rounds`. */
const RUNS: Array<[string, (typeof SCENARIOS)[keyof typeof SCENARIOS], { forceGeneral?: boolean }]> = [
  ...Object.entries(SCENARIOS).map(([path, scenario]): [string, typeof scenario, { forceGeneral?: boolean }] => [path, scenario, {}]),
  ['general', SCENARIOS.rounds, { forceGeneral: true }],
];

describe('simulatePartial: determinism and splitting', () => {
  for (const [path, scenario, options] of RUNS) {
    it(`${path}: the same seed gives the same summary; any block split merged gives the identical JSON`, () => {
      const whole = JSON.stringify(simulate(scenario, { exact: {}, ...options }));
      expect(JSON.parse(whole).path).toBe(path);
      expect(JSON.stringify(simulate(scenario, { exact: {}, ...options }))).toBe(whole);
      // 650 replicates = 11 blocks (the last holds 10). Splits at several block boundaries, merged in any order,
      // also after a JSON round trip (as shard files would be).
      const cuts = [
        [0, 64, 650],
        [0, 192, 448, 650],
        [0, 64, 128, 320, 384, 640, 650],
      ];
      for (const cut of cuts) {
        const parts = cut.slice(1).map((end, i) => simulatePartial(scenario, { replicates: { start: cut[i], end }, ...options }));
        const shuffled = [...parts.slice(1), parts[0]].map((part) => JSON.parse(JSON.stringify(part)));
        expect(JSON.stringify(summarise(scenario, mergePartials(shuffled)))).toBe(whole);
      }
      // Merging partial merges (a tree of merges) gives the same too.
      const [a, b, c] = [
        [0, 128],
        [128, 512],
        [512, 650],
      ].map(([start, end]) => simulatePartial(scenario, { replicates: { start, end }, ...options }));
      expect(JSON.stringify(summarise(scenario, mergePartials([mergePartials([c, a]), b])))).toBe(whole);
    });
  }

  it('options.reuse: slices sharing one object give the JSON of separate calls; another scenario or forceGeneral rebuilds the runner', () => {
    for (const scenario of Object.values(SCENARIOS)) {
      const reuse = {};
      const cut = [0, 64, 320, 650];
      const shared = cut.slice(1).map((end, i) => simulatePartial(scenario, { replicates: { start: cut[i], end }, reuse }));
      const separate = cut.slice(1).map((end, i) => simulatePartial(scenario, { replicates: { start: cut[i], end } }));
      expect(JSON.stringify(shared)).toBe(JSON.stringify(separate));
      // The same object then used for another scenario, and with forceGeneral: each as on its own.
      expect(JSON.stringify(simulatePartial(SCENARIOS.rounds, { reuse }))).toBe(JSON.stringify(simulatePartial(SCENARIOS.rounds)));
      expect(JSON.stringify(simulatePartial(scenario, { reuse, forceGeneral: true }))).toBe(JSON.stringify(simulatePartial(scenario, { forceGeneral: true })));
    }
    expect(() => simulatePartial(SCENARIOS.rounds, { reuse: null as never })).toThrow('options.reuse: must be an object, got null');
  });

  it('a different seed gives different results', () => {
    const other = scenarioOf([0.2, 0.5, 0.9], { seed: 12, attempts: { cost: { perAttempt: lognormal } } }, 650);
    // At k = 5 the cost depends on the outcomes (at k = 1 every episode starts one attempt: its cost is the expected cost).
    expect(simulate(other).rows[4].cost.value).not.toBe(simulate(SCENARIOS.perfectVerifier).rows[4].cost.value);
  });

  it('the partial result is plain JSON with format, fingerprint, covered ranges and O(log blocks) nodes', () => {
    const part = simulatePartial(SCENARIOS.rounds, { replicates: { start: 64, end: 650 } });
    expect(JSON.parse(JSON.stringify(part))).toEqual(part);
    expect(part.format).toBe('passk-partial/3');
    expect(part.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(part.ranges).toEqual([{ start: 64, end: 650 }]);
    expect(part.done).toBe(586);
    // Blocks 1..10: maximal aligned nodes [1], [2,3], [4..7], [8,9], [10].
    expect(part.nodes.map((node) => [node.level, node.index])).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
      [1, 4],
      [0, 10],
    ]);
    expect(part.nodes.every((node) => node.sums.length === 38 * 4)).toBe(true);
  });

  it('accepts only block-aligned ranges inside 0..R', () => {
    const scenario = SCENARIOS.rounds;
    expect(() => simulatePartial(scenario, { replicates: { start: 10, end: 128 } })).toThrow(InputError);
    expect(() => simulatePartial(scenario, { replicates: { start: 0, end: 100 } })).toThrow(
      'options.replicates.end: must be a multiple of 64 or the number of replicates (650), got 100',
    );
    expect(() => simulatePartial(scenario, { replicates: { start: 0, end: 700 } })).toThrow(InputError);
    expect(() => simulatePartial(scenario, { replicates: { start: 128, end: 64 } })).toThrow(InputError);
    expect(simulatePartial(scenario, { replicates: { start: 128, end: 128 } }).done).toBe(0);
  });
});

describe('simulatePartial: progress and stopping', () => {
  it('reports progress after each block with the replicates done and requested', () => {
    const calls: Array<[number, number]> = [];
    simulatePartial(SCENARIOS.perfectVerifier, { replicates: { start: 384, end: 650 }, onProgress: (done, total) => calls.push([done, total]) });
    expect(calls).toEqual([
      [64, 266],
      [128, 266],
      [192, 266],
      [256, 266],
      [266, 266],
    ]);
  });

  it('shouldStop stops at a block boundary; the result says stopped, with the replicates done, and summarises as partial', () => {
    let checks = 0;
    const part = simulatePartial(SCENARIOS.perfectVerifier, { shouldStop: () => ++checks > 3 });
    expect(part.stopped).toBe(true);
    expect(part.done).toBe(192);
    expect(part.ranges).toEqual([{ start: 0, end: 192 }]);
    const summary = summarise(SCENARIOS.perfectVerifier, part);
    expect(summary.complete).toBe(false);
    expect(summary.stopped).toBe(true);
    expect(summary.replicates).toEqual({ requested: 650, done: 192 });
    // The blocks done are the same blocks as in a run of 0..192.
    expect(JSON.stringify(summary.rows)).toBe(
      JSON.stringify(summarise(SCENARIOS.perfectVerifier, simulatePartial(SCENARIOS.perfectVerifier, { replicates: { start: 0, end: 192 } })).rows),
    );
  });

  it('stopping before the first block gives an empty result with null values', () => {
    const summary = simulate(SCENARIOS.rounds, { shouldStop: () => true, exact: {} });
    expect(summary.replicates.done).toBe(0);
    expect(summary.rows[0].coverage).toEqual({ value: null, se: null, exact: null });
  });
});
