const METRIC_NAMES = { p: 'p', passAtK: 'pass@k', passHatK: 'pass^k' } as const;

/** The metric a plan is about, at its k: metricLabel('passHatK', 4) = 'pass^4'. */
export function metricLabel(metric: keyof typeof METRIC_NAMES, k: number): string {
  return metric === 'p' ? 'p' : METRIC_NAMES[metric].replace('k', String(k));
}
