// Types of whatIfCoverage.mjs for the reduced studies in test/sim/uncertainty/measuredTasks.test.ts and measuredEpisodes.test.ts.

/** Per metric@k of one cell: logs whose interval covered the truth, the same for the probability-scale interval and for the summary before (fit fixed), Σ half-widths, logs. */
export interface CoverageCell {
  covered: number;
  /** Logs whose interval from the model's draws (the one reported before the log's own, issue #41) covered the truth. */
  modelCovered: number;
  /** Logs whose reported interval came from the log's episodes (method "observed…"). */
  fromLog: number;
  normalCovered: number;
  beforeCovered: number;
  width: number;
  runs: number;
}

export const TRUTHS: Record<string, { successRate: object; draw: (rng: { uniform(): number }) => number }>;
export const METRICS: string[];

/** The interval on the probability scale (value ± t·√V cut to [0, 1]) recovered from drawInterval's logit interval. */
export function probabilityScaleInterval(value: number, interval: { lower: number; upper: number; method: string }): { lower: number; upper: number };

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

export const DEPENDENT_TRUTHS: Record<
  string,
  { a: number; b: number; afterFailure: number; episodes: number; length: number; stopping: 'fixed' | 'untilSuccess' }
>;

export function dependentWhatIfCoverage(options: {
  truth: string;
  tasks: number;
  runs: number;
  replicates: number;
  seed?: number;
  ks?: number[];
  refit?: 'aic' | 'chosen';
}): { tally: Record<string, CoverageCell>; chosen: Record<string, number> };
