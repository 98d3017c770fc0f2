import { InputError } from '@passk/sim/errors';

/**
 * Options that would be ignored in some combination are refused in it, naming both options, so
 * no flag is silently dropped (`--per-task` without `--tasks-from`, `--chart` with `--shard`).
 * An option counts as given when its value is set and differs from its default (a default-valued
 * option changes nothing, whether typed or not).
 */
export type OptionValues = Readonly<Record<string, unknown>>;

/** Whether `--name` was given: set, not false, and not its default. */
export function given(args: OptionValues, name: string, fallback?: unknown): boolean {
  const value = args[name];
  if (value === undefined || value === false) return false;
  if (Array.isArray(value)) return value.length > 0;
  // Some options are typed as text (`--threshold '1'`), others as numbers: compare as typed text.
  return fallback === undefined || String(value) !== String(fallback);
}

/** `--option` needs `--other` (or what `needs` says); refused when given without it. */
export function requireAlongside(args: OptionValues, option: string, present: boolean, needs: string, fallback?: unknown): void {
  if (given(args, option, fallback) && !present) throw new InputError(`--${option}`, `only works with ${needs}, and would be ignored without it`);
}

/** `--option` does not go with `--other`; `why` says what the other does instead. */
export function refuseTogether(args: OptionValues, option: string, other: string, otherPresent: boolean, why: string, fallback?: unknown): void {
  if (given(args, option, fallback) && otherPresent) throw new InputError(`--${option}`, `does not go with --${other} (${why})`);
}

/** The results-file options (resultsFileOptions.ts) and their defaults: they only apply where a results file is read. */
export const RESULTS_FILE_OPTIONS: Readonly<Record<string, unknown>> = {
  format: 'auto',
  'task-col': undefined,
  'success-col': undefined,
  'reward-col': undefined,
  threshold: '1',
  'trial-col': undefined,
  'on-error': 'drop',
  missing: undefined,
  where: undefined,
  'one-value': undefined,
  'cost-col': undefined,
  'tokens-col': undefined,
  'price-in': undefined,
  'price-out': undefined,
  'latency-col': undefined,
  scorer: undefined,
  'score-key': undefined,
  counts: undefined,
  'rate-col': undefined,
  'rate-n': undefined,
  'max-line-bytes': undefined,
  'max-trial-memory': undefined,
  'max-document-bytes': undefined,
  'max-stream-bytes': undefined,
  'open-timeout': undefined,
  'episode-col': undefined,
  'attempt-col': undefined,
  stopping: undefined,
};

/** Refuses the first results-file option given when no results file is read (`needs` names what reads one). */
export function requireResultsFile(args: OptionValues, present: boolean, needs: string): void {
  for (const [option, fallback] of Object.entries(RESULTS_FILE_OPTIONS)) requireAlongside(args, option, present, needs, fallback);
}

/** simulate: options that only apply with --tasks-from, --pilot-trials, or without --shard. */
export function checkSimulateCombinations(args: OptionValues): void {
  const tasksFrom = args['tasks-from'] !== undefined;
  requireAlongside(args, 'per-task', tasksFrom, '--tasks-from (the per-task posteriors come from its results file)');
  requireResultsFile(args, tasksFrom, '--tasks-from (the results file it reads)');
  requireAlongside(args, 'pilot-design', args['pilot-trials'] !== undefined, '--pilot-trials (the pilot it designs)', 'separate');
  const shard = args.shard !== undefined;
  refuseTogether(args, 'pilot-trials', 'shard', shard, 'a shard holds sums only; merge gives the result');
  refuseTogether(args, 'chart', 'shard', shard, 'a shard holds sums only; draw the chart with passk merge --chart');
  refuseTogether(args, 'csv', 'shard', shard, 'a shard file is JSON; passk merge --csv prints the CSV');
  refuseTogether(args, 'json', 'shard', shard, 'a shard file is JSON already; passk merge --json prints the result');
}

/** sweep: --chart and --json make no sense for one shard (merge draws and prints the result). */
export function checkSweepCombinations(args: OptionValues): void {
  const shard = args.shard !== undefined;
  refuseTogether(args, 'chart', 'shard', shard, 'a shard holds sums only; draw the chart with passk merge --chart');
  refuseTogether(args, 'json', 'shard', shard, 'a shard file is JSON already; passk merge --json prints the result');
}

/** estimate: file-only options without a results file; interval options with --p (closed forms, nothing estimated). */
export function checkEstimateCombinations(args: OptionValues): void {
  const files = Array.isArray(args.file) ? args.file.length > 0 : args.file !== undefined;
  requireAlongside(args, 'by', files, 'a results FILE (the column it groups by)');
  requireAlongside(args, 'bootstrap', files, 'a results FILE (it resamples tasks and trials)', 0);
  requireAlongside(args, 'seed', files, 'a results FILE (it seeds the bootstrap)', '1');
  requireResultsFile(args, files, 'a results FILE');
  const known = args.p !== undefined;
  const why = 'a known rate gives exact pass@k and pass^k: there is nothing to estimate';
  refuseTogether(args, 'interval', 'p', known, why, 'wilson');
  refuseTogether(args, 'confidence', 'p', known, why, 0.95);
  refuseTogether(args, 'sides', 'p', known, why, 2);
  refuseTogether(args, 'prior', 'p', known, why, 'jeffreys');
}
