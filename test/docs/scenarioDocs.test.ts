import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCENARIO_PATHS } from '../../packages/sim/src/scenario/scenarioPaths.js';
import { scenarioDocs } from '../../packages/sim/src/scenario/scenarioDocs.js';

// docs/scenario.md is generated from the scenario declaration (pnpm docs:scenario).
describe('docs/scenario.md', () => {
  const committed = readFileSync(new URL('../../docs/scenario.md', import.meta.url), 'utf8');

  it('is what pnpm docs:scenario writes from the declaration (regenerate it after changing scenarioFormat.ts)', () => {
    expect(committed).toBe(scenarioDocs());
  });

  it('has a row for every key path a scenario file can hold', () => {
    const documented = new Set([...committed.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!.replace(/\[\]/g, '').replace(/: .*$/, '')));
    const missing = SCENARIO_PATHS.filter((path) => !documented.has(path));
    // Paths under the second use of a named node are described once, at the first (latency as cost).
    const sameAs = [...committed.matchAll(/^\| `([^`]+)\.…` \|/gm)].map((m) => m[1]!);
    expect(missing.filter((path) => !sameAs.some((prefix) => path.startsWith(`${prefix}.`)))).toEqual([]);
  });
});
