// Mutation testing of the statistical core (`pnpm mutation SCOPE`, not part of CI): Stryker changes
// one operator, constant or condition at a time in the scope's source and runs the scope's tests; a
// mutant no test notices "survives". Scopes (estimators, intervals, compare, permutation, summary),
// run one at a time, nice'd, one worker: the source each mutates and the unit test files it runs are
// in mutationScopes.mjs; vitest.mutation.config.ts reads the scope from PASSK_MUTATION_SCOPE as this
// file does. Reports: reports/mutation/SCOPE.html and SCOPE.json (git-ignored).
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
  // Incremental: a later run retests only the mutants whose code or covering tests changed (the
  // others keep their result); `pnpm mutation SCOPE --force` (or deleting the file) retests all.
  incremental: true,
  incrementalFile: `reports/mutation/${scope}.incremental.json`,
  // One sandbox folder per scope, so that two scopes can run at once without removing each other's.
  tempDirName: `.stryker-tmp-${scope}`,
  cleanTempDir: 'always',
  // The tests import the library from source; the built packages are not needed.
  ignorePatterns: ['.stryker-tmp*', 'bench/data', 'docs', 'test-artifacts', 'reports', 'packages/*/dist', 'test/pack', 'test/browser'],
  // A mutant that loops is a timeout (counted as killed) after 1.5 × its tests' time + 10 s.
  timeoutMS: 10_000,
  thresholds: { high: 90, low: 80, break: null },
};
