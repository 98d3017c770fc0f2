import { InputError } from '@passk/sim/errors';
import { RESULT_KINDS, SCHEMA_VERSIONS, type ResultKind } from '../format/resultKinds.js';
import { RESULT_SCHEMAS, type ResultDocument } from './resultSchemas.js';
import { schemaMisfit } from './schemaMisfit.js';

const KINDS: readonly string[] = Object.values(RESULT_KINDS);

/**
 * Checks a parsed result document once, where it is read (`chart`, `report`), and gives it its
 * type: a known `kind`, this passk's `schemaVersion` of it, and every field as its schema says —
 * its type and, for the numbers of the shared pieces (intervalSchema.ts), its sense: rates in
 * [0, 1], counts integers ≥ 0, levels in (0, 1). Then what one field alone cannot say: every
 * interval's lower ≤ upper, every `{min, max}` in order, every `{n, c}` with c ≤ n.
 * Anything else is one InputError naming `where` (the file), the field's path and its value.
 */
export function checkResultDocument(value: unknown, where: string): ResultDocument {
  const record = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  const kind = record?.kind;
  if (typeof kind !== 'string' || !KINDS.includes(kind)) {
    const format = record?.format;
    const hint = typeof format === 'string' && format.startsWith('passk-shard') ? ' (a shard: combine the shards with passk merge --json first)' : '';
    const rule = `must be a passk result with a known "kind" (${KINDS.join(', ')})${hint}`;
    if (kind !== undefined) throw new InputError(where, rule, kind);
    throw new InputError(where, `${rule}; found ${describeShape(value)}`);
  }
  const version = SCHEMA_VERSIONS[kind as ResultKind];
  if (record!.schemaVersion !== version) {
    const found = record!.schemaVersion === undefined ? 'none (a document of an earlier passk: version 1)' : JSON.stringify(record!.schemaVersion);
    throw new InputError(
      where,
      `must be a ${kind} document of schemaVersion ${version} (this passk's; write it again with this passk), but its schemaVersion is ${found}`,
    );
  }
  const misfit = schemaMisfit(RESULT_SCHEMAS[kind as ResultKind], value);
  if (misfit !== null) {
    throw new InputError(
      `${where}: ${misfit.path === '' ? '(top level)' : misfit.path}`,
      `must be as in a ${kind} document (docs/results.md): ${misfit.message.toLowerCase()}`,
      misfit.value,
    );
  }
  const disorder = firstDisorder(value, '');
  if (disorder !== null) {
    throw new InputError(`${where}: ${disorder.path}`, `must be as in a ${kind} document (docs/results.md): ${disorder.rule}`, disorder.value);
  }
  return value as ResultDocument;
}

/** Pairs of fields of one object that must be in order: the later one at least the earlier one. */
const ORDERED_PAIRS: ReadonlyArray<readonly [string, string, string]> = [
  ['lower', 'upper', 'an interval'],
  ['min', 'max', 'a range'],
  ['c', 'n', 'counts (successes c of n trials)'],
];

/** The first object (depth first, in document order) whose paired numbers are out of order, with the path of the later field. */
function firstDisorder(node: unknown, path: string): { path: string; rule: string; value: number } | null {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) {
      const found = firstDisorder(item, `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof node !== 'object' || node === null) return null;
  const record = node as Record<string, unknown>;
  for (const [first, second, what] of ORDERED_PAIRS) {
    const a = record[first];
    const b = record[second];
    if (typeof a === 'number' && typeof b === 'number' && !(a <= b)) {
      return { path: path === '' ? second : `${path}.${second}`, rule: `must be at least ${first} (${a}) in ${what}`, value: b };
    }
  }
  for (const [key, item] of Object.entries(record)) {
    const found = firstDisorder(item, path === '' ? key : `${path}.${key}`);
    if (found !== null) return found;
  }
  return null;
}

function describeShape(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object without "kind"';
  return `a ${typeof value}`;
}
