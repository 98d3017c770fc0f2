import type { Argv } from 'yargs';
import type { ResultGroups, TaskCounts } from '../io/readTaskCounts.js';
import {
  MISSING_POLICIES,
  ON_ERROR_POLICIES,
  RESULTS_FORMAT_NAMES,
  type MissingPolicy,
  type OnErrorPolicy,
  type ResultsFormatName,
  type ResultsReadOptions,
} from '../io/resultsReadOptions.js';

/** The options of every command that reads per-attempt results (estimate, fit, simulate --tasks-from, compare). */
export interface ResultsFileArgs {
  format: ResultsFormatName;
  'task-col'?: string;
  'success-col'?: string;
  'reward-col'?: string;
  threshold: string;
  'trial-col'?: string;
  'on-error': OnErrorPolicy;
  missing?: MissingPolicy;
  where?: string | string[];
  'one-value'?: string | string[];
  'cost-col'?: string;
  'tokens-col'?: string;
  'price-in'?: string;
  'price-out'?: string;
  'latency-col'?: string;
  scorer?: string;
  'score-key'?: string;
  counts?: string;
  'rate-col'?: string;
  'rate-n'?: string;
  'max-line-bytes'?: string;
  'max-trial-memory'?: string;
  'max-document-bytes'?: string;
  'max-stream-bytes'?: string;
  'open-timeout'?: string;
  /** estimate, compare, plan audit: the column with the truth on audited tasks (the success column is then a judge's verdict); per file in compare. */
  'truth-col'?: string | string[];
  'episode-col'?: string;
  'attempt-col'?: string;
  stopping?: 'fixed' | 'until-success';
}

/** Adds the results-file options (format, columns, success rule, policies, filters, costs) to a command. */
export function withResultsFileOptions<T>(y: Argv<T>): Argv<T & ResultsFileArgs> {
  return y
    .option('format', {
      choices: RESULTS_FORMAT_NAMES,
      default: 'auto' as ResultsFormatName,
      describe: 'results format (auto: by content, named in the output; see docs/logs.md)',
    })
    .option('task-col', { type: 'string', describe: 'column naming the task; JSON: a key or dot path (default: task_id, task or problem_id)' })
    .option('success-col', { type: 'string', describe: 'column with 0/1 or true/false, e.g. scores.match.value (default: success, passed, correct or pass)' })
    .option('reward-col', { type: 'string', describe: 'numeric column; success is reward ≥ --threshold' })
    .option('threshold', {
      type: 'string',
      default: '1',
      describe: 'with --reward-col (and inspect scores): success when value ≥ threshold (τ-bench: within 1e-6 of 1)',
    })
    .option('trial-col', { type: 'string', describe: 'column numbering the attempts (integers ≥ 0 or text ids); a repeated (task, trial) is an error' })
    .option('on-error', {
      choices: ON_ERROR_POLICIES,
      default: 'drop' as OnErrorPolicy,
      describe:
        'rows marked as infrastructure errors (error column/key set; status error, infra_error or timeout; τ-bench info.error): drop and count them, or fail',
    })
    .option('missing', {
      choices: MISSING_POLICIES,
      describe: "rows without an outcome (null, timeouts, agent errors): count as failures, drop, or stop (default: the harness's rule, stated in the output)",
    })
    .option('where', { type: 'string', describe: 'only rows with COLUMN=VALUE (repeat the option for several; dot paths in JSON)' })
    .option('one-value', {
      type: 'string',
      describe:
        "a column that must hold one value, or one per group of --by (repeatable; besides model, agent, alias, run, system, config, model_name, agent_name, eval.task, eval.run_id and τ²-bench's info.agent_info.llm, info.user_info.llm, …)",
    })
    .option('episode-col', {
      type: 'string',
      describe: 'column naming the episode (one retry loop on a task) an attempt belongs to: retries kept in order for their dependence',
    })
    .option('attempt-col', {
      type: 'string',
      describe: "column with the attempt's index in its episode (0 or 1 up, no gaps); without --episode-col: the run order of separate runs",
    })
    .option('stopping', {
      choices: ['fixed', 'until-success'] as const,
      describe: "episodes run every planned attempt, or stop at the first success (default: the harness's loop, else inferred and said)",
    })
    .option('cost-col', { type: 'string', describe: 'column with the cost of each attempt' })
    .option('tokens-col', { type: 'string', describe: 'IN or IN,OUT token columns; cost from --price-in/--price-out' })
    .option('price-in', { type: 'string', describe: 'price per million input tokens' })
    .option('price-out', { type: 'string', describe: 'price per million output tokens' })
    .option('latency-col', { type: 'string', describe: 'column with the duration of each attempt (seconds)' })
    .option('scorer', { type: 'string', describe: 'inspect_ai: the scorer to read (default: the only one)' })
    .option('score-key', { type: 'string', describe: 'inspect_ai: the key of a dict-valued score' })
    .option('counts', { type: 'string', describe: 'per-task summaries: N,C columns with trials and successes per task' })
    .option('rate-col', { type: 'string', describe: "per-task summaries: a column with each task's success rate (with --rate-n)" })
    .option('rate-n', { type: 'string', describe: 'the trials per task behind --rate-col' })
    .option('max-line-bytes', {
      type: 'string',
      describe: 'longest line or record read (a CSV row with its quoted line breaks, a JSON Lines line, a JSON array record); default 16M',
    })
    .option('max-trial-memory', {
      type: 'string',
      describe: 'most memory the (task, trial) check holds (text trial ids, scattered trial numbers); default 128M',
    })
    .option('max-document-bytes', { type: 'string', describe: 'largest JSON document read whole, and largest inflated entry of an .eval archive; default 64M' })
    .option('max-stream-bytes', { type: 'string', describe: 'most bytes read from standard input, a pipe, a FIFO or a device; default 16G' })
    .option('open-timeout', {
      type: 'string',
      describe: 'seconds to wait for a writer to open a named pipe (FIFO) given as input; default 30',
    }) as unknown as Argv<T & ResultsFileArgs>;
}

