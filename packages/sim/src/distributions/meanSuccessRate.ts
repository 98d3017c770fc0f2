import type { SuccessRateDist } from '../scenario/types.js';
import { momentPower } from './momentPower.js';

/**
 * E[p]: the mean single-attempt success rate over tasks (pass@1 = pass^1).
 *
 * Formula: momentPower(dist, 1) — fixed: mean of values; point: p; beta: a/(a + b); mixture: weighted;
 * logitNormal: numerical (no closed form).
 * Example: Beta(2.8, 1.2) has mean 0.7 (tested).
 */
export function meanSuccessRate(dist: SuccessRateDist): number {
  return momentPower(dist, 1);
}
