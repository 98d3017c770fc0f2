import { InputError } from '../errors.js';
import { suggestName } from './suggestName.js';

/**
 * Reading one node of a parsed scenario file: where it is, whether it is an object, which keys
 * it may have, and its fields with their checks. Every failure is an `InputError` whose `where`
 * is the config path (`tasks.successRate.components[1].weight`), prefixed by the file name when
 * known (`scenario.yaml: policy.maxAttempts`).
 */

/** Where a value sits: the file it came from (if known) and its config path ('' for the root). */
export interface ConfigPath {
  readonly source: string | undefined;
  readonly path: string;
}

/** An object node of the file, read only through `fieldOf` (own properties only). */
export type ConfigObject = Readonly<Record<string, unknown>>;

/** A leaf check in the style of ../checks.ts: returns the value or throws an InputError. */
export type LeafCheck<T> = (where: string, value: unknown) => T;

export function rootPath(source: string | undefined): ConfigPath {
  return { source, path: '' };
}

/** The path of a key (`policy` → `policy.budget`) or a list index (`components` → `components[1]`). */
export function childPath(parent: ConfigPath, key: string | number): ConfigPath {
  const path = typeof key === 'number' ? `${parent.path}[${key}]` : parent.path === '' ? key : `${parent.path}.${key}`;
  return { source: parent.source, path };
}

/** The `where` of an InputError: `source: path`, or just the path; the root is the source or `scenario`. */
export function whereOf(at: ConfigPath): string {
  if (at.path === '') return at.source ?? 'scenario';
  return at.source === undefined ? at.path : `${at.source}: ${at.path}`;
}

/** The value must be a plain object (a YAML mapping); `example` shows the expected shape. */
export function readObject(value: unknown, at: ConfigPath, example?: string): ConfigObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const rule = example === undefined ? 'must be an object' : `must be an object like ${example}`;
    throw new InputError(whereOf(at), rule, value);
  }
  return value as ConfigObject;
}

/** An own property of the node, or undefined (inherited names such as `constructor` are not fields). */
export function fieldOf(node: ConfigObject, key: string): unknown {
  return Object.hasOwn(node, key) ? node[key] : undefined;
}

/** Rejects the first key (in the file's order) that is not allowed, suggesting a near miss. */
export function checkKeys(node: ConfigObject, at: ConfigPath, allowed: readonly string[], context?: string): void {
  for (const key of Object.keys(node)) {
    if (allowed.includes(key)) continue;
    const suggestion = suggestName(key, allowed);
    const hint = suggestion === undefined ? `allowed: ${allowed.join(', ')}` : `did you mean ${suggestion}?`;
    const rule = context === undefined ? `unknown key (${hint})` : `unknown key for ${context} (${hint})`;
    throw new InputError(whereOf(childPath(at, key)), rule);
  }
}

/** The error for a required key that is missing; `requirement` says what it must be. */
export function missingError(at: ConfigPath, requirement: string): InputError {
  return new InputError(whereOf(at), `is required (${requirement})`);
}

/** A required field, checked by `check`. */
export function readRequired<T>(node: ConfigObject, at: ConfigPath, key: string, requirement: string, check: LeafCheck<T>): T {
  const value = fieldOf(node, key);
  const here = childPath(at, key);
  if (value === undefined) throw missingError(here, requirement);
  return check(whereOf(here), value);
}

/** An optional field, checked by `check` when present, else `fallback`. */
export function readOptional<T>(node: ConfigObject, at: ConfigPath, key: string, fallback: T, check: LeafCheck<T>): T {
  const value = fieldOf(node, key);
  return value === undefined ? fallback : check(whereOf(childPath(at, key)), value);
}

/** A check for one of a list of names, with a near-miss hint. */
export function oneOf<T extends string>(allowed: readonly T[]): LeafCheck<T> {
  return (where, value) => {
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
    const suggestion = typeof value === 'string' ? suggestName(value, allowed) : undefined;
    const hint = suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`;
    throw new InputError(where, `must be one of ${allowed.join(', ')}${hint}`, value);
  };
}

/** The tag of a tagged object (`dist`, `model`, `kind`): required, one of `allowed`. */
export function readTag<T extends string>(node: ConfigObject, at: ConfigPath, key: string, allowed: readonly T[]): T {
  return readRequired(node, at, key, `one of ${allowed.join(', ')}`, oneOf(allowed));
}

/** Any finite number (NaN and ±Infinity fail). */
export function requireFinite(where: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new InputError(where, 'must be a finite number', value);
  return value;
}

/** A number in the half-open interval [0, 1), e.g. an intra-class correlation. */
export function requireUnitBelowOne(where: string, value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0 && value < 1)) {
    throw new InputError(where, 'must be a number ≥ 0 and < 1', value);
  }
  return value;
}

export function requireBoolean(where: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new InputError(where, 'must be true or false', value);
  return value;
}

/** `check`, or null when the file says null (for keys whose default is null). */
export function orNull<T>(check: LeafCheck<T>): LeafCheck<T | null> {
  return (where, value) => {
    if (value === null) return null;
    try {
      return check(where, value);
    } catch (error) {
      if (error instanceof InputError) throw new InputError(error.where, `${error.rule} or null`, error.value);
      throw error;
    }
  };
}

/** A non-empty list (YAML sequence / JSON array); `what` names its items. */
export function readList(value: unknown, at: ConfigPath, what: string): readonly unknown[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new InputError(whereOf(at), `must be a non-empty list of ${what}`, value);
  }
  return value;
}
