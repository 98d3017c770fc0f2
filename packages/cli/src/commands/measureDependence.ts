import { InputError, measureDependence as measureRetryDependence, testRunOrderDrift, type DependenceFit } from '@passk/sim/internal';
import type { TaskCounts } from '../io/readTaskCounts.js';
import type { DependenceDocument, DriftDocument } from '../results/dependenceSchema.js';

/** What `fit` measured of the attempts' order: the dependence within episodes, the drift with run order, or why neither. */
export interface MeasuredDependence {
  readonly dependence: DependenceDocument | null;
  readonly drift: DriftDocument | null;
  readonly note: string | null;
  /** The library's fit, for the scenario `--out` writes and `simulate --tasks-from`. */
  readonly fit: DependenceFit | null;
}

/** Said of a log of separate runs (docs/design.md §1: its trials show the spread between tasks only). */
export const SEPARATE_RUNS_NOTE =
  'a log of separate runs (each trial its own episode) shows how tasks differ, not how the retries of one episode depend on each other: ' +
  'within-episode dependence cannot be measured from it (name the episodes with --episode-col and --attempt-col)';

/** The library's InputError about the episodes names the file (`tasks: …` → `FILE: …`). */
function naming<T>(file: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof InputError && (error.where === 'tasks' || error.where === 'episodes')) throw new InputError(file, error.rule, error.value);
    throw error;
  }
}

/**
 * Measures what the read's attempt order allows: with episodes, the independence test and the four
 * fitted models (fitDependence) with the observed success by attempt after earlier failures
 * (Clopper–Pearson at `confidence`) and each model's pass@k / pass^k (the library's dependenceKs); with a run order, the
 * drift test; else the note that a log of separate runs cannot show within-episode dependence.
 */
export function measureDependence(
  counts: Pick<TaskCounts, 'attemptOrder'>,
  options: { confidence: number; seed: number | string; ks: readonly number[] | undefined; file: string },
): MeasuredDependence {
  const order = counts.attemptOrder;
  const episodes = order?.episodes;
  if (episodes !== undefined) {
    const { measured, fit } = naming(options.file, () =>
      measureRetryDependence(episodes.tasks, { stopping: episodes.stopping, confidence: options.confidence, seed: options.seed, ks: options.ks }),
    );
    const { stopping, ...rest } = measured;
    return { dependence: { stopping, stoppingFrom: episodes.stoppingFrom, from: episodes.from, ...rest }, drift: null, note: null, fit };
  }
  const runOrder = order?.runOrder;
  if (runOrder !== undefined) {
    const test = naming(options.file, () => testRunOrderDrift(runOrder.trials, { seed: options.seed }));
    return { dependence: null, drift: { from: runOrder.from, test }, note: SEPARATE_RUNS_NOTE, fit: null };
  }
  const missing = order?.runOrderMissing === undefined ? '' : ` (no run order either: ${order.runOrderMissing})`;
  return { dependence: null, drift: null, note: `${SEPARATE_RUNS_NOTE}${missing}`, fit: null };
}
