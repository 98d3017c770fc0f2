/**
 * The vocabulary of the scenario declaration (scenarioFormat.ts): a small field table, plain
 * data, from which the resolver takes its keys, ranges and defaults, and from which the JSON
 * Schema (scenarioJsonSchema.ts), the key paths (scenarioPaths.ts) and docs/scenario.md
 * (scenarioDocs.ts) are generated. Why a table of our own and not TypeBox or zod: docs/design.md §3.
 */

/** A number with its range; `integer` for counts. Bounds are inclusive unless `…Exclusive`. */
export interface NumberNode {
  readonly type: 'number';
  readonly integer?: boolean;
  readonly min?: number;
  readonly minExclusive?: boolean;
  readonly max?: number;
  readonly maxExclusive?: boolean;
  /** null is allowed (and means "none"). */
  readonly nullable?: boolean;
}

/** Text (a name, `$schema`), or null when `nullable`. */
export interface StringNode {
  readonly type: 'string';
  readonly minLength?: number;
  readonly nullable?: boolean;
}

/** true or false. */
export interface BooleanNode {
  readonly type: 'boolean';
}

/** One of a list of names (`policy.mode`). */
export interface EnumNode {
  readonly type: 'enum';
  readonly values: readonly string[];
}

/** A seed as `streamRng` takes it: an integer ≥ 0 or a non-empty string. */
export interface SeedNode {
  readonly type: 'seed';
}

/** A non-empty list (YAML sequence). */
export interface ListNode {
  readonly type: 'list';
  readonly item: FormatNode;
}

/** One key of an object: what it holds, what it means, and its default (absent: required). */
export interface Field {
  readonly node: FormatNode;
  readonly doc: string;
  /** The value used when the key is left out; `undefined` when there is none. */
  readonly default?: unknown;
  /** How the default is described when it is not one value (e.g. "maxAttempts in mode parallel"). */
  readonly defaultDoc?: string;
  /** Required always (true), or under a condition the resolver checks (its text, for the docs). */
  readonly required?: true | string;
}

/** An object of named fields (additional keys refused); `example` shows its shape in errors. */
export interface ObjectNode {
  readonly type: 'object';
  readonly doc: string;
  readonly fields: Readonly<Record<string, Field>>;
  readonly example?: string;
  /** Rules across fields, as JSON Schema keywords (merged into this object's schema) and in words. */
  readonly rules?: readonly Rule[];
  /** The object's own default, in words (e.g. "omitted: the perfect verifier"). */
  readonly defaultDoc?: string;
}

/** One form of a tagged object: its meaning and its other keys. */
export interface Variant {
  readonly doc: string;
  readonly fields: Readonly<Record<string, Field>>;
  /** Alternative sets of keys (beta: mean and concentration, or a and b): one of them, not both. */
  readonly forms?: readonly (readonly string[])[];
}

/**
 * An object tagged by one key (`dist`, `model`, `kind`); `shorthand` lets a bare number stand for
 * one variant (`0.02` for `{dist: constant, value: 0.02}`).
 */
export interface TaggedNode {
  readonly type: 'tagged';
  readonly doc: string;
  readonly tag: string;
  readonly variants: Readonly<Record<string, Variant>>;
  readonly shorthand?: { readonly node: NumberNode; readonly variant: string; readonly key: string };
  readonly example: string;
  /** Keys every variant has besides the tag (a mixture component's `weight`). */
  readonly common?: Readonly<Record<string, Field>>;
  /** The docs describe the variants once: here they point to the path where they are listed. */
  readonly docsSameAs?: string;
}

/** A named node of the declaration (for recursion: a mixture's components are success rates). */
export interface RefNode {
  readonly type: 'ref';
  readonly name: string;
}

/** Any node of the declaration. */
export type FormatNode = NumberNode | StringNode | BooleanNode | EnumNode | SeedNode | ListNode | ObjectNode | TaggedNode | RefNode;

/** A rule across fields: the words (docs) and the JSON Schema keywords that state it, where a schema can. */
export interface Rule {
  readonly doc: string;
  readonly schema?: Readonly<Record<string, unknown>>;
}

/**
 * What a number node accepts, in the words the resolver's errors use after "must be"
 * ("a finite number ≥ 0", "a number between 0 and 1", "an integer ≥ 1").
 */
export function numberRange(node: NumberNode): string {
  const { min, max, minExclusive, maxExclusive } = node;
  if (node.integer) {
    if (max === undefined) return `an integer ≥ ${min}`;
    return `an integer in ${min}..${max}`;
  }
  if (min === 0 && max === 1 && !minExclusive && !maxExclusive) return 'a number between 0 and 1';
  if (min === 0 && max === 1 && minExclusive && maxExclusive) return 'a number strictly between 0 and 1';
  if (min === 0 && max === 1 && !minExclusive && maxExclusive) return 'a number ≥ 0 and < 1';
  if (min === undefined && max === undefined) return 'a finite number';
  if (max === undefined) return `a finite number ${minExclusive ? '>' : '≥'} ${min}`;
  if (min !== undefined && !maxExclusive)
    return `a number ${minExclusive ? '>' : '≥'} ${min} and at most ${max >= 1e6 ? max.toExponential().replace('e+', 'e') : max}`;
  throw new Error(`numberRange: no wording for ${JSON.stringify(node)}`);
}
