import { describe, expect, it } from 'vitest';
import { createBlockRunner } from '../../../packages/sim/src/engine/enginePlan.js';
import { METRIC_COUNT } from '../../../packages/sim/src/engine/engineMetrics.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';

/** One block's per-replicate totals from a runner (64 replicates). */
function blockTotals(runner: ReturnType<typeof createBlockRunner>, seed: number, K: number): Float64Array {
  const out = new Float64Array(64 * METRIC_COUNT * K);
  runner.run(streamRng(seed, 'block', 3), 192, 64, out);
  return out;
}

describe('runner tables handed to another runner of the same scenario (worker threads)', () => {
  const base = { seed: 9, tasks: { count: 50, successRate: { dist: 'beta', mean: 0.4, concentration: 2 } }, policy: { maxAttempts: 5 } } as const;
  const scenarios = {
    perfectVerifier: resolveScenario(base),
    independentVerifier: resolveScenario({ ...base, verifier: { falseAccept: 0.05, falseReject: 0.1 } }),
    // The sequential kernel's outcome patterns (fixed benchmark, K ≤ 10).
    sequential: resolveScenario({ ...base, policy: { maxAttempts: 5, budget: { cost: 2 } } }),
  };

  for (const [path, scenario] of Object.entries(scenarios)) {
    it(`${path}: a runner built from another's tables gives the same totals to the bit; wrong tables are ignored`, () => {
      const own = createBlockRunner(scenario, false);
      expect(own.path).toBe(path);
      const tables = own.tables!()!;
      expect(tables.path).toBe(path);
      const expected = blockTotals(own, scenario.seed as number, 5);
      expect(blockTotals(createBlockRunner(scenario, false, tables), scenario.seed as number, 5)).toEqual(expected);
      // Tables that cannot be this scenario's (another path, or another size) are not used: the runner builds its own.
      const otherPath = { ...tables, path: path === 'perfectVerifier' ? ('independentVerifier' as const) : ('perfectVerifier' as const) };
      const otherSize = { ...tables, arrays: tables.arrays.map((array) => array.slice(1)) };
      const zeroed = { ...tables, arrays: tables.arrays.map((array) => array.map(() => 0)) };
      for (const wrong of [otherPath, otherSize]) expect(blockTotals(createBlockRunner(scenario, false, wrong), scenario.seed as number, 5)).toEqual(expected);
      // And the tables are really used when they fit: zeroed tables of the right shape change the totals.
      expect(blockTotals(createBlockRunner(scenario, false, zeroed), scenario.seed as number, 5)).not.toEqual(expected);
    });
  }

  it('paths without per-task tables offer none: the sequential kernel on resampled tasks or with K > 10 (one uniform per outcome)', () => {
    const resampled = createBlockRunner(
      resolveScenario({ ...base, tasks: { ...base.tasks, resample: true }, policy: { maxAttempts: 5, budget: { cost: 2 } } }),
      false,
    );
    const long = createBlockRunner(resolveScenario({ ...base, policy: { maxAttempts: 11, budget: { cost: 2 } } }), false);
    for (const runner of [resampled, long]) {
      expect(runner.path).toBe('sequential');
      expect(runner.tables?.() ?? null).toBeNull();
    }
  });
});
