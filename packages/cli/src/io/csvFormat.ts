import { InputError } from '@passk/sim';
import { STRAY_QUOTE_RULE, afterQuoteRule, firstCharacter, parseCsvRecord, type CsvRecord } from './csvRecord.js';
import { resolveResultsColumns, type ResultsColumns } from './resultsColumns.js';
import type { ResultsFormat, ResultsFormatContext } from './resultsFormat.js';
import { REWARD_RULE, SUCCESS_RULE, successFromRewardText, successFromText } from './successValue.js';
import type { TaskCountsBuilder } from './taskCountsBuilder.js';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const COMMA = 0x2c;
const TAB = 0x09;
const ZERO = 0x30;
const ONE = 0x31;

/**
 * Counts the data rows of one delimited file, chunk by chunk. `scan` is the hot loop: it reads each
 * line's bytes once, noting where the task and outcome fields start and end, and counts the row
 * straight from the buffer (no string and no object per row; a success of exactly "0" or "1" is
 * read from its byte). Quoted fields (RFC 4180: "…", "" for a quote, line breaks allowed) are
 * handled in the same pass; only a field with a doubled quote inside is turned into a string.
 * Blank lines are skipped. Kept synchronous and apart from the async read loop so that V8
 * optimises it well.
 */
class DelimitedRowCounter {
  /** 1-based number of the line `scan` starts at next. */
  line: number;
  private readonly width: number;
  private readonly taskField: number;
  private readonly valueField: number;
  private readonly valueColumn: string;
  private readonly byReward: boolean;
  /** Set by `closingQuote`: the quoted field holds a doubled quote; the line feeds inside it. */
  private doubledQuote = false;
  private quotedLines = 0;

  constructor(
    private readonly file: string,
    private readonly separator: number,
    header: readonly string[],
    private readonly columns: ResultsColumns,
    private readonly threshold: number,
    private readonly counts: TaskCountsBuilder,
    firstLine: number,
  ) {
    this.line = firstLine;
    this.width = header.length;
    this.taskField = header.indexOf(columns.task);
    this.byReward = columns.reward !== undefined;
    this.valueColumn = (this.byReward ? columns.reward : columns.success) as string;
    this.valueField = header.indexOf(this.valueColumn);
  }

  /**
   * Counts the complete rows in `buf[pos, end)` (all of them when `eof`) and returns the offset of
   * the first byte not consumed: the start of a row that continues past `end`.
   */
  scan(buf: Buffer, pos: number, end: number, eof: boolean): number {
    const separator = this.separator;
    const taskField = this.taskField;
    const valueField = this.valueField;
    const width = this.width;
    const byReward = this.byReward;
    const counts = this.counts;
    // The previous row's task: its bytes in `buf` and its index. Most files list a task's attempts
    // together, so a row usually repeats it: compared byte for byte (from the end, where ids like
    // task-123 and task-124 differ), a match skips the hash lookup. With the task in field 0 the
    // comparison also replaces the scan of those bytes.
    const skipTask = taskField === 0 && valueField !== 0;
    let previousStart = -1;
    let previousLength = -1;
    let previousTask = -1;
    let line = this.line;
    let p = pos;
    rows: while (p < end) {
      let field = 0;
      let fieldStart = p;
      let taskStart = -1;
      let taskEnd = -1;
      let valueStart = -1;
      let valueEnd = -1;
      let i = p;
      let task = -1;
      if (skipTask && previousLength > 0 && p + previousLength < end && buf[p + previousLength] === separator) {
        let j = previousLength - 1;
        while (j >= 0 && buf[p + j] === buf[previousStart + j]) j--;
        if (j < 0) {
          task = previousTask;
          taskStart = p;
          taskEnd = p + previousLength;
          field = 1;
          i = fieldStart = taskEnd + 1;
        }
      }
      // The current field's content when it is quoted (-1: unquoted), and the row's quoting facts.
      let quotedStart = -1;
      let quotedEnd = -1;
      let taskDoubled = false;
      let valueDoubled = false;
      let extraLines = 0;
      for (; i < end; i++) {
        const b = buf[i];
        if (b === separator) {
          if (field === taskField) {
            if (quotedStart < 0) {
              taskStart = fieldStart;
              taskEnd = i;
            } else {
              taskStart = quotedStart;
              taskEnd = quotedEnd;
              taskDoubled = this.doubledQuote;
            }
          }
          if (field === valueField) {
            if (quotedStart < 0) {
              valueStart = fieldStart;
              valueEnd = i;
            } else {
              valueStart = quotedStart;
              valueEnd = quotedEnd;
              valueDoubled = this.doubledQuote;
            }
          }
          field++;
          fieldStart = i + 1;
          quotedStart = -1;
        } else if (b === LF) {
          break;
        } else if (b === QUOTE) {
          if (i !== fieldStart) throw this.strayQuote(buf, fieldStart, i, line);
          const close = this.closingQuote(buf, i, end, eof, line);
          if (close < 0) break rows;
          extraLines += this.quotedLines;
          quotedStart = i + 1;
          quotedEnd = close;
          // What follows the closing quote must end the field; i lands on it after i++.
          const next = close + 1;
          if (next < end) {
            const after = buf[next];
            if (after === CR) {
              if (next + 1 >= end) {
                if (!eof) break rows;
              } else if (buf[next + 1] !== LF) {
                throw this.afterQuote(buf, next, end, line);
              }
            } else if (after !== separator && after !== LF) {
              throw this.afterQuote(buf, next, end, line);
            }
          } else if (!eof) {
            break rows;
          }
          i = close;
        }
      }
      if (i === end && !eof) break;

      let lineEnd = i;
      if (quotedStart >= 0) {
        if (field === taskField) {
          taskStart = quotedStart;
          taskEnd = quotedEnd;
          taskDoubled = this.doubledQuote;
        }
        if (field === valueField) {
          valueStart = quotedStart;
          valueEnd = quotedEnd;
          valueDoubled = this.doubledQuote;
        }
      } else {
        if (lineEnd > fieldStart && buf[lineEnd - 1] === CR) lineEnd--;
        if (field === taskField) {
          taskStart = fieldStart;
          taskEnd = lineEnd;
        }
        if (field === valueField) {
          valueStart = fieldStart;
          valueEnd = lineEnd;
        }
      }
      if (field + 1 !== width) {
        if (!(field === 0 && lineEnd === p)) throw this.wrongWidth(field + 1, line);
      } else {
        const length = taskEnd - taskStart;
        if (length === 0) throw this.missingTask(line);
        let value: number;
        const first = buf[valueStart];
        if (!byReward && valueEnd - valueStart === 1 && (first === ONE || first === ZERO)) value = first - ZERO;
        else value = this.value(fieldText(buf, valueStart, valueEnd, valueDoubled), line);
        if (taskDoubled) {
          counts.addId(fieldText(buf, taskStart, taskEnd, true), value);
          previousLength = -1;
        } else {
          if (task < 0 && length === previousLength) {
            let j = length - 1;
            while (j >= 0 && buf[taskStart + j] === buf[previousStart + j]) j--;
            if (j < 0) task = previousTask;
          }
          if (task >= 0) {
            counts.addTo(task, value);
          } else {
            previousTask = counts.add(buf, taskStart, taskEnd, value);
            previousLength = length;
          }
          previousStart = taskStart;
        }
      }
      line += 1 + extraLines;
      p = i + 1;
    }
    this.line = line;
    return p < end ? p : end;
  }

