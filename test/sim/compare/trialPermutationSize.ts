import { taskMetricValue } from '../../../packages/sim/src/compare/compareMetric.js';
import { signFlipTest } from '../../../packages/sim/src/compare/signFlipTest.js';
import { trialPermutationTestSteps, type PairedCounts } from '../../../packages/sim/src/compare/trialPermutationTest.js';
import { beta } from '../../../packages/sim/src/distributions/beta.js';
import { binomial } from '../../../packages/sim/src/distributions/binomial.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { runSteps } from '../../../packages/sim/src/stepwise.js';

// The null datasets of the trial-permutation test's size study, shared by trialPermutationTest.size.test.ts
// (a few, its size bound only) and trialPermutationTest.size.slow.test.ts (1 000, the study).

const test = (pairs: PairedCounts[], value: (n: number, c: number) => number, exactCombinations: number, replicates: number) =>
  runSteps(trialPermutationTestSteps(pairs, value, { exactCombinations, replicates, rng: () => streamRng(7, 'trial-permutation-test') }));
const pair = (nA: number, cA: number, nB: number, cB: number): PairedCounts => ({ a: { n: nA, c: cA }, b: { n: nB, c: cB } });

/**
 * The first `datasets` null datasets of the study (stream (42, 'null-datasets')): pass^3 of hard tasks,
 * p_t ~ Beta(0.2, 2) shared by both runs, n_A = 10, n_B = 3, T = 30. Returns how many the
 * trial-permutation test rejects at 5 % and, when `signFlip`, how many the sign-flip test rejects.
 */
export function nullRejections(datasets: number, signFlip: boolean): { trial: number; sign: number } {
  const rng = streamRng(42, 'null-datasets');
  const value = (n: number, c: number) => taskMetricValue('passHatK', n, c, 3);
  let trial = 0;
  let sign = 0;
  for (let d = 0; d < datasets; d++) {
    const pairs = Array.from({ length: 30 }, () => {
      const p = beta(rng, 0.2, 2);
      return pair(10, binomial(rng, 10, p), 3, binomial(rng, 3, p));
    });
    if (test(pairs, value, 1 << 12, 499).value <= 0.05) trial++;
    if (!signFlip) continue;
    const differences = pairs.map(({ a, b }) => value(b.n, b.c) - value(a.n, a.c));
    if (signFlipTest(differences, { exactLimit: 12, replicates: 499, rng: () => streamRng(7, 'sign') }).value <= 0.05) sign++;
  }
  return { trial, sign };
}
