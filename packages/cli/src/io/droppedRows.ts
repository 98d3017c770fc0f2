import type { OnErrorPolicy } from './resultsReadOptions.js';

/** Why a row was left out: its outcome is `missing`, or it is marked as an `error` (see errorMarkers.ts). */
export type DropReason = 'missing' | 'error';

/** The rows left out of the counts under `--on-error drop`, and the tasks left with no counted row. */
export interface DroppedSummary {
  policy: OnErrorPolicy;
  /** Rows dropped, = the sum of `reasons`. */
  count: number;
  reasons: Record<DropReason, number>;
  /** Tasks all of whose rows were dropped: they are not in the counts. */
  tasks: number;
}

/** The hint added to the error a dropped-kind row raises under `--on-error fail`. */
export const FAIL_HINT = '--on-error drop skips such rows';

/**
 * Applies the error policy to rows whose outcome is missing or that are marked as errors. Readers
 * call `drop(reason)` and throw their own InputError (they know the line) when it returns false.
 */
export class DroppedRows {
  readonly reasons: Record<DropReason, number> = { missing: 0, error: 0 };

  constructor(readonly policy: OnErrorPolicy) {}

  /** Counts a dropped row under `drop` and returns true; under `fail` returns false (the caller throws). */
  drop(reason: DropReason): boolean {
    if (this.policy === 'fail') return false;
    this.reasons[reason]++;
    return true;
  }

  /** Adds the counts of another part of the same file (read by another thread). */
  addAll(reasons: Readonly<Record<DropReason, number>>): void {
    this.reasons.missing += reasons.missing;
    this.reasons.error += reasons.error;
  }

  get count(): number {
    return this.reasons.missing + this.reasons.error;
  }

  summary(tasks: number): DroppedSummary {
    return { policy: this.policy, count: this.count, reasons: { ...this.reasons }, tasks };
  }
}
