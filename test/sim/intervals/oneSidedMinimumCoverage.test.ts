import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { oneSidedMinimumCoverage } from '../../../packages/sim/src/intervals/oneSidedMinimumCoverage.js';
import type { IntervalMethod } from '../../../packages/sim/src/intervals/proportionInterval.js';

type Row = readonly [IntervalMethod, 'lower' | 'upper', number, number, number, number];

// python3 test/reference/one_sided_minimum_coverage_reference.py: [method, tail, n, confidence,
// minimum coverage, the bound it is approached at], from scipy's bounds (binomtest, beta.ppf, ndtri)
// and binom.cdf/sf at the dips, each checked there against a brute-force minimum over 20 000 grid
// points plus every bound value (the study's method, bench/coverageSingle.mjs) to 1e-7.
const SCIPY: readonly Row[] = [
  ['wilson', 'lower', 1, 0.8, 0.414631736611887, 0.585368263388113],
  ['wilson', 'lower', 1, 0.95, 0.7301340512159459, 0.2698659487840541],
  ['wilson', 'lower', 1, 0.99, 0.8440398526905308, 0.1559601473094691],
  ['wilson', 'lower', 4, 0.8, 0.4790767361915626, 0.8495587910548338],
  ['wilson', 'lower', 4, 0.95, 0.7877247939128195, 0.0579073211998587],
  ['wilson', 'lower', 4, 0.99, 0.8660552053683878, 0.03531307103943415],
  ['wilson', 'lower', 8, 0.8, 0.492726300071525, 0.9186610289584972],
  ['wilson', 'lower', 8, 0.95, 0.7941498666634034, 0.028399323737810178],
  ['wilson', 'lower', 8, 0.99, 0.8688932281547439, 0.017413480537247505],
  ['wilson', 'lower', 30, 0.8, 0.5034611421723582, 0.9769337379750871],
  ['wilson', 'lower', 30, 0.95, 0.7985178217641457, 0.007471878764942319],
  ['wilson', 'lower', 30, 0.99, 0.8708660865105685, 0.004598297335321716],
  ['wilson', 'lower', 100, 0.8, 0.5063010959919979, 0.9929665567205921],
  ['wilson', 'lower', 100, 0.95, 0.799587576036288, 0.002234092833454746],
  ['wilson', 'lower', 100, 0.99, 0.871354612822693, 0.0013761148045698807],
  ['wilson', 'lower', 1000, 0.8, 0.507408749892341, 0.9992921750702133],
  ['wilson', 'lower', 1000, 0.95, 0.7999958492699468, 0.00022312384391207085],
  ['wilson', 'lower', 1000, 0.99, 0.8715416143999256, 0.00013748221330083226],
  ['wilson', 'upper', 4, 0.8, 0.4790767361915627, 0.15044120894516627],
  ['wilson', 'upper', 4, 0.95, 0.7877247939128196, 0.9420926788001414],
  ['wilson', 'upper', 4, 0.99, 0.8660552053683878, 0.9646869289605658],
  ['wilson', 'upper', 30, 0.8, 0.5034611421723574, 0.023066262024912854],
  ['wilson', 'upper', 30, 0.95, 0.7985178217641443, 0.9925281212350576],
  ['wilson', 'upper', 30, 0.99, 0.8708660865105692, 0.9954017026646783],
  ['jeffreys', 'lower', 1, 0.8, 0.4720360894901017, 0.5279639105098983],
  ['jeffreys', 'lower', 1, 0.95, 0.7714801861936711, 0.22851981380632888],
  ['jeffreys', 'lower', 1, 0.99, 0.9191728071031089, 0.08082719289689115],
  ['jeffreys', 'lower', 4, 0.8, 0.5373737517718432, 0.8247219765756052],
  ['jeffreys', 'lower', 4, 0.95, 0.828286166656594, 0.04600718890369173],
  ['jeffreys', 'lower', 4, 0.99, 0.9403754860959135, 0.015251507075092515],
  ['jeffreys', 'lower', 8, 0.8, 0.548752212951698, 0.9053195223951357],
  ['jeffreys', 'lower', 8, 0.95, 0.8337958256255699, 0.0224646655482548],
  ['jeffreys', 'lower', 8, 0.99, 0.9424045668382307, 0.007387653654268384],
  ['jeffreys', 'lower', 30, 0.8, 0.557076188893988, 0.9732198708219026],
  ['jeffreys', 'lower', 30, 0.95, 0.8374341215406945, 0.005896304138178465],
  ['jeffreys', 'lower', 30, 0.99, 0.943742549523214, 0.0019282010603832989],
  ['jeffreys', 'lower', 100, 0.8, 0.5591873914614601, 0.9918421035467179],
  ['jeffreys', 'lower', 100, 0.95, 0.8383118956894989, 0.0017620962540774716],
  ['jeffreys', 'lower', 100, 0.99, 0.9440651421843981, 0.0005754354601364078],
  ['jeffreys', 'lower', 1000, 0.8, 0.5600006029462509, 0.999179354991049],
  ['jeffreys', 'lower', 1000, 0.95, 0.8386455236037483, 0.0001759516791643929],
  ['jeffreys', 'lower', 1000, 0.99, 0.9441877342554219, 5.742861248966998e-5],
  ['jeffreys', 'upper', 4, 0.8, 0.5373737517718433, 0.17527802342439483],
  ['jeffreys', 'upper', 4, 0.95, 0.8282861666565942, 0.9539928110963083],
  ['jeffreys', 'upper', 4, 0.99, 0.9403754860959136, 0.9847484929249075],
  ['jeffreys', 'upper', 30, 0.8, 0.557076188893988, 0.026780129178097353],
  ['jeffreys', 'upper', 30, 0.95, 0.8374341215406953, 0.9941036958618216],
  ['jeffreys', 'upper', 30, 0.99, 0.9437425495232148, 0.9980717989396167],
  ['agresti-coull', 'lower', 1, 0.8, 0.46835019684495993, 0.5316498031550401],
  ['agresti-coull', 'lower', 1, 0.95, 0.7764549564150678, 0.22354504358493227],
  ['agresti-coull', 'lower', 1, 0.99, 0.8757571279057449, 0.12424287209425511],
  ['agresti-coull', 'lower', 4, 0.8, 0.54238266433953, 0.8224805130693477],
  ['agresti-coull', 'lower', 4, 0.95, 0.8223345290038241, 0.047725551293717416],
  ['agresti-coull', 'lower', 4, 0.99, 0.9101382189625424, 0.023264802985224764],
  ['agresti-coull', 'lower', 8, 0.8, 0.5579310815898827, 0.9029968755652069],
  ['agresti-coull', 'lower', 8, 0.95, 0.8701659325381814, 0.0800275207275746],
  ['agresti-coull', 'lower', 8, 0.99, 0.9473755546592735, 0.047719255979142505],
  ['agresti-coull', 'lower', 30, 0.8, 0.5701168459620409, 0.9722508859266547],
  ['agresti-coull', 'lower', 30, 0.95, 0.9099835985517684, 0.0572548958954012],
  ['agresti-coull', 'lower', 30, 0.99, 0.9744546280942838, 0.07751756393089554],
  ['agresti-coull', 'lower', 100, 0.8, 0.5733339171220664, 0.9915186356480178],
  ['agresti-coull', 'lower', 100, 0.95, 0.9213550852876139, 0.02275661881629957],
  ['agresti-coull', 'lower', 100, 0.99, 0.9811526936098656, 0.053816014830735295],
  ['agresti-coull', 'lower', 1000, 0.8, 0.5745878631308479, 0.9991456683031753],
  ['agresti-coull', 'lower', 1000, 0.95, 0.9260077137517558, 0.0029011215846305206],
  ['agresti-coull', 'lower', 1000, 0.99, 0.9837950617021561, 0.007960535109082068],
  ['agresti-coull', 'upper', 4, 0.8, 0.5423826643395304, 0.1775194869306525],
  ['agresti-coull', 'upper', 4, 0.95, 0.8223345290038243, 0.9522744487062826],
  ['agresti-coull', 'upper', 4, 0.99, 0.9101382189625427, 0.9767351970147753],
  ['agresti-coull', 'upper', 30, 0.8, 0.5701168459620406, 0.027749114073345325],
  ['agresti-coull', 'upper', 30, 0.95, 0.9099835985517687, 0.9427451041045989],
  ['agresti-coull', 'upper', 30, 0.99, 0.9744546280942838, 0.9224824360691045],
];
// Clopper–Pearson from the same script: every dip equals the confidence (its bounds' definition), so only the value is compared.
const SCIPY_CLOPPER_PEARSON: readonly Row[] = [
  ['clopper-pearson', 'lower', 1, 0.8, 0.8, 0.19999999999999996],
  ['clopper-pearson', 'lower', 1, 0.95, 0.95, 0.050000000000000044],
  ['clopper-pearson', 'lower', 1, 0.99, 0.99, 0.010000000000000009],
  ['clopper-pearson', 'lower', 4, 0.8, 0.7999999999999117, 0.05425839099685029],
  ['clopper-pearson', 'lower', 4, 0.95, 0.9499999999999613, 0.012741455098576234],
  ['clopper-pearson', 'lower', 4, 0.99, 0.9899999999998557, 0.04199863562201286],
  ['clopper-pearson', 'lower', 8, 0.8, 0.7999999999999217, 0.4163446448588097],
  ['clopper-pearson', 'lower', 8, 0.95, 0.9499999999983253, 0.006391150954763937],
  ['clopper-pearson', 'lower', 8, 0.99, 0.9899999999999998, 0.12095017510908136],
  ['clopper-pearson', 'lower', 30, 0.8, 0.7999999999998995, 0.7492524167729946],
  ['clopper-pearson', 'lower', 30, 0.95, 0.9499999999984453, 0.011975800965418193],
  ['clopper-pearson', 'lower', 30, 0.99, 0.9899999999998956, 0.5432726880278786],
  ['clopper-pearson', 'lower', 100, 0.8, 0.7999999999971088, 0.7798664987320723],
  ['clopper-pearson', 'lower', 100, 0.95, 0.9499999999968695, 0.0082258291078652],
  ['clopper-pearson', 'lower', 100, 0.99, 0.989999999999422, 0.03589383548552508],
  ['clopper-pearson', 'lower', 1000, 0.8, 0.799999999741434, 0.0002231186569668281],
  ['clopper-pearson', 'lower', 1000, 0.95, 0.9499999999938492, 0.011665724468207829],
  ['clopper-pearson', 'lower', 1000, 0.99, 0.9899999999949858, 0.0012808499907695356],
  ['clopper-pearson', 'upper', 4, 0.8, 0.7999999999999118, 0.9457416090031497],
  ['clopper-pearson', 'upper', 4, 0.95, 0.9499999999999612, 0.9872585449014237],
  ['clopper-pearson', 'upper', 4, 0.99, 0.9899999999998556, 0.9580013643779871],
  ['clopper-pearson', 'upper', 30, 0.8, 0.7999999999998997, 0.25074758322700536],
  ['clopper-pearson', 'upper', 30, 0.95, 0.9499999999984454, 0.9880241990345818],
  ['clopper-pearson', 'upper', 30, 0.99, 0.9899999999998956, 0.4567273119721213],
];

