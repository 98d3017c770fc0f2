import { requireInteger, requireOpenUnit, requirePositive } from './checks.js';
import { InputError } from './errors.js';
import type { Rng } from './rng/rng.js';

/**
 * The arguments of the library's public entry points, checked as the CLI checks its options: a
 * missing options object, a `null` run, a string where a list belongs or a size that would take
 * minutes or gigabytes is one `InputError` (`where: rule, got value`) naming the argument, never a
 * TypeError, a RangeError, NaN or a runaway loop. Internal: modules import these directly; the
 * entry points of index.ts call them first, in the order of their parameters.
 *
 * The limits on sizes, each with its reason (README, "Limits and hostile input"):
 */
export const ARGUMENT_LIMITS = {
  /**
   * The k values of one call, summed. A k costs up to k product terms (the unbiased estimators,
   * the posterior means E[p^k]): 10⁸ terms take about a second, and `passk estimate --max-k-sum`
   * cannot raise a call beyond this.
   */
  kSum: 100_000_000,
  /** k values in one list (each is a row of the result). */
  ks: 10_000,
  /**
   * Trials per task `planComparison` tabulates, summed: each n sums a binomial over c = 0..n at
   * every quadrature node. 2·10⁵ took 15 s in `passk plan compare`, so 10⁶ is over a minute and
   * 8 MB of estimates per n (`{ trials: [1e9] }` grew to 4–7 GB).
   */
  planTrials: 1_000_000,
  /**
   * Bootstrap cells: replicates × k values. Each cell is two doubles kept until the end (16 bytes):
   * 10⁷ cells are 160 MB.
   */
  bootstrapCells: 10_000_000,
  /**
   * Tasks in a scenario the engine simulates: each holds its rates and tables in memory
   * (10⁶ tasks peaked at 127 MB in `passk simulate`, so 10⁷ is over a gigabyte).
   */
  scenarioTasks: 10_000_000,
  /**
   * Cells of a fit's count tables: Σ (n + 1) over the distinct trial counts n (the likelihood and
   * the goodness-of-fit table of each n have n + 1 cells).
   */
  fitCells: 10_000_000,
  /**
   * Attempts in the episodes of a scenario's `tasks.measured.episodes`: every block of replicates
   * refits a retry-dependence model to a resample of them (LDB's 500 tasks × ≤ 10 attempts: 40 ms).
   */
  episodeAttempts: 1_000_000,
  /** Levels of nesting in an input object (a scenario): the CLI's documents stop at 64 too. */
  depth: 64,
} as const;

/** A value as an error shows it: numbers, strings and the like as they are; objects by their kind only (they may be huge or cyclic). */
function shown(value: unknown): unknown {
  if (value === undefined || value === null || typeof value !== 'object') return typeof value === 'function' ? 'a function' : value;
  return Array.isArray(value) ? `a list of ${value.length}` : 'an object';
}

/** A non-null object, not a list: an options object or a record argument. */
export function requireObject(where: string, value: unknown): Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InputError(where, 'must be an object', shown(value));
  return value as Readonly<Record<string, unknown>>;
}

/** An options object that may be left out (undefined: no options). */
export function optionalObject(where: string, value: unknown): Readonly<Record<string, unknown>> {
  return value === undefined ? {} : requireObject(where, value);
}

/** A list (an array) of at most `max` items and at least `min`. */
export function requireList(where: string, value: unknown, min = 0, max = Number.MAX_SAFE_INTEGER): readonly unknown[] {
  if (!Array.isArray(value)) throw new InputError(where, 'must be a list', shown(value));
  if (value.length < min) throw new InputError(where, min === 1 ? 'must not be empty' : `must have at least ${min} items`, value.length);
  if (value.length > max) throw new InputError(where, `must have at most ${max} items`, value.length);
  return value;
}

/** Numbers as a list or a typed array (not any object with a length: `{ length: 1e9 }` holds nothing); each finite. */
export function requireNumbers(where: string, value: unknown): ArrayLike<number> {
  if (!(Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView)))) {
    throw new InputError(where, 'must be a list of numbers', shown(value));
  }
  const list = value as ArrayLike<unknown>;
  for (let i = 0; i < list.length; i++) requireFinite(`${where}[${i}]`, list[i]);
  return list as ArrayLike<number>;
}

/** A finite number. */
export function requireFinite(where: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new InputError(where, 'must be a finite number', shown(value));
  return value;
}

/** A mean cost: a number ≥ 0, or Infinity for a point without an estimate (as `sweepOutcomes` counts it). */
export function requireCost(where: string, value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0)) throw new InputError(where, 'must be a number ≥ 0 (Infinity for none)', shown(value));
  return value;
}

