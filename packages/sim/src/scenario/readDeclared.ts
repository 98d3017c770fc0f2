import { requireInteger, requireNonNegative, requireOpenUnit, requirePositive, requireUnit } from '../checks.js';
import { InputError } from '../errors.js';
import {
  checkKeys,
  oneOf,
  orNull,
  readOptional,
  readRequired,
  readTag,
  requireBoolean,
  requireFinite,
  requireUnitBelowOne,
  type ConfigObject,
  type ConfigPath,
  type LeafCheck,
} from './configReader.js';
import { numberRange, type Field, type FormatNode, type NumberNode, type TaggedNode } from './formatNodes.js';
import { deref, tagValues, variantKeys } from './scenarioFormat.js';

/**
 * Reading a node of a scenario file by its declaration (scenarioFormat.ts): the check of a leaf
 * (its range, in the wording of ../checks.ts), what a missing key must be, a field with its
 * default, and the tag and keys of a tagged object.
 */

/** The check of a leaf node; its errors say "must be …" with the node's range. */
export function checkOf(node: FormatNode): LeafCheck<unknown> {
  const target = deref(node);
  switch (target.type) {
    case 'number':
      return target.nullable ? orNull(numberCheck(target)) : numberCheck(target);
    case 'string':
      return target.nullable ? orNull(requireString) : requireString;
    case 'boolean':
      return requireBoolean;
    case 'enum':
      return oneOf(target.values);
    case 'seed':
      return requireSeed;
    default:
      throw new Error(`checkOf: ${target.type} is not a leaf`);
  }
}

/** What a required key must be, for its "is required (…)" error. */
export function requirementOf(node: FormatNode): string {
  const target = deref(node);
  if (target.type === 'number') return target.integer ? `an integer ≥ ${target.min}` : numberRange(target);
  if (target.type === 'enum') return `one of ${target.values.join(', ')}`;
  if (target.type === 'object' || target.type === 'tagged') return 'an object';
  return 'a value';
}

/** A declared field of an object node: checked when present; its default (or a missing-key error) when not. */
export function readField<T>(object: ConfigObject, at: ConfigPath, key: string, field: Field): T {
  const check = checkOf(field.node) as LeafCheck<T>;
  if (field.required === true) return readRequired(object, at, key, requirementOf(field.node), check);
  return readOptional(object, at, key, field.default as T, check);
}

/**
 * The tag of a tagged object (one of its variants, with a near-miss hint) after checking the
 * object's keys against that variant's (`context` names it in the unknown-key error; default
 * `TAG VALUE`, as in "unknown key for model exchangeable").
 */
export function readVariant(object: ConfigObject, at: ConfigPath, node: TaggedNode, context?: (tag: string) => string): string {
  const tag = readTag(object, at, node.tag, tagValues(node));
  checkKeys(object, at, variantKeys(node, tag), context === undefined ? `${node.tag} ${tag}` : context(tag));
  return tag;
}

/** The variant's leaf fields, in declaration order, each checked (or defaulted) by its declaration. */
export function readVariantFields(object: ConfigObject, at: ConfigPath, node: TaggedNode, tag: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(node.variants[tag]!.fields)) fields[key] = readField(object, at, key, field);
  return fields;
}

function numberCheck(node: NumberNode): LeafCheck<number> {
  const { min, max, minExclusive, maxExclusive } = node;
  if (node.integer) {
    return (where, value) => {
      const n = requireInteger(where, value, min ?? Number.MIN_SAFE_INTEGER);
      if (max !== undefined && !(n <= max)) throw new InputError(where, `must be ≤ ${max}`, n);
      return n;
    };
  }
  if (min === 0 && max === 1) {
    if (!minExclusive && !maxExclusive) return requireUnit;
    if (minExclusive && maxExclusive) return requireOpenUnit;
    if (!minExclusive && maxExclusive) return requireUnitBelowOne;
  }
  if (min === undefined && max === undefined) return requireFinite;
  if (min === 0 && max === undefined) return minExclusive ? requirePositive : requireNonNegative;
  if (min !== undefined && max !== undefined && !maxExclusive) {
    const rule = `must be ${numberRange(node)}`;
    return (where, value) => {
      if (typeof value !== 'number' || !(minExclusive ? value > min : value >= min) || !(value <= max)) throw new InputError(where, rule, value);
      return value;
    };
  }
  throw new Error(`numberCheck: no check for ${JSON.stringify(node)}`);
}

function requireString(where: string, value: unknown): string {
  if (typeof value !== 'string') throw new InputError(where, 'must be a string', value);
  return value;
}

/** A seed as `streamRng` takes it: an integer ≥ 0 or a non-empty string. */
function requireSeed(where: string, value: unknown): number | string {
  const valid = (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) || (typeof value === 'string' && value.length > 0);
  if (!valid) throw new InputError(where, 'must be an integer ≥ 0 or a non-empty string', value);
  return value as number | string;
}
