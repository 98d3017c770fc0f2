import { describe, expect, it } from 'vitest';
import { enginePath } from '../../../packages/sim/src/engine/enginePlan.js';
import { scenarioOf } from './engineChecks.js';

describe('enginePath', () => {
  const verifier = { falseAccept: 0.1, falseReject: 0.1 };
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['perfect verifier, markov', { attempts: { correlation: { model: 'markov', stickiness: 0.5 } } }, 'perfectVerifier'],
    ['perfect verifier, parallel majority vote', { policy: { maxAttempts: 4, mode: 'parallel' }, selector: { kind: 'majorityVote' } }, 'perfectVerifier'],
    ['verifier with zero rates counts as perfect', { verifier: { falseAccept: 0, falseReject: 0, cost: 0.1 } }, 'perfectVerifier'],
    ['bestScore with a threshold', { policy: { maxAttempts: 4, mode: 'parallel' }, selector: { kind: 'bestScore', threshold: 1 } }, 'rounds'],
    ['cost budget', { policy: { maxAttempts: 4, budget: { cost: 1 } } }, 'sequential'],
    ['latency budget, hard', { policy: { maxAttempts: 4, budget: { latency: 2, mode: 'hard' } } }, 'sequential'],
    ['cost budget in parallel rounds', { policy: { maxAttempts: 4, mode: 'parallel', budget: { cost: 1 } } }, 'rounds'],
    [
      'batches of 1 with the oracle and a budget',
      { policy: { maxAttempts: 4, mode: 'batches', batchSize: 1, budget: { cost: 1 } }, selector: { kind: 'oracle' } },
      'sequential',
    ],
    [
      'batches of 1 with majority vote and a budget (the vote draws)',
      { policy: { maxAttempts: 4, mode: 'batches', batchSize: 1, budget: { cost: 1 } }, selector: { kind: 'majorityVote' } },
      'rounds',
    ],
    ['resample', { tasks: { count: 3, successRate: { dist: 'point', p: 0.5 }, resample: true } }, 'sequential'],
    [
      'resample in parallel rounds',
      { tasks: { count: 3, successRate: { dist: 'point', p: 0.5 }, resample: true }, policy: { maxAttempts: 4, mode: 'parallel' } },
      'rounds',
    ],
    [
      'lognormal latency in batches',
      { attempts: { latency: { perAttempt: { dist: 'lognormal', median: 1, sigma: 1 } } }, policy: { maxAttempts: 4, mode: 'batches', batchSize: 2 } },
      'rounds',
    ],
    ['independent attempts, verifier, batches', { verifier, policy: { maxAttempts: 4, mode: 'batches', batchSize: 2 } }, 'independentVerifier'],
    ['exchangeable icc 0 is independent', { verifier, attempts: { correlation: { model: 'exchangeable', icc: 0 } } }, 'independentVerifier'],
    ['verifier and exchangeable attempts', { verifier, attempts: { correlation: { model: 'exchangeable', icc: 0.2 } } }, 'sequential'],
    ['verifier and deliverLast', { verifier, policy: { maxAttempts: 4, onNoAccept: 'deliverLast' } }, 'sequential'],
    [
      'verifier, exchangeable attempts in batches of 2',
      { verifier, attempts: { correlation: { model: 'exchangeable', icc: 0.2 } }, policy: { maxAttempts: 4, mode: 'batches', batchSize: 2 } },
      'rounds',
    ],
    ['verifier and oracle', { verifier, policy: { maxAttempts: 4, mode: 'parallel' }, selector: { kind: 'oracle' } }, 'rounds'],
    [
      'verifier, random selector in batches of 1 (the selector draws)',
      { verifier, policy: { maxAttempts: 4, mode: 'batches', batchSize: 1 }, selector: { kind: 'random' } },
      'rounds',
    ],
    ['verifier, parallel majority vote', { verifier, policy: { maxAttempts: 4, mode: 'parallel' }, selector: { kind: 'majorityVote' } }, 'parallelVote'],
    [
      'verifier, majority vote in batches',
      { verifier, policy: { maxAttempts: 4, mode: 'batches', batchSize: 2 }, selector: { kind: 'majorityVote' } },
      'rounds',
    ],
    [
      'verifier, parallel majority vote, markov attempts',
      {
        verifier,
        attempts: { correlation: { model: 'markov', stickiness: 0.5 } },
        policy: { maxAttempts: 4, mode: 'parallel' },
        selector: { kind: 'majorityVote' },
      },
      'rounds',
    ],
  ];
  for (const [name, fields, path] of cases) {
    it(`${name} → ${path}`, () => expect(enginePath(scenarioOf([0.5], fields))).toBe(path));
  }
});
