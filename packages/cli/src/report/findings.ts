// The shape of what each result adds to a report's summary (summaryFindings.ts, resultFindings.ts)
// and what the summary block draws from it (summaryBlock.ts).

/** A headline number with its interval, e.g. 72.5 % [72.3 %, 72.7 %]. */
export interface KeyNumber {
  readonly label: string;
  readonly value: number;
  readonly lower: number;
  readonly upper: number;
  /** How the interval was made ("±1.96 SE over replicates", "95 % two-sided Wilson"). */
  readonly interval: string;
  /** The number and its bounds as shown, where they are not a share or a difference with two ends (a count, a one-sided bound, an amount). */
  readonly shown?: { readonly value: string; readonly bounds: string };
  /** A difference of two probabilities (shown in signed percentage points), not a share. */
  readonly difference?: boolean;
}

/** One policy or agent at its chosen budget: a row of the comparison table. */
export interface ComparisonRow {
  readonly name: string;
  readonly k: number | null;
  readonly deliveredCorrect: KeyNumber | null;
  readonly deliveredWrong: number | null;
  readonly abstained: number | null;
  readonly costPerCorrect: number | null;
  readonly costUnit: string;
  readonly latency: number | null;
}

/** What one result adds to the summary block: answer sentences, table rows, key numbers, caveats. */
export interface Findings {
  readonly question: string | null;
  readonly answers: readonly string[];
  readonly rows: readonly ComparisonRow[];
  readonly keyNumbers: readonly KeyNumber[];
  /** In order of importance; the first of all results' is "the caveat that matters". */
  readonly caveats: readonly string[];
}
