import { refuseDuplicateKeys } from './jsonDuplicateKeys.js';
import { InputError } from '@passk/sim/errors';
import { fieldAt } from './fieldPath.js';
import { JsonRecordCounter } from './jsonRecordCounter.js';
import { listNames, resolveResultsColumns, type ResultsColumns } from './resultsColumns.js';
import type { ResultsFormat, ResultsFormatContext, ResultsFormatOutcome } from './resultsFormat.js';
import type { ResolvedResultsReadOptions } from './resultsReadOptions.js';
import { aiderLayout, episodeLayoutFor, ldbLayout } from './episodeFormats.js';
import type { JsonLinesLayout } from './jsonLinesLayout.js';

const LF = 0x0a;
const OPEN_BRACE = 0x7b;
const MAX_SHOWN = 60;

function isBlank(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = bytes[i];
    if (b !== 0x20 && b !== 0x09 && b !== 0x0d) return false;
  }
  return true;
}

function shorten(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > MAX_SHOWN ? `${trimmed.slice(0, MAX_SHOWN - 1)}…` : trimmed;
}

export type { JsonLinesLayout } from './jsonLinesLayout.js';

/**
 * Reads JSON Lines: one JSON object per line, blank lines skipped. The columns are chosen from
 * the keys of the first object; each object is then counted by a `JsonRecordCounter` (task id,
 * error markers, missing outcome, trial).
 */
