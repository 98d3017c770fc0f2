import type { TasksEstimateResult } from '@passk/sim/internal';

/**
 * What `passk estimate FILE` formats: the library's estimate of per-task results
 * (`TasksEstimateResult`) with the file it was read from, and without `p` (the interval options
 * for each task's p, which go only into the JSON document's `perTask`).
 */
export type FileEstimate = Omit<TasksEstimateResult, 'p'> & {
  readonly source: { readonly file: string; readonly format: string; readonly rows: number; readonly columns: object };
};
