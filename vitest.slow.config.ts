import { configDefaults, defineConfig } from 'vitest/config';
import base, { SLOW_TESTS } from './vitest.config.js';

// `pnpm test:slow`: only the slow suite (files named *.slow.test.ts), which `pnpm test` leaves out:
// the reduced statistical studies, the Python fixture self-checks and long end-to-end runs. CI
// (.ci/run) runs it after `pnpm test` and counts its tests in the summary line.
export default defineConfig({
  ...base,
  // Longer per-test limit than the fast suite's 30 s: these tests run for tens of seconds when idle.
  // Each file in a process of its own (isolate), unlike the fast suite: the docs examples change the
  // working folder to a scratch copy and run the CLI in-process, and a file after them in the same
  // process could not bundle the report's explorer any more (seen 7 December 2026). The suite has few
  // files, so the module loads this costs are small beside their run time.
  test: { ...base.test, include: [SLOW_TESTS], exclude: [...configDefaults.exclude, 'test/pack/**'], testTimeout: 300_000, isolate: true },
});
