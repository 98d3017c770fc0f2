import { beforeAll, describe, expect, it } from 'vitest';
import { beta } from '../../../packages/sim/src/distributions/beta.js';
import { binomial } from '../../../packages/sim/src/distributions/binomial.js';
import { averageOverTasks, type TaskTrials } from '../../../packages/sim/src/estimators/taskAverage.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';

// A statistical study of averageOverTasks (20 000 simulated benchmarks), in a file of its own: in the
// fast suite, out of the estimators mutation scope (mutationScopes.mjs), where it would run for every
// mutant it reaches. The formulas are pinned in taskAverage.test.ts.

/*
 * The clustered SE is honest: over M simulated benchmarks (T tasks, p_t ~ Beta(1.5, 1),
 * n_t ∈ {4, 8, 16}, c_t ~ Binomial(n_t, p_t)) the sd of the estimates across benchmarks must match
 * the reported SE. SE² = s²/T is unbiased for the variance of the mean (every task's estimate has
 * mean θ), while SE itself is biased low by Jensen (≈ 4 % here: the per-task pass@4 values are very
 * skewed), so the root-mean-square SE is compared with the sd. Tolerance: 5 standard errors, from
 * the sampling error of a variance of M values, √((m₄ − s⁴)/M), and of the mean of M values of SE²,
 * each carried to the square-root scale by the delta method (÷ 2·sd). The estimates are also
 * unbiased for the Beta moments: E[p^4] = ∏_{j<4} (a + j)/(a + b + j) = 1.5/5.5,
 * E[1 − (1 − p)^4] = 1 − ∏_{j<4} (b + j)/(a + b + j) = 1 − 24/216.5625 (closed form).
 */
describe('averageOverTasks: clustered SE across simulated benchmarks', () => {
  const M = 20_000;
  const T = 40;
  const k = 4;
  const [a, b] = [1.5, 1];
  const truth = { passAtK: 1 - 24 / 216.5625, passHatK: 1.5 / 5.5 };
  const estimates = { passAtK: new Float64Array(M), passHatK: new Float64Array(M) };
  const squaredSes = { passAtK: new Float64Array(M), passHatK: new Float64Array(M) };
  beforeAll(() => {
    for (let m = 0; m < M; m++) {
      const rng = streamRng(7, 'taskAverage-test', m);
      const benchmark: TaskTrials[] = [];
      for (let t = 0; t < T; t++) {
        const n = [4, 8, 16][t % 3]!;
        benchmark.push({ n, c: binomial(rng, n, beta(rng, a, b)) });
      }
      const [row] = averageOverTasks(benchmark, [k]);
      for (const metric of ['passAtK', 'passHatK'] as const) {
        estimates[metric][m] = row![metric]!.value;
        squaredSes[metric][m] = row![metric]!.se! ** 2;
      }
    }
  });

  it.each(['passAtK', 'passHatK'] as const)('%s: sd across benchmarks ≈ root-mean-square SE, and the mean is the truth', (metric) => {
    const est = moments(estimates[metric]);
    const se2 = moments(squaredSes[metric]);
    const sd = Math.sqrt(est.variance);
    const rmsSe = Math.sqrt(se2.mean);
    const sdError = Math.sqrt((est.fourth - est.variance ** 2) / M) / (2 * sd);
    const rmsError = Math.sqrt(se2.variance / M) / (2 * rmsSe);
    expect(Math.abs(rmsSe - sd)).toBeLessThan(5 * Math.hypot(sdError, rmsError));
    expect(Math.abs(est.mean - truth[metric])).toBeLessThan((5 * sd) / Math.sqrt(M));
  });
});

/** Mean, unbiased variance and fourth central moment. */
function moments(xs: Float64Array): { mean: number; variance: number; fourth: number } {
  let mean = 0;
  for (const x of xs) mean += x;
  mean /= xs.length;
  let ss = 0;
  let s4 = 0;
  for (const x of xs) {
    ss += (x - mean) ** 2;
    s4 += (x - mean) ** 4;
  }
  return { mean, variance: ss / (xs.length - 1), fourth: s4 / xs.length };
}
