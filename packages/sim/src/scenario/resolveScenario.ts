import { requireInteger, requireNonNegative } from '../checks.js';
import { InputError } from '../errors.js';
import {
  checkKeys,
  childPath,
  fieldOf,
  missingError,
  orNull,
  readObject,
  readOptional,
  requireBoolean,
  rootPath,
  whereOf,
  type ConfigObject,
  type ConfigPath,
} from './configReader.js';
import { deepFreeze } from './deepFreeze.js';
import { resolveAmount } from './resolveAmount.js';
import { resolveCorrelation } from './resolveCorrelation.js';
import { resolvePolicy } from './resolvePolicy.js';
import { resolveRate } from './resolveRate.js';
import { resolveSelector } from './resolveSelector.js';
import { resolveSuccessRate } from './resolveSuccessRate.js';
import { SCENARIO_DEFAULTS } from './scenarioDefaults.js';
import type { AttemptsSpec, RunSpec, Scenario, TasksSpec, VerifierSpec } from './types.js';

/** Options of `resolveScenario`. */
export interface ResolveScenarioOptions {
  /** The file the input came from; it prefixes every error's `where` (`scenario.yaml: policy.maxAttempts`). */
  readonly source?: string;
}

const TOP_KEYS = ['$schema', 'seed', 'name', 'tasks', 'attempts', 'verifier', 'selector', 'policy', 'run'];

/**
 * Validates a parsed scenario file (DESIGN §3; YAML/JSON parsing is the caller's) into the
 * resolved, deeply frozen `Scenario`: defaults applied, every distribution in canonical form.
 * Throws an `InputError` for the first problem found, in a fixed order (top-level keys, then
 * seed, name, tasks, attempts, verifier, selector, policy, run, then cross-checks), with
 * `where` = the config path, prefixed by `options.source` when given.
 *
 * Example: resolveScenario({tasks: {count: 10, successRate: {dist: point, p: 0.5}}, policy: {maxAttempts: 4}})
 * has seed 1, independent attempts costing 0 and taking 1, a perfect verifier, selector
 * firstAccepted, sequential mode (batchSize 1) and 10000 replicates.
 */
export function resolveScenario(input: unknown, options: ResolveScenarioOptions = {}): Scenario {
  const source = options.source;
  if (source !== undefined && typeof source !== 'string') throw new InputError('options.source', 'must be a string', source);
  const root = rootPath(source);
  const node = readObject(input, root);
  checkKeys(node, root, TOP_KEYS);
  readOptional(node, root, '$schema', '', requireString);
  const seed = readOptional<number | string>(node, root, 'seed', SCENARIO_DEFAULTS.seed, requireSeed);
  const name = readOptional<string | null>(node, root, 'name', SCENARIO_DEFAULTS.name, orNull(requireString));
  const tasks = resolveTasks(required(node, root, 'tasks'), childPath(root, 'tasks'));
  const attempts = resolveAttempts(fieldOf(node, 'attempts'), childPath(root, 'attempts'));
  const verifier = resolveVerifier(fieldOf(node, 'verifier'), childPath(root, 'verifier'));
  const selectorValue = fieldOf(node, 'selector');
  const selector =
    selectorValue === undefined
      ? { kind: SCENARIO_DEFAULTS.selectorKind }
      : resolveSelector(selectorValue, childPath(root, 'selector'));
  const policy = resolvePolicy(required(node, root, 'policy'), childPath(root, 'policy'));
  const run = resolveRun(fieldOf(node, 'run'), childPath(root, 'run'));
  if (policy.mode === 'sequential' && selector.kind !== 'firstAccepted') {
    throw new InputError(
      whereOf(childPath(childPath(root, 'selector'), 'kind')),
      'must be firstAccepted in mode sequential (sequential delivers the first accepted attempt; ' +
        'a selector applies to mode parallel or batches)',
      selector.kind,
    );
  }
  return deepFreeze({ seed, name, tasks, attempts, verifier, selector, policy, run });
}

function required(node: ConfigObject, at: ConfigPath, key: string): unknown {
  const value = fieldOf(node, key);
  if (value === undefined) throw missingError(childPath(at, key), 'an object');
  return value;
}

function requireString(where: string, value: unknown): string {
  if (typeof value !== 'string') throw new InputError(where, 'must be a string', value);
  return value;
}

