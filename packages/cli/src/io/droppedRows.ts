import type { MissingPolicy, OnErrorPolicy } from './resultsReadOptions.js';

/** Why a row was left out: its outcome is `missing`, or it is marked as an `error` (see errorMarkers.ts). */
export type DropReason = 'missing' | 'error';

/** What was done with rows without an outcome and rows marked as errors, and the tasks left with none. */
export interface DroppedSummary {
  /** `--on-error`: rows marked as (infrastructure) errors are dropped or fail. */
  policy: OnErrorPolicy;
  /** `--missing`: rows without an outcome count as failures, are dropped, or are an error. */
  missing: MissingPolicy;
  /** True when `missing` is the format's default (not given as an option). */
  missingIsDefault: boolean;
  /** Rows dropped, = the sum of `reasons`. */
  count: number;
  reasons: Record<DropReason, number>;
  /** Rows without an outcome counted as failures (`--missing fail`). */
  countedAsFailures: number;
  /** Tasks all of whose rows were dropped: they are not in the counts. */
  tasks: number;
}

/** The hint added to the error an error-marked row raises under `--on-error fail`. */
export const FAIL_HINT = '--on-error drop skips such rows';
/** The hint added to the error a row without an outcome raises under `--missing error`. */
export const MISSING_HINT = '--missing fail counts such rows as failures, --missing drop skips them';

/**
 * Applies the policies to rows whose outcome is missing (`--missing`) or that are marked as errors
 * (`--on-error`). Readers call `drop('error')` and throw their own InputError (they know the line)
 * when it returns false; for a missing outcome they ask `onMissing()`.
 */
export class DroppedRows {
  readonly reasons: Record<DropReason, number> = { missing: 0, error: 0 };
  countedAsFailures = 0;
  /** The same counts per group, when rows are grouped (`by`). */
  private readonly groups = new Map<string, { reasons: Record<DropReason, number>; countedAsFailures: number }>();
  private missingPolicy: MissingPolicy;
  private missingGiven: boolean;

  constructor(
    readonly policy: OnErrorPolicy,
    missing: MissingPolicy | undefined = undefined,
  ) {
    this.missingPolicy = missing ?? 'drop';
    this.missingGiven = missing !== undefined;
  }

  /** The missing-outcome policy in force. */
  get missing(): MissingPolicy {
    return this.missingPolicy;
  }

  /** Sets the format's default missing-outcome policy, unless one was given as an option. */
  formatDefault(policy: MissingPolicy): void {
    if (!this.missingGiven) this.missingPolicy = policy;
  }

  /**
   * Counts a dropped row and returns true, or returns false when the row must fail (the caller
   * throws): error rows by `--on-error`, rows without an outcome under `--missing drop|error`.
   */
  drop(reason: DropReason, group?: string): boolean {
    if (reason === 'error' ? this.policy === 'fail' : this.missingPolicy !== 'drop') return false;
    this.reasons[reason]++;
    if (group !== undefined) this.ofGroup(group).reasons[reason]++;
    return true;
  }

  /** A row without an outcome: `fail` (counted here; the caller counts the failure), `drop` (counted here) or `error`. */
  onMissing(group?: string): MissingPolicy {
    const policy = this.missingPolicy;
    if (policy === 'fail') {
      this.countedAsFailures++;
      if (group !== undefined) this.ofGroup(group).countedAsFailures++;
    } else if (policy === 'drop') {
      this.reasons.missing++;
      if (group !== undefined) this.ofGroup(group).reasons.missing++;
    }
    return policy;
  }

  private ofGroup(group: string): { reasons: Record<DropReason, number>; countedAsFailures: number } {
    let entry = this.groups.get(group);
    if (entry === undefined) {
      entry = { reasons: { missing: 0, error: 0 }, countedAsFailures: 0 };
      this.groups.set(group, entry);
    }
    return entry;
  }

  /** The summary of one group's rows (`by`), `tasks` of them left with none. */
  groupSummary(group: string, tasks: number): DroppedSummary {
    const entry = this.groups.get(group) ?? { reasons: { missing: 0, error: 0 }, countedAsFailures: 0 };
    return {
      policy: this.policy,
      missing: this.missingPolicy,
      missingIsDefault: !this.missingGiven,
      count: entry.reasons.missing + entry.reasons.error,
      reasons: { ...entry.reasons },
      countedAsFailures: entry.countedAsFailures,
      tasks,
    };
  }

  get count(): number {
    return this.reasons.missing + this.reasons.error;
  }

  summary(tasks: number): DroppedSummary {
    return {
      policy: this.policy,
      missing: this.missingPolicy,
      missingIsDefault: !this.missingGiven,
      count: this.count,
      reasons: { ...this.reasons },
      countedAsFailures: this.countedAsFailures,
      tasks,
    };
  }
}
