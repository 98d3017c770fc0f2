import { requireInteger, requirePositive } from '../checks.js';
import { InputError } from '../errors.js';
import {
  checkKeys,
  childPath,
  fieldOf,
  oneOf,
  orNull,
  readObject,
  readOptional,
  readRequired,
  whereOf,
  type ConfigPath,
} from './configReader.js';
import { SCENARIO_DEFAULTS } from './scenarioDefaults.js';
import { BUDGET_MODES, MAX_ATTEMPTS_LIMIT, NO_ACCEPT_ACTIONS, POLICY_MODES } from './scenarioKinds.js';
import type { PolicySpec } from './types.js';

const POLICY_KEYS = ['maxAttempts', 'mode', 'batchSize', 'onNoAccept', 'budget'];

/**
 * `policy`: at most `maxAttempts` attempts (integer 1..1000) run `sequential`ly (batchSize 1),
 * in `parallel` (batchSize = maxAttempts) or in `batches` of `batchSize` (required,
 * 1..maxAttempts); `onNoAccept` abstain | deliverLast; optional `budget: {cost, latency, mode}` per episode.
 *
 * Example: {maxAttempts: 8} → {maxAttempts: 8, mode: sequential, batchSize: 1, onNoAccept: abstain, budget: {cost: null, latency: null, mode: soft}}.
 */
export function resolvePolicy(value: unknown, at: ConfigPath): PolicySpec {
  const node = readObject(value, at, '{ maxAttempts: 8 }');
  checkKeys(node, at, POLICY_KEYS);
  const maxAttempts = readRequired(node, at, 'maxAttempts', 'an integer ≥ 1', (where, v) => {
    const k = requireInteger(where, v, 1);
    if (!(k <= MAX_ATTEMPTS_LIMIT)) throw new InputError(where, `must be ≤ ${MAX_ATTEMPTS_LIMIT}`, k);
    return k;
  });
  const mode = readOptional<PolicySpec['mode']>(node, at, 'mode', SCENARIO_DEFAULTS.mode, oneOf(POLICY_MODES));
  const batchSize = resolveBatchSize(fieldOf(node, 'batchSize'), childPath(at, 'batchSize'), mode, maxAttempts);
  const onNoAccept = readOptional<PolicySpec['onNoAccept']>(
    node,
    at,
    'onNoAccept',
    SCENARIO_DEFAULTS.onNoAccept,
    oneOf(NO_ACCEPT_ACTIONS),
  );
  const budget = resolveBudget(fieldOf(node, 'budget'), childPath(at, 'budget'));
  return { maxAttempts, mode, batchSize, onNoAccept, budget };
}

/** Attempts per round: implied by sequential (1) and parallel (maxAttempts), which accept only that value. */
function resolveBatchSize(value: unknown, at: ConfigPath, mode: PolicySpec['mode'], maxAttempts: number): number {
  const where = whereOf(at);
  if (mode === 'sequential') {
    if (value !== undefined && value !== 1) {
      throw new InputError(where, 'must be 1 in mode sequential (attempts run one at a time; use mode batches)', value);
    }
    return 1;
  }
  if (mode === 'parallel') {
    if (value !== undefined && value !== maxAttempts) {
      throw new InputError(where, `must equal maxAttempts (${maxAttempts}) in mode parallel (use mode batches)`, value);
    }
    return maxAttempts;
  }
  if (value === undefined) throw new InputError(where, `is required in mode batches (an integer in 1..${maxAttempts})`);
  const size = requireInteger(where, value, 1);
  if (!(size <= maxAttempts)) throw new InputError(where, `must be ≤ maxAttempts (${maxAttempts})`, size);
  return size;
}

/**
 * `budget: { cost, latency, mode }`: caps per episode (each > 0, or null for none), `mode` soft
 * (default: checked before each attempt, the attempt then paid in full) or hard (an attempt that
 * would cross a cap is cut off there and not accepted). Engine semantics, "Budgets".
 * Example: { cost: 0.12, mode: hard } → { cost: 0.12, latency: null, mode: 'hard' }.
 */
function resolveBudget(value: unknown, at: ConfigPath): PolicySpec['budget'] {
  const none = { cost: SCENARIO_DEFAULTS.budgetCost, latency: SCENARIO_DEFAULTS.budgetLatency, mode: SCENARIO_DEFAULTS.budgetMode };
  if (value === undefined) return none;
  const node = readObject(value, at, '{ cost: 0.5 }');
  checkKeys(node, at, ['cost', 'latency', 'mode']);
  return {
    cost: readOptional<number | null>(node, at, 'cost', none.cost, orNull(requirePositive)),
    latency: readOptional<number | null>(node, at, 'latency', none.latency, orNull(requirePositive)),
    mode: readOptional<PolicySpec['budget']['mode']>(node, at, 'mode', none.mode, oneOf(BUDGET_MODES)),
  };
}
