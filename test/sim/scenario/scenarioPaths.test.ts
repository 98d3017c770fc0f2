import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../packages/sim/src/scenario/scenarioJsonSchema.js';
import { scenarioJsonSchema } from '../../../packages/sim/src/scenario/scenarioJsonSchema.js';
import { SCENARIO_PATHS } from '../../../packages/sim/src/scenario/scenarioPaths.js';

/** The dotted property paths of a JSON Schema, following $ref, oneOf, allOf and then/else (list items are not paths). */
function schemaPaths(root: JsonSchema): Set<string> {
  const defs = root.$defs as Record<string, JsonSchema>;
  const paths = new Set<string>();
  const walk = (schema: JsonSchema | undefined, prefix: string, refs: readonly string[]): void => {
    if (schema === undefined) return;
    const ref = schema.$ref as string | undefined;
    if (ref !== undefined && !refs.includes(ref)) walk(defs[ref.slice('#/$defs/'.length)], prefix, [...refs, ref]);
    for (const branch of [...((schema.oneOf as JsonSchema[]) ?? []), ...((schema.allOf as JsonSchema[]) ?? [])]) walk(branch, prefix, refs);
    for (const [key, child] of Object.entries((schema.properties as Record<string, JsonSchema>) ?? {})) {
      const path = prefix === '' ? key : `${prefix}.${key}`;
      paths.add(path);
      walk(child, path, refs);
    }
  };
  walk(root, '', []);
  return paths;
}

describe('SCENARIO_PATHS', () => {
  it('are the property paths of the generated JSON Schema (two walks of the one declaration agree)', () => {
    expect(new Set(SCENARIO_PATHS)).toEqual(schemaPaths(scenarioJsonSchema()));
    expect(new Set(SCENARIO_PATHS).size).toBe(SCENARIO_PATHS.length);
  });

  it('hold the keys of docs/design.md §3, tags and variant keys included, and no list items', () => {
    for (const path of [
      'seed',
      'policy.maxAttempts',
      'policy.budget.mode',
      'tasks.successRate.dist',
      'tasks.successRate.mean',
      'tasks.successRate.components',
      'attempts.latency.perAttempt.values',
      'verifier.falseAccept.concentration',
      'selector.threshold',
    ]) {
      expect(SCENARIO_PATHS).toContain(path);
    }
    expect(SCENARIO_PATHS.some((path) => path.includes('weight') || path.includes('['))).toBe(false);
    expect(SCENARIO_PATHS).not.toContain('__proto__');
    expect(Object.isFrozen(SCENARIO_PATHS)).toBe(true);
  });
});
