import { InputError } from '../errors.js';
import { scenarioJsonSchema, type JsonSchema } from '../scenario/scenarioJsonSchema.js';
import { suggestName } from '../scenario/suggestName.js';

/**
 * Every dotted config path a scenario file can hold (`policy.maxAttempts`,
 * `tasks.successRate.mean`, …), read off the properties of the scenario JSON Schema (the same
 * kinds and keys the resolver accepts), following $ref, oneOf, anyOf, allOf and then/else.
 * List items are not paths. This is the allow-list of `--vary` paths: a name such as `__proto__`
 * or `constructor` is no scenario key, so it can never reach an object's prototype.
 */
export function scenarioPaths(): ReadonlySet<string> {
  cached ??= collectPaths();
  return cached;
}
let cached: ReadonlySet<string> | undefined;

/** The path, or one InputError at `where` naming the nearest scenario path. */
export function requireScenarioPath(path: string, where: string): string {
  const paths = scenarioPaths();
  if (typeof path === 'string' && paths.has(path)) return path;
  const suggestion = typeof path === 'string' ? suggestName(path, [...paths]) : undefined;
  throw new InputError(where, `must be the dotted path of a scenario key (${suggestion ? `did you mean ${suggestion}?` : 'e.g. policy.maxAttempts; see passk schema'})`, path);
}

function collectPaths(): ReadonlySet<string> {
  const root = scenarioJsonSchema();
  const defs = (root.$defs ?? {}) as Record<string, JsonSchema>;
  const paths = new Set<string>();
  const seen = new Set<string>();
  const walk = (schema: JsonSchema | undefined, prefix: string): void => {
    if (typeof schema !== 'object' || schema === null) return;
    const ref = schema.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
      const key = `${prefix}|${ref}`;
      if (seen.has(key)) return;
      seen.add(key);
      walk(defs[ref.slice('#/$defs/'.length)], prefix);
    }
    for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
      const list = schema[keyword];
      if (Array.isArray(list)) for (const branch of list) walk(branch as JsonSchema, prefix);
    }
    for (const keyword of ['then', 'else'] as const) walk(schema[keyword] as JsonSchema | undefined, prefix);
    const properties = schema.properties;
    if (typeof properties === 'object' && properties !== null) {
      for (const [key, child] of Object.entries(properties as Record<string, JsonSchema>)) {
        const path = prefix === '' ? key : `${prefix}.${key}`;
        paths.add(path);
        walk(child, path);
      }
    }
  };
  walk(root, '');
  return paths;
}
