import type { FormatNode } from './formatNodes.js';
import { deref, SCENARIO_FORMAT } from './scenarioFormat.js';

/**
 * Every dotted path of a key a scenario file can hold (`policy.maxAttempts`,
 * `tasks.successRate.mean`, `attempts.cost.perAttempt.median`, …), read off the declaration
 * (scenarioFormat.ts): object keys, and the tag and keys of every variant of a tagged object.
 * List items are not paths. In declaration order, each path once. The allow-list for `sweep --vary`.
 */
export const SCENARIO_PATHS: readonly string[] = Object.freeze(collectPaths());

function collectPaths(): string[] {
  const paths = new Set<string>();
  const walk = (node: FormatNode, prefix: string, seen: ReadonlySet<string>): void => {
    if (node.type === 'ref') {
      if (seen.has(node.name)) return;
      walk(deref(node), prefix, new Set([...seen, node.name]));
      return;
    }
    const add = (key: string, child: FormatNode) => {
      const path = prefix === '' ? key : `${prefix}.${key}`;
      paths.add(path);
      walk(child, path, seen);
    };
    if (node.type === 'object') for (const [key, field] of Object.entries(node.fields)) add(key, field.node);
    if (node.type === 'tagged') {
      for (const [key, field] of Object.entries(node.common ?? {})) add(key, field.node);
      add(node.tag, { type: 'enum', values: Object.keys(node.variants) });
      for (const variant of Object.values(node.variants)) for (const [key, field] of Object.entries(variant.fields)) add(key, field.node);
    }
  };
  walk(SCENARIO_FORMAT, '', new Set());
  return [...paths];
}
