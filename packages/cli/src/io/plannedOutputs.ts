import { join } from 'node:path';
import type { PlannedOutput } from './refuseOverwritingInputs.js';

/** The files summary output (simulate, merge --out DIR) writes into its folder. */
export const SUMMARY_FILES = ['summary.json', 'summary.csv', 'scenario.yaml'] as const;

/**
 * What a command will write, for checkOutputs: each named file of `--out DIR` (the folder's
 * files, not the folder: a folder that is a file or a device fails each of them) and the `--chart`
 * file, when given.
 */
export function plannedOutputs(out: string | undefined, names: readonly string[], chart?: string): PlannedOutput[] {
  const files = out === undefined ? [] : names.map((name) => ({ path: join(out, name), option: '--out' }));
  return chart === undefined ? files : [...files, { path: chart, option: '--chart' }];
}
