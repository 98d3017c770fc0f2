/**
 * The scopes of `pnpm mutation` (stryker.config.mjs, vitest.mutation.config.ts): the source Stryker
 * mutates and the unit tests it runs against each mutant. Each scope lists the fast files that pin
 * its formulas (closed forms, Python references, exact boundaries), not its folder: the statistical
 * studies (hundreds of simulated datasets, in *.slow.test.ts or split into files of their own) kill
 * no formula mutant the unit tests miss, and would make a scope take hours (docs/testing.md).
 */
export const MUTATION_SCOPES = {
  // The estimators but the bootstrap and binomialRatio, whose loops (resampling; products of up to k
  // terms, checked against exact BigInt rationals at n = 60 000) run slowly instrumented: scopes of their own.
  estimators: {
    mutate: ['packages/sim/src/estimators/**/*.ts', '!packages/sim/src/estimators/bootstrap.ts', '!packages/sim/src/estimators/binomialRatio.ts'],
    tests: [
      'test/sim/estimators/binomialRatio.test.ts',
      'test/sim/estimators/clusteredNormalInterval.test.ts',
      'test/sim/estimators/estimateTask.test.ts',
      'test/sim/estimators/estimators.property.test.ts',
      'test/sim/estimators/groupTaskCounts.test.ts',
      'test/sim/estimators/passAtK.test.ts',
      'test/sim/estimators/passHatK.test.ts',
      'test/sim/estimators/plugin.test.ts',
      'test/sim/estimators/taskAverage.test.ts',
    ],
  },
  binomialRatio: {
    mutate: ['packages/sim/src/estimators/binomialRatio.ts'],
    tests: ['test/sim/estimators/binomialRatio.test.ts', 'test/sim/estimators/passAtK.test.ts', 'test/sim/estimators/passHatK.test.ts'],
  },
  bootstrap: {
    mutate: ['packages/sim/src/estimators/bootstrap.ts'],
    tests: ['test/sim/estimators/bootstrap.test.ts'],
  },
  intervals: {
    mutate: ['packages/sim/src/intervals/**/*.ts'],
    tests: [
      'test/sim/intervals/agrestiCoull.test.ts',
      'test/sim/intervals/betaPosterior.test.ts',
      'test/sim/intervals/clopperPearson.test.ts',
      'test/sim/intervals/interval.test.ts',
      'test/sim/intervals/intervals.property.test.ts',
      'test/sim/intervals/jeffreys.test.ts',
      'test/sim/intervals/mappedIntervals.test.ts',
      'test/sim/intervals/oneSidedMinimumCoverage.test.ts',
      'test/sim/intervals/proportionInterval.test.ts',
      'test/sim/intervals/wilson.test.ts',
    ],
  },
  // The numpy/scipy fixture comparison (compareRuns.python: large fixtures, exact enumeration of 2³⁰
  // sign patterns) and the 400-seed SE study (permutationPValueSe) run for minutes per mutant in
  // instrumented code; permutationPValueFormulas pins the same SE on one run. The bootstrap's spread
  // on thousands of replicates (compareRuns.bootstrap) is left out too: pairedBootstrap pins its
  // formulas on a few replicates.
  compare: {
    mutate: ['packages/sim/src/compare/**/*.ts'],
    tests: [
      'test/sim/compare/compareAnswer.test.ts',
      'test/sim/compare/compareMany.test.ts',
      'test/sim/compare/compareRuns.test.ts',
      'test/sim/compare/compareRunsOptions.test.ts',
      'test/sim/compare/compareRunsPValues.test.ts',
      'test/sim/compare/differenceVerdict.test.ts',
      'test/sim/compare/matchTasks.test.ts',
      'test/sim/compare/pairedBootstrap.test.ts',
      'test/sim/compare/permutationEdges.test.ts',
      'test/sim/compare/permutationPValueFormulas.test.ts',
      'test/sim/compare/taskChanges.test.ts',
      'test/sim/compare/trialPermutationTest.test.ts',
      'test/sim/compare/unpairedDifference.test.ts',
    ],
  },
  // The permutation tests of compare alone (a subset of `compare`).
  permutation: {
    mutate: ['packages/sim/src/compare/signFlipTest.ts', 'packages/sim/src/compare/trialPermutationTest.ts'],
    tests: ['test/sim/compare/compareRuns.test.ts', 'test/sim/compare/permutationPValueFormulas.test.ts', 'test/sim/compare/trialPermutationTest.test.ts'],
  },
  // gate's bound valid for every task population at the score bound's edge: its Python reference,
  // the exact miss probability over every multiset of a small design, and the study cell exactly.
  tailBound: {
    mutate: ['packages/sim/src/taskAverage/populationTailBound.ts'],
    tests: ['test/sim/taskAverage/populationTailBound.test.ts'],
  },
  // compare's verdict alone (no other test of the compare scope reaches it): minutes, not hours.
  verdict: {
    mutate: ['packages/sim/src/compare/differenceVerdict.ts'],
    tests: ['test/sim/compare/differenceVerdict.test.ts'],
  },
  // summarise.ts: its own tests (hand-made sums, Python references), the stopped and empty runs
  // (simulatePartial), the closed-form part of the measured-verifier intervals (measuredVerifier),
  // and the what-ifs from a log's episodes: which rows take the log's own interval
  // (observedEpisodeInterval) and the words and basis of a refitted dependence model (measuredEpisodes).
  summary: {
    mutate: ['packages/sim/src/engine/summarise.ts'],
    tests: [
      'test/sim/engine/summarise.test.ts',
      'test/sim/engine/simulatePartial.test.ts',
      'test/sim/uncertainty/measuredEpisodes.test.ts',
      'test/sim/uncertainty/measuredVerifier.test.ts',
      'test/sim/uncertainty/observedEpisodeInterval.test.ts',
    ],
  },
};
