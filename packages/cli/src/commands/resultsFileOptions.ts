import type { Argv } from 'yargs';
import { readTaskCounts } from '../io/readTaskCounts.js';
import { ON_ERROR_POLICIES, RESULTS_FORMAT_NAMES, type OnErrorPolicy, type ResultsFormatName } from '../io/resultsReadOptions.js';

/** The options of every command that reads a per-attempt results file (estimate, fit, simulate --tasks-from). */
export interface ResultsFileArgs {
  format: ResultsFormatName;
  'task-col'?: string;
  'success-col'?: string;
  'reward-col'?: string;
  threshold: number;
  'trial-col'?: string;
  'on-error': OnErrorPolicy;
}

/** Adds the results-file options (format, columns, success rule, error policy) to a command. */
export function withResultsFileOptions<T>(y: Argv<T>): Argv<T & ResultsFileArgs> {
  return y
    .option('format', {
      choices: RESULTS_FORMAT_NAMES,
      default: 'auto' as ResultsFormatName,
      describe: 'results file format (auto: by extension, else by content: [ τ-bench JSON, { JSON Lines or human-eval, else CSV/TSV)',
    })
    .option('task-col', { type: 'string', describe: 'column naming the task (default: task_id, task or problem_id)' })
    .option('success-col', { type: 'string', describe: 'column with 0/1 or true/false (default: success, passed, correct or pass)' })
    .option('reward-col', { type: 'string', describe: 'numeric column; success is reward ≥ --threshold' })
    .option('threshold', { type: 'number', default: 1, describe: 'with --reward-col: success when reward ≥ threshold (τ-bench: within 1e-6 of 1)' })
    .option('trial-col', { type: 'string', describe: 'column numbering the attempts (integers ≥ 0); a repeated (task, trial) is an error (τ-bench: trial)' })
    .option('on-error', {
      choices: ON_ERROR_POLICIES,
      default: 'drop' as OnErrorPolicy,
      describe:
        'rows without an outcome or marked as errors (error column/key set; status error, infra_error or timeout; ' +
        'τ-bench info.error): drop and count them, or fail',
    }) as unknown as Argv<T & ResultsFileArgs>;
}

/** Reads a results file with the options a user gave. */
export function readResultsFile(path: string, args: ResultsFileArgs) {
  return readTaskCounts(path, {
    format: args.format,
    taskColumn: args['task-col'],
    successColumn: args['success-col'],
    rewardColumn: args['reward-col'],
    threshold: args.threshold,
    trialColumn: args['trial-col'],
    onError: args['on-error'],
  });
}
