import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { fitTasks } from '../../../packages/sim/src/fit/fitTasks.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import { TAU_TASKS } from './tauBench.js';

/*
 * Reference: test/fixtures/fit/reference_fit.py (mpmath Newton fit with exact derivatives, delta-method
 * SEs by hand). Estimates are asked to agree within 1e-4 of their SE: a likelihood maximised by its
 * value locates θ to ~√(ε·|ℓ|) ≈ 1e-7 SE. SEs within 1e-4 relative: the central-difference Hessian's
 * truncation error is O(h²) with h = 1e-3·max(1, |θ|).
 */
const BB_REFERENCE = {
  a: [0.6418081012367768, 0.22279425664362837],
  b: [0.8575206324874409, 0.31001371740026445],
  mean: [0.4280636306105964, 0.05180339255148185],
  concentration: [1.4993287337242176, 0.5092715497918276],
  taskCorrelation: [0.40010743145016897, 0.08152722326935755],
} as const;
const ZOIBB_REFERENCE = {
  // Exact: a = 19, b = 34, π0 = 31/190, π1 = 159/850 (the saturated fit solves the cell shares).
  pi0: [0.1631578947368421, 0.18010601462093317],
  pi1: [0.18705882352941178, 0.06184501413532304],
  a: [19, 227.28217593995356],
  b: [34, 397.2275009361764],
  mean: [0.3584905660377358, 0.0922267802139487],
  concentration: [53, 624.4667725347763],
  // The whole mixture's Var(p)/(E p·(1 − E p)), not the beta component's 1/(a + b + 1) = 1/54.
  taskCorrelation: [0.39792008757526, 0.08535620262515936],
} as const;

