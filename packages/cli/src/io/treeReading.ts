/**
 * How the folders and globs among a read's inputs were read: what was walked, which results files
 * were read and what was skipped (the files a harness writes beside its results, per-trial copies
 * of trials already in a run's results.json). Printed as one line by `estimate` and `fit`, and
 * given as `source.tree` in `estimate --json`.
 */
export interface TreeReading {
  /** The folders and globs walked, as given. */
  readonly walked: string[];
  /** Files and folders visited. */
  readonly visited: number;
  /** Results files read from them. */
  readonly read: number;
  /** The harness whose results were read, when the trees hold a harness's output (terminal-bench, tau2-bench, inspect, …); null for plain results files. */
  readonly harness: string | null;
  /** Terminal-Bench per-trial results.json skipped because a run-level results.json read lists their trial, and in how many run-level files they were found. */
  readonly trialCopies: { readonly skipped: number; readonly runFiles: number };
  /** Other files and entries skipped, by name or extension, most first. */
  readonly skipped: readonly { readonly kind: string; readonly count: number }[];
}
