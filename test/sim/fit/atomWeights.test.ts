import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestAtomWeights } from '../../../packages/sim/src/fit/atomWeights.js';
import { logLikelihood } from '../../../packages/sim/src/fit/logLikelihood.js';
import { mixtureParameters } from '../../../packages/sim/src/fit/mixtureParameters.js';
import { taskCells } from '../../../packages/sim/src/fit/taskCells.js';

const tasksOf = (n: number, counts: Array<[c: number, tasks: number]>) => counts.flatMap(([c, m]) => Array.from({ length: m }, () => ({ n, c })));
/** The beta component Beta(2, 2): logit mean 0, ln concentration ln 4. With n = 4 it gives c = 0..4 probabilities 1/7, 8/35, 9/35, 8/35, 1/7. */
const BETA_2_2 = [0, Math.log(4)];
/** The counts (n, c, tasks) of the mixed-n regression case below. */
const CELLS: Array<[n: number, c: number, tasks: number]> = [
  [10, 0, 2000],
  [10, 7, 5],
  [10, 8, 37],
  [10, 9, 156],
  [10, 10, 301],
  [1000, 0, 2000],
  [1000, 929, 1],
  [1000, 930, 1],
  [1000, 931, 1],
  [1000, 932, 1],
  [1000, 933, 2],
  [1000, 934, 3],
  [1000, 935, 3],
  [1000, 936, 4],
  [1000, 937, 5],
  [1000, 938, 7],
  [1000, 939, 8],
  [1000, 940, 10],
  [1000, 941, 12],
  [1000, 942, 14],
  [1000, 943, 16],
  [1000, 944, 19],
  [1000, 945, 21],
  [1000, 946, 23],
  [1000, 947, 24],
  [1000, 948, 26],
  [1000, 949, 27],
  [1000, 950, 27],
  [1000, 951, 27],
  [1000, 952, 27],
  [1000, 953, 26],
  [1000, 954, 24],
  [1000, 955, 22],
  [1000, 956, 20],
  [1000, 957, 18],
  [1000, 958, 16],
  [1000, 959, 13],
  [1000, 960, 11],
  [1000, 961, 9],
  [1000, 962, 7],
  [1000, 963, 5],
  [1000, 964, 4],
  [1000, 965, 3],
  [1000, 966, 2],
  [1000, 967, 1],
  [1000, 968, 1],
  [1000, 969, 1],
  [1000, 1000, 5],
];

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

  it('tasks with 10 and 1000 trials: the weight at 1 is not left near 0 where a tiny B_t makes Newton steps crawl', () => {
    // 2000 tasks at 0/10, 301 at 10/10, 2000 at 0/1000, 5 at 1000/1000, the rest between; beta
    // component mean 0.95002, concentration 17543.8, where 1000/1000 has B ≈ 1e-22. scipy (betabinom,
    // Nelder–Mead over the logits of π0, π1 from 156 starts): π0 = 0.80064051, π1 = 0.00200633639,
    // ℓ = −4637.4945265 (π1 = 0: −4858.68). Newton steps alone stopped at π1 = 4e-21, ℓ = −4835.95.
    const counts: Array<[n: number, c: number, tasks: number]> = CELLS;
    const cells = taskCells(counts.flatMap(([n, c, m]) => Array.from({ length: m }, () => ({ n, c }))));
    const mean = 0.9500223295074973;
    const best = bestAtomWeights(cells, [Math.log(mean / (1 - mean)), Math.log(17543.8)]);
    expect(best.pi0).toBeCloseTo(0.8006405141078463, 8);
    // scipy's π1 is the less exact one here: ℓ at ours is 2e-9 higher.
    expect(best.pi1 / 0.0020063363875884666).toBeCloseTo(1, 6);
    expect(best.logLik).toBeCloseTo(-4637.494526482319, 7);
  });

  it('B_t below the smallest double (n = 5000, binomial component): π0 = N0/N, π1 = N1/N in closed form', () => {
    // 3 tasks at 0/5000, 5 at 5000/5000, 12 at 2500/5000, Binomial(5000, ½): B(0) = B(5000) = 2^−5000 = 0
    // in doubles, so ℓ = 3 ln π0 + 5 ln π1 + 12 ln(w·B(2500)) (mpmath: −72.56599462567914).
    const cells = taskCells([
      ...tasksOf(5000, [
        [0, 3],
        [5000, 5],
        [2500, 12],
      ]),
    ]);
    const best = bestAtomWeights(cells, [0, Infinity]);
    expect(best.pi0).toBeCloseTo(0.15, 12);
    expect(best.pi1).toBeCloseTo(0.25, 12);
    expect(best.logLik).toBeCloseTo(-72.56599462567914, 9);
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
