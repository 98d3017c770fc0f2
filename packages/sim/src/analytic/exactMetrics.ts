import { requireObject } from '../checkArgs.js';
import { requireScenario } from '../scenario/requireScenario.js';
import { requireInteger, requireUnit } from '../checks.js';
import { momentComplementPower, momentPower } from '../distributions/momentPower.js';
import { successRateQuadrature } from '../distributions/successRateQuadrature.js';
import { InputError } from '../errors.js';
import type { Amount, RateSpec, Scenario } from '../scenario/types.js';
import { allCorrect } from './allCorrect.js';
import { allWrong } from './allWrong.js';
import { episodeOutcomes, type EpisodeOptions } from './episodeOutcomes.js';
import { exactSupport } from './exactSupport.js';
import { expectedAmount } from '../engine/expectedAmount.js';
import type { FixedBenchmark } from './fixedBenchmark.js';
import { requireCorrelation } from './requireCorrelation.js';
import { taskPaths } from './taskPaths.js';
import { verifierMoments, type VerifierMoments } from './verifierMoments.js';

/** Closed-form values of one attempt budget k; null where none exists (see `exactSupport`). */
export interface ExactMetrics {
  readonly coverage: number | null;
  readonly passHatK: number | null;
  readonly deliveredCorrect: number | null;
  readonly deliveredWrong: number | null;
  readonly abstained: number | null;
  readonly attempts: number | null;
  readonly cost: number | null;
  readonly latency: number | null;
  /** P(cost > budget.cost) and E[max(0, cost − budget.cost)]; P(latency > budget.latency), its mean overshoot. */
  readonly costOverCap: number | null;
  readonly costOvershoot: number | null;
  readonly latencyOverCap: number | null;
  readonly latencyOvershoot: number | null;
  readonly costPerCorrect: number | null;
}

/**
 * The exact value of every output per budget k = 1..maxAttempts (index k − 1), beside which the
 * engine reports its Monte Carlo means (engine semantics, "Closed forms"; docs/design.md §3).
 *
 * Formula: per task (p, FA, FR) then averaged over the benchmark's tasks (`benchmark` given: the
 * drawn tasks of a run with resample false), or integrated over tasks.successRate by
 * `successRateQuadrature` (`benchmark` null: resampled tasks, or the population; exact sums for
 * fixed/point, 64-point Gauss for beta — exact for k ≤ 127, where every per-task value is a
 * polynomial of degree ≤ k in p —, ≲ 1e-12 for logitNormal). coverage = 1 − E[allWrong_k], passHatK = E[allCorrect_k] (`allWrong`, `allCorrect`;
 * independent attempts over a distribution use `momentPower`'s closed forms); delivery, attempts
 * and rounds from `taskPaths` + `episodeOutcomes` where `exactSupport` allows; cost = attempts ×
 * (E[cost_j] + verifier.cost) (Wald; lognormal E = median·e^{σ²/2}); latency = rounds × value
 * (constant) or attempts × E[latency_j] (rounds of one); costPerCorrect = cost/deliveredCorrect.
 * Beta verifier rates not given per task are integrated exactly through their moments.
 * Example (seeds, docs/design.md §3): p = 0.3 fixed, independent, k = 10: coverage 1 − 0.7^10 ≈ 0.972; the
 * numpy peer's canonical benchmarks agree to 1e-12 (tested).
 */
