import { requireUnit } from '../checks.js';
import { checkKeys, readObject, readRequired, readTag, requireUnitBelowOne, type ConfigPath } from './configReader.js';
import { CORRELATION_MODELS } from './scenarioKinds.js';
import type { AttemptCorrelation } from './types.js';

/**
 * `attempts.correlation`: how the attempts of one episode depend on each other (DESIGN §3):
 * `{model: independent}`, `{model: exchangeable, icc}` with icc in [0, 1),
 * `{model: markov, stickiness}` and `{model: feedback, afterFailure}`, both in [0, 1].
 *
 * Example: {model: exchangeable, icc: 0.3} → the same object, checked.
 */
export function resolveCorrelation(value: unknown, at: ConfigPath): AttemptCorrelation {
  const node = readObject(value, at, '{ model: exchangeable, icc: 0.3 }');
  const model = readTag(node, at, 'model', CORRELATION_MODELS);
  switch (model) {
    case 'independent':
      checkKeys(node, at, ['model'], 'model independent');
      return { model };
    case 'exchangeable':
      checkKeys(node, at, ['model', 'icc'], 'model exchangeable');
      return { model, icc: readRequired(node, at, 'icc', 'a number ≥ 0 and < 1', requireUnitBelowOne) };
    case 'markov':
      checkKeys(node, at, ['model', 'stickiness'], 'model markov');
      return { model, stickiness: readRequired(node, at, 'stickiness', 'a number between 0 and 1', requireUnit) };
    case 'feedback':
      checkKeys(node, at, ['model', 'afterFailure'], 'model feedback');
      return { model, afterFailure: readRequired(node, at, 'afterFailure', 'a number between 0 and 1', requireUnit) };
  }
}
