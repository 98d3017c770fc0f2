import { describe, expect, it } from 'vitest';
import { createBlockRunner } from '../../../packages/sim/src/engine/enginePlan.js';
import { ABSTAINED, ATTEMPTS, COST, DELIVERED_CORRECT, DELIVERED_WRONG, METRIC_COUNT } from '../../../packages/sim/src/engine/engineMetrics.js';
import { GeneralEpisode } from '../../../packages/sim/src/engine/generalEpisode.js';
import { simulate } from '../../../packages/sim/src/engine/simulate.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { averageOver, expectNear, scenarioOf } from './engineChecks.js';

const RATES = [0.1, 0.5, 0.8, 0, 1];
const lognormal = { dist: 'lognormal', median: 0.3, sigma: 0.8 };
const verifier = { falseAccept: 0.2, falseReject: 0.3, cost: 0.01 };

describe('GeneralEpisode: invariants', () => {
  const cases: Record<string, Record<string, unknown>> = {
    'sequential, cost budget, deliverLast': {
      verifier,
      attempts: { cost: { perAttempt: lognormal } },
      policy: { maxAttempts: 6, budget: { cost: 1 }, onNoAccept: 'deliverLast' },
    },
    'batches of 4, bestScore threshold': {
      verifier,
      policy: { maxAttempts: 6, mode: 'batches', batchSize: 4 },
      selector: { kind: 'bestScore', separation: 1, threshold: 0.5 },
    },
    'parallel majorityVote, budget': {
      verifier,
      attempts: { cost: { perAttempt: lognormal } },
      policy: { maxAttempts: 6, mode: 'parallel', budget: { cost: 1.2 } },
      selector: { kind: 'majorityVote', distinctWrong: 2 },
    },
    'batches oracle, exchangeable, deliverLast': {
      verifier,
      attempts: { correlation: { model: 'exchangeable', icc: 0.5 } },
      policy: { maxAttempts: 6, mode: 'batches', batchSize: 2, onNoAccept: 'deliverLast' },
      selector: { kind: 'oracle' },
    },
    'fast path: perfect verifier, deliverLast': { policy: { maxAttempts: 6, onNoAccept: 'deliverLast' } },
    'fast path: independent verifier, batches': { verifier, policy: { maxAttempts: 6, mode: 'batches', batchSize: 4 } },
  };
  for (const [name, fields] of Object.entries(cases)) {
    it(`${name}: deliveredCorrect + deliveredWrong + abstained = T exactly in every replicate; attempts ≤ k`, () => {
      const scenario = scenarioOf(RATES, fields, 64);
      const K = 6;
      const T = RATES.length;
      const out = new Float64Array(64 * METRIC_COUNT * K);
      // The general episode itself (forced), but where the case is named after a fast path.
      createBlockRunner(scenario, !name.startsWith('fast path')).run(streamRng(scenario.seed, 'block', 0), 0, 64, out);
      for (let r = 0; r < 64; r++) {
        for (let k = 1; k <= K; k++) {
          const at = (m: number) => out[r * METRIC_COUNT * K + m * K + k - 1];
          expect(at(DELIVERED_CORRECT) + at(DELIVERED_WRONG) + at(ABSTAINED)).toBe(T);
          expect(Number.isInteger(at(DELIVERED_CORRECT)) && at(DELIVERED_CORRECT) >= 0).toBe(true);
          expect(at(ATTEMPTS)).toBeLessThanOrEqual(k * T);
        }
      }
    });
  }

  it('the cost budget: attempt j starts only while the spend of attempts 1..j − 1 is below budget.cost', () => {
    // p = 0 and a perfect verifier: nothing is ever accepted, so budget k runs min(k, L) attempts,
    // where L is the last attempt the budget lets start; cost_k is the spend of those attempts.
    const scenario = scenarioOf([0], { attempts: { cost: { perAttempt: lognormal } }, policy: { maxAttempts: 8, budget: { cost: 1 } } }, 1);
    const episode = new GeneralEpisode(scenario);
    const rng = streamRng(5, 'budget');
    const K = 8;
    let capped = 0;
    // The episodes that break a rule, collected and checked once (an expect per budget cost more
    // than the episodes).
    const broken: string[] = [];
    for (let e = 0; e < 2000; e++) {
      const out = new Float64Array(METRIC_COUNT * K);
      episode.run(0, 0, 0, rng, out, 0);
      const attempts = (k: number) => out[ATTEMPTS * K + k - 1];
      const cost = (k: number) => out[COST * K + k - 1];
      for (let k = 1; k <= K; k++) {
        if (attempts(k) === k) {
          // attempt k was allowed to start
          if (k > 1 && !(cost(k - 1) < 1)) broken.push(`episode ${e} k=${k}: attempt ${k} started after a spend of ${cost(k - 1)}`);
        } else {
          capped++;
          // stopped: the same as the smaller budget
          if (attempts(k) !== attempts(k - 1)) broken.push(`episode ${e} k=${k}: ${attempts(k)} attempts, ${attempts(k - 1)} at k − 1`);
          // the next attempt was refused
          if (!(cost(attempts(k)) >= 1)) broken.push(`episode ${e} k=${k}: stopped at a spend of ${cost(attempts(k))}`);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(capped).toBeGreaterThan(0);
  });

  it('constant cost 0.3, budget 1: at most 4 attempts (spend 0.9 < 1 before the 4th, 1.2 before the 5th)', () => {
    const summary = simulate(scenarioOf([0], { attempts: { cost: { perAttempt: 0.3 } }, policy: { maxAttempts: 6, budget: { cost: 1 } } }, 3));
    expect(summary.rows.map((row) => row.attempts.value)).toEqual([1, 2, 3, 4, 4, 4]);
    expect(summary.rows[5].cost.value).toBeCloseTo(1.2, 12);
  });
});

describe('GeneralEpisode: selectors against closed forms', () => {
  it('majorityVote with one wrong answer, everything accepted (parallel): P(correct) = p, p, p³ + 3p²(1 − p) for k = 1, 2, 3 (ties split ½)', () => {
    const summary = simulate(
      scenarioOf(
        RATES,
        { verifier: { falseAccept: 1 }, policy: { maxAttempts: 3, mode: 'parallel' }, selector: { kind: 'majorityVote', distinctWrong: 1 } },
        3000,
      ),
    );
    expectNear(
      summary.rows[0].deliveredCorrect,
      averageOver(RATES, (p) => p),
      'k = 1',
    );
    expectNear(
      summary.rows[1].deliveredCorrect,
      averageOver(RATES, (p) => p),
      'k = 2',
    );
    expectNear(
      summary.rows[2].deliveredCorrect,
      averageOver(RATES, (p) => p ** 3 + 3 * p * p * (1 - p)),
      'k = 3',
    );
    expect(summary.rows[2].abstained.value).toBe(0);
  });

  it('bestScore separation 1, threshold 1.5 on always-correct tasks: delivered iff some score ≥ 1.5, P = 1 − Φ(0.5)^k', () => {
    // python3 -c "from scipy.stats import norm; print(norm.cdf(0.5))" → 0.6914624612740131
    const below = 0.6914624612740131;
    for (const policy of [
      { maxAttempts: 4, mode: 'parallel' },
      { maxAttempts: 4, mode: 'batches', batchSize: 1 },
    ]) {
      const scenario = scenarioOf([1, 1], { policy, selector: { kind: 'bestScore', separation: 1, threshold: 1.5 } }, 3000);
      const summary = simulate(scenario, { forceGeneral: true });
      expect(summary.path).toBe('general');
      for (let k = 1; k <= 4; k++) {
        expectNear(summary.rows[k - 1].deliveredCorrect, 1 - below ** k, `${policy.mode} k = ${k}`);
        // batches of 1 stop at the first score ≥ 1.5: E[attempts] = Σ_{j<k} Φ(0.5)^j.
        const attempts = policy.mode === 'parallel' ? k : Array.from({ length: k }, (_, j) => below ** j).reduce((s, x) => s + x, 0);
        expectNear(summary.rows[k - 1].attempts, attempts, `${policy.mode} attempts k = ${k}`);
      }
    }
  });
});
