import { InputError } from '@passk/sim/errors';
import { RESULT_KINDS, SCHEMA_VERSIONS, type ResultKind } from '../format/resultKinds.js';
import { RESULT_SCHEMAS, type ResultDocument } from './resultSchemas.js';
import { schemaMisfit } from './schemaMisfit.js';

const KINDS: readonly string[] = Object.values(RESULT_KINDS);

/**
 * Checks a parsed result document once, where it is read (`chart`, `report`), and gives it its
 * type: a known `kind`, this passk's `schemaVersion` of it, and every field as its schema says.
 * Anything else is one InputError naming `where` (the file) and what does not fit.
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
  return value as ResultDocument;
}

function describeShape(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object without "kind"';
  return `a ${typeof value}`;
}
