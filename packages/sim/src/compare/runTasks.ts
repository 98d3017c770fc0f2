/** A task's id as the results named it: text, or a number when a caller builds runs by hand. */
export type TaskId = string | number;

/** One task of a run: its id and the observed trials n and successes c. */
export interface RunTask {
  readonly id: TaskId;
  readonly n: number;
  readonly c: number;
}

/** The per-task counts of one run (an agent, model, prompt or policy) under a name. */
export interface Run {
  readonly name: string;
  readonly tasks: readonly RunTask[];
}
