import { InputError } from '../errors.js';
import { ARGUMENT_LIMITS, optionalObject, requireAcyclic } from '../checkArgs.js';
import { checkKeys, childPath, fieldOf, missingError, readList, readObject, rootPath, whereOf, type ConfigObject, type ConfigPath } from './configReader.js';
import { deepFreeze } from './deepFreeze.js';
import { resolveAmount } from './resolveAmount.js';
import { resolveCorrelation } from './resolveCorrelation.js';
import { resolveEpisodes } from './resolveEpisodes.js';
import { resolvePolicy } from './resolvePolicy.js';
import { resolveRate } from './resolveRate.js';
import { resolveSelector } from './resolveSelector.js';
import { resolveSuccessRate } from './resolveSuccessRate.js';
import type { Field, ObjectNode } from './formatNodes.js';
import { checkOf, readField, requirementOf } from './readDeclared.js';
import { SCENARIO_DEFS, SCENARIO_FORMAT } from './scenarioFormat.js';
import type {
  AttemptCorrelation,
  AttemptsSpec,
  RunSpec,
  Scenario,
  SelectorSpec,
  TaskMeasurement,
  TasksSpec,
  VerifierMeasurement,
  VerifierSpec,
} from './types.js';

/** Options of `resolveScenario`. */
export interface ResolveScenarioOptions {
  /** The file the input came from; it prefixes every error's `where` (`scenario.yaml: policy.maxAttempts`). */
  readonly source?: string;
}

const TOP = SCENARIO_FORMAT.fields;
const TASKS = SCENARIO_DEFS.tasks.fields;
const ATTEMPTS = SCENARIO_DEFS.attempts.fields;
const VERIFIER: Readonly<Record<string, Field>> = SCENARIO_DEFS.verifier.fields;
const RUN = (TOP.run!.node as ObjectNode).fields;

/**
 * Validates a parsed scenario file (docs/design.md §3, every key in docs/scenario.md; YAML/JSON
 * parsing is the caller's) into the resolved, deeply frozen `Scenario`: defaults applied (keys,
 * ranges and defaults as declared in scenarioFormat.ts), every distribution in canonical form.
 * Throws an `InputError` for the first problem found, in a fixed order (top-level keys, then
 * seed, name, tasks, attempts, verifier, selector, policy, run, then cross-checks), with
 * `where` = the config path, prefixed by `options.source` when given.
 *
 * Example: resolveScenario({tasks: {count: 10, successRate: {dist: point, p: 0.5}}, policy: {maxAttempts: 4}})
 * has seed 1, independent attempts costing 0 and taking 1, a perfect verifier, selector
 * firstAccepted, sequential mode (batchSize 1) and 10000 replicates.
 *
 * @category Building blocks
 * @param input - A parsed scenario file (`ScenarioInput`; unknown input is checked key by key).
 * @param options - source: prefixed to every error's `where` (e.g. the file name).
 * @returns The resolved, deeply frozen scenario.
 * @example
 * ```ts
 * import { resolveScenario } from '@passk/sim';
 * const scenario = resolveScenario({ tasks: { count: 10, successRate: { dist: 'point', p: 0.5 } }, policy: { maxAttempts: 4 } });
 * console.log(scenario.run.replicates); // → 10000
 * ```
 */
