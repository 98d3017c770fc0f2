import { describe, expect, it } from 'vitest';
import { simulate } from '../../../packages/sim/src/engine/simulate.js';
import { ALL_METRICS, averageOver, expectNear, expectSameLaw, scenarioOf } from './engineChecks.js';

// Statistical checks of the engine against the closed forms of docs/design.md §3 and the engine semantics
// ("Closed forms"), computed here per task and averaged over the fixed benchmark. Tolerance: 5 SE
// as reported by the summary. Each scenario runs on its fast path and on the general path.
const RATES = [0.05, 0.3, 0.6, 0.9, 0, 1];
const K = 5;
const ks = [1, 2, 3, 4, 5];

function bothPaths(fields: Record<string, unknown>, values = RATES, replicates = 1500) {
  const scenario = scenarioOf(values, fields, replicates);
  return { scenario, fast: simulate(scenario), general: simulate(scenario, { forceGeneral: true }) };
}

describe('simulate: coverage and passHatK against closed forms', () => {
  it('independent: coverage@k = mean 1 − (1 − p)^k, passHatK@k = mean p^k; perfect verifier delivers coverage', () => {
    const { fast, general } = bothPaths({ attempts: { cost: { perAttempt: 0.02 } } });
    expect(fast.path).toBe('perfectVerifier');
    expect(general.path).toBe('general');
    for (const summary of [fast, general]) {
      for (const k of ks) {
        const row = summary.rows[k - 1];
        const coverage = averageOver(RATES, (p) => 1 - (1 - p) ** k);
        // E[min(G, k)] = Σ_{j<k} P(G > j) = Σ_{j<k} (1 − p)^j
        const attempts = averageOver(RATES, (p) => Array.from({ length: k }, (_, j) => (1 - p) ** j).reduce((s, x) => s + x, 0));
        expectNear(row.coverage, coverage, `${summary.path} coverage@${k}`);
        expectNear(
          row.passHatK,
          averageOver(RATES, (p) => p ** k),
          `${summary.path} passHatK@${k}`,
        );
        expectNear(row.deliveredCorrect, coverage, `${summary.path} deliveredCorrect@${k}`);
        expect(row.deliveredWrong.value).toBe(0);
        expectNear(row.abstained, 1 - coverage, `${summary.path} abstained@${k}`);
        expectNear(row.attempts, attempts, `${summary.path} attempts@${k}`);
        expectNear(row.cost, 0.02 * attempts, `${summary.path} cost@${k}`);
        expectNear(row.latency, attempts, `${summary.path} latency@${k}`);
      }
    }
  });

  it('K = 8 (C = 16 classes, the packed alias words): coverage@k = mean 1 − (1 − p)^k, passHatK@k = mean p^k, attempts@k = mean Σ_{j<k} (1 − p)^j', () => {
    const summary = simulate(scenarioOf(RATES, { policy: { maxAttempts: 8 } }, 1500));
    expect(summary.path).toBe('perfectVerifier');
    for (let k = 1; k <= 8; k++) {
      const row = summary.rows[k - 1];
      expectNear(
        row.coverage,
        averageOver(RATES, (p) => 1 - (1 - p) ** k),
        `coverage@${k}`,
      );
      expectNear(
        row.passHatK,
        averageOver(RATES, (p) => p ** k),
        `passHatK@${k}`,
      );
      expectNear(
        row.attempts,
        averageOver(RATES, (p) => Array.from({ length: k }, (_, j) => (1 - p) ** j).reduce((s, x) => s + x, 0)),
        `attempts@${k}`,
      );
    }
  });

  it('exchangeable icc 0.25: 1 − coverage@k = mean ∏_{j<k}(b + j)/(a + b + j), passHatK@k = mean ∏_{j<k}(a + j)/(a + b + j)', () => {
    const icc = 0.25;
    const { fast, general } = bothPaths({ attempts: { correlation: { model: 'exchangeable', icc } } });
    const product = (top: (p: number) => number, k: number) =>
      averageOver(RATES, (p) => {
        let x = 1;
        for (let j = 0; j < k; j++) x *= (top(p) + j) / (1 / icc - 1 + j);
        return x;
      });
    for (const summary of [fast, general]) {
      for (const k of ks) {
        const row = summary.rows[k - 1];
        expectNear(row.coverage, 1 - product((p) => (1 - p) * (1 / icc - 1), k), `${summary.path} coverage@${k}`);
        expectNear(
          row.passHatK,
          product((p) => p * (1 / icc - 1), k),
          `${summary.path} passHatK@${k}`,
        );
      }
    }
  });

  it('markov λ 0.6: 1 − coverage@k = mean (1 − p)(λ + (1 − λ)(1 − p))^{k−1}, passHatK@k = mean p(λ + (1 − λ)p)^{k−1}', () => {
    const lambda = 0.6;
    const { fast, general } = bothPaths({ attempts: { correlation: { model: 'markov', stickiness: lambda } } });
    for (const summary of [fast, general]) {
      for (const k of ks) {
        const row = summary.rows[k - 1];
        expectNear(row.coverage, 1 - averageOver(RATES, (p) => (1 - p) * (lambda + (1 - lambda) * (1 - p)) ** (k - 1)), `${summary.path} coverage@${k}`);
        expectNear(
          row.passHatK,
          averageOver(RATES, (p) => p * (lambda + (1 - lambda) * p) ** (k - 1)),
          `${summary.path} passHatK@${k}`,
        );
      }
    }
  });

  it('feedback η 0.3: 1 − coverage@k = mean (1 − p)^k (1 − η)^{k(k−1)/2}, passHatK@k = mean p^k', () => {
    const eta = 0.3;
    const { fast, general } = bothPaths({ attempts: { correlation: { model: 'feedback', afterFailure: eta } } });
    for (const summary of [fast, general]) {
      for (const k of ks) {
        const row = summary.rows[k - 1];
        expectNear(row.coverage, 1 - averageOver(RATES, (p) => (1 - p) ** k * (1 - eta) ** ((k * (k - 1)) / 2)), `${summary.path} coverage@${k}`);
        expectNear(
          row.passHatK,
          averageOver(RATES, (p) => p ** k),
          `${summary.path} passHatK@${k}`,
        );
      }
    }
  });

  it('feedback η −0.4 (retries get worse): 1 − coverage@k = mean ∏_{i<k} (1 − p(1 + η)^i), passHatK@k = mean p^k', () => {
    const eta = -0.4;
    const { fast, general } = bothPaths({ attempts: { correlation: { model: 'feedback', afterFailure: eta } } });
    const allWrongOf = (p: number, k: number) => Array.from({ length: k }, (_, i) => 1 - p * (1 + eta) ** i).reduce((s, x) => s * x, 1);
    for (const summary of [fast, general]) {
      for (const k of ks) {
        const row = summary.rows[k - 1];
        expectNear(row.coverage, 1 - averageOver(RATES, (p) => allWrongOf(p, k)), `${summary.path} coverage@${k}`);
        expectNear(
          row.passHatK,
          averageOver(RATES, (p) => p ** k),
          `${summary.path} passHatK@${k}`,
        );
      }
    }
  });

  it('resample true, p ~ Beta(2, 3) (sequential kernel and general path): coverage@k = 1 − B(2, 3 + k)/B(2, 3), passHatK@k = B(2 + k, 3)/B(2, 3)', () => {
    const scenario = scenarioOf([], { tasks: { count: 8, successRate: { dist: 'beta', a: 2, b: 3 }, resample: true } }, 1500);
    const summaries = [simulate(scenario), simulate(scenario, { forceGeneral: true })];
    expect(summaries.map((s) => s.path)).toEqual(['sequential', 'general']);
    const ratio = (top: number, k: number) => Array.from({ length: k }, (_, j) => (top + j) / (5 + j)).reduce((s, x) => s * x, 1);
    for (const k of ks)
      for (const summary of summaries) {
        expectNear(summary.rows[k - 1].coverage, 1 - ratio(3, k), `${summary.path} coverage@${k}`);
        expectNear(summary.rows[k - 1].passHatK, ratio(2, k), `${summary.path} passHatK@${k}`);
      }
  });
});

