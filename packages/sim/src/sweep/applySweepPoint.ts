import { requireObject, requirePlainData } from '../checkArgs.js';
import { requireSweepValue } from './sweepGrid.js';
import type { ScenarioInput } from '../scenario/scenarioInput.js';
import type { SweepPoint } from './sweepGrid.js';
import { requireScenarioPath } from './sweepPaths.js';

/**
 * The scenario (file form) with a grid point's values set at their dotted paths, creating objects
 * on the way (`verifier.falseAccept` on a scenario without a verifier adds one). A written-out
 * `policy.batchSize` is dropped unless the point sets it or the mode is `batches`, so varying the
 * mode or maxAttempts never trips the sequential/parallel batch-size rules.
 * Every path must be a scenario key (scenarioPaths; `__proto__.x` or `constructor.prototype.x`
 * are refused with an InputError), and only own properties are followed, so no prototype is reached.
 * Example: applySweepPoint(input, { 'policy.maxAttempts': 4 }).policy.maxAttempts === 4.
 */
export function applySweepPoint(input: ScenarioInput, point: SweepPoint): ScenarioInput {
  requireObject('input', input);
  requirePlainData(input, (path) => (path === '' ? 'input' : `input.${path}`));
  requireObject('point', point);
  const copy = JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
  for (const [path, value] of Object.entries(point)) {
    requireScenarioPath(path, `sweep point ${path}`);
    requireSweepValue(`sweep point ${path}`, value);
    const keys = path.split('.');
    let node = copy;
    for (const key of keys.slice(0, -1)) {
      const next = Object.hasOwn(node, key) ? node[key] : undefined;
      node = (node[key] = typeof next === 'object' && next !== null && !Array.isArray(next) ? next : {}) as Record<string, unknown>;
    }
    node[keys[keys.length - 1]!] = value;
  }
  const policy = copy.policy as Record<string, unknown> | undefined;
  if (policy && policy.mode !== 'batches' && !Object.hasOwn(point, 'policy.batchSize')) delete policy.batchSize;
  return copy as unknown as ScenarioInput;
}
