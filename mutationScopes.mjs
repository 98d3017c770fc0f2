/**
 * The scopes of `pnpm mutation` (stryker.config.mjs, vitest.mutation.config.ts): the source Stryker
 * mutates and the tests it runs against each mutant.
 */
export const MUTATION_SCOPES = {
  estimators: { mutate: ['packages/sim/src/estimators/**/*.ts'], tests: ['test/sim/estimators/**/*.test.ts'] },
  intervals: { mutate: ['packages/sim/src/intervals/**/*.ts'], tests: ['test/sim/intervals/**/*.test.ts'] },
  compare: { mutate: ['packages/sim/src/compare/**/*.ts'], tests: ['test/sim/compare/**/*.test.ts'] },
  // The permutation tests of compare alone (a subset of `compare`, whose full run takes over half an hour here).
  permutation: {
    mutate: ['packages/sim/src/compare/signFlipTest.ts', 'packages/sim/src/compare/trialPermutationTest.ts'],
    tests: ['test/sim/compare/**/*.test.ts'],
  },
  summary: { mutate: ['packages/sim/src/engine/summarise.ts'], tests: ['test/sim/engine/summarise.test.ts'] },
};
