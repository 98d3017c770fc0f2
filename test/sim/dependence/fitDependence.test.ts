import { describe, expect, it } from 'vitest';
import { DEPENDENCE_MODELS, FEEDBACK } from '../../../packages/sim/src/dependence/dependenceModels.js';
import { episodeData } from '../../../packages/sim/src/dependence/episodeData.js';
import { fitDependence } from '../../../packages/sim/src/dependence/fitDependence.js';
import { fitDependenceModel } from '../../../packages/sim/src/dependence/fitDependenceModel.js';
import { predictDependentPassAtK } from '../../../packages/sim/src/dependence/predictDependentPassAtK.js';
import type { TaskEpisodes } from '../../../packages/sim/src/dependence/types.js';
import { beta } from '../../../packages/sim/src/distributions/beta.js';
import { drawOutcomes } from '../../../packages/sim/src/engine/drawOutcomes.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import type { AttemptCorrelation } from '../../../packages/sim/src/scenario/types.js';

const T = true;
const F = false;
const repeat = (episode: boolean[], times: number): TaskEpisodes[] => Array.from({ length: times }, () => ({ episodes: [episode] }));

// The data set FIT of test/reference/dependence.py (25 tasks, one fixed episode of 4 attempts each).
const FIT = [
  ...repeat([F, F, T, T], 6),
  ...repeat([F, T, T, T], 4),
  ...repeat([T, T, T, T], 3),
  ...repeat([F, F, F, F], 5),
  ...repeat([T, F, T, T], 2),
  ...repeat([F, F, F, T], 4),
  ...repeat([T, T, F, T], 1),
];

describe('fitDependence', () => {
  it('feedback and independent on FIT: the maxima of scipy.optimize over the closed-form likelihood (test/reference/dependence.py)', () => {
    const fit = fitDependence(FIT, { stopping: 'fixed', confidence: 0.95, seed: 1 });
    const feedback = fit.models.find((m) => m.model === 'feedback')!;
    expect(feedback.logLikelihood).toBeCloseTo(REFERENCE.feedbackLogLik, 6);
    expect(feedback.parameters.afterFailure.estimate).toBeCloseTo(REFERENCE.afterFailure, 3);
    expect(feedback.parameters.mean.estimate).toBeCloseTo(REFERENCE.mean, 3);
    expect(fit.models[0].logLikelihood).toBeCloseTo(REFERENCE.independentLogLik, 6);
    for (const model of fit.models) expect(model.aic).toBeCloseTo(2 * model.parametersCount - 2 * model.logLikelihood, 12);
    const interval = feedback.parameters.afterFailure;
    expect(interval.lower).toBeLessThan(interval.estimate);
    expect(interval.upper).toBeGreaterThan(interval.estimate);
  });

  it('a profile bound: the log-likelihood maximised over the others is ℓ̂ − χ²₁(0.95)/2 there', () => {
    const data = episodeData(FIT, 'fixed');
    const fitted = fitDependenceModel(data, FEEDBACK, 0.95, 0.24);
    const bound = fitted.parameters.afterFailure.upper;
    // Refit with afterFailure held at its bound: maximise over (mean, s) only.
    const held = { ...FEEDBACK, parameter: null, correlation: () => FEEDBACK.correlation(bound) } as unknown as typeof FEEDBACK;
    const profiled = fitDependenceModel(data, held, 0.95, 0.24, 'none');
    expect(fitted.logLikelihood - profiled.logLikelihood).toBeCloseTo(3.841458820694124 / 2, 3);
  });

  it('chosen = lowest AIC, with its evidence; the test and the observed hazard are attached', () => {
    const fit = fitDependence(FIT, { stopping: 'fixed', confidence: 0.9, seed: 3 });
    const lowest = fit.models.reduce((a, b) => (b.aic < a.aic ? b : a));
    expect(fit.chosen).toBe(lowest.model);
    expect(fit.evidence).toMatch(
      fit.chosen === 'independent'
        ? /^independent: no dependence model lowers AIC/
        : new RegExp(`^${fit.chosen}: AIC \\d+\\.\\d lower than independent \\(LR test p = `),
    );
    expect(fit.test?.method).toMatch(/conditional permutation/);
    expect(fit.hazard[0]).toEqual({ attempt: 1, atRisk: 25, successes: 6 });
    expect([fit.tasks, fit.episodes, fit.attempts, fit.maxLength, fit.confidence]).toEqual([25, 25, 100, 4, 0.9]);
  });

  it('reproducible: the same seed gives the same fit, to the last digit', () => {
    const options = { stopping: 'fixed', confidence: 0.95, seed: 'same' } as const;
    expect(JSON.stringify(fitDependence(FIT, options))).toBe(JSON.stringify(fitDependence(FIT, options)));
  });

  it('no test where none applies: the reason, and the models still fitted', () => {
    const fit = fitDependence([...repeat([T, T], 3), ...repeat([F, F], 3)], { stopping: 'fixed', confidence: 0.95, seed: 1 });
    expect(fit.test).toBeNull();
    expect(fit.testReason).toMatch(/^tasks: must hold a task with both successes and failures/);
    expect(fit.models.map((m) => m.model)).toEqual(['independent', 'exchangeable', 'markov', 'feedback']);
  });

  it('refuses data that cannot fit a dependence model, in one line', () => {
    const options = { stopping: 'fixed', confidence: 0.95, seed: 1 } as const;
    expect(() => fitDependence(repeat([T, F], 2), options)).toThrow('tasks: must hold at least 3 episodes to fit a dependence model, got 2');
    expect(() => fitDependence(repeat([T], 5), options)).toThrow(/^tasks: must hold episodes of at least 2 attempts/);
    expect(() => fitDependence(repeat([T, T], 5), options)).toThrow(
      'tasks: must hold at least one success and one failure to fit a dependence model, got "all successes"',
    );
    expect(() => fitDependence(repeat([T, F], 5), { ...options, confidence: 1 })).toThrow(/^confidence:/);
  });
});

