import { sweepOutcomes, type PartialResult } from '@passk/sim/internal';
import { RESULT_KINDS, withKind } from '../format/resultKinds.js';
import type { SweepDocument, SweepPointResult } from '../format/sweepDocument.js';
import type { SweepPlan } from './sweepPlan.js';

/** Shards a merged result lacks (merge --allow-partial); absent from a complete result. */
export interface MissingShards {
  readonly count: number;
  readonly missing: readonly number[];
  readonly incomplete: readonly number[];
}

/** A sweep stopped by Ctrl-C: how many grid points finished, of how many. */
export interface InterruptedSweep {
  readonly pointsDone: number;
  readonly pointsPlanned: number;
}

/**
 * The sweep result from each grid point's (merged) partial sums (sweepOutcomes: every point
 * summarised, then the frontier and the best point under the constraints over all points), so a sharded sweep, merged,
 * gives the single run's document to the byte. A result merged from an incomplete set of shards
 * says so (`complete: false` and the shards it lacks). A sweep stopped by Ctrl-C gives
 * `partials` for the first grid points only (those that finished): the document holds those points,
 * its frontier and best point are among them, and it says so (`complete: false`, `interrupted`).
 */
export function sweepResult(
  plan: SweepPlan,
  partials: readonly PartialResult[],
  shards: MissingShards | null,
  interrupted: InterruptedSweep | null = null,
): SweepDocument & object {
  const finished = interrupted === null ? plan.grid.length : interrupted.pointsDone;
  const { points, frontier, best }: { points: SweepPointResult[]; frontier: number[]; best: number | null } = sweepOutcomes(
    plan.grid.slice(0, finished),
    plan.scenarios.slice(0, finished),
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
    ...(interrupted === null ? {} : { complete: false, interrupted }),
  });
}