  /**
   * The offset of the quote closing the field opened at `open`, or -1 when the window ends first
   * and more input may follow. Sets `doubledQuote` and `quotedLines` for the field.
   */
  private closingQuote(buf: Buffer, open: number, end: number, eof: boolean, line: number): number {
    let doubled = false;
    let lines = 0;
    let j = open + 1;
    for (;;) {
      if (j >= end) {
        if (!eof) return -1;
        throw new InputError(`${this.file}:${line}`, 'quoted field must end with a quote before the end of the file');
      }
      const c = buf[j];
      if (c === QUOTE) {
        if (j + 1 >= end && !eof) return -1;
        if (j + 1 < end && buf[j + 1] === QUOTE) {
          doubled = true;
          j += 2;
          continue;
        }
        this.doubledQuote = doubled;
        this.quotedLines = lines;
        return j;
      }
      if (c === LF) lines++;
      j++;
    }
  }

  private value(text: string, line: number): number {
    const where = `${this.file}:${line}`;
    if (text === '') throw new InputError(where, `column ${JSON.stringify(this.valueColumn)} must have a value`);
    const value = this.byReward ? successFromRewardText(text, this.threshold) : successFromText(text);
    if (value < 0) {
      throw new InputError(where, `column ${JSON.stringify(this.valueColumn)} ${this.byReward ? REWARD_RULE : SUCCESS_RULE}`, text);
    }
    return value;
  }

  private wrongWidth(found: number, line: number): InputError {
    return new InputError(`${this.file}:${line}`, `row must have ${this.width} fields like the header`, found);
  }

  private missingTask(line: number): InputError {
    return new InputError(`${this.file}:${line}`, `column ${JSON.stringify(this.columns.task)} must have a value`);
  }

  private strayQuote(buf: Buffer, fieldStart: number, quote: number, line: number): InputError {
    return new InputError(`${this.file}:${line}`, STRAY_QUOTE_RULE, buf.toString('utf8', fieldStart, quote + 1));
  }

  private afterQuote(buf: Buffer, at: number, end: number, line: number): InputError {
    return new InputError(`${this.file}:${line}`, afterQuoteRule(this.separator), firstCharacter(buf, at, end));
  }
}

/** A field's text; `doubled`: it was quoted and holds "" pairs, each standing for one quote. */
function fieldText(buf: Buffer, start: number, end: number, doubled: boolean): string {
  const text = buf.toString('utf8', start, end);
  return doubled ? text.replaceAll('""', '"') : text;
}

function isBlankRecord(record: CsvRecord): boolean {
  return record.fields.length === 1 && record.fields[0] === '';
}

/** Reads a delimited file with a header line (the first non-blank record). */
async function readDelimited(context: ResultsFormatContext, separator: number): Promise<ResultsColumns> {
  const { window, options, counts } = context;
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

  const columns = resolveResultsColumns(header.fields, options, file);
  const rows = new DelimitedRowCounter(file, separator, header.fields, columns, options.threshold, counts, line);
  for (;;) {
    pos = rows.scan(window.buf, pos, window.end, window.eof);
    if (window.eof) break;
    await window.refill(pos);
    pos = 0;
  }
  if (counts.rows === 0) throw new InputError(file, 'must contain at least one result row');
  return columns;
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
  read: (context) => readDelimited(context, COMMA),
};

/** Tab-separated values with a header line (same quoting rules as CSV). */
export const tsvFormat: ResultsFormat = {
  name: 'tsv',
  extensions: ['.tsv', '.tab'],
  sniff: (head) => {
    const header = firstLine(head);
    return header.includes(TAB) && !header.includes(COMMA);
  },
  read: (context) => readDelimited(context, TAB),
};
