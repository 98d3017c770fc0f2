// The numpy peer's closed forms for the canonical benchmarks (test/fixtures/peer/numpy-peer-exact.json,
// produced by `python3 /work/shared/bench/numpy_peer.py SCENARIO --tasks 1000 --replicates 1`,
// SCENARIO = independent | verifier | exchangeable) against exactMetrics on the same fixed benchmark.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exactMetrics, type ExactMetrics } from '../../../packages/sim/src/analytic/exactMetrics.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';

interface PeerBlock {
  tasks: number;
  k: number;
  exact: Record<string, number[]>;
}
const peer = JSON.parse(readFileSync(new URL('../../fixtures/peer/numpy-peer-exact.json', import.meta.url), 'utf8')) as Record<
  'independent' | 'verifier' | 'exchangeable',
  PeerBlock
>;

const T = 1000;
const values = Array.from({ length: T }, (_, t) => (t + 0.5) / T); // canonical p_t = (t + 0.5)/T
const benchmark = { p: Float64Array.from(values) };
const tasks = { count: T, successRate: { dist: 'fixed', values } };

function expectPeer(block: PeerBlock, got: ExactMetrics[]): void {
  expect(block.tasks).toBe(T);
  expect(got).toHaveLength(block.k);
  for (const [metric, expected] of Object.entries(block.exact)) {
    expected.forEach((value, i) => {
      const mine = got[i][metric as keyof ExactMetrics];
      expect(mine, `${metric}@${i + 1}`).not.toBeNull();
      expect(Math.abs((mine as number) / value - 1), `${metric}@${i + 1}: ${mine} vs ${value}`).toBeLessThan(1e-12);
    });
  }
}

describe('exactMetrics against the numpy peer (relative 1e-12)', () => {
  it('independent: coverage and passHat, K = 8', () => {
    const scenario = resolveScenario({ tasks, policy: { maxAttempts: 8 } });
    expectPeer(peer.independent, exactMetrics(scenario, benchmark));
  });

  it('exchangeable icc 0.3: coverage and passHat, K = 8', () => {
    const scenario = resolveScenario({
      tasks,
      attempts: { correlation: { model: 'exchangeable', icc: 0.3 } },
      policy: { maxAttempts: 8 },
    });
    expectPeer(peer.exchangeable, exactMetrics(scenario, benchmark));
  });

  it('verifier FA 0.05, FR 0.10, lognormal cost + 0.001, sequential: delivery, attempts, cost, K = 8', () => {
    const scenario = resolveScenario({
      tasks,
      attempts: { cost: { perAttempt: { dist: 'lognormal', median: 0.02, sigma: 0.5 } } },
      verifier: { falseAccept: 0.05, falseReject: 0.1, cost: 0.001 },
      policy: { maxAttempts: 8, mode: 'sequential', onNoAccept: 'abstain' },
    });
    const got = exactMetrics(scenario, benchmark);
    expectPeer(peer.verifier, got);
    // Same numbers (to rounding) when the fixed dist is integrated over instead of passed as a benchmark.
    exactMetrics(scenario, null).forEach((row, i) => {
      for (const [key, value] of Object.entries(row)) {
        if (value === null) {
          expect(got[i][key as keyof ExactMetrics], key).toBeNull(); // the over-cap figures without a budget
          continue;
        }
        expect(Math.abs(value / (got[i][key as keyof ExactMetrics] as number) - 1), key).toBeLessThan(1e-14);
      }
    });
  });
});
