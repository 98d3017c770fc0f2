import { InputError } from '@passk/sim/errors';
import { parseCsvRecord, type CsvRecord } from './csvRecord.js';
import { DelimitedRowCounter } from './delimitedRowCounter.js';
import { JsonRecordCounter } from './jsonRecordCounter.js';
import { ERROR_KEY, STATUS_KEY } from './errorMarkers.js';
import { resolveResultsColumns, type ResultsColumns } from './resultsColumns.js';
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
