import { InputError } from '@passk/sim/errors';
import type { CsvRangeTask } from './countCsvRange.js';
import { startCsvRange, type CsvRangeRun } from './csvRangeRunner.js';
import { parseCsvRecord, type CsvRecord } from './csvRecord.js';
import { DelimitedRowCounter } from './delimitedRowCounter.js';
import { JsonRecordCounter } from './jsonRecordCounter.js';
import { ERROR_KEY, STATUS_KEY } from './errorMarkers.js';
import type { FileWindow } from './fileWindow.js';
import { resolveResultsColumns, type ResultsColumns } from './resultsColumns.js';
import { TaskTrials } from './taskTrials.js';
import type { ResultsFormat, ResultsFormatContext, ResultsFormatOutcome } from './resultsFormat.js';

const LF = 0x0a;
const COMMA = 0x2c;
const TAB = 0x09;

function isBlankRecord(record: CsvRecord): boolean {
  return record.fields.length === 1 && record.fields[0] === '';
}

/** The task and outcome columns (see resolveResultsColumns), plus the `error` and `status` columns when the header has them. */
function delimitedColumns(header: readonly string[], context: ResultsFormatContext): ResultsColumns {
  const columns = resolveResultsColumns(header, context.options, context.window.file);
  const used = [columns.task, columns.success, columns.reward, columns.trial];
  if (header.includes(ERROR_KEY) && !used.includes(ERROR_KEY)) columns.error = ERROR_KEY;
  if (header.includes(STATUS_KEY) && !used.includes(STATUS_KEY)) columns.status = STATUS_KEY;
  return columns;
}

/** A header that names a column twice is refused (which of the two would be read is a guess), naming the column and both positions. */
function refuseRepeatedColumns(header: readonly string[], where: string): void {
  const seen = new Map<string, number>();
  for (let i = 0; i < header.length; i++) {
    const first = seen.get(header[i]);
    if (first !== undefined) throw new InputError(where, `header must name each column once: columns ${first + 1} and ${i + 1} are both named this`, header[i]);
    seen.set(header[i], i);
  }
}

/** Reads a delimited file with a header line (the first non-blank record). */
async function readDelimited(context: ResultsFormatContext, separator: number, name: string): Promise<ResultsFormatOutcome> {
  const { window, options, counts, dropped, trials, state } = context;
  const file = window.file;
  let pos = context.start;
  let line = 1;

  let header: CsvRecord;
  for (;;) {
    const record = parseCsvRecord(window.buf, pos, window.end, separator, window.eof, file, line);
    if (record === undefined) {
      await window.refill(pos);
      pos = 0;
      continue;
    }
    line += record.lines;
    pos = record.next;
    if (!isBlankRecord(record)) {
      header = record;
      break;
    }
    if (pos >= window.end && window.eof) throw new InputError(file, 'must contain at least one result row');
  }

  refuseRepeatedColumns(header.fields, `${file}:${line - header.lines}`);
  const columns = delimitedColumns(header.fields, context);
  if (needsRecords(header.fields, context)) {
    await readDelimitedRecords(context, separator, header.fields, columns, pos, line);
    return { format: name, columns };
  }
  const rows = new DelimitedRowCounter({
    file,
    separator,
    header: header.fields,
    columns,
    threshold: options.threshold,
    counts,
    dropped,
    trials,
    trialIds: state.trialIds,
    firstLine: line,
  });
  const split = options.threads > 1 && !context.probing ? await splitPoint(window, pos, options.parallelMinBytes) : -1;
  if (split >= 0) {
    const task: CsvRangeTask = {
      file,
      start: split,
      separator,
      header: header.fields,
      columns,
      threshold: options.threshold,
      onError: options.onError,
      missing: context.dropped.missing,
      chunkSize: options.chunkSize,
      checkTrials: columns.trial !== undefined,
      maxTrialMemory: options.maxTrialMemory,
    };
    const second = startCsvRange(task);
    try {
      const stop = await countUpTo(window, pos, rows, split);
      if (stop >= 0 && (await addSecondPart(context, second, rows.line))) return { format: name, columns };
      // A quoted field spans the split point (the part read apart started inside a row), or the
      // (task, trial) check needs the part read after the rows before it: go on here.
      pos = stop >= 0 ? split - window.offset : -stop - 1;
    } finally {
      second.cancel();
    }
  }
  for (;;) {
    pos = rows.scan(window.buf, pos, window.end, window.eof);
    if (window.eof) break;
    await window.refill(pos);
    pos = 0;
  }
  return { format: name, columns };
}

