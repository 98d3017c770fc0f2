import { requireUnit } from '../checks.js';
import { requireCost, requireList, requireObject } from '../checkArgs.js';
/** Limits a sweep point must meet to be chosen by `bestUnderConstraints` (null: no limit). */
export interface Constraints {
  /** Mean cost per episode at most this (null: no limit). */
  readonly maxCost: number | null;
  /** Wrong-delivery rate at most this (null: no limit). */
  readonly maxWrongDelivery: number | null;
}

/** What `bestUnderConstraints` reads of a point: its mean cost and delivered-correct and delivered-wrong rates. */
export interface ConstrainedPoint {
  readonly cost: number;
  readonly deliveredCorrect: number;
  readonly deliveredWrong: number;
}

/**
 * The index of the point with the highest delivered-correct rate among those meeting the
 * constraints (ties: the cheaper), or null when none does.
 * Example: with maxCost 1, points (0.5, 0.6), (2, 0.9) → 0.
 */
export function bestUnderConstraints(points: readonly ConstrainedPoint[], constraints: Constraints): number | null {
  requireList('points', points).forEach((item, i) => {
    const point = requireObject(`points[${i}]`, item);
    requireCost(`points[${i}].cost`, point.cost);
    requireUnit(`points[${i}].deliveredCorrect`, point.deliveredCorrect);
    requireUnit(`points[${i}].deliveredWrong`, point.deliveredWrong);
  });
  const given = requireObject('constraints', constraints);
  if (given.maxCost !== null) requireCost('constraints.maxCost', given.maxCost);
  if (given.maxWrongDelivery !== null) requireUnit('constraints.maxWrongDelivery', given.maxWrongDelivery);
  let best: number | null = null;
  points.forEach((point, i) => {
    if (constraints.maxCost !== null && !(point.cost <= constraints.maxCost)) return;
    if (constraints.maxWrongDelivery !== null && !(point.deliveredWrong <= constraints.maxWrongDelivery)) return;
    const current = best === null ? null : points[best]!;
    if (
      current === null ||
      point.deliveredCorrect > current.deliveredCorrect ||
      (point.deliveredCorrect === current.deliveredCorrect && point.cost < current.cost)
    ) {
      best = i;
    }
  });
  return best;
}
