// Types of whatIfCoverage.mjs for the reduced study in test/sim/uncertainty/measuredTasks.test.ts.

/** Per metric@k of one cell: logs whose interval covered the truth, the same for the summary before (fit fixed), Σ half-widths, logs. */
export interface CoverageCell {
  covered: number;
  beforeCovered: number;
  width: number;
  runs: number;
}

export const TRUTHS: Record<string, { successRate: object; draw: (rng: { uniform(): number }) => number }>;
export const METRICS: string[];

export function whatIfCoverage(options: {
  truth: string;
  tasks: number;
  trials: number;
  runs: number;
  replicates: number;
  seed?: number;
  ks?: number[];
  population?: 'fitted' | 'perTask';
}): Record<string, CoverageCell>;