/**
 * True when rows must be read as records (objects) rather than counted from their bytes: `where`
 * conditions, `by` groups, cost or latency columns, or a system column (model, agent, …) in the header
 * whose values must be checked.
 */
function needsRecords(header: readonly string[], context: ResultsFormatContext): boolean {
  const { options } = context;
  return (
    options.where.length > 0 ||
    options.by !== undefined ||
    options.splitBy.length > 0 ||
    options.costColumn !== undefined ||
    options.tokensColumns.length > 0 ||
    options.latencyColumn !== undefined ||
    options.countsColumns !== undefined ||
    options.rateColumn !== undefined ||
    options.episodeColumn !== undefined ||
    options.attemptColumn !== undefined ||
    context.state.runOrderByFile ||
    options.systemColumns.some((column) => header.includes(column))
  );
}

/** The record path: each row parsed into an object (header → field text) and counted by a `JsonRecordCounter`. */
async function readDelimitedRecords(
  context: ResultsFormatContext,
  separator: number,
  header: readonly string[],
  columns: ResultsColumns,
  start: number,
  firstLine: number,
): Promise<void> {
  const { window, options, counts, dropped, trials, state } = context;
  const file = window.file;
  const outcome = columns.reward !== undefined ? { kind: 'threshold' as const, threshold: options.threshold } : { kind: 'success' as const };
  const counter = new JsonRecordCounter({ file, columns, outcome, counts, dropped, trials, infoError: false, state });
  let pos = start;
  let line = firstLine;
  for (;;) {
    if (pos >= window.end) {
      if (window.eof) return;
      await window.refill(pos);
      pos = 0;
      continue;
    }
    const record = parseCsvRecord(window.buf, pos, window.end, separator, window.eof, file, line);
    if (record === undefined) {
      if (window.eof) return;
      await window.refill(pos);
      pos = 0;
      continue;
    }
    if (!isBlankRecord(record)) {
      if (record.fields.length !== header.length) {
        throw new InputError(`${file}:${line}`, `row must have ${header.length} fields like the header`, record.fields.length);
      }
      const row: Record<string, unknown> = Object.create(null) as Record<string, unknown>; // keys from the file: no prototype to reach
      for (let i = 0; i < header.length; i++) row[header[i]] = record.fields[i];
      counter.count(row, line);
    }
    line += record.lines;
    pos = record.next;
  }
}

/*
 * Splitting a large file between two threads (option `threads: 2`; off by default). The worker
 * needs 50–90 ms before its first row (thread start, module load and its own JIT warm-up) and the
 * merge of 100 000 tasks ~15 ms, so the split pays only where a core is idle, and not reliably
 * there. Measured on the 10M-row benchmark file (158 MB, 100 000 tasks × 100 trials, a `trial`
 * column checked per part as per-task bitmaps merged by TaskTrials.absorb), 2026-12-01, `passk
 * estimate` end to end on the idle machine: two threads 0.67–0.77 s against one 0.80–0.90 s in
 * four alternating runs, but 1.02–1.09 s against 0.88–1.22 s in two `pnpm bench` runs (a default
 * chosen by a 25 ms look at idle CPU); readTaskCounts from dist at a load average of 3: two
 * threads 1.1–1.8 s, one 0.64–0.79 s; at a load average of 10: 2.13–3.52 s against 1.56–3.21 s.
 * After the word-at-a-time lean loop (one thread ~1 ns per byte once optimised), readResultGroups
 * from dist, 5 alternating cold runs at a load average of 2.4: two threads 0.30–1.07 s, one 0.26–0.46 s.
 * Again on 2 December, idle, 4 alternating cold runs: two threads 229–286 ms, one 170–251 ms; with the
 * worker running, this thread's 55 % alone took 193–224 ms (the two threads slow each other down on
 * this machine's two cores) and the merge after it 30–40 ms.
 */

