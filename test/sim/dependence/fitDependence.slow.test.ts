// The reduced study of fitDependence (bench/dependenceStudy.mjs measures the full one), moved from
// fitDependence.test.ts: coverage of the profile interval and the pass@4 interval over 24 data sets,
// and the recovery of each of the four models. Studies: each checks a rate over draws (coverage
// ≥ 95 % − 4 SE; AIC's choice at a sample size), 2.2 s of fits; the fast file keeps the profile
// bound, the fits against scipy and the recovery of one model.
import { describe, expect, it } from 'vitest';
import { FEEDBACK } from '../../../packages/sim/src/dependence/dependenceModels.js';
import { episodeData } from '../../../packages/sim/src/dependence/episodeData.js';
import { fitDependenceModel } from '../../../packages/sim/src/dependence/fitDependenceModel.js';
import { predictDependentPassAtK } from '../../../packages/sim/src/dependence/predictDependentPassAtK.js';
import { chosenModel, drawn, STRONG } from './dependenceDraws.js';

describe('reduced study (bench/dependenceStudy.mjs measures the full one)', () => {
  it('Aider-like 225 × up to 2, feedback 0.3: the profile interval of afterFailure and the pass@4 interval cover the truth at ≥ 95 % − 4 SE over 24 data sets', () => {
    const R = 24;
    const truth = 0.3;
    const truePassAt4 = predictDependentPassAtK(
      {
        confidence: 0.95,
        models: [{ model: 'feedback', coordinates: [Math.log(0.36 / 0.64), Math.log(3), FEEDBACK.toCoordinate(truth)], freeCoordinates: [], covariance: null }],
      } as never,
      'feedback',
      [4],
    )[0].passAtK;
    let covers = 0;
    let passCovers = 0;
    for (let r = 0; r < R; r++) {
      const tasks = drawn({ model: 'feedback', afterFailure: truth }, 225, 2, true, 0.36, 3, `study/${r}`);
      const data = episodeData(tasks, 'untilSuccess');
      const first = tasks.filter((t) => t.episodes[0][0]).length / tasks.length;
      const fitted = fitDependenceModel(data, FEEDBACK, 0.95, first, 'dependence');
      const { lower, upper } = fitted.parameters.afterFailure;
      if (lower <= truth && truth <= upper) covers++;
      const predicted = predictDependentPassAtK({ confidence: 0.95, models: [fitted] } as never, 'feedback', [4])[0];
      // Without an information matrix (a ridge) the point prediction must be within 0.05 instead.
      if (
        predicted.passAtKInterval
          ? predicted.passAtKInterval[0] <= truePassAt4 && truePassAt4 <= predicted.passAtKInterval[1]
          : Math.abs(predicted.passAtK - truePassAt4) < 0.05
      )
        passCovers++;
    }
    const floor = 0.95 - 4 * Math.sqrt((0.95 * 0.05) / R);
    expect(covers / R).toBeGreaterThanOrEqual(floor);
    expect(passCovers / R).toBeGreaterThanOrEqual(floor);
  });

  it('every model is recovered from strong dependence in 50 tasks × 4 episodes × 5 fixed attempts (AIC picks it)', () => {
    for (const truth of STRONG) expect(chosenModel(truth), JSON.stringify(truth)).toBe(truth.model);
  });
});
