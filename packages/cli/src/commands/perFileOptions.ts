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
  'truth-col',
];

/**
 * The results-file options of file `index` of `count`: an option given once applies to every file;
 * given once per file (repeated, in file order) each file gets its own, e.g.
 * `compare a.csv b.jsonl --task-col task --task-col problem_id`. Any other count is an InputError.
 * `--where` follows the same rule column by column (`whereFor`).
 */
export function resultsArgsFor<T extends ResultsFileArgs>(args: T, index: number, count: number): T {
  const own = { ...args } as Record<string, unknown>;
  own.where = whereFor(args.where, index, count);
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

/** The column of a `--where COLUMN=VALUE` text (everything before the first `=`; a text without one is refused where it is parsed). */
function whereColumn(text: string): string {
  const at = text.indexOf('=');
  return at <= 0 ? text : text.slice(0, at);
}

/**
 * Which `--where` conditions are whose among `count` runs (compare, gate), column by column, as the
 * other per-file options: a column given once applies to every run; a column given once per run (in
 * file order) gives each run its own value, so `compare runs.csv runs.csv --where alias=a --where
 * alias=b` sets two subsets of one file against each other. With one run, or one condition, every
 * condition applies (a column given twice there asks for both values, as `estimate` reads it). Any
 * other count of a column is an InputError naming it. Each run's conditions keep the order typed;
 * `own` holds those given once per run.
 */
export function splitWhere(where: string | readonly string[] | undefined, count: number): { all: string[][]; own: string[][] } {
  const list = where === undefined ? [] : typeof where === 'string' ? [where] : [...where];
  if (count < 2 || list.length < 2) return { all: Array.from({ length: count }, () => list), own: Array.from({ length: count }, () => []) };
  const times = new Map<string, number>();
  for (const text of list) times.set(whereColumn(text), (times.get(whereColumn(text)) ?? 0) + 1);
  const all: string[][] = Array.from({ length: count }, () => []);
  const own: string[][] = Array.from({ length: count }, () => []);
  const next = new Map<string, number>();
  for (const text of list) {
    const column = whereColumn(text);
    const given = times.get(column)!;
    if (given === 1) {
      for (const conditions of all) conditions.push(text);
    } else if (given === count) {
      const run = next.get(column) ?? 0;
      next.set(column, run + 1);
      all[run]!.push(text);
      own[run]!.push(text);
    } else {
      throw new InputError(
        '--where',
        `must give column ${column} once (for every run) or once per run (${count} times, in file order: its own rows for each)`,
        given,
      );
    }
  }
  return { all, own };
}

/** The `--where` conditions of run `index` of `count` (see `splitWhere`); undefined when none were given. */
export function whereFor(where: string | readonly string[] | undefined, index: number, count: number): string[] | undefined {
  if (where === undefined) return undefined;
  return splitWhere(where, count).all[index];
}
