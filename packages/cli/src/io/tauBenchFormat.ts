import { InputError } from '@passk/sim/errors';
import { readJsonArray } from './jsonArrayRecords.js';
import { JsonRecordCounter } from './jsonRecordCounter.js';
import { isLiveCodeBenchRecord, liveCodeBenchLayout, type LiveCodeBenchLayout } from './liveCodeBenchFormat.js';
import { listNames, resolveResultsColumns, withAmountColumns, type ResultsColumns } from './resultsColumns.js';
import type { ResultsFormat, ResultsFormatContext, ResultsFormatOutcome } from './resultsFormat.js';
import type { ResolvedResultsReadOptions } from './resultsReadOptions.js';

const OPEN_BRACKET = 0x5b;

/** τ-bench's success rule as reported in `columns.successWhen`. */
export const TAU_BENCH_SUCCESS = '1 - 1e-6 <= reward <= 1 + 1e-6';

/**
 * The columns of a τ-bench file: `task_id`, `reward` and `trial` unless other task, reward or trial
 * keys are named. The trial key is used when named or when the first record has it. A first record
 * without the task or reward key is a file-level error (the file is not τ-bench results).
 */
function tauBenchColumns(first: Record<string, unknown>, options: ResolvedResultsReadOptions, file: string): ResultsColumns {
  if (options.successColumn !== undefined) {
    throw new InputError('--success-col', 'does not apply to the tau-bench format (success is a reward within 1e-6 of 1)', options.successColumn);
  }
  const task = options.taskColumn ?? 'task_id';
  const reward = options.rewardColumn ?? 'reward';
  const keys = Object.keys(first);
  for (const [key, flag] of [
    [task, '--task-col'],
    [reward, '--reward-col'],
  ] as const) {
    if (!keys.includes(key)) {
      throw new InputError(
        file,
        `must hold τ-bench records with the key ${JSON.stringify(key)}; keys of the first record: ${listNames(keys)}; ` +
          `name another key with ${flag}, or choose another format with --format`,
      );
    }
  }
  const columns: ResultsColumns = { task, reward, successWhen: TAU_BENCH_SUCCESS };
  const trial = options.trialColumn ?? (keys.includes('trial') ? 'trial' : undefined);
  if (trial !== undefined) columns.trial = trial;
  return withAmountColumns(columns, options, keys, first);
}

/**
 * A JSON array is read as τ-bench results when named so, or when its first record has τ-bench's
 * `task_id` and `reward` and no success column is named; any other array of records is read with
 * the generic column options (format `json`).
 */
function isTauBenchRecord(first: Record<string, unknown>, options: ResolvedResultsReadOptions): boolean {
  if (options.format === 'tau-bench') return true;
  if (options.format === 'json') return false;
  if (options.successColumn !== undefined || options.countsColumns !== undefined || options.rateColumn !== undefined) return false;
  if (!('task_id' in first)) return false;
  return 'info' in first || 'traj' in first || ((options.rewardColumn !== undefined || 'reward' in first) && 'trial' in first);
}

async function readTauBench(context: ResultsFormatContext): Promise<ResultsFormatOutcome> {
  const { window, options, counts, dropped, trials } = context;
  const file = window.file;
  let columns: ResultsColumns | undefined;
  let counter: JsonRecordCounter | undefined;
  let generic = false;
  // A LiveCodeBench *_eval_all.json (read under auto): its layout, which also joins test output prediction's task ids.
  let liveCodeBench: LiveCodeBenchLayout | undefined;
  for await (const { value, line, index } of readJsonArray(window, context.start)) {
    if (counter === undefined) {
      if (options.format === 'auto' && isLiveCodeBenchRecord(value)) {
        liveCodeBench = liveCodeBenchLayout(value, options, file);
        columns = liveCodeBench.columns;
        counter = new JsonRecordCounter({ file, columns, outcome: { kind: 'success' }, counts, dropped, trials, infoError: false, state: context.state });
      } else if (isTauBenchRecord(value, options)) {
        columns = tauBenchColumns(value, options, file);
        dropped.formatDefault('fail');
        counter = new JsonRecordCounter({ file, columns, outcome: { kind: 'tauBench' }, counts, dropped, trials, infoError: true, state: context.state });
      } else {
        generic = true;
        columns = resolveResultsColumns(Object.keys(value), options, file, 'keys of the first record', value);
        const outcome = columns.reward !== undefined ? { kind: 'threshold' as const, threshold: options.threshold } : { kind: 'success' as const };
        counter = new JsonRecordCounter({ file, columns, outcome, counts, dropped, trials, infoError: false, state: context.state });
      }
    }
    counter.count(liveCodeBench === undefined ? value : liveCodeBench.record(value), line, index);
  }
  if (columns === undefined) throw new InputError(file, 'must contain at least one result row');
  return { format: liveCodeBench !== undefined ? 'livecodebench' : generic ? 'json' : 'tau-bench', columns };
}

/**
 * τ-bench results (sierra-research/tau-bench, run.py's checkpoint file): one JSON array of records
 * with `task_id`, `trial` and `reward` (other keys such as `info` and `traj` are ignored), streamed
 * record by record. A trial succeeds when its reward is within 1e-6 of 1, compared as τ-bench does.
 * Recognised by content when a file starts with `[`.
 */
export const tauBenchFormat: ResultsFormat = {
  name: 'tau-bench',
  extensions: [],
  sniff: (head) => head[0] === OPEN_BRACKET,
  read: readTauBench,
};
