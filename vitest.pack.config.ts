import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// `pnpm test:pack`: only the pack-and-install test (test/pack), which `pnpm test` leaves out.
export default defineConfig({
  ...base,
  test: { ...base.test, include: ['test/pack/**/*.test.ts'], exclude: configDefaults.exclude, testTimeout: 120_000 },
});
