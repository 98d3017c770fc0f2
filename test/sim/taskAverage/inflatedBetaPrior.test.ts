import { describe, expect, it } from 'vitest';
import {
  atomProbability,
  betaComponent,
  inflatedBetaFit,
  inflatedBetaPrior,
  inflationCriticalValue,
  INFLATION_TEST_LEVEL,
} from '../../../packages/sim/src/taskAverage/inflatedBetaPrior.js';
import { countGroups, type TaskTrials } from '../../../packages/sim/src/estimators/taskAverage.js';
import { mixtureParameters } from '../../../packages/sim/src/fit/mixtureParameters.js';

// Expected values: python3 test/reference/inflated_beta_reference.py (scipy: both likelihoods
// maximised by Nelder–Mead from several starts, the critical value by brentq on
// ½·chi2.sf(x, 1) + ¼·chi2.sf(x, 2), the trial noise of pass@4 by quadrature over p). The optimum
// is a flat maximum: parameters agree to ~6 digits, log-likelihoods to ~9.

const tasksOf = (n: number, counts: Array<[c: number, tasks: number]>): TaskTrials[] => counts.flatMap(([c, m]) => Array.from({ length: m }, () => ({ n, c })));
// τ-bench airline gpt-4o (50 tasks × 4 trials; as in the fitTasks example).
const AIRLINE = tasksOf(4, [
  [0, 14],
  [1, 12],
  [2, 10],
  [3, 4],
  [4, 10],
]);
// 33 tasks × 8 trials, 10 at 0/8 and 7 at 8/8 around a central middle.
const ATOMS = tasksOf(8, [
  [0, 10],
  [1, 1],
  [2, 2],
  [3, 3],
  [4, 4],
  [5, 3],
  [6, 2],
  [7, 1],
  [8, 7],
]);

describe('inflationCriticalValue (chi-bar-squared ¼χ²₀ + ½χ²₁ + ¼χ²₂)', () => {
  it('matches brentq on the mixture tail', () => {
    expect(inflationCriticalValue(0.05)).toBeCloseTo(4.230599177831498, 9);
    expect(inflationCriticalValue(0.01)).toBeCloseTo(7.289485393107461, 9);
    expect(INFLATION_TEST_LEVEL).toBe(0.01);
  });
});

