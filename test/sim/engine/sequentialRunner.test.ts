import { describe, expect, it } from 'vitest';
import { enginePath } from '../../../packages/sim/src/engine/enginePlan.js';
import { simulatePartial } from '../../../packages/sim/src/engine/simulatePartial.js';
import {
  ATTEMPTS,
  ABSTAINED,
  COVERAGE,
  DELIVERED_CORRECT,
  DELIVERED_WRONG,
  METRIC_COUNT,
  PASS_HAT,
  COST_OVER_CAP,
  LATENCY_OVER_CAP,
} from '../../../packages/sim/src/engine/engineMetrics.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';

// The sequential kernel (SequentialRunner) consumes each block's stream exactly as the general
// episode (GeneralRunner + GeneralEpisode, the executable definition of the semantics) does, so on
// every feature combination it covers both must simulate the same episodes: the counts (coverage,
// passHatK, delivery, attempts, over-cap counts) are sums of the same integers and must be equal;
// the amounts (cost, latency, overshoot) are the same numbers summed in another order, equal to
// rounding (1e-12 relative).
const COUNT_METRICS = [COVERAGE, PASS_HAT, DELIVERED_CORRECT, DELIVERED_WRONG, ABSTAINED, ATTEMPTS, COST_OVER_CAP, LATENCY_OVER_CAP];
const lognormal = (median: number, sigma: number) => ({ perAttempt: { dist: 'lognormal', median, sigma } });

function grid(): Array<[string, Record<string, unknown>]> {
  const cases: Array<[string, Record<string, unknown>]> = [];
  const correlations = [
    { model: 'independent' },
    { model: 'markov', stickiness: 0.5 },
    { model: 'exchangeable', icc: 0.3 },
    { model: 'feedback', afterFailure: 0.2 },
  ];
  const budgets = [
    undefined,
    { cost: 0.07 },
    { cost: 0.07, mode: 'hard' },
    { latency: 2.5 },
    { latency: 2.5, mode: 'hard' },
    { cost: 0.09, latency: 3, mode: 'hard' },
  ];
  const verifiers = [{ falseAccept: { dist: 'beta', mean: 0.1, concentration: 5 }, falseReject: 0.1, cost: 0.001 }, undefined];
  const amounts = [
    { cost: lognormal(0.02, 0.5), latency: lognormal(1, 0.3) },
    { cost: { perAttempt: 0.02 }, latency: { perAttempt: 1 } },
    { cost: { perAttempt: { dist: 'empirical', values: [0.01, 0.03, 0.02, 0.05] } }, latency: { perAttempt: { dist: 'empirical', values: [0.5, 1, 2.5] } } },
  ];
  for (const correlation of correlations)
    for (const budget of budgets)
      for (const onNoAccept of ['abstain', 'deliverLast'])
        for (const resample of [false, true])
          for (const [mode, kind] of [
            ['sequential', 'firstAccepted'],
            ['batches', 'oracle'],
          ])
            for (const [v, verifier] of verifiers.entries())
              for (const [a, amount] of amounts.entries()) {
                if (a > 0 && (resample || v > 0)) continue; // the other amounts on fixed tasks with the verifier only (test time)
                const name = `${correlation.model} ${JSON.stringify(budget ?? {})} ${onNoAccept} resample=${resample} ${mode}/${kind} verifier=${v === 0} amounts=${['lognormal', 'constant', 'empirical'][a]}`;
                cases.push([
                  name,
                  {
                    seed: 7,
                    tasks: { count: 7, successRate: { dist: 'beta', mean: 0.5, concentration: 2 }, resample },
                    attempts: { correlation, ...amount },
                    ...(verifier ? { verifier } : {}),
                    selector: { kind },
                    policy: { maxAttempts: 6, mode, ...(mode === 'batches' ? { batchSize: 1 } : {}), onNoAccept, ...(budget ? { budget } : {}) },
                    run: { replicates: 70 },
                  },
                ]);
              }
  // More attempts than the outcome bit mask holds (K > 30): the kernel's other way to find G and F.
  for (const model of ['markov', 'feedback'])
    cases.push([
      `${model}, K = 40, soft cost cap, deliverLast`,
      {
        seed: 8,
        tasks: { count: 5, successRate: { dist: 'beta', mean: 0.3, concentration: 2 } },
        attempts: { correlation: model === 'markov' ? { model, stickiness: 0.6 } : { model, afterFailure: 0.05 }, cost: lognormal(0.02, 0.5) },
        verifier: { falseAccept: 0.1, falseReject: 0.3 },
        policy: { maxAttempts: 40, onNoAccept: 'deliverLast', budget: { cost: 0.5 } },
        run: { replicates: 70 },
      },
    ]);
  // The outcome patterns' limit: K = 10 draws one pattern per episode on a fixed benchmark, K = 11 one uniform per attempt.
  for (const K of [10, 11])
    cases.push([
      `markov, K = ${K} (outcome patterns up to K = 10), soft cost cap`,
      {
        seed: 9,
        tasks: { count: 6, successRate: { dist: 'beta', mean: 0.4, concentration: 2 } },
        attempts: { correlation: { model: 'markov', stickiness: 0.5 }, cost: lognormal(0.02, 0.5) },
        verifier: { falseAccept: 0.05, falseReject: 0.1, cost: 0.001 },
        policy: { maxAttempts: K, budget: { cost: 0.12 } },
        run: { replicates: 70 },
      },
    ]);
  return cases;
}

describe('SequentialRunner: the same episodes as the general episode, on every combination it covers', () => {
  const cases = grid();
  it(`covers ${cases.length} combinations of correlation, budget (soft/hard, cost/latency), onNoAccept, resample, selector, verifier, amounts`, () => {
    let kernel = 0;
    for (const [name, input] of cases) {
      const scenario = resolveScenario(input);
      const path = enginePath(scenario);
      if (path !== 'sequential') continue; // a fast path applies (no budget, fixed tasks, …): checked elsewhere
      kernel++;
      const fast = simulatePartial(scenario);
      const general = simulatePartial(scenario, { forceGeneral: true });
      expect(fast.path, name).toBe('sequential');
      expect(general.path, name).toBe('general');
      expect(
        fast.nodes.map((n) => [n.level, n.index]),
        name,
      ).toEqual(general.nodes.map((n) => [n.level, n.index]));
      const K = scenario.policy.maxAttempts;
      const width = METRIC_COUNT * K;
      fast.nodes.forEach((node, i) => {
        const other = general.nodes[i].sums;
        node.sums.forEach((x, at) => {
          const y = other[at];
          const metric = Math.floor((at % width) / K);
          if (at < 2 * width && COUNT_METRICS.includes(metric)) expect(x, `${name}: sum ${at}`).toBe(y);
          else expect(Math.abs(x - y), `${name}: sum ${at} ${x} vs ${y}`).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(y)));
        });
      });
    }
    expect(kernel).toBeGreaterThan(cases.length / 2);
  });
});
