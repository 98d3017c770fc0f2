import { describe, expect, it } from 'vitest';
import { logGammaVariate } from '../../../packages/sim/src/distributions/logGammaVariate.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { draws, meanAndVariance } from './sampleChecks.js';

const N = 100_000;

// ln G for G ~ Gamma(a): E = ψ(a), Var = ψ'(a) (closed form; values from scipy):
// python3 -c "from scipy.special import digamma, polygamma; print([(digamma(a), polygamma(1, a)) for a in (0.001, 0.01, 0.3, 3)])"
// Var of the sample variance needs the fourth cumulant ψ'''(a): SE(s²) = √((ψ'''(a) + 2ψ'(a)²)/N).
// python3 -c "from scipy.special import polygamma; print([polygamma(3, a) for a in (0.001, 0.01, 0.3, 3)])"
const cases: Array<[shape: number, digamma: number, trigamma: number, tetragamma3: number]> = [
  [0.001, -1000.5755719318103, 1000001.6425331959, 6000000000006.467],
  [0.01, -100.56088545786868, 10001.621213528311, 600000006.2510617],
  [0.3, -3.502524222200133, 12.245364546107734, 743.1417646550497],
  [3, 0.9227843350984671, 0.39493406684822646, 0.11893940226682916],
];

describe('logGammaVariate(rng, shape)', () => {
  it.each(cases)('shape %f: mean ψ(a) and variance ψ′(a) within 5 SE', (shape, digamma, trigamma, fourth) => {
    const xs = draws(N, (rng) => logGammaVariate(rng, shape), 'logGamma', shape);
    expect(xs.every(Number.isFinite)).toBe(true);
    const { mean, variance } = meanAndVariance(xs);
    expect(Math.abs(mean - digamma)).toBeLessThan(5 * Math.sqrt(trigamma / N));
    expect(Math.abs(variance - trigamma)).toBeLessThan(5 * Math.sqrt((fourth + 2 * trigamma * trigamma) / N));
  });

  it('is deterministic and rejects shape ≤ 0', () => {
    const a = streamRng(3, 'lg');
    const b = streamRng(3, 'lg');
    expect([logGammaVariate(a, 0.01), logGammaVariate(a, 2)]).toEqual([logGammaVariate(b, 0.01), logGammaVariate(b, 2)]);
    expect(() => logGammaVariate(a, -1)).toThrow(InputError);
  });
});
