import { requireInteger, requirePositive } from '../checks.js';
import { checkKeys, orNull, readObject, readOptional, readTag, requireFinite, type ConfigPath } from './configReader.js';
import { SCENARIO_DEFAULTS } from './scenarioDefaults.js';
import { SELECTOR_KINDS } from './scenarioKinds.js';
import type { SelectorSpec } from './types.js';

/**
 * `selector`: which candidate a parallel or batched episode delivers. `firstAccepted`, `oracle`
 * and `random` take no parameters; `majorityVote {distinctWrong (integer ≥ 1, default 3),
 * concentration (> 0, default 1)}`; `bestScore {separation (finite, default 1), threshold
 * (finite or null, default null)}`.
 *
 * Example: {kind: majorityVote} → {kind: majorityVote, distinctWrong: 3, concentration: 1}.
 */
export function resolveSelector(value: unknown, at: ConfigPath): SelectorSpec {
  const node = readObject(value, at, '{ kind: majorityVote }');
  const kind = readTag(node, at, 'kind', SELECTOR_KINDS);
  switch (kind) {
    case 'firstAccepted':
    case 'oracle':
    case 'random':
      checkKeys(node, at, ['kind'], `kind ${kind}`);
      return { kind };
    case 'majorityVote': {
      checkKeys(node, at, ['kind', 'distinctWrong', 'concentration'], 'kind majorityVote');
      const distinctWrong = readOptional(node, at, 'distinctWrong', SCENARIO_DEFAULTS.distinctWrong, (where, v) =>
        requireInteger(where, v, 1),
      );
      const concentration = readOptional(node, at, 'concentration', SCENARIO_DEFAULTS.voteConcentration, requirePositive);
      return { kind, distinctWrong, concentration };
    }
    case 'bestScore': {
      checkKeys(node, at, ['kind', 'separation', 'threshold'], 'kind bestScore');
      const separation = readOptional(node, at, 'separation', SCENARIO_DEFAULTS.separation, requireFinite);
      const fallback = SCENARIO_DEFAULTS.threshold;
      const threshold = readOptional<number | null>(node, at, 'threshold', fallback, orNull(requireFinite));
      return { kind, separation, threshold };
    }
  }
}
