/**
 * Sums over blocks combined in one fixed binary tree, so that any split of the blocks into shards
 * gives bit-identical totals. A node (level L, index i) holds the sums of blocks [i·2^L, (i + 1)·2^L);
 * two sibling nodes (L, 2i) and (L, 2i + 1) are always combined as left + right into (L + 1, i).
 * A set of blocks is kept as its maximal nodes (combining every sibling pair present), which depend
 * only on the set; the final total folds them in block order. Floating-point addition is then
 * applied to the same operands in the same order however the work was split (pairwise summation,
 * which also keeps rounding error O(log blocks)).
 */
export interface BlockNode {
  readonly level: number;
  readonly index: number;
  /** Replicates covered (the last block of a run may hold fewer than 64). */
  readonly replicates: number;
  readonly sums: Float64Array;
}

/** First block covered by a node. */
export function nodeStart(node: BlockNode): number {
  return node.index * 2 ** node.level;
}

/** One past the last block covered by a node. */
export function nodeEnd(node: BlockNode): number {
  return (node.index + 1) * 2 ** node.level;
}

/**
 * Appends a node that starts after every node of `stack` (which holds maximal nodes in block order)
 * and combines sibling pairs at the top until none is left.
 */
export function pushNode(stack: BlockNode[], node: BlockNode): void {
  stack.push(node);
  for (;;) {
    const n = stack.length;
    if (n < 2) return;
    const right = stack[n - 1];
    const left = stack[n - 2];
    if (left.level !== right.level || left.index % 2 !== 0 || right.index !== left.index + 1) return;
    stack.length = n - 2;
    const sums = new Float64Array(left.sums.length);
    for (let i = 0; i < sums.length; i++) sums[i] = left.sums[i] + right.sums[i];
    stack.push({ level: left.level + 1, index: left.index >> 1, replicates: left.replicates + right.replicates, sums });
  }
}

/**
 * The maximal nodes of a set of disjoint nodes: sorted by first block, pushed one by one.
 * Throws if two nodes overlap (the same blocks simulated twice).
 */
export function normaliseNodes(nodes: readonly BlockNode[]): BlockNode[] {
  const sorted = [...nodes].sort((a, b) => nodeStart(a) - nodeStart(b));
  const stack: BlockNode[] = [];
  let end = 0;
  for (const node of sorted) {
    if (nodeStart(node) < end) throw new Error(`blocks ${nodeStart(node)}..${nodeEnd(node) - 1} are covered twice`);
    end = nodeEnd(node);
    pushNode(stack, node);
  }
  return stack;
}

/** Total sums of maximal nodes, folded left to right in block order (null when there are none). */
export function foldNodes(nodes: readonly BlockNode[]): Float64Array | null {
  if (nodes.length === 0) return null;
  const total = Float64Array.from(nodes[0].sums);
  for (let n = 1; n < nodes.length; n++) {
    const sums = nodes[n].sums;
    for (let i = 0; i < total.length; i++) total[i] += sums[i];
  }
  return total;
}
