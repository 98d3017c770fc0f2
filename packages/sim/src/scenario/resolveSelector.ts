import { readObject, type ConfigPath } from './configReader.js';
import { readVariant, readVariantFields } from './readDeclared.js';
import { SCENARIO_DEFS } from './scenarioFormat.js';
import type { SelectorSpec } from './types.js';

/**
 * `selector`: which candidate a parallel or batched episode delivers. `firstAccepted`, `oracle`
 * and `random` take no parameters; `majorityVote {distinctWrong (integer ≥ 1, default 3),
 * concentration (> 0, default 1)}`; `bestScore {separation (finite, default 1), threshold
 * (finite or null, default null)}` (as declared in scenarioFormat.ts).
 *
 * Example: {kind: majorityVote} → {kind: majorityVote, distinctWrong: 3, concentration: 1}.
 */
export function resolveSelector(value: unknown, at: ConfigPath): SelectorSpec {
  const node = readObject(value, at, SCENARIO_DEFS.selector.example);
  const kind = readVariant(node, at, SCENARIO_DEFS.selector);
  return { kind, ...readVariantFields(node, at, SCENARIO_DEFS.selector, kind) } as SelectorSpec;
}
