import { amountCoverage, notRecordedLine } from './amountRecorded.js';
import type { AttemptAmountSummary, TaskCounts } from './readTaskCounts.js';

/** Most values an empirical amount written into a scenario keeps. */
export const MAX_EMPIRICAL_VALUES = 1000;

/** True when the log records the amount: at least half its attempts carry a value > 0 (io/amountRecorded.ts). */
function recorded(summary: AttemptAmountSummary | undefined): summary is AttemptAmountSummary {
  return summary !== undefined && amountCoverage(summary).recorded;
}

/**
 * A log's per-attempt amounts as a scenario amount `{ dist: empirical, values }`: all of them, in
 * reading order, or for longer logs the 1000 quantiles at (i + 0.5)/1000 (a sorted summary with the
 * same distribution up to 0.1 % in probability), so a scenario file stays small. Up to 16 384 amounts
 * those are the exact quantiles; past that they come from the read's fixed-size sketch, each the true
 * quantile at a probability within `rankError` (≤ (⌊log2(N/16 384)⌋ + 1)/16 384: 0.061 % at 15 M
 * amounts; io/amountSketch.ts), which `describeEmpirical` states. Undefined when the log has none,
 * or does not record it (all zero, or on fewer than half the attempts: io/amountRecorded.ts): then
 * the scenario keeps its own amount, and no attempt is drawn at 0.
 */
export function empiricalAmount(summary: AttemptAmountSummary | undefined): { dist: 'empirical'; values: number[] } | undefined {
  if (!recorded(summary)) return undefined;
  const amounts = summary.amounts;
  if (amounts.count <= MAX_EMPIRICAL_VALUES) return { dist: 'empirical', values: amounts.values() };
  return { dist: 'empirical', values: amounts.quantiles(MAX_EMPIRICAL_VALUES) };
}

/** `cost (266 attempts, column "c")`; past the sketch's exact size also how close its quantiles are. */
function describeOne(what: string, summary: AttemptAmountSummary): string {
  const { count, exact, rankError } = summary.amounts;
  const bound = exact
    ? ''
    : `; its ${MAX_EMPIRICAL_VALUES} quantiles from a fixed-size sketch, each within ${(rankError * 100).toPrecision(2)} % in probability`;
  return `${what} (${count} attempts, ${summary.from}${bound})`;
}

/** What the scenario's attempts take from the log, for the messages: `cost (266 values from tokens …) and latency (…)`. */
export function describeEmpirical(cost: AttemptAmountSummary | undefined, latency: AttemptAmountSummary | undefined): string | undefined {
  const parts = [recorded(cost) ? describeOne('cost', cost) : '', recorded(latency) ? describeOne('latency', latency) : ''].filter((part) => part !== '');
  return parts.length === 0 ? undefined : parts.join(' and ');
}

/**
 * Why the log's cost or latency is not carried into a scenario, one line each: `cost not recorded:
 * 0 of 400 attempts carry one (…)`; empty when every amount the log has is recorded.
 */
export function describeNotRecorded(counts: Pick<TaskCounts, 'cost' | 'latency'>): string[] {
  const lines: string[] = [];
  if (counts.cost !== undefined && !recorded(counts.cost)) lines.push(notRecordedLine('cost', amountCoverage(counts.cost)));
  if (counts.latency !== undefined && !recorded(counts.latency)) lines.push(notRecordedLine('latency', amountCoverage(counts.latency)));
  return lines;
}

/** The `attempts` block with the log's empirical cost and latency, where the log has them (else the scenario defaults stay). */
export function empiricalAttempts(counts: TaskCounts): { attempts?: Record<string, unknown> } {
  const cost = empiricalAmount(counts.cost);
  const latency = empiricalAmount(counts.latency);
  if (cost === undefined && latency === undefined) return {};
  return {
    attempts: { ...(cost === undefined ? {} : { cost: { perAttempt: cost } }), ...(latency === undefined ? {} : { latency: { perAttempt: latency } }) },
  };
}
