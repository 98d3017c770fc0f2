import { requireInteger } from '../checks.js';
import { requireList, requireNumbers, requireObject, requireString } from '../checkArgs.js';
import { MAX_ATTEMPTS_LIMIT } from '../scenario/scenarioFormat.js';
import { InputError } from '../errors.js';
import type { EnginePath } from './blockRunner.js';
import { blockSumsLength } from './engineMetrics.js';
import type { BlockNode } from './blockTree.js';

/** Version tag of the PartialResult format. */
export const PARTIAL_FORMAT = 'passk-partial/3';

/**
 * Raw, mergeable Monte Carlo sums for some blocks of replicates of one scenario: plain JSON
 * (numbers, strings, arrays), so shards can be written to files and merged later.
 *
 * `nodes[n].sums` has (3·12 + 2)·K numbers: Σ_r y[m][k] for the 12 metrics (ENGINE_METRICS order)
 * and k = 1..K, then Σ_r y[m][k]², then Σ_r y[cost][k]·y[deliveredCorrect][k], where y is one
 * replicate's total over tasks; then Σ_b Y[m][k]²/n_b and Σ_b Y[cost][k]·Y[deliveredCorrect][k]/n_b
 * over its blocks b of n_b replicates with totals Y (format 3; format 2 had no block terms). Node (level L, index i) covers blocks [i·2^L, (i + 1)·2^L) of 64
 * replicates (see blockTree).
 */
export interface PartialResult {
  readonly format: typeof PARTIAL_FORMAT;
  /** scenarioFingerprint of the resolved scenario: parts with different fingerprints are not merged. */
  readonly fingerprint: string;
  readonly path: EnginePath;
  readonly blockSize: number;
  readonly tasks: number;
  readonly maxAttempts: number;
  /** The scenario's run.replicates (all blocks together). */
  readonly replicates: number;
  /** Replicates simulated in these sums. */
  readonly done: number;
  /** True when a shouldStop callback ended the simulation before its requested range was done. */
  readonly stopped: boolean;
  /** Replicate ranges covered, sorted and merged. */
  readonly ranges: ReadonlyArray<{ readonly start: number; readonly end: number }>;
  readonly nodes: ReadonlyArray<{ readonly level: number; readonly index: number; readonly replicates: number; readonly sums: readonly number[] }>;
}

/**
 * A partial result as `simulatePartial` returns it (or as it came back from a file): its format,
 * its header fields of the right types and ranges and its nodes with finite sums, so that merging
 * or summarising it gives numbers, not NaN or a TypeError. Whether the sums belong to the scenario
 * is the fingerprint's business (summarise) and the CLI's checksums (merge).
 */
export function requirePartialResult(where: string, value: unknown): PartialResult {
  const part = requireObject(where, value);
  if (part.format !== PARTIAL_FORMAT) throw new InputError(`${where}.format`, `must be ${PARTIAL_FORMAT} (a partial result of simulatePartial)`, part.format);
  requireString(`${where}.fingerprint`, part.fingerprint);
  requireString(`${where}.path`, part.path);
  requireInteger(`${where}.blockSize`, part.blockSize, 1);
  requireInteger(`${where}.tasks`, part.tasks, 0);
  requireInteger(`${where}.maxAttempts`, part.maxAttempts, 1, MAX_ATTEMPTS_LIMIT);
  const replicates = requireInteger(`${where}.replicates`, part.replicates, 1);
  requireInteger(`${where}.done`, part.done, 0, replicates);
  if (typeof part.stopped !== 'boolean') throw new InputError(`${where}.stopped`, 'must be true or false', part.stopped);
  requireList(`${where}.ranges`, part.ranges);
  requireList(`${where}.nodes`, part.nodes).forEach((item, n) => {
    const node = requireObject(`${where}.nodes[${n}]`, item);
    requireInteger(`${where}.nodes[${n}].level`, node.level, 0, 64);
    requireInteger(`${where}.nodes[${n}].index`, node.index, 0);
    requireInteger(`${where}.nodes[${n}].replicates`, node.replicates, 0, replicates);
    requireNumbers(`${where}.nodes[${n}].sums`, node.sums);
  });
  return value as PartialResult;
}

/** The nodes of a partial result as BlockNodes (typed arrays), checking their shape. */
export function partialNodes(part: PartialResult, where: string): BlockNode[] {
  const length = blockSumsLength(part.maxAttempts);
  return part.nodes.map((node, n) => {
    const at = `${where}.nodes[${n}]`;
    if (!Number.isInteger(node.level) || node.level < 0 || !Number.isInteger(node.index) || node.index < 0) {
      throw new InputError(at, 'must have an integer level and index ≥ 0', { level: node.level, index: node.index });
    }
    if (!Array.isArray(node.sums) || node.sums.length !== length) {
      throw new InputError(`${at}.sums`, `must be a list of ${length} numbers`, node.sums?.length);
    }
    return { level: node.level, index: node.index, replicates: node.replicates, sums: Float64Array.from(node.sums) };
  });
}

/** Replicate ranges covered by nodes (in block order), merged where adjacent. */
export function coveredRanges(nodes: readonly BlockNode[], blockSize: number, replicates: number): Array<{ start: number; end: number }> {
  const ranges: Array<{ start: number; end: number }> = [];
  for (const node of nodes) {
    const start = node.index * 2 ** node.level * blockSize;
    const end = Math.min(replicates, (node.index + 1) * 2 ** node.level * blockSize);
    const last = ranges[ranges.length - 1];
    if (last && last.end === start) last.end = end;
    else ranges.push({ start, end });
  }
  return ranges;
}

/** A BlockNode as plain JSON data. */
export function nodeToJson(node: BlockNode): PartialResult['nodes'][number] {
  // A loop, not Array.from (which steps the typed array's iterator): 72 KB of garbage per run of
  // bench/scenarios/independent.yaml rather than 775 KB (V8 heap sampling, 2026-12-04).
  const sums = new Array<number>(node.sums.length);
  for (let i = 0; i < sums.length; i++) sums[i] = node.sums[i]!;
  return { level: node.level, index: node.index, replicates: node.replicates, sums };
}
