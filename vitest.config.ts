import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/** The slow suite's files (`pnpm test:slow`), left out of the default run. */
export const SLOW_TESTS = 'test/**/*.slow.test.ts';

// Tests import the library from source (no build needed for unit tests) except @passk/sim/node;
// that and the CLI tests run what is built, which `pnpm test` builds first.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@passk\/sim$/, replacement: fileURLToPath(new URL('./packages/sim/src/index.ts', import.meta.url)) },
      { find: /^@passk\/sim\/internal$/, replacement: fileURLToPath(new URL('./packages/sim/src/internal.ts', import.meta.url)) },
      { find: /^@passk\/sim\/errors$/, replacement: fileURLToPath(new URL('./packages/sim/src/errorsEntry.ts', import.meta.url)) },
      { find: /^@passk\/sim\/estimate$/, replacement: fileURLToPath(new URL('./packages/sim/src/estimateEntry.ts', import.meta.url)) },
      // The Node entry from the build: its runner starts worker threads from its own folder's .js files.
      { find: /^@passk\/sim\/node$/, replacement: fileURLToPath(new URL('./packages/sim/dist/node/nodeEntry.js', import.meta.url)) },
      { find: /^@passk\/sim\/engine$/, replacement: fileURLToPath(new URL('./packages/sim/src/engineEntry.ts', import.meta.url)) },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // The pack-and-install test needs the registry and a minute: `pnpm test:pack` (vitest.pack.config.ts).
    // Files named *.slow.test.ts (reduced statistical studies, Python fixture self-checks, long
    // end-to-end runs) are the slow suite: `pnpm test:slow` (vitest.slow.config.ts); CI runs both.
    exclude: [...configDefaults.exclude, 'test/pack/**', SLOW_TESTS],
    testTimeout: 30_000,
    // fast-check draws from a fixed seed (PASSK_FC_SEED=random explores): test/helpers/fastCheckSeed.ts.
    setupFiles: ['test/helpers/fastCheckSeed.ts'],
    // Test files share each worker's module cache (no module-level state but the pool of simulate threads, which holds no results: docs/design.md §5.8);
    // this halves the suite's wall time, most of which was loading modules file by file.
    isolate: false,
    // Both cores of a 2-core machine (vitest's default is one worker fewer than the cores, which
    // there is one): the main process only collects results while the workers run the files.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Chart goldens are file snapshots (toMatchFileSnapshot): UPDATE_GOLDEN=1 rewrites them, as `-u` does.
    ...(process.env.UPDATE_GOLDEN === '1' ? { update: true } : {}),
    // .ci/run sets PASSK_TEST_REPORT to also write a JSON report it can count from.
    ...(process.env.PASSK_TEST_REPORT ? { reporters: ['default', 'json'], outputFile: { json: process.env.PASSK_TEST_REPORT } } : {}),
  },
});
