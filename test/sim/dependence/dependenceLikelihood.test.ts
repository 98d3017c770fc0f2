import { describe, expect, it } from 'vitest';
import { dependenceLogLikelihood } from '../../../packages/sim/src/dependence/dependenceLikelihood.js';
import { episodeData } from '../../../packages/sim/src/dependence/episodeData.js';
import { EpisodeProbabilities, sequenceLogProbability } from '../../../packages/sim/src/dependence/episodeProbabilities.js';
import { patternProbabilities } from '../../../packages/sim/src/engine/outcomePatterns.js';
import type { AttemptCorrelation } from '../../../packages/sim/src/scenario/types.js';

const T = true;
const F = false;
const rel = (x: number, y: number) => Math.abs(x / y - 1);

// The data sets and values of test/reference/dependence.py (scipy quad over the Beta density of the
// model definitions written attempt by attempt).
const SMALL = [
  [[T, T, F]],
  [
    [F, F, T],
    [F, T, T],
  ],
  [[F, F, F]],
  [
    [T, F, F],
    [T, T, T],
  ],
  [[F, T, F]],
  [[T, T, T]],
].map((episodes) => ({ episodes }));
const UNTIL = [[[T]], [[F, T]], [[F, F, T]], [[F, F, F]], [[T]], [[F, T]], [[F, F, F]]].map((episodes) => ({ episodes }));

describe('dependenceLogLikelihood: exact against scipy (test/reference/dependence.py)', () => {
  const fixed: Array<[AttemptCorrelation, number]> = [
    [{ model: 'independent' }, -17.482902386425888],
    [{ model: 'exchangeable', icc: 0.3 }, -17.756526083782916],
    [{ model: 'markov', stickiness: 0.4 }, -17.52391711457037],
    [{ model: 'feedback', afterFailure: 0.3 }, -17.29507202036422],
    [{ model: 'feedback', afterFailure: -0.4 }, -18.51140898384305],
  ];
  for (const [correlation, expected] of fixed) {
    it(`fixed episodes, mean 0.4, s 3, ${JSON.stringify(correlation)}`, () => {
      expect(rel(dependenceLogLikelihood(episodeData(SMALL, 'fixed'), 0.4, 3, correlation), expected)).toBeLessThan(1e-10);
    });
  }
  const until: Array<[AttemptCorrelation, number]> = [
    [{ model: 'independent' }, -10.227308671603785],
    [{ model: 'markov', stickiness: 0.4 }, -10.868049833083985],
    [{ model: 'feedback', afterFailure: 0.5 }, -12.514389578061865],
    [{ model: 'feedback', afterFailure: -0.5 }, -11.728704121142846],
  ];
  for (const [correlation, expected] of until) {
    it(`untilSuccess prefixes, mean 0.5, s 2, ${JSON.stringify(correlation)}`, () => {
      expect(rel(dependenceLogLikelihood(episodeData(UNTIL, 'untilSuccess'), 0.5, 2, correlation), expected)).toBeLessThan(1e-10);
    });
  }

  it('limits of the population: s = ∞ is every task at the mean, s = 0 the two points 0 and 1', () => {
    const data = episodeData([{ episodes: [[T, F]] }, { episodes: [[T, T]] }], 'fixed');
    expect(dependenceLogLikelihood(data, 0.3, Infinity, { model: 'independent' })).toBeCloseTo(Math.log(0.3 * 0.7) + Math.log(0.09), 14);
    // s = 0: p is 0 or 1, so [T, F] is impossible and [T, T] has probability 0.3.
    expect(dependenceLogLikelihood(data, 0.3, 0, { model: 'independent' })).toBe(-Infinity);
  });
});

describe('EpisodeProbabilities: the engine pattern law, the sequential product and the closed forms agree', () => {
  const models: AttemptCorrelation[] = [
    { model: 'independent' },
    { model: 'exchangeable', icc: 0.35 },
    { model: 'markov', stickiness: 0.6 },
    { model: 'feedback', afterFailure: 0.4 },
    { model: 'feedback', afterFailure: -0.6 },
  ];
  it('fixed: every pattern of 6 attempts equals the engine table and the sequential product', () => {
    const probabilities = new EpisodeProbabilities('fixed', 6);
    const table = new Float64Array(64);
    for (const model of models) {
      patternProbabilities(model, 0.37, 6, table);
      probabilities.at(0.37, model);
      for (let m = 0; m < 64; m++) {
        const episode = Array.from({ length: 6 }, (_, j) => ((m >>> j) & 1) === 1);
        expect(probabilities.logProbability(episode)).toBe(Math.log(table[m]));
        expect(sequenceLogProbability(model, 0.37, episode)).toBeCloseTo(Math.log(table[m]), 12);
      }
    }
  });

  it('untilSuccess: F^{j−1}S and F^L equal the sequential product of the same outcomes', () => {
    const probabilities = new EpisodeProbabilities('untilSuccess', 7);
    for (const model of models) {
      probabilities.at(0.42, model);
      for (let L = 1; L <= 7; L++) {
        const failures = Array.from({ length: L }, () => false);
        const success = [...failures.slice(1), true];
        expect(probabilities.logProbability(failures)).toBeCloseTo(sequenceLogProbability(model, 0.42, failures), 12);
        expect(probabilities.logProbability(success)).toBeCloseTo(sequenceLogProbability(model, 0.42, success), 12);
      }
    }
  });
});
