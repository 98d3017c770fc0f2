/**
 * The memory the (task, trial) check may hold (`--max-trial-memory`, default 128 MiB). Trial
 * numbers 0..n−1 cost a bit each in per-task bitmaps; what is kept one by one — text trial ids
 * (interned to be named in errors) and numbers too scattered for a bitmap — costs tens of bytes each
 * and grows with the rows, so each holder takes its estimated bytes from here and the read is
 * refused (one line, file:line) once the total passes the limit: memory stays bounded on any input.
 */
export class TrialBudget {
  /** Estimated bytes held now. */
  private used = 0;
  /** True once a `take` went over the limit: the reader's stop is that, not a repeated pair. */
  exceeded = false;

  constructor(readonly limit: number) {}

  /** Takes `bytes`; false (and `exceeded` set) when the total would pass the limit. */
  take(bytes: number): boolean {
    if (this.used + bytes > this.limit) {
      this.exceeded = true;
      return false;
    }
    this.used += bytes;
    return true;
  }

  /** Gives back `bytes` taken before. */
  give(bytes: number): void {
    this.used -= bytes;
  }
}

/** Estimated bytes of one text trial id held by TrialIds: the text (2 bytes a character at worst) and its Map entry. */
export function textIdBytes(text: string): number {
  return 96 + 2 * text.length;
}

/** Estimated bytes of one trial number in a Set (a heap number and its hash-table entry). */
export const SET_ENTRY_BYTES = 56;
