/**
 * The defaults of a comparison (`compare`, `compareRuns`, `passk compare`), stated once: 95 %
 * two-sided intervals, a paired bootstrap of 1 000 replicates and 10 000 random sign patterns (exact
 * over all 2^m patterns up to 30 differing tasks), seed 1, pairing by task when the runs share at
 * least half their tasks, and k = 1..min(10, the smaller of the runs' largest n).
 *
 * @category Compare
 */
export const COMPARE_DEFAULTS = Object.freeze({
  confidence: 0.95,
  sides: 2 as 1 | 2,
  bootstrap: 1000,
  seed: 1,
  permutations: 10_000,
  exactLimit: 30,
  minOverlap: 0.5,
  /** The largest default k: 1..min(maxDefaultK, the smaller of the runs' largest n). */
  maxDefaultK: 10,
});
