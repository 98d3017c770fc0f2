import type { TSchema } from '@sinclair/typebox';
import { Value, type ValueError } from '@sinclair/typebox/value';

/** Where a value first departs from its schema: the field (`rows[2].interval`, '' for the whole value), TypeBox's message and the value there. */
export interface SchemaMisfit {
  readonly path: string;
  readonly message: string;
  readonly value: unknown;
}

/**
 * The first place `value` does not fit `schema` (TypeBox `Value.Errors`), or null when it fits: the
 * one check of a parsed document against a TypeBox schema, for result documents
 * (checkResultDocument) and the parts of other files that follow a result schema (a shard's
 * `observed`), so each names the field and the value the same way.
 */
export function schemaMisfit(schema: TSchema, value: unknown): SchemaMisfit | null {
  const first = Value.Errors(schema, value).First();
  if (first === undefined) return null;
  const error = deepest(first);
  return { path: pathText(error.path), message: error.message, value: valueAt(value, error.path) };
}

/**
 * A union's error ("expected union value") names no field; the variant the value comes closest to
 * does: of each variant's first error, the one deepest in the value (`interval.lower`, not `interval`
 * of `IntervalSchema | null`). At the union's own field, the variant of the value's own type says
 * what is wrong with it (a rate of 1.5 in `number in [0, 1] | null`: "expected number to be less or
 * equal to 1", not "expected union value").
 */
function deepest(error: ValueError): ValueError {
  const inner = error.errors.map((variant) => variant.First()).filter((e): e is ValueError => e !== undefined);
  const best = inner.reduce<ValueError | undefined>((a, b) => (a === undefined || b.path.length > a.path.length ? b : a), undefined);
  if (best !== undefined && best.path.length > error.path.length) return deepest(best);
  const ofItsType = inner.find((e) => e.path === error.path && sameType(e.schema, e.value));
  return ofItsType ?? error;
}

/** Whether a value is of the JSON type a schema declares (an integer schema takes integers only). */
function sameType(schema: TSchema, value: unknown): boolean {
  const type = (schema as { type?: unknown }).type;
  if (type === 'number') return typeof value === 'number';
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'string') return typeof value === 'string';
  if (type === 'boolean') return typeof value === 'boolean';
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  return false;
}

/** The value at a JSON pointer such as `/rows/0/k`. */
function valueAt(value: unknown, pointer: string): unknown {
  let node = value;
  for (const step of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[step];
  }
  return node;
}

/** `/rows/2/interval` → `rows[2].interval`. */
function pathText(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((step, i) => (/^\d+$/.test(step) ? `[${step}]` : i === 0 ? step : `.${step}`))
    .join('');
}
