import { InputError } from '@passk/sim/errors';
import type { ResultsFileArgs } from './resultsFileOptions.js';

/** The results-file options that may differ from file to file. */
const PER_FILE: readonly (keyof ResultsFileArgs)[] = [
  'format',
  'task-col',
  'success-col',
  'reward-col',
  'threshold',
  'trial-col',
  'on-error',
  'missing',
  'cost-col',
  'tokens-col',
  'price-in',
  'price-out',
  'latency-col',
  'scorer',
  'score-key',
  'counts',
  'rate-col',
  'rate-n',
];

/**
 * The results-file options of file `index` of `count`: an option given once applies to every file;
 * given once per file (repeated, in file order) each file gets its own, e.g.
 * `compare a.csv b.jsonl --task-col task --task-col problem_id`. Any other count is an InputError.
 */
export function resultsArgsFor<T extends ResultsFileArgs>(args: T, index: number, count: number): T {
  const own = { ...args } as Record<string, unknown>;
  for (const key of PER_FILE) {
    const value = args[key] as unknown;
    if (!Array.isArray(value)) continue;
    if (value.length !== 1 && value.length !== count) {
      throw new InputError(`--${key}`, `must be given once (for every file) or once per file (${count} times)`, value.length);
    }
    own[key] = value.length === 1 ? value[0] : value[index];
  }
  return own as unknown as T;
}