/** Share of the data a file split in two leaves to this thread (the worker thread starts later). */
const FIRST_PART = 0.55;

/**
 * Where to split a delimited file for two threads: the start of the first line at or after 55 % of
 * the data, or -1 when the input is not a regular file, or the data (from `pos` in the window) is
 * shorter than `minBytes` or has no line start there. Only a candidate: a quoted field may span it (see `countUpTo`).
 */
async function splitPoint(window: FileWindow, pos: number, minBytes: number): Promise<number> {
  // Standard input, pipes and devices are read once, in order: only a regular file is split.
  if (!window.isSeekable) return -1;
  const dataStart = window.offset + pos;
  const size = await window.size();
  if (size - dataStart < minBytes) return -1;
  const split = await window.lineStartAfter(dataStart + Math.floor((size - dataStart) * FIRST_PART));
  return split > dataStart && split < size ? split : -1;
}

/**
 * Counts the rows that start before file offset `split`. Returns the offset in the window where it
 * stopped, `split` itself when the rows end there, or −(window offset of the row that spans `split`)
 * − 1 when a row (a quoted field with a line break) runs across it: then the window holds that row
 * from the returned position, and reading goes on from there on this thread.
 */
async function countUpTo(window: FileWindow, pos: number, rows: DelimitedRowCounter, split: number): Promise<number> {
  for (;;) {
    const stop = split - window.offset;
    if (stop <= window.end) {
      const next = rows.scan(window.buf, pos, stop, false);
      return next === stop ? split : -next - 1;
    }
    pos = rows.scan(window.buf, pos, window.end, window.eof);
    if (window.eof) return -pos - 1;
    await window.refill(pos);
    pos = 0;
  }
}

/**
 * Waits for the second part's counts and adds them (its first bad row, if any, at the line it has
 * in the whole file), with its (task, trial) pairs when the file has a trial column. False, with
 * nothing added, when the part must be read on this thread: the worker could not check its pairs
 * alone, or a pair is in both parts (the sequential read then names the first repeat and its place).
 */
async function addSecondPart(context: ResultsFormatContext, second: CsvRangeRun, firstLine: number): Promise<boolean> {
  const result = await second.result;
  if (result.ok === 'again') return false;
  if (result.ok === false) throw new InputError(`${context.window.file}:${firstLine + result.line - 1}`, result.rule, result.value);
  const { arena, tasks, rows, aliases } = result.state;
  const state = { arena: Buffer.from(arena.buffer, arena.byteOffset, arena.byteLength), tasks, rows, aliases };
  const indices = context.counts.indicesOf(state);
  if (result.trials !== undefined && !(context.trials instanceof TaskTrials && context.trials.absorb(result.trials, indices))) return false;
  context.counts.addCounts(state, indices);
  context.dropped.addAll(result.reasons, result.countedAsFailures);
  return true;
}

function firstLine(head: Uint8Array): Uint8Array {
  const lf = head.indexOf(LF);
  return lf < 0 ? head : head.subarray(0, lf);
}

/** Comma-separated values with a header line (RFC 4180 quoting; LF or CRLF). */
export const csvFormat: ResultsFormat = {
  name: 'csv',
  extensions: ['.csv'],
  sniff: () => true,
  read: (context) => readDelimited(context, COMMA, 'csv'),
};

/** Tab-separated values with a header line (same quoting rules as CSV). */
export const tsvFormat: ResultsFormat = {
  name: 'tsv',
  extensions: ['.tsv', '.tab'],
  sniff: (head) => {
    const header = firstLine(head);
    return header.includes(TAB) && !header.includes(COMMA);
  },
  read: (context) => readDelimited(context, TAB, 'tsv'),
};