export function resolveScenario(input: unknown, options: ResolveScenarioOptions = {}): Scenario {
  const source = optionalObject('options', options).source;
  if (source !== undefined && typeof source !== 'string') throw new InputError('options.source', 'must be a string', source);
  const root = rootPath(source);
  // A cycle (a mixture among its own components) or a nesting deeper than any scenario would overflow the stack of the readers below.
  requireAcyclic(input, (path) => whereOf(path === '' ? root : { source, path }));
  const node = readObject(input, root);
  checkKeys(node, root, Object.keys(TOP));
  readField(node, root, '$schema', TOP.$schema!);
  const seed = readField<number | string>(node, root, 'seed', TOP.seed!);
  const name = readField<string | null>(node, root, 'name', TOP.name!);
  const tasks = resolveTasks(required(node, root, 'tasks'), childPath(root, 'tasks'));
  const attempts = resolveAttempts(fieldOf(node, 'attempts'), childPath(root, 'attempts'));
  const verifier = resolveVerifier(fieldOf(node, 'verifier'), childPath(root, 'verifier'));
  const selectorValue = fieldOf(node, 'selector');
  const selector =
    selectorValue === undefined ? ({ ...(TOP.selector!.default as object) } as SelectorSpec) : resolveSelector(selectorValue, childPath(root, 'selector'));
  const policy = resolvePolicy(required(node, root, 'policy'), childPath(root, 'policy'));
  const run = resolveRun(fieldOf(node, 'run'), childPath(root, 'run'));
  if (policy.mode === 'sequential' && selector.kind !== 'firstAccepted') {
    throw new InputError(
      whereOf(childPath(childPath(root, 'selector'), 'kind')),
      'must be firstAccepted in mode sequential (sequential delivers the first accepted attempt; ' + 'a selector applies to mode parallel or batches)',
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

function resolveTasks(value: unknown, at: ConfigPath): TasksSpec {
  const node = readObject(value, at, SCENARIO_DEFS.tasks.example);
  checkKeys(node, at, Object.keys(TASKS));
  const givenCount = readField<number | undefined>(node, at, 'count', TASKS.count!);
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
    if (givenCount === undefined) throw missingError(childPath(at, 'count'), requirementOf(TASKS.count!.node));
    count = givenCount;
  }
  const resample = readField<boolean>(node, at, 'resample', TASKS.resample!);
  const measuredValue = fieldOf(node, 'measured');
  const measured = measuredValue === undefined ? undefined : resolveTaskMeasurement(measuredValue, childPath(at, 'measured'));
  // A population refitted per block describes tasks like the log's, drawn afresh: one fixed benchmark would
  // be one more sample of it, whose own noise the draws would not carry.
  if (measured !== undefined && !resample) {
    throw new InputError(
      whereOf(childPath(at, 'resample')),
      'must be true when tasks.measured is given (fresh tasks every replicate from each refitted population)',
      resample,
    );
  }
  return { count, successRate, resample, ...(measured === undefined ? {} : { measured }) };
}

/** `tasks.measured`: per-task counts, trials and successes of one length, successes ≤ trials, some task with n ≥ 2. */
function resolveTaskMeasurement(value: unknown, at: ConfigPath): TaskMeasurement {
  const declared = SCENARIO_DEFS.taskMeasurement;
  const node = readObject(value, at, declared.example);
  checkKeys(node, at, Object.keys(declared.fields));
  const list = (key: 'trials' | 'successes') => {
    const listAt = childPath(at, key);
    const raw = fieldOf(node, key);
    if (raw === undefined) throw missingError(listAt, 'a non-empty list of integers');
    const check = checkOf(declared.fields[key].node.item);
    return readList(raw, listAt, 'integers').map((item, i) => check(whereOf(childPath(listAt, i)), item) as number);
  };
  const trials = list('trials');
  const successes = list('successes');
  if (successes.length !== trials.length) {
    throw new InputError(whereOf(childPath(at, 'successes')), `must have one count per task of trials (${trials.length})`, `${successes.length} counts`);
  }
  const over = successes.findIndex((c, i) => c > trials[i]!);
  if (over >= 0) throw new InputError(whereOf(childPath(childPath(at, 'successes'), over)), `must be ≤ trials[${over}] (${trials[over]})`, successes[over]);
  if (trials.every((n) => n < 2)) {
    throw new InputError(
      whereOf(childPath(at, 'trials')),
      'must include a task with n ≥ 2 (with one trial per task the spread of rates cannot be refitted)',
      `${trials.length} tasks with n = 1`,
    );
  }
  if (successes.every((c) => c === 0) || successes.every((c, i) => c === trials[i])) {
    throw new InputError(
      whereOf(childPath(at, 'successes')),
      'must include a success and a failure (with none of one the population is a point mass, nothing to refit)',
      `${successes.reduce((sum, c) => sum + c, 0)} of ${trials.reduce((sum, n) => sum + n, 0)} attempts correct`,
    );
  }
  // Every block refits these counts: as many likelihood cells as passk fit accepts, no more.
  const cells = [...new Set(trials)].reduce((sum, n) => sum + n + 1, 0);
  if (!(cells <= ARGUMENT_LIMITS.fitCells)) {
    throw new InputError(
      whereOf(childPath(at, 'trials')),
      `must have trial counts n whose n + 1 summed over the distinct n are at most ${ARGUMENT_LIMITS.fitCells} (each block refits a likelihood of that many cells)`,
      cells,
    );
  }
  const population = readField<TaskMeasurement['population']>(node, at, 'population', declared.fields.population);
  const source = readField<string | undefined>(node, at, 'source', declared.fields.source);
  const episodesValue = fieldOf(node, 'episodes');
  if (episodesValue === undefined) return { trials, successes, population, ...(source === undefined ? {} : { source }) };
  // The dependence model and its Beta population are refitted together: per-task posteriors are a separate-runs notion.
  if (population !== 'fitted') {
    throw new InputError(
      whereOf(childPath(at, 'population')),
      'must be fitted when episodes are given (the dependence model is refitted per block)',
      population,
    );
  }
  const episodes = resolveEpisodes(episodesValue, childPath(at, 'episodes'), trials, successes);
  return { trials, successes, population, ...(source === undefined ? {} : { source }), episodes };
}

function resolveAttempts(value: unknown, at: ConfigPath): AttemptsSpec {
  if (value === undefined) return resolveAttempts({}, at);
  const node = readObject(value, at, SCENARIO_DEFS.attempts.example);
  checkKeys(node, at, Object.keys(ATTEMPTS));
  const correlationValue = fieldOf(node, 'correlation');
  const correlation =
    correlationValue === undefined
      ? ({ ...(ATTEMPTS.correlation!.default as object) } as AttemptCorrelation)
      : resolveCorrelation(correlationValue, childPath(at, 'correlation'));
  const cost = resolvePerAttempt(fieldOf(node, 'cost'), childPath(at, 'cost'), ATTEMPTS.cost!.node as ObjectNode);
  const latency = resolvePerAttempt(fieldOf(node, 'latency'), childPath(at, 'latency'), ATTEMPTS.latency!.node as ObjectNode);
  return { correlation, cost, latency };
}

/** `attempts.cost` / `attempts.latency`: `{perAttempt: amount}`, the amount defaulting to a constant. */
function resolvePerAttempt(value: unknown, at: ConfigPath, declared: ObjectNode): AttemptsSpec['cost'] {
  const fallback = declared.fields.perAttempt!.default as number;
  if (value === undefined) return { dist: 'constant', value: fallback };
  const node = readObject(value, at, declared.example);
  checkKeys(node, at, Object.keys(declared.fields));
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
  const node = readObject(value, at, SCENARIO_DEFS.verifier.example);
  checkKeys(node, at, Object.keys(VERIFIER));
  const measuredValue = fieldOf(node, 'measured');
  const measured = measuredValue === undefined ? undefined : resolveMeasurement(measuredValue, childPath(at, 'measured'));
  const rate = (key: 'falseAccept' | 'falseReject', measuredRate: number | undefined) => {
    const given = fieldOf(node, key);
    if (measuredRate !== undefined && given !== undefined && typeof given !== 'number') {
      throw new InputError(whereOf(childPath(at, key)), 'must be a number (a point rate) when verifier.measured is given', given);
    }
    return resolveRate(given ?? measuredRate ?? VERIFIER[key]!.default, childPath(at, key));
  };
  const falseAccept = rate('falseAccept', measured && measured.falseAccept.accepted / measured.falseAccept.wrong);
  const falseReject = rate('falseReject', measured && measured.falseReject.rejected / measured.falseReject.right);
  const cost = readField<number>(node, at, 'cost', VERIFIER.cost!);
  return { perfect: false, falseAccept, falseReject, cost, ...(measured === undefined ? {} : { measured }) };
}

/** `verifier.measured`: the counts of `passk verifier --out`, accepted ≤ wrong and rejected ≤ right. */
function resolveMeasurement(value: unknown, at: ConfigPath): VerifierMeasurement {
  const declared = SCENARIO_DEFS.verifier.fields.measured.node;
  const node = readObject(value, at, declared.example);
  checkKeys(node, at, Object.keys(declared.fields));
  const pair = <A extends string, B extends string>(key: 'falseAccept' | 'falseReject', part: A, whole: B) => {
    const field = declared.fields[key];
    const pairAt = childPath(at, key);
    const given = fieldOf(node, key);
    if (given === undefined) throw missingError(pairAt, `an object like ${field.node.example}`);
    const pairNode = readObject(given, pairAt, field.node.example);
    checkKeys(pairNode, pairAt, Object.keys(field.node.fields));
    const fields = field.node.fields as Readonly<Record<string, Field>>;
    const partValue = readField<number>(pairNode, pairAt, part, fields[part]!);
    const wholeValue = readField<number>(pairNode, pairAt, whole, fields[whole]!);
    if (partValue > wholeValue) throw new InputError(whereOf(childPath(pairAt, part)), `must be ≤ ${whole} (${wholeValue})`, partValue);
    return { [part]: partValue, [whole]: wholeValue } as { [K in A | B]: number };
  };
  const falseAccept = pair('falseAccept', 'accepted', 'wrong');
  const falseReject = pair('falseReject', 'rejected', 'right');
  const source = readField<string | undefined>(node, at, 'source', declared.fields.source);
  return { falseAccept, falseReject, ...(source === undefined ? {} : { source }) };
}

function resolveRun(value: unknown, at: ConfigPath): RunSpec {
  if (value === undefined) return resolveRun({}, at);
  const node = readObject(value, at, (TOP.run!.node as ObjectNode).example);
  checkKeys(node, at, Object.keys(RUN));
  return { replicates: readField<number>(node, at, 'replicates', RUN.replicates!) };
}
