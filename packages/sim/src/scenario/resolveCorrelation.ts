import { readObject, type ConfigPath } from './configReader.js';
import type { TaggedNode } from './formatNodes.js';
import { readVariant, readVariantFields } from './readDeclared.js';
import { SCENARIO_DEFS } from './scenarioFormat.js';
import type { AttemptCorrelation } from './types.js';

const CORRELATION = SCENARIO_DEFS.attempts.fields.correlation!.node as TaggedNode;

/**
 * `attempts.correlation`: how the attempts of one episode depend on each other (docs/design.md §3):
 * `{model: independent}`, `{model: exchangeable, icc}` with icc in [0, 1),
 * `{model: markov, stickiness}` in [0, 1] and `{model: feedback, afterFailure}` in [−1, 1]
 * (keys and ranges as declared in scenarioFormat.ts).
 *
 * Example: {model: exchangeable, icc: 0.3} → the same object, checked.
 */
export function resolveCorrelation(value: unknown, at: ConfigPath): AttemptCorrelation {
  const node = readObject(value, at, CORRELATION.example);
  const model = readVariant(node, at, CORRELATION);
  return { model, ...readVariantFields(node, at, CORRELATION, model) } as AttemptCorrelation;
}