/** A seed as `streamRng` takes it: an integer ≥ 0 or a non-empty string. */
function requireSeed(where: string, value: unknown): number | string {
  const valid =
    (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
    (typeof value === 'string' && value.length > 0);
  if (!valid) throw new InputError(where, 'must be an integer ≥ 0 or a non-empty string', value);
  return value as number | string;
}

function resolveTasks(value: unknown, at: ConfigPath): TasksSpec {
  const node = readObject(value, at, '{ count: 200, successRate: { dist: beta, mean: 0.7, concentration: 4 } }');
  checkKeys(node, at, ['count', 'successRate', 'resample']);
  const givenCount = readOptional<number | undefined>(node, at, 'count', undefined, (where, v) =>
    requireInteger(where, v, 1),
  );
  const rateValue = fieldOf(node, 'successRate');
  if (rateValue === undefined) {
    throw missingError(childPath(at, 'successRate'), 'an object like { dist: beta, mean: 0.7, concentration: 4 }');
  }
  const successRate = resolveSuccessRate(rateValue, childPath(at, 'successRate'));
  let count: number;
  if (successRate.dist === 'fixed') {
    count = successRate.values.length;
    if (givenCount !== undefined && givenCount !== count) {
      throw new InputError(whereOf(childPath(at, 'count')), `must equal the number of fixed values (${count})`, givenCount);
    }
  } else {
    if (givenCount === undefined) throw missingError(childPath(at, 'count'), 'an integer ≥ 1');
    count = givenCount;
  }
  const resample = readOptional(node, at, 'resample', SCENARIO_DEFAULTS.resample as boolean, requireBoolean);
  return { count, successRate, resample };
}

function resolveAttempts(value: unknown, at: ConfigPath): AttemptsSpec {
  if (value === undefined) return resolveAttempts({}, at);
  const node = readObject(value, at, '{ correlation: { model: independent }, cost: { perAttempt: 0.02 } }');
  checkKeys(node, at, ['correlation', 'cost', 'latency']);
  const correlationValue = fieldOf(node, 'correlation');
  const correlation =
    correlationValue === undefined
      ? { model: SCENARIO_DEFAULTS.correlationModel }
      : resolveCorrelation(correlationValue, childPath(at, 'correlation'));
  const cost = resolvePerAttempt(fieldOf(node, 'cost'), childPath(at, 'cost'), SCENARIO_DEFAULTS.costPerAttempt);
  const latency = resolvePerAttempt(fieldOf(node, 'latency'), childPath(at, 'latency'), SCENARIO_DEFAULTS.latencyPerAttempt);
  return { correlation, cost, latency };
}

/** `attempts.cost` / `attempts.latency`: `{perAttempt: amount}`, the amount defaulting to a constant. */
function resolvePerAttempt(value: unknown, at: ConfigPath, fallback: number): AttemptsSpec['cost'] {
  if (value === undefined) return { dist: 'constant', value: fallback };
  const node = readObject(value, at, '{ perAttempt: 0.02 }');
  checkKeys(node, at, ['perAttempt']);
  const amount = fieldOf(node, 'perAttempt');
  return amount === undefined ? { dist: 'constant', value: fallback } : resolveAmount(amount, childPath(at, 'perAttempt'));
}

/** An omitted verifier is the perfect one; each field of a given verifier defaults to 0. */
function resolveVerifier(value: unknown, at: ConfigPath): VerifierSpec {
  if (value === undefined) {
    return {
      perfect: true,
      falseAccept: { dist: 'point', p: 0 },
      falseReject: { dist: 'point', p: 0 },
      cost: 0,
    };
  }
  const node = readObject(value, at, '{ falseAccept: 0.05, falseReject: 0.1, cost: 0.001 }');
  checkKeys(node, at, ['falseAccept', 'falseReject', 'cost']);
  const rate = (key: string, fallback: number) => {
    const given = fieldOf(node, key);
    return given === undefined ? { dist: 'point' as const, p: fallback } : resolveRate(given, childPath(at, key));
  };
  const falseAccept = rate('falseAccept', SCENARIO_DEFAULTS.falseAccept);
  const falseReject = rate('falseReject', SCENARIO_DEFAULTS.falseReject);
  const cost = readOptional<number>(node, at, 'cost', SCENARIO_DEFAULTS.verifierCost, requireNonNegative);
  return { perfect: false, falseAccept, falseReject, cost };
}

function resolveRun(value: unknown, at: ConfigPath): RunSpec {
  if (value === undefined) return { replicates: SCENARIO_DEFAULTS.replicates };
  const node = readObject(value, at, '{ replicates: 10000 }');
  checkKeys(node, at, ['replicates']);
  const replicates = readOptional<number>(node, at, 'replicates', SCENARIO_DEFAULTS.replicates, (where, v) =>
    requireInteger(where, v, 1),
  );
  return { replicates };
}