describe('fitTasks on the τ-bench airline counts (50 tasks × 4 trials)', () => {
  const fit = fitTasks(TAU_TASKS);
  const [bb, zoibb] = fit.models;

  it('beta-binomial: parameters and SEs as the reference fit, logLik −78.97548374071036, AIC = 4 − 2ℓ', () => {
    expect(bb!.name).toBe('betaBinomial');
    for (const [name, [value, se]] of Object.entries(BB_REFERENCE)) {
      expect(Math.abs(bb!.params[name]!.value! - value), name).toBeLessThan(1e-4 * se);
      expect(Math.abs(bb!.params[name]!.se! / se - 1), name).toBeLessThan(1e-4);
    }
    expect(bb!.logLik).toBeCloseTo(-78.97548374071036, 9);
    expect(bb!.aic).toBeCloseTo(4 + 2 * 78.97548374071036, 9);
    expect(bb!.boundary).toEqual([]);
  });

  it('zero/one-inflated: the saturated fit (a = 19, b = 34), logLik −77.2385885549772, AIC = 8 − 2ℓ', () => {
    expect(zoibb!.name).toBe('zeroOneInflatedBetaBinomial');
    for (const [name, [value, se]] of Object.entries(ZOIBB_REFERENCE)) {
      expect(Math.abs(zoibb!.params[name]!.value! - value), name).toBeLessThan(1e-4 * se);
      expect(Math.abs(zoibb!.params[name]!.se! / se - 1), name).toBeLessThan(1e-4);
    }
    expect(zoibb!.logLik).toBeCloseTo(-77.2385885549772, 9);
    expect(zoibb!.aic).toBeCloseTo(8 + 2 * 77.2385885549772, 9);
  });

  it('chooses the beta-binomial by AIC (161.95 vs 162.48) and says the evidence is weak', () => {
    expect(fit.chosen).toBe('betaBinomial');
    expect(fit.choice.aicDifference).toBeCloseTo(162.4771771099544 - 161.95096748142072, 8);
    expect(fit.choice.reason).toMatch(/ΔAIC = 0\.53, below 2: weak evidence/);
    expect(fit.notes.join(' ')).toMatch(/zeroOneInflatedBetaBinomial estimates 4 parameters .* reproduces the observed counts exactly/);
  });

  it('goodness of fit: each model’s pass^k and pass@k for k ≤ 4 lie within 2 SEs of the observed unbiased values', () => {
    // The observed values are the τ-bench README's: pass^k = 0.420, 0.273, 0.220, 0.200. A fitted model
    // whose prediction sits within 2 clustered SEs of them (a 95 % band) is consistent with the data.
    const published = [0.42, 0.2733, 0.22, 0.2];
    expect(fit.goodnessOfFit.passRates.map((row) => row.k)).toEqual([1, 2, 3, 4]);
    fit.goodnessOfFit.passRates.forEach((row, i) => {
      expect(row.observed.passHatK!.value).toBeCloseTo(published[i]!, 4);
      for (const metric of ['passHatK', 'passAtK'] as const) {
        const observed = row.observed[metric]!;
        for (const name of ['betaBinomial', 'zeroOneInflatedBetaBinomial']) {
          expect(Math.abs(row.predicted[name]![metric] - observed.value), `${name} ${metric} k=${row.k}`).toBeLessThan(2 * observed.se!);
        }
      }
    });
  });

  it('the saturated model reproduces the count table and hence the observed pass^k (to 1e-4 of the SE)', () => {
    for (const row of fit.goodnessOfFit.counts[0]!.rows) {
      // SE of a cell count under the multinomial: √(N p (1 − p)).
      const p = row.observed / 50;
      expect(Math.abs(row.predicted.zeroOneInflatedBetaBinomial! - row.observed)).toBeLessThan(1e-4 * Math.sqrt(50 * p * (1 - p)));
    }
    for (const row of fit.goodnessOfFit.passRates) {
      expect(Math.abs(row.predicted.zeroOneInflatedBetaBinomial!.passHatK - row.observed.passHatK!.value)).toBeLessThan(1e-4 * row.observed.passHatK!.se!);
    }
  });

  it('predicts every k ≤ n and extrapolates to k = 5 … 8 with model-based intervals around the prediction', () => {
    expect(fit.extrapolation.ks).toEqual([5, 6, 7, 8]);
    expect(fit.extrapolation.method).toMatch(/^model-based/);
    expect(Object.keys(bb!.predicted.passHatK)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    // Closed form for the beta: pass^8 = ∏_{j<8} (a + j)/(a + b + j) at the fitted a, b.
    const { a, b } = { a: bb!.params.a!.value!, b: bb!.params.b!.value! };
    let closed = 1;
    for (let j = 0; j < 8; j++) closed *= (a + j) / (a + b + j);
    expect(bb!.predicted.passHatK['8']).toBeCloseTo(closed, 14);
    // reference_fit.py: predictions and 95 % delta-method intervals on the logit scale with exact derivatives.
    const reference: Array<[model: typeof bb, metric: 'passHatK' | 'passAtK', value: number, lower: number, upper: number]> = [
      [bb, 'passHatK', 0.10025266815474485, 0.03944228199184945, 0.2321581588761422],
      [bb, 'passAtK', 0.7997285356524457, 0.6506453105561338, 0.8954180936534548],
      [zoibb, 'passHatK', 0.18745557640448285, 0.09539919978169092, 0.33540616674215135],
      [zoibb, 'passAtK', 0.8125768248792642, 0.5390384548769405, 0.9414318308069775],
    ];
    for (const [model, metric, value, lower, upper] of reference) {
      // Estimates to 1e-4 of the interval's half-width (see the precision note at the top); bounds likewise.
      const tolerance = 1e-4 * (upper - lower);
      expect(Math.abs(model!.predicted[metric]['8']! - value), `${model!.name} ${metric}`).toBeLessThan(tolerance);
      expect(Math.abs(model!.intervals![metric]['8']!.lower - lower), `${model!.name} ${metric} lower`).toBeLessThan(tolerance);
      expect(Math.abs(model!.intervals![metric]['8']!.upper - upper), `${model!.name} ${metric} upper`).toBeLessThan(tolerance);
    }
  });

  it('writes the chosen fit as a tasks block that resolveScenario accepts', () => {
    expect(fit.scenarioTasks).toEqual({ count: 50, successRate: { dist: 'beta', a: bb!.params.a!.value, b: bb!.params.b!.value } });
    const scenario = resolveScenario({ tasks: fit.scenarioTasks, policy: { maxAttempts: 8 } });
    expect(scenario.tasks.successRate).toEqual({ dist: 'beta', a: bb!.params.a!.value, b: bb!.params.b!.value });
    expect(() => resolveScenario({ tasks: zoibb!.scenarioTasks, policy: { maxAttempts: 8 } })).not.toThrow();
  });

  it('is deterministic (no randomness anywhere), and the confidence moves only the intervals', () => {
    expect(fitTasks(TAU_TASKS)).toEqual(fit);
    const narrow = fitTasks(TAU_TASKS, { confidence: 0.8 });
    expect(narrow.models[0]!.params).toEqual(bb!.params);
    const [wide, tight] = [bb!.intervals!.passHatK['8']!, narrow.models[0]!.intervals!.passHatK['8']!];
    expect(tight.lower).toBeGreaterThan(wide.lower);
    expect(tight.upper).toBeLessThan(wide.upper);
  });
});

describe('fitTasks: degenerate and bad input', () => {
  const repeat = (n: number, c: number, times: number) => Array.from({ length: times }, () => ({ n, c }));

  it('every c/n the same (2 of 4): the binomial boundary, between-task correlation 0, a point mass in the scenario, no NaN', () => {
    const fit = fitTasks(repeat(4, 2, 30));
    const bb = fit.models[0]!;
    expect(bb.params.taskCorrelation).toEqual({ value: 0, se: null });
    expect(bb.params.concentration).toEqual({ value: null, se: null });
    expect(bb.boundary.join(' ')).toMatch(/concentration = ∞: no spread of success rates in the beta component .* \(without point masses ρ = 0\)/);
    // Binomial MLE Σc/Σn = ½ with SE √(½·½/120) (closed form).
    expect(bb.params.mean!.value).toBeCloseTo(0.5, 7);
    expect(bb.params.mean!.se).toBeCloseTo(Math.sqrt(0.25 / 120), 6);
    expect(fit.chosen).toBe('betaBinomial');
    expect(fit.scenarioTasks.successRate).toEqual({ dist: 'point', p: expect.closeTo(0.5, 7) });
    expect(JSON.stringify(fit)).not.toMatch(/NaN/);
  });

  it('every task 0 or n: both models are point masses at 0 and 1 (two-point limit), said in a note', () => {
    const fit = fitTasks([...repeat(4, 0, 20), ...repeat(6, 6, 10)]);
    const [bb, zoibb] = fit.models;
    expect(bb!.params.taskCorrelation).toEqual({ value: 1, se: null });
    // Point masses only: Var(p) = E p·(1 − E p), so ρ = 1 whatever the weights.
    expect(zoibb!.params.taskCorrelation!.value).toBeCloseTo(1, 12);
    expect(zoibb!.params.pi1!.value).toBeCloseTo(1 / 3, 7);
    expect(zoibb!.params.pi1!.se).toBeCloseTo(Math.sqrt(((1 / 3) * (2 / 3)) / 30), 6);
    expect(bb!.logLik).toBeCloseTo(zoibb!.logLik, 10);
    expect(fit.notes.join(' ')).toMatch(/every task has c = 0 or c = n/);
    expect(() => resolveScenario({ tasks: fit.scenarioTasks, policy: { maxAttempts: 8 } })).not.toThrow();
    expect(JSON.stringify(fit)).not.toMatch(/NaN/);
  });

  it('nothing to fit → InputError with the reason: all c = 0, all c = n, every n = 1, no tasks, n = 0', () => {
    expect(() => fitTasks(repeat(4, 0, 5))).toThrow(/^tasks: must include a success/);
    expect(() => fitTasks(repeat(4, 4, 5))).toThrow(/^tasks: must include a failure.*passk plan demonstrate/);
    expect(() =>
      fitTasks([
        { n: 1, c: 0 },
        { n: 1, c: 1 },
      ]),
    ).toThrow(/^tasks: must include a task with n ≥ 2 trials/);
    expect(() => fitTasks([])).toThrow(/^tasks: must contain at least one task/);
    expect(() =>
      fitTasks([
        { n: 0, c: 0 },
        { n: 3, c: 1 },
      ]),
    ).toThrow(/^tasks\[0\]\.n: must be an integer ≥ 1, got 0$/);
    expect(() => fitTasks([{ n: 3, c: 4 }])).toThrow(InputError);
  });

  it('bad options → InputError naming the option', () => {
    expect(() => fitTasks(TAU_TASKS, { confidence: 1 })).toThrow(/^confidence: must be a number strictly between 0 and 1, got 1$/);
    expect(() => fitTasks(TAU_TASKS, { ks: [0] })).toThrow(/^ks: must be an integer ≥ 1, got 0$/);
  });

  it('unequal n: per-task likelihood; counts tabled per n; pass rates over the tasks with n ≥ k', () => {
    const tasks = [...repeat(2, 1, 6), ...repeat(2, 0, 4), ...repeat(8, 5, 3), ...repeat(8, 0, 2), ...repeat(8, 8, 2)];
    const fit = fitTasks(tasks, { ks: [12] });
    expect(fit.goodnessOfFit.counts.map((g) => [g.n, g.tasks])).toEqual([
      [2, 10],
      [8, 7],
    ]);
    expect(fit.goodnessOfFit.passRates.map((row) => row.estimableTasks)).toEqual([17, 17, 7, 7, 7, 7, 7, 7]);
    expect(fit.extrapolation.ks).toEqual([12]);
    expect(Object.keys(fit.models[0]!.predicted.passAtK)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '12']);
  });
});