/** One of a few words or numbers. */
export function requireOneOf<T extends string | number>(where: string, value: unknown, choices: readonly T[]): T {
  if (!choices.includes(value as T)) throw new InputError(where, `must be one of ${choices.join(', ')}`, shown(value));
  return value as T;
}

/** The task-level metric: `passAtK` or `passHatK`. */
export function requireMetric(where: string, value: unknown): 'passAtK' | 'passHatK' {
  return requireOneOf(where, value, ['passAtK', 'passHatK'] as const);
}

/** A Beta(a, b) prior `{ a, b }` with finite shapes > 0. */
export function requireBetaPrior(where: string, value: unknown): { readonly a: number; readonly b: number } {
  const prior = requireObject(where, value);
  return { a: requirePositive(`${where}.a`, prior.a), b: requirePositive(`${where}.b`, prior.b) };
}

/**
 * The parameters of a fitted zero/one-inflated beta-binomial (`MixtureParameters`, as `fitTasks`
 * returns them): weights and mean in [0, 1], concentration in [0, ∞], their logs ≤ 0.
 */
export function requireMixture(where: string, value: unknown): void {
  const mixture = requireObject(where, value);
  for (const key of ['pi0', 'pi1', 'weight', 'mean'] as const) {
    const x = mixture[key];
    if (typeof x !== 'number' || !(x >= 0 && x <= 1)) throw new InputError(`${where}.${key}`, 'must be a number between 0 and 1', shown(x));
  }
  const concentration = mixture.concentration;
  if (typeof concentration !== 'number' || !(concentration >= 0))
    throw new InputError(`${where}.concentration`, 'must be a number ≥ 0 (∞ allowed)', shown(concentration));
  for (const key of ['logPi0', 'logPi1', 'logWeight', 'logMean', 'logOneMinusMean'] as const) {
    const x = mixture[key];
    if (typeof x !== 'number' || !(x <= 0)) throw new InputError(`${where}.${key}`, 'must be a number ≤ 0 (a log of a weight; −∞ allowed)', shown(x));
  }
}

/** 1 or 2 sided. */
export function requireSides(where: string, value: unknown): 1 | 2 {
  if (value !== 1 && value !== 2) throw new InputError(where, 'must be 1 or 2', shown(value));
  return value;
}

/** A seed as `streamRng` takes it: an integer 0..2^53 − 1 or a non-empty string. */
export function requireSeed(where: string, value: unknown): number | string {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  throw new InputError(where, 'must be an integer ≥ 0 or a non-empty string', shown(value));
}

/** A text (a name, an id, a path). */
export function requireString(where: string, value: unknown): string {
  if (typeof value !== 'string') throw new InputError(where, 'must be a string', shown(value));
  return value;
}

/** A function (a callback); undefined when it may be left out and is. */
export function optionalFunction<F extends (...args: never[]) => unknown>(where: string, value: unknown): F | undefined {
  if (value !== undefined && typeof value !== 'function') throw new InputError(where, 'must be a function', shown(value));
  return value as F | undefined;
}

/** A random source: an object with `uniform()` and `uint32()` (`streamRng`, `Xoshiro128`). */
export function requireRng(where: string, value: unknown): Rng {
  const rng = value as Partial<Rng> | null;
  if (typeof rng !== 'object' || rng === null || typeof rng.uniform !== 'function' || typeof rng.uint32 !== 'function') {
    throw new InputError(where, 'must be a random source with uniform() and uint32() (streamRng(seed, …))', shown(value));
  }
  return value as Rng;
}

/**
 * A list of k values (`where`; each k named `itemWhere`, as the estimators always have): integers ≥ 1,
 * at least one, at most ARGUMENT_LIMITS.ks of them, summing to at most ARGUMENT_LIMITS.kSum (each k
 * costs up to k terms).
 */
export function requireKs(where: string, value: unknown, itemWhere = 'k'): readonly number[] {
  const ks = requireList(where, value, 1, ARGUMENT_LIMITS.ks);
  let sum = 0;
  for (const k of ks) sum += requireK(itemWhere, k);
  if (!(sum <= ARGUMENT_LIMITS.kSum)) {
    throw new InputError(where, `must sum to at most ${ARGUMENT_LIMITS.kSum} (a k costs up to k terms; 10⁸ take about a second)`, sum);
  }
  return ks as readonly number[];
}

/** One k: an integer ≥ 1, at most ARGUMENT_LIMITS.kSum. */
export function requireK(where: string, value: unknown): number {
  return requireAtMost(where, requireInteger(where, value, 1), ARGUMENT_LIMITS.kSum, 'a k costs up to k terms; 10⁸ take about a second');
}

