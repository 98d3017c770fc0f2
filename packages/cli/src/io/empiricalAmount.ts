import type { AttemptAmountSummary, TaskCounts } from './readTaskCounts.js';

/** Most values an empirical amount written into a scenario keeps. */
export const MAX_EMPIRICAL_VALUES = 1000;

/**
 * A log's per-attempt amounts as a scenario amount `{ dist: empirical, values }`: all of them, or
 * for longer logs the 1000 quantiles at (i + 0.5)/1000 (a sorted summary with the same distribution
 * up to 0.1 % in probability), so a scenario file stays small. Undefined when the log has none.
 */
export function empiricalAmount(summary: AttemptAmountSummary | undefined): { dist: 'empirical'; values: number[] } | undefined {
  if (summary === undefined || summary.values.length === 0) return undefined;
  const values = summary.values;
  if (values.length <= MAX_EMPIRICAL_VALUES) return { dist: 'empirical', values: [...values] };
  const sorted = Float64Array.from(values).sort();
  const picked = Array.from({ length: MAX_EMPIRICAL_VALUES }, (_, i) => sorted[Math.floor(((i + 0.5) / MAX_EMPIRICAL_VALUES) * sorted.length)]!);
  return { dist: 'empirical', values: picked };
}

/** What the scenario's attempts take from the log, for the messages: `cost (266 values from tokens …) and latency (…)`. */
export function describeEmpirical(cost: AttemptAmountSummary | undefined, latency: AttemptAmountSummary | undefined): string | undefined {
  const parts = [
    cost !== undefined && cost.values.length > 0 ? `cost (${cost.values.length} attempts, ${cost.from})` : '',
    latency !== undefined && latency.values.length > 0 ? `latency (${latency.values.length} attempts, ${latency.from})` : '',
  ].filter((part) => part !== '');
  return parts.length === 0 ? undefined : parts.join(' and ');
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
