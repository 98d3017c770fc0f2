import { describe, expect, it } from 'vitest';
import { allWrong } from '../../../packages/sim/src/analytic/allWrong.js';
import { episodeOutcomes } from '../../../packages/sim/src/analytic/episodeOutcomes.js';
import { geometricPaths } from '../../../packages/sim/src/analytic/geometricPaths.js';
import { InputError } from '../../../packages/sim/src/errors.js';

const K = 5;
const paths = geometricPaths(0.5, 0.1, 0.2, K); // a = 0.4, b = 0.05, β = 0.55
const wrong = allWrong(0.5, { model: 'independent' }, K);
const rho = Float64Array.from({ length: K + 1 }, (_, i) => 0.9 ** i); // E[(1 − FA)^i], FA = 0.1

describe('episodeOutcomes', () => {
  it('doc example: sequential firstAccepted abstain, k = 2: correct 0.62, wrong 0.0775, abstain 0.3025, attempts 1.55', () => {
    const out = episodeOutcomes(paths, wrong, rho, { mode: 'sequential', batchSize: 1, onNoAccept: 'abstain', delivery: 'firstAccepted' });
    expect(out.deliveredCorrect[2]).toBeCloseTo(0.62, 15);
    expect(out.deliveredWrong[2]).toBeCloseTo(0.0775, 15);
    expect(out.abstained[2]).toBeCloseTo(0.3025, 15);
    expect(out.attempts[2]).toBeCloseTo(1.55, 15);
    expect(out.rounds[2]).toBeCloseTo(1.55, 15);
  });

  it('batches of 2, k = 3: attempts = 2·1 + 1·β², rounds = 1 + β² (round 2 reached when attempts 1, 2 are rejected)', () => {
    const out = episodeOutcomes(paths, wrong, rho, { mode: 'batches', batchSize: 2, onNoAccept: 'deliverLast', delivery: 'firstAccepted' });
    expect(out.attempts[3]).toBeCloseTo(2 + 0.55 ** 2, 15);
    expect(out.rounds[3]).toBeCloseTo(1 + 0.55 ** 2, 15);
    expect(out.abstained[3]).toBe(0);
  });

  it('parallel oracle: correct = coverage@k = 1 − 0.5^k; wrong = 0.5^k(1 − 0.9^k) with abstain, all 0.5^k with deliverLast', () => {
    const abstain = episodeOutcomes(paths, wrong, rho, { mode: 'parallel', batchSize: 0, onNoAccept: 'abstain', delivery: 'oracle' });
    const last = episodeOutcomes(paths, wrong, rho, { mode: 'parallel', batchSize: 0, onNoAccept: 'deliverLast', delivery: 'oracle' });
    for (let k = 1; k <= K; k++) {
      expect(abstain.deliveredCorrect[k]).toBeCloseTo(1 - 0.5 ** k, 15);
      expect(abstain.deliveredWrong[k]).toBeCloseTo(0.5 ** k * (1 - 0.9 ** k), 15);
      expect(abstain.abstained[k]).toBeCloseTo(0.5 ** k * 0.9 ** k, 15);
      expect(last.deliveredWrong[k]).toBeCloseTo(0.5 ** k, 15);
      expect(abstain.attempts[k]).toBe(k);
      expect(abstain.rounds[k]).toBe(1);
    }
  });

  it('rejects arrays shorter than the paths', () => {
    const options = { mode: 'sequential', batchSize: 1, onNoAccept: 'abstain', delivery: 'firstAccepted' } as const;
    expect(() => episodeOutcomes(paths, wrong.subarray(0, 3), rho, options)).toThrow(InputError);
    expect(() => episodeOutcomes(paths, wrong, rho.subarray(0, 2), options)).toThrow(/wrongRejected/);
    expect(() => episodeOutcomes(paths, wrong, rho, { ...options, mode: 'batches', batchSize: 0 })).toThrow(/batchSize/);
  });
});