/** A repeatable option's values (yargs gives one value as a string, several as an array); not greedy, so it never takes a FILE. */
function listOf(value: string | string[] | undefined): string[] | undefined {
  return value === undefined ? undefined : Array.isArray(value) ? value : [value];
}

/** The read options a user gave on the command line. */
export function resultsReadOptions(args: ResultsFileArgs, by?: string): ResultsReadOptions {
  return {
    format: args.format,
    taskColumn: args['task-col'],
    successColumn: args['success-col'],
    rewardColumn: args['reward-col'],
    threshold: args.threshold,
    trialColumn: args['trial-col'],
    onError: args['on-error'],
    missing: args.missing,
    where: listOf(args.where),
    by,
    systemColumns: listOf(args['one-value']),
    costColumn: args['cost-col'],
    tokensColumns: args['tokens-col'],
    priceIn: args['price-in'],
    priceOut: args['price-out'],
    latencyColumn: args['latency-col'],
    scorer: args.scorer,
    scoreKey: args['score-key'],
    countsColumns: args.counts,
    rateColumn: args['rate-col'],
    trialsPerTask: args['rate-n'],
    maxLineBytes: args['max-line-bytes'],
    maxTrialMemory: args['max-trial-memory'],
    maxDocumentBytes: args['max-document-bytes'],
    maxStreamBytes: args['max-stream-bytes'],
    openTimeout: args['open-timeout'],
    episodeColumn: args['episode-col'],
    attemptColumn: args['attempt-col'],
    stopping: args.stopping === undefined ? undefined : args.stopping === 'until-success' ? 'untilSuccess' : 'fixed',
  };
}

// The readers load only when a file is read: a command given --n/--c never loads them (start-up).

/** Reads the results of one system with the options a user gave. */
export async function readResultsFile(
  inputs: string | readonly string[],
  args: ResultsFileArgs,
  extra: Pick<ResultsReadOptions, 'keepRunOrder'> = {},
): Promise<TaskCounts> {
  const { readTaskCounts } = await import('../io/readTaskCounts.js');
  return readTaskCounts(inputs, { ...resultsReadOptions(args), ...extra });
}

/** Reads results split by the column `by` (one group per value, in order of first appearance). */
export async function readResultsByGroup(inputs: string | readonly string[], args: ResultsFileArgs, by: string): Promise<ResultGroups> {
  const { readResultGroups } = await import('../io/readTaskCounts.js');
  return readResultGroups(inputs, resultsReadOptions(args, by));
}
