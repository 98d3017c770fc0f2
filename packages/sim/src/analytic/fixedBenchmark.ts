/**
 * One drawn benchmark (tasks.resample false): the task rates the engine drew once for the run, and
 * each task's own verifier rates when those are `{dist: beta}` (engine semantics, "Tasks").
 * Exact values for it are averages over these tasks. A missing `falseAccept`/`falseReject` means
 * the scenario's rate: a point as given, or a Beta integrated over (its expectation).
 */
export interface FixedBenchmark {
  /** p_t, t = 0..T − 1 (T ≥ 1), each in [0, 1]. */
  readonly p: Float64Array;
  /** FA_t per task (same length as p), when the scenario's falseAccept is a Beta and was drawn. */
  readonly falseAccept?: Float64Array;
  /** FR_t per task (same length as p), when the scenario's falseReject is a Beta and was drawn. */
  readonly falseReject?: Float64Array;
}
