import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestAtomWeights } from '../../../packages/sim/src/fit/atomWeights.js';
import { logLikelihood } from '../../../packages/sim/src/fit/logLikelihood.js';
import { mixtureParameters } from '../../../packages/sim/src/fit/mixtureParameters.js';
import { taskCells } from '../../../packages/sim/src/fit/taskCells.js';

const tasksOf = (n: number, counts: Array<[c: number, tasks: number]>) => counts.flatMap(([c, m]) => Array.from({ length: m }, () => ({ n, c })));
/** The beta component Beta(2, 2): logit mean 0, ln concentration ln 4. With n = 4 it gives c = 0..4 probabilities 1/7, 8/35, 9/35, 8/35, 1/7. */
const BETA_2_2 = [0, Math.log(4)];

describe('bestAtomWeights', () => {
  it('doc example: 10 tasks each at 0/4, 2/4, 4/4 → π0 = π1 = 4/15 (closed form: ∂ℓ/∂π = 0 gives π = 4w/7)', () => {
    const best = bestAtomWeights(
      taskCells(
        tasksOf(4, [
          [0, 10],
          [2, 10],
          [4, 10],
        ]),
      ),
      BETA_2_2,
    );
    expect(best.pi0).toBeCloseTo(4 / 15, 12);
    expect(best.pi1).toBeCloseTo(4 / 15, 12);
    expect(best.logLik).toBeCloseTo(20 * Math.log(1 / 3) + 10 * Math.log(3 / 25), 11);
  });

  it('a weight the likelihood falls along is exactly 0, the other in closed form', () => {
    // 20 tasks at 0/4, 1 at 4/4, 10 at 2/4 (N = 31). Without constraints π1 = 1/31 − w/7 < 0; with
    // π1 = 0 the stationary point of ℓ in π0 is π0 = (N0/N − B0)/(1 − B0) = 109/186, w = 77/186, and
    // ∂ℓ/∂π1 < 0 there (the KKT condition), so it is the maximum.
    const best = bestAtomWeights(
      taskCells(
        tasksOf(4, [
          [0, 20],
          [2, 10],
          [4, 1],
        ]),
      ),
      BETA_2_2,
    );
    expect(best.pi1).toBe(0);
    expect(best.pi0).toBeCloseTo(109 / 186, 12);
    expect(best.logLik).toBeCloseTo(20 * Math.log(120 / 186) + Math.log(11 / 186) + 10 * Math.log((77 / 186) * (9 / 35)), 11);
  });

  it('no task at 0/n or n/n: both weights 0 and ℓ the beta-binomial one', () => {
    const cells = taskCells(
      tasksOf(6, [
        [1, 3],
        [3, 5],
        [4, 2],
      ]),
    );
    const best = bestAtomWeights(cells, [0.2, Math.log(3)]);
    expect([best.pi0, best.pi1]).toEqual([0, 0]);
    expect(best.logLik).toBeCloseTo(logLikelihood(cells, mixtureParameters([0.2, Math.log(3), -Infinity, -Infinity])), 12);
  });

  it('is the maximum over the weights: ℓ at its weights (logLikelihood) and at least ℓ at any others', () => {
    const counts = fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 4, maxLength: 40 });
    fc.assert(
      fc.property(
        counts,
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -2, max: 5, noNaN: true }),
        fc.double({ min: 0, max: 0.9, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (cs, logitMean, logConcentration, atoms, split) => {
          const cells = taskCells([...cs.map((c) => ({ n: 6, c })), { n: 6, c: 3 }]);
          const best = bestAtomWeights(cells, [logitMean, logConcentration]);
          const w = 1 - best.pi0 - best.pi1;
          const atBest = logLikelihood(cells, mixtureParameters([logitMean, logConcentration, Math.log(best.pi0 / w), Math.log(best.pi1 / w)]));
          expect(Math.abs(best.logLik - atBest)).toBeLessThanOrEqual(1e-11 * (1 + Math.abs(atBest)));
          // Any other weights (π0, π1) = atoms·(split, 1 − split).
          const [pi0, pi1] = [atoms * split, atoms * (1 - split)];
          const other = logLikelihood(cells, mixtureParameters([logitMean, logConcentration, Math.log(pi0 / (1 - atoms)), Math.log(pi1 / (1 - atoms))]));
          expect(best.logLik).toBeGreaterThanOrEqual(other - 1e-11 * (1 + Math.abs(other)));
        },
      ),
      { numRuns: 300, seed: 20261202 },
    );
  });

  it('−∞ when the beta component gives a task between 0/n and n/n probability 0 (concentration 0)', () => {
    expect(
      bestAtomWeights(
        taskCells(
          tasksOf(4, [
            [0, 2],
            [2, 1],
          ]),
        ),
        [0, -Infinity],
      ).logLik,
    ).toBe(-Infinity);
  });
});