describe('oneSidedMinimumCoverage', () => {
  it.each(SCIPY)('%s %s bound, n = %i, confidence %f: the minimum over p and where, as scipy', (method, tail, n, confidence, coverage, at) => {
    const result = oneSidedMinimumCoverage(n, { method, confidence, tail });
    expect(result.exact).toBe(true);
    expect(result.dips).toBe(n);
    // Agreement measured at 6e-15 (the bounds' and the binomial tails' own rounding).
    expect(Math.abs(result.coverage - coverage)).toBeLessThan(1e-13);
    expect(Math.abs(result.at - at) / at).toBeLessThan(1e-12);
  });

  it.each(SCIPY_CLOPPER_PEARSON)('clopper-pearson %s bound, n = %i, confidence %f: holds its level exactly', (method, tail, n, confidence, coverage) => {
    const result = oneSidedMinimumCoverage(n, { method, confidence, tail });
    // Closed form: P(C ≥ m + 1 | L_CP(m + 1)) = 1 − confidence at every dip.
    expect(Math.abs(result.coverage - confidence)).toBeLessThan(1e-12);
    // scipy's binomtest solves for the exact bound to about 1e-10 (measured 2.6e-10 at n = 1000).
    expect(Math.abs(result.coverage - coverage)).toBeLessThan(1e-9);
  });

  it('the doc example: one-sided 95 % Wilson at n = 8, 79.41 %, just below L(1)', () => {
    const result = oneSidedMinimumCoverage(8, { method: 'wilson', confidence: 0.95 });
    expect(result.coverage).toBeCloseTo(0.7941498666634034, 13);
    expect(result.at).toBeCloseTo(0.028399323737810178, 14);
  });

  it('maxDips: the dips nearest 0 and 1 only, marked not exact; an upper bound on the minimum (here equal)', () => {
    // The script's last row: Jeffreys, n = 1000, 95 %, dips m < 50 and m ≥ 950.
    const partial = oneSidedMinimumCoverage(1000, { method: 'jeffreys', confidence: 0.95, maxDips: 100 });
    expect(partial.exact).toBe(false);
    expect(partial.dips).toBe(100);
    expect(Math.abs(partial.coverage - 0.8386455236037483)).toBeLessThan(1e-13);
    expect(Math.abs(partial.at - 0.0001759516791643929) / partial.at).toBeLessThan(1e-12);
    const full = oneSidedMinimumCoverage(1000, { method: 'jeffreys', confidence: 0.95 });
    expect(full.exact).toBe(true);
    expect(partial.coverage).toBeGreaterThanOrEqual(full.coverage);
    // Enough dips for every one: exact.
    expect(oneSidedMinimumCoverage(30, { method: 'wilson', confidence: 0.95, maxDips: 30 })).toEqual(
      oneSidedMinimumCoverage(30, { method: 'wilson', confidence: 0.95 }),
    );
  });

  it('at 80 % the one-sided Wilson lower bound dips lowest near p = 1 (c = n), which maxDips keeps', () => {
    // From the script: n = 8, 0.8 → 0.4927…, approached below L(8) = 0.9187.
    const result = oneSidedMinimumCoverage(8, { method: 'wilson', confidence: 0.8, maxDips: 2 });
    expect(result.at).toBeGreaterThan(0.9);
    expect(result.coverage).toBeCloseTo(SCIPY.find((r) => r[0] === 'wilson' && r[1] === 'lower' && r[2] === 8 && r[3] === 0.8)![4], 13);
  });

  it('rejects bad n, confidence, method and maxDips, naming the argument', () => {
    expect(() => oneSidedMinimumCoverage(0, { method: 'wilson', confidence: 0.95 })).toThrow(InputError);
    expect(() => oneSidedMinimumCoverage(1.5, { method: 'wilson', confidence: 0.95 })).toThrow(/^n: /);
    expect(() => oneSidedMinimumCoverage(8, { method: 'wilson', confidence: 1 })).toThrow(/^confidence: /);
    expect(() => oneSidedMinimumCoverage(8, { method: 'wald' as IntervalMethod, confidence: 0.95 })).toThrow(/^method: /);
    expect(() => oneSidedMinimumCoverage(8, { method: 'wilson', confidence: 0.95, maxDips: 1 })).toThrow(/^maxDips: /);
  });
});

