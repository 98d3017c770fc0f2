import { beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import {
  bootstrapReplicates,
  bootstrapTaskAverage,
  type BootstrapOptions,
  type BootstrapReplicates,
  type BootstrapRow,
} from '../../../packages/sim/src/estimators/bootstrap.js';
import { averageOverTasks, type TaskTrials } from '../../../packages/sim/src/estimators/taskAverage.js';

/** `count` tasks with n trials and c successes. */
const repeat = (count: number, n: number, c: number): TaskTrials[] => Array.from({ length: count }, () => ({ n, c }));

/*
 * Closed-form moments of the two-stage bootstrap. A replicate is the mean of T independent draws
 * X = θ̂(n_t, c*) with t uniform over the tasks and c* ~ Binomial(n_t, c_t/n_t), so (all n ≥ k)
 *   E*[replicate] = mean_t E[θ̂(n_t, c*)] = mean_t θ(c_t/n_t)  (the plug-in average: θ̂ is unbiased),
 *   Var*[replicate] = σ²/T,  σ² = mean_t E[θ̂²] − (mean_t E[θ̂])²,
 *   μ₄[replicate] = (μ₄(X) + 3(T − 1)σ⁴)/T³  (fourth central moment of a mean of T iid draws).
 * Exact in python (Fraction, sums over the binomial pmf):
 *   groups = [(20,5,2),(8,10,7),(6,20,19),(4,8,0),(2,12,12)]   # (count, n, c), T = 40
 *   pmf = lambda n,c,v: comb(n,v)*F(c,n)**v*(1-F(c,n))**(n-v)
 *   at = lambda n,v,k: 1-F(comb(n-v,k),comb(n,k)); hat = lambda n,v,k: F(comb(v,k),comb(n,k))
 *   mu  = sum(m*sum(pmf(n,c,v)*f(n,v,k) for v in range(n+1)) for m,n,c in groups)/T   # == plug-in average (asserted)
 *   s2  = sum(m*sum(pmf(n,c,v)*f(n,v,k)**2 ...))/T - mu**2;  m4 = sum(m*sum(pmf(n,c,v)*(f(n,v,k)-mu)**4 ...))/T
 *   print(float(mu), float(s2/T), float((m4 + 3*(T-1)*s2**2)/T**3))
 * The (5, 2) group is picked ~20 times per replicate (> n + 1: the multinomial path); the others
 * are drawn task by task.
 */
const momentTasks = [...repeat(20, 5, 2), ...repeat(8, 10, 7), ...repeat(6, 20, 19), ...repeat(4, 8, 0), ...repeat(2, 12, 12)];
const momentCases: Array<[metric: 'passAtK' | 'passHatK', k: number, mean: number, variance: number, fourth: number]> = [
  ['passAtK', 1, 0.5325, 0.002709375, 2.1808268303833007e-5],
  ['passHatK', 1, 0.5325, 0.002709375, 2.1808268303833007e-5],
  ['passAtK', 3, 0.78658125, 0.0029105672177734375, 2.5628805931119034e-5],
  ['passHatK', 3, 0.27920625, 0.0032708755380859377, 3.194582537817133e-5],
  ['passAtK', 5, 0.860633953125, 0.0029874114341896085, 2.7300091007787674e-5],
  ['passHatK', 5, 0.204801140625, 0.0030857446662009686, 2.867263076276502e-5],
];

describe('bootstrapTaskAverage: moments of the replicates (closed form)', () => {
  const B = 20_000;
  const ks = [1, 3, 5];
  let raw: BootstrapReplicates;
  let summary: BootstrapRow[];
  beforeAll(() => {
    raw = bootstrapReplicates(momentTasks, { ks, replicates: B, seed: 11 });
    summary = bootstrapTaskAverage(momentTasks, { ks, replicates: B, seed: 11, confidence: 0.95, sides: 2 });
  });

  it.each(momentCases)('%s, k = %i: mean within 5 SE of %f, se within 5 of its sampling SE', (metric, k, mean, variance, fourth) => {
    const i = ks.indexOf(k);
    const values = raw[metric][i]!;
    const sample = meanVariance(values);
    expect(Math.abs(sample.mean - mean)).toBeLessThan(5 * Math.sqrt(variance / B));
    // sd of a sample sd: Var(s²) ≈ (μ₄ − σ⁴(B − 3)/(B − 1))/B, then ÷ 2σ (delta method)
    const sdOfSd = Math.sqrt((fourth - (variance ** 2 * (B - 3)) / (B - 1)) / B) / (2 * Math.sqrt(variance));
    const se = summary[i]![metric]!.se;
    expect(Math.abs(se - Math.sqrt(variance))).toBeLessThan(5 * sdOfSd);
    // and the summary's se is the sd of these very replicates (same seed)
    expect(se).toBeCloseTo(Math.sqrt(sample.variance), 14);
  });
});

/*
 * Both ways of drawing a group agree with the exact distribution: one group of T tasks with
 * n = 4, c = 1 is drawn task by task when T ≤ n + 1 (T = 5) and split by a multinomial otherwise
 * (T = 6). With k = 2 the replicate is S/(6T), S = Σ_j C(c*_j, 2), c*_j ~ Binomial(4, 1/4) iid;
 * the exact pmf of S by convolution in python (Fraction), cells S = 0..9 and a pooled upper tail
 * (expected count ≥ 20 in every cell at B = 20 000). Critical value: scipy.stats.chi2.isf(1e-6, df).
 */
const pathCases: Array<[T: number, probabilities: number[], critical: number]> = [
  [
    5,
    [
      0.21933563398215483, 0.3133366199745069, 0.17904949712828966, 0.1207873591738462, 0.08688569701917004, 0.03452227427624166, 0.021140607354936947,
      0.014674286612716969, 0.005007431136618834, 0.002782622250379063, 0.0024779710911388975,
    ],
    46.863046846784385,
  ],
  [
    6,
    [
      0.16193138602588775, 0.2775966617586647, 0.19828332982761765, 0.13722465365847825, 0.10431231863947232, 0.052207544698376296, 0.0294084435354236,
      0.020589835746775975, 0.009109893556058068, 0.004573404430203709, 0.002812148675843673, 0.001950379447198003,
    ],
    48.86564276320364,
  ],
];

describe('bootstrapTaskAverage: task-by-task and multinomial draws have the same distribution', () => {
  it.each(pathCases)('T = %i tasks of (n = 4, c = 1), pass^2: chi-square against the exact pmf', (T, probabilities, critical) => {
    const B = 20_000;
    const raw = bootstrapReplicates(repeat(T, 4, 1), { ks: [2], replicates: B, seed: `paths-${T}` });
    const counts = new Float64Array(probabilities.length);
    // Every value a multiple of 1/(6T): the largest distance from one, checked once over the draws.
    let offGrid = 0;
    for (const value of raw.passHatK[0]!) {
      const s = Math.round(value * 6 * T);
      offGrid = Math.max(offGrid, Math.abs(s - value * 6 * T));
      counts[Math.min(s, probabilities.length - 1)]++;
    }
    expect(offGrid).toBeLessThan(1e-9);
    let statistic = 0;
    probabilities.forEach((p, cell) => (statistic += (counts[cell]! - B * p) ** 2 / (B * p)));
    expect(statistic).toBeLessThan(critical);
  });
});

describe('bootstrapTaskAverage: tasks with very many trials are drawn pick by pick', () => {
  it('n = 100 000 (beyond the cell table), c = n/2, pass@1: mean 1/2 and sd √(p(1−p)/(nT)) (closed form)', () => {
    // Every pick has c*/n with c* ~ Binomial(n, 1/2); the replicate is the mean of T = 5 such values:
    // E* = 0.5, Var* = 0.25/(n·T).
    const n = 100_000,
      T = 5,
      B = 4000;
    const raw = bootstrapReplicates(repeat(T, n, n / 2), { ks: [1], replicates: B, seed: 'large-n' });
    const { mean, variance } = meanVariance(raw.passAtK[0]!);
    const sd = Math.sqrt(0.25 / (n * T));
    expect(Math.abs(mean - 0.5)).toBeLessThan((5 * sd) / Math.sqrt(B));
    // sd of a sample variance ≈ σ²·√(2/(B − 1)) for normal draws.
    expect(Math.abs(variance - sd * sd)).toBeLessThan(5 * sd * sd * Math.sqrt(2 / (B - 1)));
  });
});

describe('bootstrapTaskAverage: output', () => {
  const tasks = [...repeat(6, 10, 4), ...repeat(3, 6, 5), ...repeat(2, 3, 0)];
  const options: BootstrapOptions = { ks: [1, 4], replicates: 2000, seed: 5, confidence: 0.9, sides: 2 };

  it('is deterministic: the same seed gives identical output, another seed a different one', () => {
    expect(bootstrapTaskAverage(tasks, options)).toEqual(bootstrapTaskAverage(tasks, options));
    expect(bootstrapTaskAverage(tasks, { ...options, seed: 6 })).not.toEqual(bootstrapTaskAverage(tasks, options));
    expect(bootstrapTaskAverage(tasks, { ...options, seed: '5' })).toEqual(bootstrapTaskAverage(tasks, options));
  });

  it('two-sided: percentiles (type 7) re-centred on the unbiased estimate, and sd of the replicates', () => {
    const raw = bootstrapReplicates(tasks, options);
    const rows = bootstrapTaskAverage(tasks, options);
    const estimates = averageOverTasks(tasks, options.ks);
    rows.forEach((row, i) => {
      for (const metric of ['passAtK', 'passHatK'] as const) {
        const sorted = [...raw[metric][i]!].sort((x, y) => x - y);
        const { mean, variance } = meanVariance(sorted);
        const shift = estimates[i]![metric]!.value - mean;
        const clip = (x: number) => Math.min(1, Math.max(0, x));
        expect(row[metric]!.lower).toBeCloseTo(clip(type7(sorted, 0.05) + shift), 14);
        expect(row[metric]!.upper).toBeCloseTo(clip(type7(sorted, 0.95) + shift), 14);
        expect(row[metric]!.shift).toBeCloseTo(-shift, 14);
        expect(row[metric]!.se).toBeCloseTo(Math.sqrt(variance), 14);
      }
    });
  });

  it('the interval contains the unbiased estimate even where the plug-in bias is large (pass^10)', () => {
    // 200 tasks with c = 5 of n = 10: unbiased pass^5 = C(5,5)/C(10,5) = 1/252, but every
    // replicate averages draws whose expectation is the plug-in 0.5^5 = 1/32 (closed forms).
    const many = repeat(200, 10, 5);
    const [row] = bootstrapTaskAverage(many, { ...options, ks: [5] });
    expect(row!.passHatK!.shift).toBeCloseTo(1 / 32 - 1 / 252, 2);
    expect(row!.passHatK!.lower).toBeLessThanOrEqual(1 / 252);
    expect(row!.passHatK!.upper).toBeGreaterThanOrEqual(1 / 252);
  });

  it('one-sided: lower bound at 1 − confidence, upper = 1', () => {
    const raw = bootstrapReplicates(tasks, options);
    const rows = bootstrapTaskAverage(tasks, { ...options, sides: 1 });
    rows.forEach((row, i) => {
      for (const metric of ['passAtK', 'passHatK'] as const) {
        const sorted = [...raw[metric][i]!].sort((x, y) => x - y);
        const shift = averageOverTasks(tasks, options.ks)[i]![metric]!.value - meanVariance(sorted).mean;
        expect(row[metric]!.lower).toBeCloseTo(Math.max(0, type7(sorted, 0.1) + shift), 14);
        expect(row[metric]!.upper).toBe(1);
      }
    });
  });

  it('all tasks solved every time: every replicate is 1 (closed form)', () => {
    const [row] = bootstrapTaskAverage(repeat(5, 4, 4), { ...options, ks: [3] });
    expect(row!.passAtK).toEqual({ lower: 1, upper: 1, se: 0, shift: 0 });
    expect(row!.passHatK).toEqual({ lower: 1, upper: 1, se: 0, shift: 0 });
  });

  it('k above every n gives null rows', () => {
    expect(bootstrapTaskAverage(tasks, { ...options, ks: [11] })).toEqual([{ k: 11, passAtK: null, passHatK: null }]);
  });

  it('a replicate that draws no task with n ≥ k has no value: P = (9/10)^10 with 1 such task of 10 (closed form)', () => {
    const B = 20_000;
    const raw = bootstrapReplicates([...repeat(9, 2, 1), { n: 6, c: 3 }], { ks: [5], replicates: B, seed: 3 });
    const missing = raw.passAtK[0]!.filter(Number.isNaN).length / B;
    const p = 0.9 ** 10;
    expect(Math.abs(missing - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / B));
    // the others average only the (6, 3) draws: pass^5 of (6, c*) is C(c*, 5)/6, never above 1
    const [row] = bootstrapTaskAverage([...repeat(9, 2, 1), { n: 6, c: 3 }], { ...options, ks: [5], replicates: 500 });
    expect(row!.passHatK!.upper).toBeLessThanOrEqual(1);
    expect(Number.isFinite(row!.passHatK!.se)).toBe(true);
  });

  it('rejects bad input with InputError', () => {
    expect(() => bootstrapTaskAverage(tasks, { ...options, replicates: 0 })).toThrow(/^bootstrap: /);
    expect(() => bootstrapTaskAverage(tasks, { ...options, replicates: 2.5 })).toThrow(InputError);
    expect(() => bootstrapTaskAverage(tasks, { ...options, confidence: 1 })).toThrow(/^confidence: /);
    expect(() => bootstrapTaskAverage(tasks, { ...options, sides: 3 as 1 })).toThrow(/^sides: /);
    expect(() => bootstrapTaskAverage(tasks, { ...options, ks: [0] })).toThrow(/^k: /);
    expect(() => bootstrapTaskAverage([{ n: 3, c: 4 }], options)).toThrow(/^tasks\[0\]\.c: /);
  });
});

function meanVariance(xs: ArrayLike<number>): { mean: number; variance: number } {
  let mean = 0;
  for (let i = 0; i < xs.length; i++) mean += xs[i]!;
  mean /= xs.length;
  let ss = 0;
  for (let i = 0; i < xs.length; i++) ss += (xs[i]! - mean) ** 2;
  return { mean, variance: ss / (xs.length - 1) };
}

/** Hyndman & Fan type 7 (numpy.percentile's default, 'linear'): x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋+1] − x[⌊h⌋]), h = q(N − 1). */
function type7(sorted: readonly number[], q: number): number {
  const h = q * (sorted.length - 1);
  const below = Math.floor(h);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (h - below) * (sorted[above]! - sorted[below]!);
}
