import type { AttemptAmountSummary } from './readTaskCounts.js';

/**
 * The least share of a log's attempts that must carry an amount (a cost or a duration > 0) for it to
 * be read as recorded: one half. Below it the priced attempts are a minority, and which attempts
 * carry a cost is rarely random (harnesses record tokens for runs that finished and write 0 or
 * nothing for timeouts, crashes or a provider that reports no usage), so their mean is the mean of a
 * selected subset and k·c̄ built on it misstates the policy's cost; at half or more the figure is
 * printed with its coverage beside it. A zero is read as "not recorded", like a blank: a harness
 * writes 0 where it did not count (Terminal-Bench runs whose agent reports no usage hold
 * `total_input_tokens: 0`), and averaging those zeros would halve the cost silently.
 */
export const MIN_RECORDED_SHARE = 0.5;

/** Whether an amount of a log counts as recorded, and the counts that decide it. */
export interface AmountCoverage {
  /** What the amount is read from (`column "agent_cost"`, `tokens …`). */
  readonly from: string;
  /** Attempts read (counted, with or without the amount). */
  readonly attempts: number;
  /** Attempts that carry the amount: a value > 0. */
  readonly carrying: number;
  /** True when `carrying ≥ MIN_RECORDED_SHARE · attempts` (and at least one does). */
  readonly recorded: boolean;
}

/** The coverage of an amount read from a log: see `MIN_RECORDED_SHARE`. */
export function amountCoverage(summary: AttemptAmountSummary): AmountCoverage {
  const carrying = summary.amounts.count;
  return { from: summary.from, attempts: summary.of, carrying, recorded: carrying > 0 && carrying >= MIN_RECORDED_SHARE * summary.of };
}

/**
 * An amount not recorded, for a line of output: `cost not recorded: 0 of 400 attempts carry one
 * (tokens "in" × 3/M > 0; zeros and blanks count as not recorded, and at least half the attempts
 * must carry one)`; the caller says what follows from it.
 */
export function notRecordedLine(what: 'cost' | 'latency', coverage: Pick<AmountCoverage, 'from' | 'attempts' | 'carrying'>): string {
  return (
    `${what} not recorded: ${coverage.carrying} of ${coverage.attempts} attempts carry one (${coverage.from} > 0; ` +
    'zeros and blanks count as not recorded, and at least half the attempts must carry one)'
  );
}
