import { sweepOutcomes, type PartialResult } from '@passk/sim';
import { RESULT_KINDS, withKind } from '../format/resultKinds.js';
import type { SweepDocument, SweepPointResult } from '../format/sweepDocument.js';
import type { SweepPlan } from './sweepPlan.js';

/** Shards a merged result lacks (merge --allow-partial); absent from a complete result. */
export interface MissingShards {
  readonly count: number;
  readonly missing: readonly number[];
  readonly incomplete: readonly number[];
}

/**
 * The sweep result from each grid point's (merged) partial sums (sweepOutcomes: every point
 * summarised, then the frontier and the best point under the constraints over all points), so a sharded sweep, merged,
 * gives the single run's document to the byte. A result merged from an incomplete set of shards
 * says so (`complete: false` and the shards it lacks).
 */
export function sweepResult(plan: SweepPlan, partials: readonly PartialResult[], shards: MissingShards | null): SweepDocument & object {
  const { points, frontier, best }: { points: SweepPointResult[]; frontier: number[]; best: number | null } = sweepOutcomes(
    plan.grid,
    plan.scenarios,
    partials,
    plan.settings.constraints,
  );
  return withKind(RESULT_KINDS.sweep, {
    seed: plan.base.seed,
    scenario: plan.base,
    vary: plan.settings.vary,
    commonRandomNumbers: 'every point uses the seed of the scenario, so all points share their random streams',
    points,
    frontier,
    constraints: plan.settings.constraints,
    best,
    ...(shards === null ? {} : { complete: false, shards }),
  });
}
