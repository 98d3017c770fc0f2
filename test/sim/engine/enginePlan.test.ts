import { describe, expect, it } from 'vitest';
import { enginePath } from '../../../packages/sim/src/engine/enginePlan.js';
import { scenarioOf } from './engineChecks.js';

describe('enginePath', () => {
  const verifier = { falseAccept: 0.1, falseReject: 0.1 };
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['perfect verifier, markov', { attempts: { correlation: { model: 'markov', stickiness: 0.5 } } }, 'perfectVerifier'],
    ['perfect verifier, parallel majority vote', { policy: { maxAttempts: 4, mode: 'parallel' }, selector: { kind: 'majorityVote' } }, 'perfectVerifier'],
    ['verifier with zero rates counts as perfect', { verifier: { falseAccept: 0, falseReject: 0, cost: 0.1 } }, 'perfectVerifier'],
    ['bestScore with a threshold', { policy: { maxAttempts: 4, mode: 'parallel' }, selector: { kind: 'bestScore', threshold: 1 } }, 'general'],
    ['cost budget', { policy: { maxAttempts: 4, budget: { cost: 1 } } }, 'general'],
    ['resample', { tasks: { count: 3, successRate: { dist: 'point', p: 0.5 }, resample: true } }, 'general'],
    ['lognormal latency in batches', { attempts: { latency: { perAttempt: { dist: 'lognormal', median: 1, sigma: 1 } } }, policy: { maxAttempts: 4, mode: 'batches', batchSize: 2 } }, 'general'],
    ['independent attempts, verifier, batches', { verifier, policy: { maxAttempts: 4, mode: 'batches', batchSize: 2 } }, 'independentVerifier'],
    ['exchangeable icc 0 is independent', { verifier, attempts: { correlation: { model: 'exchangeable', icc: 0 } } }, 'independentVerifier'],
    ['verifier and exchangeable attempts', { verifier, attempts: { correlation: { model: 'exchangeable', icc: 0.2 } } }, 'general'],
    ['verifier and deliverLast', { verifier, policy: { maxAttempts: 4, onNoAccept: 'deliverLast' } }, 'general'],
    ['verifier and oracle', { verifier, policy: { maxAttempts: 4, mode: 'parallel' }, selector: { kind: 'oracle' } }, 'general'],
  ];
  for (const [name, fields, path] of cases) {
    it(`${name} → ${path}`, () => expect(enginePath(scenarioOf([0.5], fields))).toBe(path));
  }
});
