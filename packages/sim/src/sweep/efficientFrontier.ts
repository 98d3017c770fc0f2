import { requireUnit } from '../checks.js';
import { requireCost, requireList, requireObject } from '../checkArgs.js';
/** A policy's outcome as the frontier sees it. */
export interface FrontierPoint {
  readonly cost: number;
  readonly deliveredCorrect: number;
}

/**
 * Indices of the points on the efficient frontier of cost against delivered-correct rate: those no
 * other point beats on both (cheaper or equal and at least as good, strictly better on one).
 * Returned by increasing cost. Example: (1, 0.5), (2, 0.4), (3, 0.7) → [0, 2].
 */
export function efficientFrontier(points: readonly FrontierPoint[]): number[] {
  requireList('points', points).forEach((item, i) => {
    const point = requireObject(`points[${i}]`, item);
    requireCost(`points[${i}].cost`, point.cost);
    requireUnit(`points[${i}].deliveredCorrect`, point.deliveredCorrect);
  });
  const order = points.map((_, i) => i).sort((i, j) => points[i]!.cost - points[j]!.cost || points[j]!.deliveredCorrect - points[i]!.deliveredCorrect);
  const frontier: number[] = [];
  let best = -Infinity;
  for (const i of order) {
    if (points[i]!.deliveredCorrect > best) {
      frontier.push(i);
      best = points[i]!.deliveredCorrect;
    }
  }
  return frontier;
}