/** One episode per task of `length` attempts drawn by the engine (p ~ Beta(mean·s, (1 − mean)·s)), cut at the first success when untilSuccess. */
function drawn(correlation: AttemptCorrelation, tasks: number, length: number, untilSuccess: boolean, mean: number, s: number, stream: string): TaskEpisodes[] {
  const rng = streamRng(11, stream);
  const out = new Uint8Array(length + 1);
  return Array.from({ length: tasks }, () => {
    drawOutcomes(correlation, beta(rng, mean * s, (1 - mean) * s), length, rng, out);
    const episode = Array.from(out.subarray(1), (x) => x === 1);
    const first = episode.indexOf(true);
    return { episodes: [untilSuccess && first >= 0 ? episode.slice(0, first + 1) : episode] };
  });
}

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
    const truths: AttemptCorrelation[] = [
      { model: 'exchangeable', icc: 0.5 },
      { model: 'markov', stickiness: 0.6 },
      { model: 'feedback', afterFailure: 0.6 },
      { model: 'feedback', afterFailure: -0.6 },
    ];
    for (const truth of truths) {
      const rng = streamRng(12, JSON.stringify(truth));
      const out = new Uint8Array(6);
      const tasks = Array.from({ length: 50 }, () => {
        const p = beta(rng, 1.2, 1.8);
        return {
          episodes: Array.from({ length: 4 }, () => {
            drawOutcomes(truth, p, 5, rng, out);
            return Array.from(out.subarray(1), (x) => x === 1);
          }),
        };
      });
      const data = episodeData(tasks, 'fixed');
      const first = tasks.flatMap((t) => t.episodes).filter((e) => e[0]).length / 200;
      const fits = DEPENDENCE_MODELS.map((m) => fitDependenceModel(data, m, 0.95, first, 'none'));
      const chosen = fits.reduce((a, b) => (b.aic < a.aic ? b : a));
      expect(chosen.model, JSON.stringify(truth)).toBe(truth.model);
    }
  });
});

// python3 test/reference/dependence.py → feedback fit on FIT: mean 0.305511554193271 s 0.8104201106115533
// afterFailure 0.23850031938436908 loglik -60.91564278940374; independent fit on FIT: loglik -65.85573628740765.
const REFERENCE = { feedbackLogLik: -60.91564278940374, afterFailure: 0.23850031938436908, mean: 0.305511554193271, independentLogLik: -65.85573628740765 };
