import { InputError } from '@passk/sim/errors';
import { readJsonArray } from './jsonArrayRecords.js';
import { JsonRecordCounter } from './jsonRecordCounter.js';
import { listNames, resolveResultsColumns, type ResultsColumns } from './resultsColumns.js';
import type { ResultsFormat, ResultsFormatContext, ResultsFormatOutcome } from './resultsFormat.js';
import type { ResolvedResultsReadOptions } from './resultsReadOptions.js';

/** The outcome key of LiveCodeBench's evaluated records: one boolean per generated sample. */
const GRADED = 'graded_list';
/** The task key of test output prediction records, which hold one test of a question each: question and test together. */
const QUESTION_TEST = 'question_id/test_id';

/** How a LiveCodeBench file is read: its columns, and each record as counted (test output prediction gets a joined task id). */
export interface LiveCodeBenchLayout {
  columns: ResultsColumns;
  record(row: Record<string, unknown>): Record<string, unknown>;
}

/**
 * True for a record LiveCodeBench writes: `question_id` (or code execution's `id`) with a
 * `graded_list` of outcomes (`*_eval_all.json`), or with only the generations (`output_list`,
 * `code_list`: the file before `--evaluate`, refused by `liveCodeBenchLayout` saying so).
 */
export function isLiveCodeBenchRecord(first: Record<string, unknown>): boolean {
  if (Array.isArray(first[GRADED])) return 'question_id' in first || 'id' in first;
  return 'question_id' in first && Array.isArray(first.output_list) && (Array.isArray(first.code_list) || Array.isArray(first.pred_list));
}

/**
 * LiveCodeBench (LiveCodeBench/LiveCodeBench, `lcb_runner/runner/main.py` with `--evaluate`) writes
 * `<model>/<scenario>_<n>_<temperature>_eval_all.json`: a JSON array with one record per problem,
 * `insert_output_evaluation` of `lcb_runner/benchmarks/*.py`: the problem's fields, `output_list`
 * and `code_list` (the n generations), `graded_list` (one boolean per generation: it passed every
 * test, `extract_instance_results`), `pass@1` (their mean) and, for code generation, `metadata`.
 * Each element of `graded_list` is one attempt (trial = its index). The task is `question_id`
 * (code generation, self-repair); `id` for code execution, whose `question_id` repeats over its
 * problems; `question_id` and `test_id` together for test output prediction, which has one record
 * per test of a question. `--task-col` and `--success-col` name others.
 */
export function liveCodeBenchLayout(first: Record<string, unknown>, options: ResolvedResultsReadOptions, file: string): LiveCodeBenchLayout {
  if (options.successColumn === undefined && !Array.isArray(first[GRADED])) {
    const generations =
      'code_list' in first || 'output_list' in first ? ' (generations without grades: run LiveCodeBench with --evaluate and read its *_eval_all.json)' : '';
    throw new InputError(
      file,
      `must hold LiveCodeBench evaluation records (question_id and a "graded_list" of booleans) to be read as livecodebench${generations}; keys of the first record: ${listNames(Object.keys(first))}`,
    );
  }
  const joined = options.taskColumn === undefined && 'test_id' in first && 'question_id' in first;
  const task = options.taskColumn ?? (joined ? QUESTION_TEST : 'id' in first ? 'id' : 'question_id');
  const keys = Object.keys(first);
  const named = { ...options, taskColumn: task, successColumn: options.successColumn ?? GRADED, trialColumn: options.trialColumn };
  const columns = resolveResultsColumns(joined ? [...keys, QUESTION_TEST] : keys, named, file, 'keys of the first record', first);
  const record = joined
    ? (row: Record<string, unknown>) => ({ ...row, [QUESTION_TEST]: joinedId(row.question_id, row.test_id) })
    : (row: Record<string, unknown>) => row;
  return { columns, record };
}

/** `question_id/test_id`, or undefined (a missing task id, refused by the counter) when either is not a text or number. */
function joinedId(question: unknown, test: unknown): string | undefined {
  const part = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined);
  const q = part(question);
  const t = part(test);
  return q === undefined || t === undefined ? undefined : `${q}/${t}`;
}

/** Streams a LiveCodeBench `*_eval_all.json` array record by record (see `liveCodeBenchLayout`). */
async function readLiveCodeBench(context: ResultsFormatContext): Promise<ResultsFormatOutcome> {
  const { window, options, counts, dropped, trials, state } = context;
  const file = window.file;
  let layout: LiveCodeBenchLayout | undefined;
  let counter: JsonRecordCounter | undefined;
  for await (const { value, line, index } of readJsonArray(window, context.start)) {
    if (layout === undefined) {
      layout = liveCodeBenchLayout(value, options, file);
      counter = new JsonRecordCounter({ file, columns: layout.columns, outcome: { kind: 'success' }, counts, dropped, trials, infoError: false, state });
    }
    counter!.count(layout.record(value), line, index);
  }
  if (layout === undefined) throw new InputError(file, 'must contain at least one result row');
  return { format: 'livecodebench', columns: layout.columns };
}

/**
 * LiveCodeBench's `*_eval_all.json`, by name (`--format livecodebench`). Under `auto` a JSON array
 * whose first record has LiveCodeBench's keys is read the same way by the array reader (`[` is
 * sniffed by the τ-bench format, which hands such a file to `liveCodeBenchLayout`).
 */
export const liveCodeBenchFormat: ResultsFormat = {
  name: 'livecodebench',
  extensions: [],
  sniff: () => false,
  read: readLiveCodeBench,
};
