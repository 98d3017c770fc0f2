import { requireInteger } from '../checks.js';
import { InputError } from '../errors.js';
import { checkKeys, childPath, fieldOf, readObject, whereOf, type ConfigPath } from './configReader.js';
import type { ObjectNode } from './formatNodes.js';
import { readField } from './readDeclared.js';
import { SCENARIO_DEFS } from './scenarioFormat.js';
import type { PolicySpec } from './types.js';

const POLICY = SCENARIO_DEFS.policy.fields;
const BUDGET = POLICY.budget!.node as ObjectNode;

/**
 * `policy`: at most `maxAttempts` attempts (integer 1..1000) run `sequential`ly (batchSize 1),
 * in `parallel` (batchSize = maxAttempts) or in `batches` of `batchSize` (required,
 * 1..maxAttempts); `onNoAccept` abstain | deliverLast; optional `budget: {cost, latency, mode}` per episode.
 *
 * Example: {maxAttempts: 8} → {maxAttempts: 8, mode: sequential, batchSize: 1, onNoAccept: abstain, budget: {cost: null, latency: null, mode: soft}}.
 */
export function resolvePolicy(value: unknown, at: ConfigPath): PolicySpec {
  const node = readObject(value, at, SCENARIO_DEFS.policy.example);
  checkKeys(node, at, Object.keys(POLICY));
  const maxAttempts = readField<number>(node, at, 'maxAttempts', POLICY.maxAttempts!);
  const mode = readField<PolicySpec['mode']>(node, at, 'mode', POLICY.mode!);
  const batchSize = resolveBatchSize(fieldOf(node, 'batchSize'), childPath(at, 'batchSize'), mode, maxAttempts);
  const onNoAccept = readField<PolicySpec['onNoAccept']>(node, at, 'onNoAccept', POLICY.onNoAccept!);
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
  if (value === undefined) return resolveBudget({}, at);
  const node = readObject(value, at, BUDGET.example);
  checkKeys(node, at, Object.keys(BUDGET.fields));
  return {
    cost: readField<number | null>(node, at, 'cost', BUDGET.fields.cost!),
    latency: readField<number | null>(node, at, 'latency', BUDGET.fields.latency!),
    mode: readField<PolicySpec['budget']['mode']>(node, at, 'mode', BUDGET.fields.mode!),
  };
}