describe('simulate: verifier and policy against closed forms', () => {
  const FA = 0.1;
  const FR = 0.2;
  const verifier = { falseAccept: FA, falseReject: FR, cost: 0.001 };
  const meanCost = 0.02 * Math.exp(0.5 ** 2 / 2) + 0.001; // E[lognormal(median 0.02, σ 0.5)] + verifier cost
  const geometric = (k: number) => ({
    correct: averageOver(RATES, (p) => {
      const a = p * (1 - FR),
        beta = 1 - a - (1 - p) * FA;
      return (a * (1 - beta ** k)) / (1 - beta);
    }),
    wrong: averageOver(RATES, (p) => {
      const b = (1 - p) * FA,
        beta = 1 - p * (1 - FR) - b;
      return (b * (1 - beta ** k)) / (1 - beta);
    }),
    abstain: averageOver(RATES, (p) => (1 - p * (1 - FR) - (1 - p) * FA) ** k),
    attempts: averageOver(RATES, (p) => {
      const beta = 1 - p * (1 - FR) - (1 - p) * FA;
      return (1 - beta ** k) / (1 - beta);
    }),
  });

  it('sequential: P(correct) = a(1 − β^k)/(1 − β), P(wrong) = b(1 − β^k)/(1 − β), P(abstain) = β^k, attempts (1 − β^k)/(1 − β), cost = attempts·E[cost] (docs/design.md §3)', () => {
    const { fast, general } = bothPaths({ verifier, attempts: { cost: { perAttempt: { dist: 'lognormal', median: 0.02, sigma: 0.5 } } } });
    expect(fast.path).toBe('independentVerifier');
    for (const summary of [fast, general]) {
      for (const k of ks) {
        const row = summary.rows[k - 1];
        const exact = geometric(k);
        expectNear(row.deliveredCorrect, exact.correct, `${summary.path} deliveredCorrect@${k}`);
        expectNear(row.deliveredWrong, exact.wrong, `${summary.path} deliveredWrong@${k}`);
        expectNear(row.abstained, exact.abstain, `${summary.path} abstained@${k}`);
        expectNear(row.attempts, exact.attempts, `${summary.path} attempts@${k}`);
        expectNear(row.cost, exact.attempts * meanCost, `${summary.path} cost@${k}`);
        expectNear(row.latency, exact.attempts, `${summary.path} latency@${k}`);
        expectNear(
          row.coverage,
          averageOver(RATES, (p) => 1 - (1 - p) ** k),
          `${summary.path} coverage@${k}`,
        );
        expectNear(
          row.passHatK,
          averageOver(RATES, (p) => p ** k),
          `${summary.path} passHatK@${k}`,
        );
      }
    }
  });

  it('sequential deliverLast (sequential kernel and general path): the rejected last attempt moves β^{k−1}pFR to correct and β^{k−1}(1 − p)(1 − FA) to wrong', () => {
    const scenario = scenarioOf(RATES, { verifier, policy: { maxAttempts: K, onNoAccept: 'deliverLast' } }, 1500);
    const summaries = [simulate(scenario), simulate(scenario, { forceGeneral: true })];
    expect(summaries.map((s) => s.path)).toEqual(['sequential', 'general']);
    for (const summary of summaries)
      for (const k of ks) {
        const row = summary.rows[k - 1];
        const exact = geometric(k);
        const reach = (p: number) => (1 - p * (1 - FR) - (1 - p) * FA) ** (k - 1);
        expectNear(row.deliveredCorrect, exact.correct + averageOver(RATES, (p) => reach(p) * p * FR), `deliveredCorrect@${k}`);
        expectNear(row.deliveredWrong, exact.wrong + averageOver(RATES, (p) => reach(p) * (1 - p) * (1 - FA)), `deliveredWrong@${k}`);
        expect(row.abstained.value).toBe(0);
      }
  });

  it('batches of 2, firstAccepted: delivery as sequential; attempts = E[min(k, 2⌈J/2⌉)], latency = E[rounds] over J ~ first accept', () => {
    const { fast, general } = bothPaths({ verifier, policy: { maxAttempts: K, mode: 'batches', batchSize: 2 } });
    expect(fast.path).toBe('independentVerifier');
    for (const summary of [fast, general]) {
      for (const k of ks) {
        const row = summary.rows[k - 1];
        const exact = geometric(k);
        // Σ_J P(J = j) min(k, 2⌈j/2⌉) + P(J > k)·k, P(J = j) = β^{j−1}(1 − β); rounds ⌈·/2⌉.
        const byRounds = (f: (used: number) => number) =>
          averageOver(RATES, (p) => {
            const beta = 1 - p * (1 - FR) - (1 - p) * FA;
            let sum = beta ** k * f(k);
            for (let j = 1; j <= k; j++) sum += beta ** (j - 1) * (1 - beta) * f(Math.min(k, 2 * Math.ceil(j / 2)));
            return sum;
          });
        expectNear(row.deliveredCorrect, exact.correct, `${summary.path} deliveredCorrect@${k}`);
        expectNear(row.deliveredWrong, exact.wrong, `${summary.path} deliveredWrong@${k}`);
        expectNear(
          row.attempts,
          byRounds((used) => used),
          `${summary.path} attempts@${k}`,
        );
        expectNear(
          row.latency,
          byRounds((used) => Math.ceil(used / 2)),
          `${summary.path} latency@${k}`,
        );
      }
    }
  });

  it('parallel random selector (rounds kernel and general path): delivery as sequential; k attempts in 1 round', () => {
    const { fast, general } = bothPaths({ verifier, policy: { maxAttempts: K, mode: 'parallel' }, selector: { kind: 'random' } });
    expect([fast.path, general.path]).toEqual(['rounds', 'general']);
    for (const summary of [fast, general])
      for (const k of ks) {
        const row = summary.rows[k - 1];
        expectNear(row.deliveredCorrect, geometric(k).correct, `${summary.path} deliveredCorrect@${k}`);
        expectNear(row.deliveredWrong, geometric(k).wrong, `${summary.path} deliveredWrong@${k}`);
        expect(row.attempts.value).toBe(k);
        expect(row.latency.value).toBe(1);
      }
  });

  it('parallel oracle (markov attempts): deliveredCorrect = coverage@k in every replicate, and the markov closed form', () => {
    const lambda = 0.5;
    const summary = simulate(
      scenarioOf(
        RATES,
        {
          verifier,
          attempts: { correlation: { model: 'markov', stickiness: lambda } },
          policy: { maxAttempts: K, mode: 'parallel' },
          selector: { kind: 'oracle' },
        },
        1500,
      ),
    );
    for (const k of ks) {
      const row = summary.rows[k - 1];
      expect([row.deliveredCorrect.value, row.deliveredCorrect.se]).toEqual([row.coverage.value, row.coverage.se]);
      // The closed forms come by two routes (delivery DP and the all-wrong product): equal to rounding.
      expect(row.deliveredCorrect.exact).toBeCloseTo(row.coverage.exact!, 14);
      expectNear(row.coverage, 1 - averageOver(RATES, (p) => (1 - p) * (lambda + (1 - lambda) * (1 - p)) ** (k - 1)), `coverage@${k}`);
    }
  });

  it('fast paths and the general path agree on every metric (batches with lognormal costs, parallel deliverLast, beta verifier rates)', () => {
    const lognormal = { dist: 'lognormal', median: 0.02, sigma: 0.5 };
    const cases: Array<Record<string, unknown>> = [
      {
        attempts: { cost: { perAttempt: lognormal }, correlation: { model: 'exchangeable', icc: 0.4 } },
        policy: { maxAttempts: K, mode: 'batches', batchSize: 2 },
      },
      { attempts: { latency: { perAttempt: lognormal } }, policy: { maxAttempts: K, onNoAccept: 'deliverLast' } },
      { policy: { maxAttempts: K, mode: 'parallel', onNoAccept: 'deliverLast' }, selector: { kind: 'majorityVote' } },
      {
        verifier: { falseAccept: { dist: 'beta', mean: 0.1, concentration: 10 }, falseReject: 0.3 },
        attempts: { cost: { perAttempt: lognormal }, latency: { perAttempt: lognormal } },
      },
    ];
    for (const fields of cases) {
      const { fast, general } = bothPaths(fields, RATES, 1000);
      expect(fast.path).not.toBe('general');
      expectSameLaw(fast, general, ALL_METRICS, `${fast.path} ${JSON.stringify(fields)}`);
    }
  });
});