describe('oneSidedMinimumCoverage: guards and the dips kept by maxDips', () => {
  it('maxDips 4 at n = 8 keeps dips m = 0, 1 and m = 6, 7; the least, at m = 7 (below L(8)), is the full minimum (the scipy row)', () => {
    const row = SCIPY.find((r) => r[0] === 'wilson' && r[1] === 'lower' && r[2] === 8 && r[3] === 0.8)!;
    const result = oneSidedMinimumCoverage(8, { method: 'wilson', confidence: 0.8, maxDips: 4 });
    expect(result.exact).toBe(false);
    expect(result.dips).toBe(4);
    expect(Math.abs(result.coverage - row[4])).toBeLessThan(1e-13);
    expect(Math.abs(result.at - row[5]) / row[5]).toBeLessThan(1e-12);
  });

  it('more than 10⁶ dips only with maxDips: n = 10⁶ + 1 is refused without it, n = 2·10⁶ with maxDips 4 is evaluated', () => {
    expect(() => oneSidedMinimumCoverage(1_000_001, { method: 'wilson', confidence: 0.95 })).toThrow(
      new InputError('n', 'must be at most 1000000 unless maxDips bounds the dips evaluated (one interval and one binomial tail each)', 1_000_001),
    );
    expect(oneSidedMinimumCoverage(2_000_000, { method: 'wilson', confidence: 0.95, maxDips: 4 })).toMatchObject({ exact: false, dips: 4 });
  });

  it('options must be an object (null refused by name)', () => {
    expect(() => oneSidedMinimumCoverage(8, null as unknown as { method: 'wilson'; confidence: 0.95 })).toThrow(/^options: /);
  });
});
