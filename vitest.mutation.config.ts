import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain .mjs module shared with stryker.config.mjs.
import { MUTATION_SCOPES } from './mutationScopes.mjs';
import base from './vitest.config.js';

// The tests Stryker runs for one scope of `pnpm mutation` (stryker.config.mjs): those of the scope's
// folder only, with the main config's aliases and setup.
const scope = process.env.PASSK_MUTATION_SCOPE ?? '';
const chosen = (MUTATION_SCOPES as Record<string, { tests: string[] }>)[scope];
if (!chosen) throw new Error(`PASSK_MUTATION_SCOPE: must be one of ${Object.keys(MUTATION_SCOPES).join(', ')} (got "${scope}")`);

// Mutated code runs instrumented (slower), one runner beside the rest of the machine: generous timeouts.
export default defineConfig({ ...base, test: { ...base.test, include: chosen.tests, exclude: [], testTimeout: 300_000, hookTimeout: 120_000 } });
