import { InputError } from '@passk/sim';
import { RESULT_KINDS, type ResultKind } from '../format/resultKinds.js';
import { readJsonFile } from '../io/readTextFile.js';
import type { PasskResult, ReportInput } from './reportInput.js';

const KINDS: readonly string[] = Object.values(RESULT_KINDS);

type Check = (value: unknown) => boolean;
const isNumber: Check = (value) => typeof value === 'number';
const isObject: Check = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isRows: Check = (value) => Array.isArray(value) && value.length > 0 && value.every(isObject);

/** The top-level keys each kind must have for the report to describe it (a shallow check of the contract). */
const REQUIRED: Readonly<Record<ResultKind, Readonly<Record<string, Check>>>> = Object.freeze({
  'passk.estimate.task': { n: isNumber, c: isNumber, p: isObject },
  'passk.estimate.rate': { p: isNumber, rows: isRows },
  'passk.estimate.file': { source: isObject, tasks: isNumber, trials: isObject, uncertainty: isObject, rows: isRows },
  'passk.plan.demonstrate': { target: isNumber, k: isNumber, confidence: isNumber, runs: isNumber, byFailures: isRows },
  'passk.plan.precision': { metric: (v) => typeof v === 'string', trials: isNumber, interval: isObject, confidence: isNumber },
  'passk.plan.compare': { k: isNumber, taskDistribution: isObject, rows: isRows },
  'passk.simulate': { seed: (v) => typeof v === 'number' || typeof v === 'string', scenario: isObject, replicates: isObject, rows: isRows },
  'passk.sweep': { scenario: isObject, vary: Array.isArray, points: isRows, frontier: Array.isArray },
  'passk.compare': { runs: isRows, baseline: (v) => typeof v === 'string', comparisons: isRows },
  'passk.fit': { source: isObject, models: isRows, chosen: (v) => typeof v === 'string', goodnessOfFit: isObject, extrapolation: isObject },
});

/**
 * Reads one result file for `passk report`: JSON written by a passk command with `--json`, whose
 * `kind` is known and whose main fields are present. Anything else is an InputError naming the file.
 */
export async function readResultFile(path: string): Promise<ReportInput> {
  const value = await readJsonFile(path, 'a passk result (written with --json)');
  return { source: path, result: checkResult(value, path) };
}

/** Checks a parsed document: a known kind and the fields the report reads. `where` names the file. */
export function checkResult(value: unknown, where: string): PasskResult {
  const kind = isObject(value) ? (value as { kind?: unknown }).kind : undefined;
  if (typeof kind !== 'string' || !KINDS.includes(kind)) {
    const format = isObject(value) ? (value as { format?: unknown }).format : undefined;
    const hint = typeof format === 'string' && format.startsWith('passk-shard') ? ' (a shard: combine the shards with passk merge --json first)' : '';
    const rule = `must be a passk result with a known "kind" (${KINDS.join(', ')})${hint}`;
    if (kind !== undefined) throw new InputError(where, rule, kind);
    throw new InputError(where, `${rule}; found ${describeShape(value)}`);
  }
  const fields = REQUIRED[kind as ResultKind];
  for (const [key, check] of Object.entries(fields)) {
    if (!check((value as Record<string, unknown>)[key])) {
      throw new InputError(`${where}: ${key}`, `must be present as in a ${kind} result written by passk`);
    }
  }
  if (kind === RESULT_KINDS.estimateTask && !isNumber((value as { k?: unknown }).k) && !isRows((value as { rows?: unknown }).rows)) {
    throw new InputError(`${where}: rows`, `must be present as in a ${kind} result written by passk`);
  }
  return value as PasskResult;
}

function describeShape(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object without "kind"';
  return `a ${typeof value}`;
}
