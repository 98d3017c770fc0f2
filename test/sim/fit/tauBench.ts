/**
 * The τ-bench airline gpt-4o counts (/work/shared/data/tau-bench/README.md; test/fixtures/fit/README.md):
 * 50 tasks × 4 trials, successes per task 14×0, 12×1, 10×2, 4×3, 10×4.
 */
export const TAU_COUNTS: ReadonlyArray<[c: number, tasks: number]> = [
  [0, 14],
  [1, 12],
  [2, 10],
  [3, 4],
  [4, 10],
];

export const TAU_TASKS = TAU_COUNTS.flatMap(([c, tasks]) => Array.from({ length: tasks }, () => ({ n: 4, c })));
