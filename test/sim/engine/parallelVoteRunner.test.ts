import { describe, expect, it } from 'vitest';
import { simulate } from '../../../packages/sim/src/engine/simulate.js';
import { ALL_METRICS, expectSameLaw, scenarioOf } from './engineChecks.js';

// The parallelVote fast path (class of each attempt from one uniform, the wrong answers by the Pólya
// urn of the integrated-out Dirichlet weights, Rao–Blackwellised costs) against the general episode
// (Dirichlet weights drawn, then verdicts, categories and costs attempt by attempt): the same law, so
// every metric at every k agrees within 5 combined SEs. High false-accept rates make wrong answers
// win and tie often, so the urn and the tie-break matter.
const RATES = [0.05, 0.3, 0.5, 0.8, 1];
const lognormal = { dist: 'lognormal', median: 0.2, sigma: 0.5 };

describe('ParallelVoteRunner: the same law as the general episode', () => {
  const cases: Record<string, Record<string, unknown>> = {
    '3 wrong answers, concentration 1, FA 0.3': {
      verifier: { falseAccept: 0.3, falseReject: 0.2, cost: 0.01 },
      selector: { kind: 'majorityVote', distinctWrong: 3, concentration: 1 },
      policy: { maxAttempts: 6, mode: 'parallel' },
    },
    '2 wrong answers, concentration 0.3, FA 0.5, deliverLast': {
      verifier: { falseAccept: 0.5, falseReject: 0.1 },
      selector: { kind: 'majorityVote', distinctWrong: 2, concentration: 0.3 },
      policy: { maxAttempts: 5, mode: 'parallel', onNoAccept: 'deliverLast' },
    },
    'one wrong answer, per-task beta false accepts': {
      verifier: { falseAccept: { dist: 'beta', mean: 0.3, concentration: 4 }, falseReject: 0.2 },
      selector: { kind: 'majorityVote', distinctWrong: 1, concentration: 2 },
      policy: { maxAttempts: 4, mode: 'parallel' },
    },
  };
  for (const [name, fields] of Object.entries(cases)) {
    it(name, () => {
      const scenario = scenarioOf(RATES, { attempts: { cost: { perAttempt: lognormal } }, ...fields }, 3000);
      const fast = simulate(scenario);
      const general = simulate(scenario, { forceGeneral: true });
      expect(fast.path).toBe('parallelVote');
      expect(general.path).toBe('general');
      expectSameLaw(fast, general, ALL_METRICS, name);
      for (const row of fast.rows) {
        expect(row.attempts.value).toBe(row.k); // parallel: all k start
        expect(row.attempts.se).toBe(0);
      }
    });
  }
});
