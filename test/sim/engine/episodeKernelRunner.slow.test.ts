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

// The episode kernel (EpisodeKernelRunner, paths sequential and rounds) consumes each block's stream
// exactly as the general episode (GeneralRunner + GeneralEpisode, the executable definition of the
// semantics) does, so on every feature combination it covers both must simulate the same episodes: the counts (coverage,
// passHatK, delivery, attempts, over-cap counts) are sums of the same integers and must be equal;
// the amounts (cost, latency, overshoot) are the same numbers summed in another order, equal to
// rounding (1e-12 relative).
const COUNT_METRICS = [COVERAGE, PASS_HAT, DELIVERED_CORRECT, DELIVERED_WRONG, ABSTAINED, ATTEMPTS, COST_OVER_CAP, LATENCY_OVER_CAP];
const lognormal = (median: number, sigma: number) => ({ perAttempt: { dist: 'lognormal', median, sigma } });

/**
 * Modes, round sizes and selectors: rounds of one (`sequential`), then rounds of several and the
 * selectors that draw (`rounds`): batches of 1 with random, bestScore and majorityVote (a round of
 * one still draws its uniform, its score, the episode's weights), of 2 (K = 6: three rounds) and 4 (a last round of 2), parallel (one round).
 */
const ROUNDS: Array<[string, number, Record<string, unknown>]> = [
  ['sequential', 1, { kind: 'firstAccepted' }],
  ['batches', 1, { kind: 'oracle' }],
  ['batches', 1, { kind: 'random' }],
  ['batches', 1, { kind: 'bestScore', separation: 1, threshold: 0.5 }],
  ['batches', 2, { kind: 'firstAccepted' }],
  ['batches', 2, { kind: 'oracle' }],
  ['batches', 2, { kind: 'random' }],
  ['batches', 2, { kind: 'bestScore', separation: 1.5 }],
  ['batches', 4, { kind: 'bestScore', separation: 1, threshold: 0.5 }],
  ['parallel', 6, { kind: 'firstAccepted' }],
  ['parallel', 6, { kind: 'random' }],
  ['parallel', 6, { kind: 'bestScore', separation: 1, threshold: 1 }],
  ['batches', 1, { kind: 'majorityVote', distinctWrong: 2, concentration: 1 }],
  ['batches', 2, { kind: 'majorityVote', distinctWrong: 3, concentration: 1 }],
  ['parallel', 6, { kind: 'majorityVote', distinctWrong: 2, concentration: 0.5 }],
];

/** The entries of ROUNDS also run with constant amounts and with lists of observed amounts (the others: lognormal). */
const ALL_AMOUNTS = [0, 1, 4, 9, 14];

function grid(): Array<[string, Record<string, unknown>]> {
  const cases: Array<[string, Record<string, unknown>]> = [];
  const correlations = [
    { model: 'independent' },
    { model: 'markov', stickiness: 0.5 },
    { model: 'exchangeable', icc: 0.3 },
    { model: 'feedback', afterFailure: 0.2 },
    { model: 'feedback', afterFailure: -0.3 },
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
          for (const [r, [mode, batchSize, selector]] of ROUNDS.entries())
            for (const [v, verifier] of verifiers.entries())
              for (const [a, amount] of amounts.entries()) {
                if (a > 0 && (resample || v > 0)) continue; // the other amounts on fixed tasks with the verifier only (test time)
                // Test time: the constant and observed amounts with a few selectors only, and resampled tasks with the verifier.
                if (a > 0 && !ALL_AMOUNTS.includes(r)) continue;
                if (r >= 2 && resample && v > 0) continue;
                const name = `${correlation.model} ${JSON.stringify(budget ?? {})} ${onNoAccept} resample=${resample} ${mode}(${batchSize})/${JSON.stringify(selector)} verifier=${v === 0} amounts=${['lognormal', 'constant', 'empirical'][a]}`;
                cases.push([
                  name,
                  {
                    seed: 7,
                    tasks: { count: 7, successRate: { dist: 'beta', mean: 0.5, concentration: 2 }, resample },
                    attempts: { correlation, ...amount },
                    ...(verifier ? { verifier } : {}),
                    selector,
                    policy: { maxAttempts: 6, mode, ...(mode === 'batches' ? { batchSize } : {}), onNoAccept, ...(budget ? { budget } : {}) },
                    run: { replicates: 70 },
                  },
                ]);
              }
  // More attempts than the outcome bit mask holds (K > 30): the kernel's other way to find G and F.
  for (const model of ['markov', 'feedback'])
    for (const [mode, batchSize, selector] of [ROUNDS[0], ROUNDS[6], ROUNDS[7]])
      cases.push([
        `${model}, K = 40, ${mode}(${batchSize})/${JSON.stringify(selector)}, soft cost cap, deliverLast`,
        {
          seed: 8,
          tasks: { count: 5, successRate: { dist: 'beta', mean: 0.3, concentration: 2 } },
          attempts: { correlation: model === 'markov' ? { model, stickiness: 0.6 } : { model, afterFailure: 0.05 }, cost: lognormal(0.02, 0.5) },
          verifier: { falseAccept: 0.1, falseReject: 0.3 },
          selector,
          policy: { maxAttempts: 40, mode, ...(mode === 'batches' ? { batchSize: 3 } : {}), onNoAccept: 'deliverLast', budget: { cost: 0.5 } },
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

describe('EpisodeKernelRunner: the same episodes as the general episode, on every combination it covers', () => {
  const cases = grid();
  it(`covers ${cases.length} combinations of correlation, budget (soft/hard, cost/latency), onNoAccept, resample, mode, round size, selector, verifier, amounts`, () => {
    const kernel = { sequential: 0, rounds: 0 };
    for (const [name, input] of cases) {
      const scenario = resolveScenario(input);
      const path = enginePath(scenario);
      if (path !== 'sequential' && path !== 'rounds') continue; // a fast path applies (no budget, fixed tasks, …): checked elsewhere
      kernel[path]++;
      const fast = simulatePartial(scenario);
      const general = simulatePartial(scenario, { forceGeneral: true });
      expect(fast.path, name).toBe(path);
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
    expect(kernel.sequential + kernel.rounds).toBeGreaterThan(cases.length / 2);
    expect(kernel.rounds).toBeGreaterThan(kernel.sequential);
    // 2 744 combinations, twice each: 17–20 s on this project's 2-core machine on 3 December; a guard against a hang, not a timing.
  }, 120_000);
});
