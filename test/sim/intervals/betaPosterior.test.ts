import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { type BetaPrior, betaPosterior, JEFFREYS_PRIOR, UNIFORM_PRIOR } from '../../../packages/sim/src/intervals/betaPosterior.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

// Tolerance: relative 1e-12.
describe('betaPosterior', () => {
  it('doc example: uniform prior, 27 of 30, 95 %, k = 8 (scipy.special.beta ratios, scipy.stats.beta quantiles)', () => {
    // python3 -c "from scipy.stats import beta; from scipy.special import beta as Bf; a,b=28,4; print(Bf(a+8,b)/Bf(a,b), 1-Bf(a,b+8)/Bf(a,b), beta.ppf(0.025,a,b), beta.isf(0.025,a,b), beta.ppf(0.025,a,b)**8, beta.isf(0.025,a,b)**8, 1-(1-beta.ppf(0.025,a,b))**8, 1-(1-beta.isf(0.025,a,b))**8)"
    const view = betaPosterior(30, 27, { prior: UNIFORM_PRIOR, confidence: 0.95, k: 8 });
    expect(view.prior).toEqual({ a: 1, b: 1 });
    expect(view.posterior).toEqual({ a: 28, b: 4 });
    expect(view).toMatchObject({ confidence: 0.95, k: 8 });
    expect(view.p.mean).toBe(0.875);
    expectRelativelyClose(view.p.lower, 0.7424609353722644);
    expectRelativelyClose(view.p.upper, 0.963698338020791);
    expectRelativelyClose(view.passHatK.mean, 0.38254854044327746);
    expectRelativelyClose(view.passHatK.mean, 755160 / 1974024); // 28·29·30·31 / (36·37·38·39), closed form
    expectRelativelyClose(view.passHatK.lower, 0.09233978632940805);
    expectRelativelyClose(view.passHatK.upper, 0.7439245313413578);
    expectRelativelyClose(view.passAtK.mean, 0.9999973181087732);
    expectRelativelyClose(view.passAtK.lower, 0.9999806471508172);
    expectRelativelyClose(view.passAtK.upper, 0.9999999999969841);
  });

  it('Jeffreys prior, 0 of 30, 90 %, k = 3 (scipy): the credible interval keeps a positive lower end', () => {
    // python3 -c "from scipy.stats import beta; from scipy.special import beta as Bf; a,b,k=0.5,30.5,3; print([Bf(a+k,b)/Bf(a,b), 1-Bf(a,b+k)/Bf(a,b), beta.ppf(0.05,a,b), beta.isf(0.05,a,b)])"
    const view = betaPosterior(30, 0, { prior: JEFFREYS_PRIOR, confidence: 0.9, k: 3 });
    expect(view.posterior).toEqual({ a: 0.5, b: 30.5 });
    expectRelativelyClose(view.p.lower, 6.498971558159005e-5);
    expectRelativelyClose(view.p.upper, 0.0615167245573009);
    expectRelativelyClose(view.passHatK.mean, 5.727639296187685e-5);
    expectRelativelyClose(view.passAtK.mean, 0.04617622800586452);
    expectRelativelyClose(view.passHatK.upper, 0.0615167245573009 ** 3);
    expectRelativelyClose(view.passAtK.lower, 1 - (1 - 6.498971558159005e-5) ** 3);
  });

  it('keeps pass@k accurate when p is tiny (mpmath; 1 − B(a, b + k)/B(a, b) cancels in double precision)', () => {
    // python3 -c "import mpmath as m; m.mp.dps=40; a,b,k=m.mpf(0.5),m.mpf(1e6+0.5),8; print(float(m.beta(a+k,b)/m.beta(a,b)), float(1-m.beta(a,b+k)/m.beta(a,b)))"
    const view = betaPosterior(1e6, 0, { prior: JEFFREYS_PRIOR, confidence: 0.95, k: 8 });
    expectRelativelyClose(view.passHatK.mean, 7.91778136179783e-45);
    expectRelativelyClose(view.passAtK.mean, 3.999975000171999e-6);
  });

  it('returns the prior as the posterior when n = 0 (conjugacy with no data)', () => {
    const prior: BetaPrior = { a: 2, b: 5 };
    const view = betaPosterior(0, 0, { prior, confidence: 0.5, k: 1 });
    expect(view.posterior).toEqual(prior);
    expect(view.p.mean).toBe(2 / 7);
    expect(view.passHatK.mean).toBe(2 / 7);
    expectRelativelyClose(view.passAtK.mean, 2 / 7);
  });

  it('exports frozen Jeffreys and uniform priors', () => {
    expect(JEFFREYS_PRIOR).toEqual({ a: 0.5, b: 0.5 });
    expect(UNIFORM_PRIOR).toEqual({ a: 1, b: 1 });
    expect(Object.isFrozen(JEFFREYS_PRIOR)).toBe(true);
    expect(Object.isFrozen(UNIFORM_PRIOR)).toBe(true);
  });

  it('rejects bad counts, priors, confidence and k, naming the argument', () => {
    const options = { prior: JEFFREYS_PRIOR, confidence: 0.95, k: 2 };
    expect(() => betaPosterior(10, 11, options)).toThrow(InputError);
    expect(() => betaPosterior(10, 11, options)).toThrow(/^c: /);
    expect(() => betaPosterior(-1, 0, options)).toThrow(/^n: /);
    expect(() => betaPosterior(10, 3, { ...options, prior: { a: 0, b: 1 } })).toThrow(/^prior\.a: /);
    expect(() => betaPosterior(10, 3, { ...options, prior: { a: 1, b: Number.NaN } })).toThrow(/^prior\.b: /);
    expect(() => betaPosterior(10, 3, { ...options, prior: undefined as unknown as BetaPrior })).toThrow(/^prior: /);
    expect(() => betaPosterior(10, 3, { ...options, confidence: 1 })).toThrow(/^confidence: /);
    expect(() => betaPosterior(10, 3, { ...options, k: 0 })).toThrow(/^k: /);
  });
});

describe('betaPosterior: guards at their boundary', () => {
  it('options and prior must be objects: null is refused with an InputError naming it, not a TypeError', () => {
    const options = { prior: JEFFREYS_PRIOR, confidence: 0.95, k: 2 };
    expect(() => betaPosterior(10, 3, null as unknown as typeof options)).toThrow(new InputError('options', 'must be an object', null));
    expect(() => betaPosterior(10, 3, 7 as unknown as typeof options)).toThrow(new InputError('options', 'must be an object', 7));
    expect(() => betaPosterior(10, 3, { ...options, prior: null as unknown as BetaPrior })).toThrow(
      new InputError('prior', 'must be an object { a, b }', null),
    );
  });
});
