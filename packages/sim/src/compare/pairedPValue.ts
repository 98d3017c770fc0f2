import { streamRng, type Seed } from '../rng/streams.js';
import type { Steps } from '../stepwise.js';
import { taskMetricValue, type CompareMetric } from './compareMetric.js';
import { signFlipTestSteps, type PValue } from './signFlipTest.js';
import { trialPermutationTestSteps } from './trialPermutationTest.js';

/** Splits enumerated exactly by a trial-permutation test (the tasks' split counts multiplied): ~10 ms. */
const EXACT_SPLITS = 1 << 20;

/**
 * The two-sided p-value of "no difference" that `compareRuns` reports for paired tasks (each with
 * n ≥ k in both runs): with the same trials per task the per-task differences are symmetric under
 * no difference, so the sign-flip test (signFlipTest, exact up to `exactLimit` non-zero
 * differences); where a task's trial counts differ they are not, and the trials are relabelled
 * within tasks (trialPermutationTest). Random patterns come from (seed, 'compare', …): one stream
 * for every metric and k, so equal differences (pass@1, pass^1, mean success) get equal p-values.
 * Shared by `compareRuns` and the verdict `plan compare` simulates (verdictPower).
 */
export function* pairedPValueSteps(
  counted: readonly { readonly a: { readonly n: number; readonly c: number }; readonly b: { readonly n: number; readonly c: number } }[],
  metric: CompareMetric,
  k: number,
  options: { readonly exactLimit: number; readonly permutations: number; readonly seed: Seed },
): Steps<PValue> {
  if (counted.every((pair) => pair.a.n === pair.b.n)) {
    const d = counted.map((pair) => taskMetricValue(metric, pair.b.n, pair.b.c, k) - taskMetricValue(metric, pair.a.n, pair.a.c, k));
    return yield* signFlipTestSteps(d, {
      exactLimit: options.exactLimit,
      replicates: options.permutations,
      rng: () => streamRng(options.seed, 'compare', 'permutation'),
    });
  }
  return yield* trialPermutationTestSteps(counted, (n, c) => taskMetricValue(metric, n, c, k), {
    exactCombinations: EXACT_SPLITS,
    replicates: options.permutations,
    rng: () => streamRng(options.seed, 'compare', 'trial-permutation'),
  });
}
