/**
 * Checks (task, trial) pairs as rows are counted. A reader calls `mark` for each counted row with a
 * trial number (or `markRange` for a stretch of rows with consecutive trials) and, when it returns
 * false (a trial), throws a `TrialStop` with that row's position:
 * `TaskTrials` returns false for a pair seen before (a duplicate); `TrialProbe` (the second pass that
 * finds the first row of that pair) for the pair it looks for.
 */
export interface TrialCheck {
  mark(task: number, trial: number): boolean;
  /**
   * `mark(task, t)` for t = first, first + 1, …, last (first ≤ last) in turn, up to the first that
   * returns false: that trial, or -1 when none did (a reader's stretch of consecutive trials checked at once).
   */
  markRange(task: number, first: number, last: number): number;
}

/** Thrown by a reader when `TrialCheck.mark` returns false (or `markRange` a trial); readTaskCounts turns it into an InputError. */
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

  markRange(task: number, first: number, last: number): number {
    return task === this.task && first <= this.trial && this.trial <= last ? this.trial : -1;
  }
}