/**
 * Plain data, as JSON holds it (a scenario input, a sweep point): no cycle, at most
 * ARGUMENT_LIMITS.depth levels, and no value JSON cannot hold (a BigInt, a Symbol, a function).
 */
export function requirePlainData(value: unknown, where: (path: string) => string): void {
  requireAcyclic(value, where);
  const visit = (node: unknown, path: string): void => {
    if (typeof node === 'bigint' || typeof node === 'symbol' || typeof node === 'function') {
      throw new InputError(where(path), 'must be plain data (numbers, strings, true, false, null, lists and objects)', `a ${typeof node}`);
    }
    if (typeof node !== 'object' || node === null || ArrayBuffer.isView(node)) return;
    if (Array.isArray(node)) node.forEach((item, i) => visit(item, `${path}[${i}]`));
    else for (const key of Object.keys(node)) visit((node as Record<string, unknown>)[key], path === '' ? key : `${path}.${key}`);
  };
  visit(value, '');
}

/** A size already checked to be a number, at most `limit`, with the reason for the limit in the error. */
export function requireAtMost(where: string, value: number, limit: number, reason: string): number {
  if (!(value <= limit)) throw new InputError(where, `must be at most ${limit} (${reason})`, value);
  return value;
}

/**
 * Tasks as a list of `{ n, c }` objects (their counts are checked where they are read, naming
 * `tasks[i].n`); at least `min`.
 */
export function requireTaskList(where: string, value: unknown, min = 0): readonly { readonly n: number; readonly c: number }[] {
  const tasks = requireList(where, value, min);
  tasks.forEach((task, i) => requireObject(`${where}[${i}]`, task));
  return tasks as readonly { readonly n: number; readonly c: number }[];
}

/**
 * Tasks as an estimator takes them: a list of `{ n, c }` or the groups of `groupTaskCounts`
 * (`{ groups, taskCount }`, each group `{ n, c, size }` with size an integer ≥ 1).
 */
export function requireTaskSet(where: string, value: unknown): void {
  if (Array.isArray(value)) {
    requireTaskList(where, value);
    return;
  }
  const set = requireObject(where, value);
  requireCountGroups(`${where}.groups`, set.groups);
  requireInteger(`${where}.taskCount`, set.taskCount, 0);
}

/** Count groups `{ n, c, size }`: counts 0 ≤ c ≤ n and a size ≥ 1 (what `groupTaskCounts` makes). */
export function requireCountGroups(where: string, value: unknown): readonly { readonly n: number; readonly c: number; readonly size: number }[] {
  const groups = requireList(where, value);
  groups.forEach((group, i) => {
    const g = requireObject(`${where}[${i}]`, group);
    const n = requireInteger(`${where}[${i}].n`, g.n, 0);
    const c = requireInteger(`${where}[${i}].c`, g.c, 0);
    if (!(c <= n)) throw new InputError(`${where}[${i}].c`, `must be ≤ n (${n})`, c);
    requireInteger(`${where}[${i}].size`, g.size, 1);
  });
  return groups as readonly { readonly n: number; readonly c: number; readonly size: number }[];
}

/** `{ confidence, sides }` of an interval of a mean (`where` the object; its fields named `confidence` and `sides`, as everywhere). */
export function requireMeanIntervalOptions(where: string, value: unknown): { readonly confidence: number; readonly sides: 1 | 2 } {
  const options = requireObject(where, value);
  return { confidence: requireOpenUnit('confidence', options.confidence), sides: requireSides('sides', options.sides) };
}

/**
 * An object (a parsed scenario file, a scenario input to change) with no cycle and at most
 * ARGUMENT_LIMITS.depth levels of nesting. `where` turns a path inside it (`tasks.successRate`,
 * '' for the value itself) into the error's where. Objects reached twice without a cycle (shared,
 * not nested in themselves) are fine; typed arrays are leaves.
 */
export function requireAcyclic(value: unknown, where: (path: string) => string): void {
  const open = new Set<object>();
  const visit = (node: unknown, path: string, depth: number): void => {
    if (typeof node !== 'object' || node === null || ArrayBuffer.isView(node)) return;
    if (open.has(node)) throw new InputError(where(path), 'must not contain itself (a cyclic object)');
    if (depth >= ARGUMENT_LIMITS.depth) throw new InputError(where(path), `must be nested at most ${ARGUMENT_LIMITS.depth} levels deep`);
    open.add(node);
    if (Array.isArray(node)) node.forEach((item, i) => visit(item, `${path}[${i}]`, depth + 1));
    else for (const key of Object.keys(node)) visit((node as Record<string, unknown>)[key], path === '' ? key : `${path}.${key}`, depth + 1);
    open.delete(node);
  };
  visit(value, '', 0);
}