export function exactMetrics(scenario: Scenario, benchmark: FixedBenchmark | null): ExactMetrics[] {
  scenario = requireScenario('scenario', scenario);
  if (benchmark !== null) requireObject('benchmark', benchmark);
  const K = requireInteger('scenario.policy.maxAttempts', scenario.policy.maxAttempts, 1);
  const correlation = requireCorrelation('scenario.attempts.correlation', scenario.attempts.correlation);
  const support = exactSupport(scenario);
  const tasks = taskNodes(scenario, benchmark);
  const { verifier, policy } = scenario;
  const falseAccept: RateSpec = verifier.perfect ? { dist: 'point', p: 0 } : verifier.falseAccept;
  const falseReject: RateSpec = verifier.perfect ? { dist: 'point', p: 0 } : verifier.falseReject;
  const caps = support.caps;
  const cut = caps?.cut ?? null;
  // Budgets beyond the cap deliver as the cap; a cut-off attempt needs P(reaching it), one more.
  const kMax = Math.min(K, support.attemptCap + (cut === null ? 0 : 1));
  const needPaths = support.attempts;
  const shared = verifierMoments(falseAccept, falseReject, kMax);
  const options: EpisodeOptions = {
    mode: policy.mode,
    batchSize: policy.batchSize,
    onNoAccept: policy.onNoAccept,
    delivery: scenario.selector.kind === 'oracle' ? 'oracle' : 'firstAccepted',
  };

  const wrongSum = new Float64Array(K + 1);
  const correctSum = new Float64Array(K + 1);
  const sums = {
    deliveredCorrect: new Float64Array(kMax + 1),
    deliveredWrong: new Float64Array(kMax + 1),
    abstained: new Float64Array(kMax + 1),
    attempts: new Float64Array(kMax + 1),
    rounds: new Float64Array(kMax + 1),
  };
  for (let t = 0; t < tasks.p.length; t++) {
    const p = tasks.p[t];
    const weight = tasks.weights[t];
    const wrong = allWrong(p, correlation, K);
    const correct = allCorrect(p, correlation, K);
    for (let k = 1; k <= K; k++) {
      wrongSum[k] += weight * wrong[k];
      correctSum[k] += weight * correct[k];
    }
    if (!needPaths) continue;
    const moments = taskMoments(t, benchmark, falseAccept, falseReject, kMax) ?? shared;
    const outcomes = episodeOutcomes(taskPaths(p, correlation, moments, kMax), wrong, moments.wrongRejected, options);
    for (const key of Object.keys(sums) as (keyof typeof sums)[]) {
      const from = outcomes[key];
      const to = sums[key];
      for (let k = 1; k <= kMax; k++) to[k] += weight * from[k];
    }
  }

  // Independent attempts over a distribution: the moments' closed forms (exact for any k).
  const dist = scenario.tasks.successRate;
  const independent = correlation.model === 'independent' || (correlation.model === 'exchangeable' && correlation.icc === 0);
  const useMoments = benchmark === null && independent;

  const costEach = mean(scenario.attempts.cost) + (verifier.perfect ? 0 : verifier.cost);
  const latency = scenario.attempts.latency;
  const latencyConstant = latency.dist === 'constant' || (latency.dist === 'lognormal' && latency.sigma === 0);
  const latencyEach = mean(latency);
  const complete = support.attemptCap;
  // Rounds of one: P(attempt j starts) = E[attempts at budget j] − E[attempts at budget j − 1].
  const reach = (j: number) => sums.attempts[j] - sums.attempts[j - 1];
  const { cost: costCap, latency: latencyCap } = policy.budget;
  const overFigures = (over: { attempt: number; excess: number } | null, k: number, exists: boolean) => {
    if (!exists) return { p: null, excess: null };
    if (policy.budget.mode === 'hard') return { p: 0, excess: 0 }; // cut off at the cap: never above it
    if (!support.overCap) return { p: null, excess: null };
    if (over === null || k < over.attempt) return { p: 0, excess: 0 };
    const p = reach(over.attempt);
    return { p: unit(p), excess: p * over.excess };
  };
  const out: ExactMetrics[] = [];
  for (let k = 1; k <= K; k++) {
    const kk = Math.min(k, complete, kMax);
    const cutHere = cut !== null && k > complete ? reach(complete + 1) : 0;
    const coverage = useMoments ? 1 - momentComplementPower(dist, k) : 1 - wrongSum[k];
    const passHatK = useMoments ? momentPower(dist, k) : correctSum[k];
    const delivered = support.delivery[k - 1];
    const deliveredCorrect = delivered ? unit(sums.deliveredCorrect[kk]) : null;
    const deliveredWrong = delivered ? unit(sums.deliveredWrong[kk]) : null;
    const abstained = delivered ? unit(sums.abstained[kk]) : null;
    const attempts = support.attempts ? sums.attempts[kk] + cutHere : null;
    // Completed attempts pay E[amount] each (Wald); a cut-off one pays up to the cap.
    const cost = attempts === null ? null : sums.attempts[kk] * costEach + cutHere * (cut?.cost ?? costEach);
    const latencyValue = !support.latency[k - 1]
      ? null
      : (latencyConstant ? sums.rounds[kk] : sums.attempts[kk]) * latencyEach + cutHere * (cut?.latency ?? latencyEach);
    const costOver = overFigures(caps?.costOver ?? null, k, costCap !== null);
    const latencyOver = overFigures(caps?.latencyOver ?? null, k, latencyCap !== null);
    out.push({
      coverage: unit(coverage),
      passHatK: unit(passHatK),
      deliveredCorrect,
      deliveredWrong,
      abstained,
      attempts,
      cost,
      latency: latencyValue,
      costOverCap: costOver.p,
      costOvershoot: costOver.excess,
      latencyOverCap: latencyOver.p,
      latencyOvershoot: latencyOver.excess,
      costPerCorrect: cost !== null && deliveredCorrect !== null && deliveredCorrect > 0 ? cost / deliveredCorrect : null,
    });
  }
  return out;
}

/** The tasks to average over: the benchmark's (weight 1/T each) or the distribution's quadrature rule. */
function taskNodes(scenario: Scenario, benchmark: FixedBenchmark | null): { p: Float64Array; weights: Float64Array } {
  if (benchmark === null) {
    const rule = successRateQuadrature(scenario.tasks.successRate);
    return { p: rule.nodes, weights: rule.weights };
  }
  const p = benchmark?.p;
  if (!(p instanceof Float64Array) || p.length === 0) {
    throw new InputError('benchmark.p', 'must be a non-empty Float64Array', p);
  }
  for (let t = 0; t < p.length; t++) requireUnit(`benchmark.p[${t}]`, p[t]);
  for (const key of ['falseAccept', 'falseReject'] as const) {
    const rates = benchmark[key];
    if (rates === undefined) continue;
    if (!(rates instanceof Float64Array) || rates.length !== p.length) {
      throw new InputError(`benchmark.${key}`, `must be a Float64Array of length ${p.length} (one per task)`, rates);
    }
    for (let t = 0; t < rates.length; t++) requireUnit(`benchmark.${key}[${t}]`, rates[t]);
  }
  return { p, weights: new Float64Array(p.length).fill(1 / p.length) };
}

/** Task t's own verifier moments when the benchmark carries its drawn rates, else null (use the shared ones). */
function taskMoments(t: number, benchmark: FixedBenchmark | null, falseAccept: RateSpec, falseReject: RateSpec, n: number): VerifierMoments | null {
  const fa = benchmark?.falseAccept;
  const fr = benchmark?.falseReject;
  if (fa === undefined && fr === undefined) return null;
  return verifierMoments(fa === undefined ? falseAccept : { dist: 'point', p: fa[t] }, fr === undefined ? falseReject : { dist: 'point', p: fr[t] }, n);
}

/** E[amount]: the value, or median·e^{σ²/2} for a lognormal. */
function mean(amount: Amount): number {
  return expectedAmount(amount);
}

/** A probability, with rounding outside [0, 1] (from 1 − sums) clipped. */
function unit(x: number): number {
  return Math.min(1, Math.max(0, x));
}
