import type { Estimands } from '../results/estimandSchema.js';

/** The two estimands in the order they are shown: the task population (tasks like these), then this benchmark (these tasks rerun). */
export const ESTIMANDS = ['population', 'benchmark'] as const;

export type Estimand = (typeof ESTIMANDS)[number];

/** The column header of each estimand's interval, in tables and notes. */
export const ESTIMAND_COLUMNS = { population: 'CI (tasks)', benchmark: 'CI (trials)' } as const satisfies Record<Estimand, string>;

/**
 * The notes on both intervals under a text table, per estimand
 * "CI (tasks): 95% two-sided for MEANING;" and its method on an indented line.
 */
export function estimandNoteLines(estimands: Estimands, coverage: string): string[] {
  return ESTIMANDS.flatMap((estimand) => [
    `${ESTIMAND_COLUMNS[estimand]}: ${coverage} for ${estimands[estimand].meaning};`,
    `  ${estimands[estimand].method}.`,
  ]);
}

/** The same notes for the report: labelled "CI (tasks)" and "CI (trials)", "for MEANING: METHOD." */
export function estimandNotes(estimands: Estimands): { readonly label: string; readonly text: string }[] {
  return ESTIMANDS.map((estimand) => ({
    label: ESTIMAND_COLUMNS[estimand],
    text: `for ${estimands[estimand].meaning}: ${estimands[estimand].method}.`,
  }));
}