export async function readJsonLines(context: ResultsFormatContext, given: JsonLinesLayout): Promise<ResultsFormatOutcome> {
  let layout = given;
  const { window, options, counts, dropped, trials } = context;
  const file = window.file;
  let columns: ResultsColumns | undefined;
  let counter: JsonRecordCounter | undefined;
  let line = 1;
  let pos = context.start;
  let scanFrom = pos;

  for (;;) {
    const buf = window.buf;
    const end = window.end;
    const eof = window.eof;
    let p = pos;
    while (p < end) {
      let lf = buf.indexOf(LF, scanFrom);
      if (lf < 0 || lf >= end) {
        if (!eof) {
          scanFrom = end;
          break;
        }
        lf = end;
      }
      if (!isBlank(buf, p, lf)) {
        const text = buf.toString('utf8', p, lf);
        let row: unknown;
        try {
          row = JSON.parse(text);
        } catch {
          // A line that only opens an object or array: a pretty-printed document, not JSON Lines.
          const opened = /^\s*[[{]\s*$/.test(text);
          const rule = opened
            ? 'line must be one JSON object (this looks like a pretty-printed JSON document: read it with --format auto or json)'
            : 'line must be one JSON object';
          throw new InputError(`${file}:${line}`, rule, shorten(text));
        }
        if (typeof row !== 'object' || row === null || Array.isArray(row)) {
          throw new InputError(`${file}:${line}`, 'line must be one JSON object', shorten(text));
        }
        refuseDuplicateKeys(text, row, () => `${file}:${line}`, 'the record');
        let record = row as Record<string, unknown>;
        if (counter === undefined) {
          // A harness that records its retry loops (Aider, LDB), known by its keys.
          if (given === genericLayout && options.format === 'auto') layout = episodeLayoutFor(record) ?? layout;
          if (layout.record !== undefined) record = layout.record(record, `${file}:${line}`);
          columns = layout.columns(record, options, file);
          if (isLmEval(record))
            context.state.distinct.add('filter', [...options.where.map((w) => w.column), ...(options.by === undefined ? [] : [options.by])]);
          const outcome = columns.reward !== undefined ? { kind: 'threshold' as const, threshold: options.threshold } : { kind: 'success' as const };
          counter = new JsonRecordCounter({ file, columns, outcome, counts, dropped, trials, infoError: false, state: context.state });
        } else if (layout.record !== undefined) record = layout.record(record, `${file}:${line}`);
        counter.count(record, line);
      }
      line++;
      p = lf + 1;
      scanFrom = p;
    }
    if (eof) break;
    await window.refill(p);
    scanFrom -= p;
    pos = 0;
  }
  if (columns === undefined) throw new InputError(file, 'must contain at least one result row');
  return { format: layout.name(columns, options), columns };
}

/** lm-evaluation-harness `samples_*.jsonl`: one object per document with `doc_id`, `filter` and the list of its `metrics`. */
function isLmEval(first: Record<string, unknown>): boolean {
  return 'doc_id' in first && Array.isArray(first.metrics) && 'filter' in first;
}

/** lm-eval's per-doc pass@k metrics (`pass@1`, `pass@10`: code_eval over the doc's repeats, humaneval and mbpp tasks). */
const PASS_AT = /^pass@(\d+)$/;
/** Where lm-eval keeps a doc's repeats: `resps` holds one list per request, each with one response per repeat. */
const REPEATS_KEY = 'resps.0';

/**
 * lm-eval's columns (lm_eval/evaluator.py writes, per doc and filter, `doc_id`, `doc`, `target`,
 * `arguments`, `resps` (per request, one response per repeat), `filtered_resps`, `filter`,
 * `metrics` (the metric names) and each metric's value). Task `doc_id`; the outcome is the metric
 * named by --success-col (or --reward-col), else the only one in `metrics`, else `pass@1` when the
 * others are pass@k (several others: refused, listing them):
 * - `pass@1` is code_eval's c/n over the doc's n repeats (`repeats: N`; the responses in `resps[0]`),
 *   so it is read as a rate with n = that list's length: c = pass@1 · n successes of n attempts;
 * - `pass@k` for k > 1 is an estimate, not an outcome: refused, pointing at `pass@1`;
 * - any other metric scores the doc's one filtered answer (take_first, a majority vote, …): one
 *   attempt per doc, a score ≥ --threshold; a list value (one score per repeat, as some forks
 *   write) counts one attempt per element.
 * Rows of several filters are refused by the one-system guard on `filter` (choose one with --where filter=NAME).
 */
function lmEvalColumns(first: Record<string, unknown>, options: ResolvedResultsReadOptions, file: string): ResultsColumns {
  // Under --format lm-eval the first object may be anything: without its `metrics` list, only a named column can be read.
  const metrics = Array.isArray(first.metrics) ? first.metrics.filter((m): m is string => typeof m === 'string') : [];
  let metric = options.successColumn ?? options.rewardColumn;
  if (metric === undefined && !Array.isArray(first.metrics)) {
    throw new InputError(
      file,
      `must hold lm-evaluation-harness samples to be read as lm-eval (objects with doc_id, filter and a "metrics" list); its first object has keys ${listNames(Object.keys(first))} (--success-col names the column to read)`,
    );
  }
  if (metric === undefined) {
    const passAt1 = metrics.includes('pass@1') && metrics.every((m) => PASS_AT.test(m)) ? 'pass@1' : undefined;
    if (metrics.length !== 1 && passAt1 === undefined)
      throw new InputError('--success-col', `must name the lm-eval metric to read; metrics of ${file}: ${listNames(metrics)}`);
    metric = passAt1 ?? metrics[0];
  }
  const k = PASS_AT.exec(metric)?.[1];
  if (k !== undefined && k !== '1')
    throw new InputError(
      options.successColumn !== undefined ? '--success-col' : options.rewardColumn !== undefined ? '--reward-col' : file,
      `must name an outcome, not lm-eval's estimate of pass@${k} over each doc's repeats: read "pass@1" (c/n over the n repeats in resps)`,
      metric,
    );
  if (k === '1' && Array.isArray(fieldAt(first, REPEATS_KEY))) {
    const named = { ...options, taskColumn: options.taskColumn ?? 'doc_id', successColumn: undefined, rewardColumn: undefined, rateColumn: metric };
    const columns = resolveResultsColumns(Object.keys(first), named, file, 'keys of the first object', first);
    delete columns.n;
    columns.nKey = REPEATS_KEY;
    return columns;
  }
  const named = { ...options, taskColumn: options.taskColumn ?? 'doc_id', successColumn: undefined, rewardColumn: metric };
  return resolveResultsColumns(Object.keys(first), named, file, 'keys of the first object', first);
}

/** Generic JSON Lines; under `format: 'auto'` a file with `task_id` and `passed` (default columns) is reported as `humaneval`, one with lm-eval's keys as `lm-eval`. */
const genericLayout: JsonLinesLayout = {
  columns: (first, options, file) =>
    options.format === 'auto' && isLmEval(first)
      ? lmEvalColumns(first, options, file)
      : resolveResultsColumns(Object.keys(first), options, file, 'keys of the first object', first),
  name: (columns, options) =>
    options.format === 'auto' && columns.task === 'doc_id' && (columns.reward !== undefined || columns.nKey !== undefined) && options.taskColumn === undefined
      ? 'lm-eval'
      : options.format === 'auto' &&
          options.taskColumn === undefined &&
          options.successColumn === undefined &&
          columns.task === 'task_id' &&
          columns.success === 'passed'
        ? 'humaneval'
        : 'jsonl',
};

/** JSON Lines (`.jsonl`, `.ndjson`): one object per line; recognised by content when a file starts with `{`. */
export const jsonlFormat: ResultsFormat = {
  name: 'jsonl',
  extensions: ['.jsonl', '.ndjson'],
  sniff: (head) => head[0] === OPEN_BRACE,
  read: (context) => readJsonLines(context, genericLayout),
};

/** Aider benchmark results as JSON Lines (`--format aider`; under auto, JSON Lines with its keys are read so: io/episodeFormats.ts). */
export const aiderFormat: ResultsFormat = {
  name: 'aider',
  extensions: [],
  sniff: () => false,
  read: (context) => readJsonLines(context, aiderLayout),
};

/** LDB debug-loop results as JSON Lines (`--format ldb`; under auto, JSON Lines with its keys are read so). */
export const ldbFormat: ResultsFormat = {
  name: 'ldb',
  extensions: [],
  sniff: () => false,
  read: (context) => readJsonLines(context, ldbLayout),
};

/** lm-evaluation-harness samples, by name (`--format lm-eval`); under `auto` JSON Lines with its keys are read the same way. */
export const lmEvalFormat: ResultsFormat = {
  name: 'lm-eval',
  extensions: [],
  sniff: () => false,
  read: (context) => readJsonLines(context, { columns: (first, options, file) => lmEvalColumns(first, options, file), name: () => 'lm-eval' }),
};
