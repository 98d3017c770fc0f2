/** Tasks per call of a fast-path kernel when the tables of all tasks are kept (a few calls per block). */
export const TASKS_PER_CALL = 50;

/** Whether a runner's kernel has been called (the first call covers one task; see forTaskGroups). */
export interface KernelWarmth {
  warm: boolean;
}

/**
 * Calls `visit(t, n)` for consecutive groups [t, t + n) of the tasks 0..T − 1 of one block:
 * n = TASKS_PER_CALL when the tables of all tasks are kept (`allTasks`), else 1 (the caller then
 * rebuilds its one table slot per task). The runner's very first group is one task: V8 then sees a
 * complete call of the kernel before it optimises it (a long first call is compiled on the fly,
 * before the code after its loop has run, and the optimised code then leaves at every call).
 * Example: T = 120, all tables, first block → (0, 1), (1, 50), (51, 50), (101, 19).
 */
export function forTaskGroups(T: number, allTasks: boolean, warmth: KernelWarmth, visit: (t: number, n: number) => void): void {
  for (let t = 0; t < T; ) {
    const n = allTasks && warmth.warm ? Math.min(TASKS_PER_CALL, T - t) : 1;
    warmth.warm = true;
    visit(t, n);
    t += n;
  }
}
