import { InputError } from '../errors.js';
import { normaliseNodes } from './blockTree.js';
import { coveredRanges, nodeToJson, PARTIAL_FORMAT, partialNodes, requirePartialResult, type PartialResult } from './partialResult.js';

/**
 * One PartialResult from parts of the same scenario covering disjoint blocks, in any order: their
 * block sums are combined in the fixed block tree (`blockTree`), so every split of the same blocks
 * gives bit-identical sums. Throws InputError when the parts disagree on format, scenario
 * fingerprint, method or shape, or cover a block twice.
 * Example: mergePartials([partA, partB]) and mergePartials([partB, partA]) are equal (tested).
 */
export function mergePartials(parts: readonly PartialResult[]): PartialResult {
  if (!Array.isArray(parts) || parts.length === 0) throw new InputError('parts', 'must be a non-empty list of partial results', parts);
  const first = parts[0];
  const keys = ['format', 'fingerprint', 'path', 'blockSize', 'tasks', 'maxAttempts', 'replicates'] as const;
  parts.forEach((part, i) => {
    if (typeof part !== 'object' || part === null) throw new InputError(`parts[${i}]`, 'must be a partial result', part);
    if (part.format !== PARTIAL_FORMAT) throw new InputError(`parts[${i}].format`, `must be ${PARTIAL_FORMAT}`, part.format);
    requirePartialResult(`parts[${i}]`, part);
    for (const key of keys) {
      if (part[key] !== first[key]) {
        throw new InputError(`parts[${i}].${key}`, `must equal that of parts[0] (${String(first[key])}): parts of different runs cannot be merged`, part[key]);
      }
    }
  });
  const all = parts.flatMap((part, i) => partialNodes(part, `parts[${i}]`));
  let nodes;
  try {
    nodes = normaliseNodes(all);
  } catch (error) {
    throw new InputError('parts', `must cover disjoint replicates (${(error as Error).message})`);
  }
  const done = nodes.reduce((sum, node) => sum + node.replicates, 0);
  return {
    format: PARTIAL_FORMAT,
    fingerprint: first.fingerprint,
    path: first.path,
    blockSize: first.blockSize,
    tasks: first.tasks,
    maxAttempts: first.maxAttempts,
    replicates: first.replicates,
    done,
    stopped: parts.some((part) => part.stopped),
    ranges: coveredRanges(nodes, first.blockSize, first.replicates),
    nodes: nodes.map(nodeToJson),
  };
}
