import { describe, expect, it } from 'vitest';
import { FEEDBACK } from '../../../packages/sim/src/dependence/dependenceModels.js';
import { episodeData } from '../../../packages/sim/src/dependence/episodeData.js';
import { fitDependence } from '../../../packages/sim/src/dependence/fitDependence.js';
import { fitDependenceModel } from '../../../packages/sim/src/dependence/fitDependenceModel.js';
import type { TaskEpisodes } from '../../../packages/sim/src/dependence/types.js';
import { chosenModel, STRONG } from './dependenceDraws.js';

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

/** Options of the fit of FIT that two tests read: the first's maxima do not depend on the seed. */
const SAME = { stopping: 'fixed', confidence: 0.95, seed: 'same' } as const;
let sameFit: ReturnType<typeof fitDependence> | undefined;
/** fitDependence(FIT, SAME), made once, by whichever of its two tests runs first (inside that test). */
const fitOfFit = () => (sameFit ??= fitDependence(FIT, SAME));

describe('fitDependence', () => {
  it('feedback and independent on FIT: the maxima of scipy.optimize over the closed-form likelihood (test/reference/dependence.py)', () => {
    const fit = fitOfFit();
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
    // A fresh fit against the one the first test read (each fit refits the four models).
    expect(JSON.stringify(fitDependence(FIT, SAME))).toBe(JSON.stringify(fitOfFit()));
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

describe('recovery (fitDependence.slow.test.ts has the reduced study)', () => {
  // One truth here; fitDependence.slow.test.ts recovers each of the four (a study of AIC's power
  // at this size, 0.3 s of fits per truth).
  it('a model is recovered from strong dependence in 50 tasks × 4 episodes × 5 fixed attempts (AIC picks exchangeable)', () => {
    expect(chosenModel(STRONG[0]!)).toBe('exchangeable');
  });
});

// python3 test/reference/dependence.py → feedback fit on FIT: mean 0.305511554193271 s 0.8104201106115533
// afterFailure 0.23850031938436908 loglik -60.91564278940374; independent fit on FIT: loglik -65.85573628740765.
const REFERENCE = { feedbackLogLik: -60.91564278940374, afterFailure: 0.23850031938436908, mean: 0.305511554193271, independentLogLik: -65.85573628740765 };
