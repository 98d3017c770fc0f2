// Mutation testing of the statistical core (`pnpm mutation SCOPE`, not part of CI): Stryker changes
// one operator, constant or condition at a time in the scope's source and runs the scope's tests; a
// mutant no test notices "survives". Scopes, run one at a time (nice'd, one worker: minutes each):
//   estimators  packages/sim/src/estimators   test/sim/estimators
//   intervals   packages/sim/src/intervals    test/sim/intervals
//   compare     packages/sim/src/compare      test/sim/compare
//   permutation compare's signFlipTest.ts and trialPermutationTest.ts   test/sim/compare
//   summary     packages/sim/src/engine/summarise.ts   test/sim/engine/summarise.test.ts
// Reports: reports/mutation/SCOPE.html and SCOPE.json (git-ignored). The tests each scope runs are in
// vitest.mutation.config.ts, which reads the scope from PASSK_MUTATION_SCOPE as this file does.
import { MUTATION_SCOPES } from './mutationScopes.mjs';

const scope = process.env.PASSK_MUTATION_SCOPE ?? '';
const chosen = MUTATION_SCOPES[scope];
if (!chosen) throw new Error(`PASSK_MUTATION_SCOPE: must be one of ${Object.keys(MUTATION_SCOPES).join(', ')} (got "${scope}")`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // Named, not discovered: pnpm's node_modules hide the plugin from Stryker's folder scan.
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: chosen.mutate,
  coverageAnalysis: 'perTest',
  concurrency: 1,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${scope}.html` },
  jsonReporter: { fileName: `reports/mutation/${scope}.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // The tests import the library from source; the built packages are not needed.
  ignorePatterns: ['bench/data', 'docs', 'test-artifacts', 'reports', 'packages/*/dist', 'test/pack', 'test/browser'],
  timeoutMS: 60_000,
  thresholds: { high: 90, low: 80, break: null },
};