describe('inflatedBetaPrior', () => {
  it('τ-bench airline: Λ = 3.47 is below the 1 % (and 5 %) critical value, so no point masses', () => {
    expect(inflatedBetaPrior(countGroups(AIRLINE))).toBeNull();
    expect(inflatedBetaPrior(countGroups(AIRLINE), 0.05)).toBeNull();
    expect(inflatedBetaFit(countGroups(AIRLINE))!.likelihoodRatio).toBeCloseTo(3.473790371466407, 6);
    // At a 10 % level (critical value 2.95) the same fit is admitted: check it against scipy.
    const fit = inflatedBetaPrior(countGroups(AIRLINE), 0.1)!;
    expect(fit.likelihoodRatio).toBeCloseTo(3.473790371466407, 6);
    expect(fit.mixture.pi0).toBeCloseTo(0.16315791155571052, 5);
    expect(fit.mixture.pi1).toBeCloseTo(0.18705882914796132, 5);
    const beta = betaComponent(fit);
    expect(beta.a / 19.000013468746175).toBeCloseTo(1, 4);
    expect(beta.b / 34.00002164494141).toBeCloseTo(1, 4);
    expect(atomProbability(fit, 4, 0)).toBeCloseTo(0.5827068336794323, 5);
    expect(atomProbability(fit, 4, 4)).toBeCloseTo(0.9352941180646607, 5);
    expect(atomProbability(fit, 4, 2)).toBe(0);
  });

  it('tasks with excess 0/n and n/n: Λ = 6.37 is admitted at 5 % but not at 1 %', () => {
    expect(inflatedBetaPrior(countGroups(ATOMS))).toBeNull();
    const fit = inflatedBetaPrior(countGroups(ATOMS), 0.05)!;
    expect(fit.likelihoodRatio).toBeCloseTo(6.369293675874758, 6);
    expect(fit.mixture.pi0).toBeCloseTo(0.2960931649117075, 5);
    expect(fit.mixture.pi1).toBeCloseTo(0.2051840851115065, 5);
    expect(betaComponent(fit).a / 7.480821575232573).toBeCloseTo(1, 4);
    expect(atomProbability(fit, 8, 0)).toBeCloseTo(0.9771074544229417, 5);
    expect(atomProbability(fit, 8, 8)).toBeCloseTo(0.9672963684640886, 5);
  });

  it('fewer tasks at 0/n and n/n than the beta-binomial expects: both weights exactly 0 and Λ = 0', () => {
    // 37 tasks × 8 trials, bell-shaped (1 at 0/8 and 1 at 8/8, about what the beta-binomial fit expects:
    // 37·B(0) = 1.07 each). scipy (brentq on the beta-binomial score, digamma): mean ½, concentration 7.124132931700366.
    const fit = inflatedBetaFit(
      countGroups(
        tasksOf(8, [
          [0, 1],
          [1, 3],
          [2, 5],
          [3, 6],
          [4, 7],
          [5, 6],
          [6, 5],
          [7, 3],
          [8, 1],
        ]),
      ),
    )!;
    expect([fit.mixture.pi0, fit.mixture.pi1, fit.likelihoodRatio]).toEqual([0, 0, 0]);
    expect(fit.mixture.mean).toBeCloseTo(0.5, 7);
    expect(fit.mixture.concentration / 7.124132931700366).toBeCloseTo(1, 8);
  });

  it('no task at 0/n or n/n: null at any level, as the fit itself finds (Λ = 0); tasks at n/n alone are tested', () => {
    // 30 tasks × 8 trials, none at 0/8 or 8/8: the fit's weights are 0 and Λ = 0, so even at a level
    // of 70 % (critical value > 0) no point masses are admitted.
    const middle = tasksOf(8, [
      [1, 4],
      [2, 6],
      [3, 5],
      [4, 5],
      [5, 4],
      [6, 4],
      [7, 2],
    ]);
    expect(inflatedBetaFit(countGroups(middle))!.likelihoodRatio).toBe(0);
    expect(inflationCriticalValue(0.7)).toBeGreaterThan(0);
    expect(inflatedBetaPrior(countGroups(middle), 0.7)).toBeNull();
    // The same tasks with 12 more at 8/8 (none at 0/8): the test still runs and admits a point mass at 1.
    const withOnes = countGroups([...middle, ...tasksOf(8, [[8, 12]])]);
    const fit = inflatedBetaFit(withOnes)!;
    expect(fit.likelihoodRatio).toBeGreaterThan(inflationCriticalValue(0.01));
    expect(inflatedBetaPrior(withOnes)).toEqual(fit);
    expect(fit.mixture.pi0).toBe(0);
    expect(fit.mixture.pi1).toBeGreaterThan(0);
  });

  it('null without a task strictly between 0/n and n/n, or with one task', () => {
    expect(
      inflatedBetaPrior(
        countGroups(
          tasksOf(8, [
            [0, 10],
            [8, 10],
          ]),
        ),
        0.5,
      ),
    ).toBeNull();
    expect(inflatedBetaPrior(countGroups([{ n: 8, c: 3 }]), 0.5)).toBeNull();
  });

  it('atomProbability: π0 = 0.3, π1 = 0.2, Beta(2, 2), n = 4 → P(p = 1 | 4/4) = 0.2/(0.2 + 0.5/14)', () => {
    // θ = (logit ½, ln 4, ln(0.3/0.5), ln(0.2/0.5)): π0 = 0.3, π1 = 0.2, w = 0.5.
    const mixture = mixtureParameters([0, Math.log(4), Math.log(0.6), Math.log(0.4)]);
    expect(atomProbability({ mixture, likelihoodRatio: Infinity }, 4, 4)).toBeCloseTo(0.736842105263158, 12);
  });

  it('betaComponent limits a + b (concentration ∞ becomes the limit, with the mean kept)', () => {
    const mixture = mixtureParameters([Math.log(3), Infinity, -Infinity, 0]);
    const capped = betaComponent({ mixture, likelihoodRatio: Infinity }, 16);
    expect(capped.a).toBeCloseTo(12, 12);
    expect(capped.b).toBeCloseTo(4, 12);
  });
});
