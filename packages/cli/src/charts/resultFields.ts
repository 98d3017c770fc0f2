import { InputError } from '@passk/sim';
import { RESULT_KINDS, type ResultKind } from '../format/resultKinds.js';

/**
 * Reading fields of a result document (the JSON that estimate, plan, simulate, sweep and fit print
 * with --json). A document may come from a file a person edited, so every field a chart uses is
 * checked where it is read: a missing or mistyped field is one InputError naming its path.
 */

type Path = readonly (string | number)[];

const KINDS: readonly string[] = Object.values(RESULT_KINDS);

/** The result's `kind`; anything that is not a passk result is an InputError. */
export function resultKindOf(result: unknown, where = '--from'): ResultKind {
  const kind = isObject(result) ? result.kind : undefined;
  if (typeof kind !== 'string' || !KINDS.includes(kind)) {
    throw new InputError(where, 'must be a passk result (the JSON that estimate, compare, plan, simulate, sweep or fit print with --json)', kind);
  }
  return kind as ResultKind;
}

/** The value at `path`, or undefined when a step is missing. */
export function valueAt(result: unknown, path: Path): unknown {
  let node: unknown = result;
  for (const step of path) {
    if (typeof step === 'number' ? !Array.isArray(node) : !isObject(node)) return undefined;
    node = (node as Record<string | number, unknown>)[step];
  }
  return node;
}

/** A finite number at `path`. */
export function numberAt(result: unknown, path: Path): number {
  const value = valueAt(result, path);
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new InputError('--from', `must have a number at ${pathText(path)}`, value ?? null);
  }
  return value;
}

/** A finite number at `path`, or null where the result says null (not estimable, no closed form). */
export function nullableNumberAt(result: unknown, path: Path): number | null {
  const value = valueAt(result, path);
  return value === null || value === undefined ? null : numberAt(result, path);
}

/** A string at `path`, or null when it is missing or null. */
export function optionalStringAt(result: unknown, path: Path): string | null {
  const value = valueAt(result, path);
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new InputError('--from', `must have a string at ${pathText(path)}`, value);
  return value;
}

/** The list at `path` (its length; read its items with the other helpers). */
export function listAt(result: unknown, path: Path): readonly unknown[] {
  const value = valueAt(result, path);
  if (!Array.isArray(value)) throw new InputError('--from', `must have a list at ${pathText(path)}`, value ?? null);
  return value;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `rows[2].coverage.value` */
function pathText(path: Path): string {
  return path.map((step, i) => (typeof step === 'number' ? `[${step}]` : i === 0 ? step : `.${step}`)).join('');
}
