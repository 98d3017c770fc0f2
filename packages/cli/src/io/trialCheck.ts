/**
 * Checks (task, trial) pairs as rows are counted. A reader calls `mark` for each counted row with a
 * trial number and, when it returns false, throws a `TrialStop` with the row's position:
 * `TaskTrials` returns false for a pair seen before (a duplicate); `TrialProbe` (the second pass that
 * finds the first row of that pair) for the pair it looks for.
 */
export interface TrialCheck {
  mark(task: number, trial: number): boolean;
}

/** Thrown by a reader when `TrialCheck.mark` returns false; readTaskCounts turns it into an InputError. */
export class TrialStop extends Error {
  constructor(
    readonly task: number,
    readonly trial: number,
    readonly line: number,
    /** 1-based record index in a JSON array, or -1. */
    readonly record: number,
  ) {
    super(`trial stop at line ${line}`);
  }
}

/** Second pass: stops at the first row of the pair (task, trial). */
export class TrialProbe implements TrialCheck {
  constructor(
    private readonly task: number,
    private readonly trial: number,
  ) {}

  mark(task: number, trial: number): boolean {
    return task !== this.task || trial !== this.trial;
  }
}
