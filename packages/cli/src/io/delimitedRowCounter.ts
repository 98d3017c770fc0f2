import { InputError } from '@passk/sim/errors';
import { STRAY_QUOTE_RULE, afterQuoteRule, firstCharacter } from './csvRecord.js';
import { FAIL_HINT, MISSING_HINT, type DroppedRows } from './droppedRows.js';
import { isErrorStatus, isErrorText } from './errorMarkers.js';
import type { ResultsColumns } from './resultsColumns.js';
import { REWARD_RULE, SUCCESS_RULE, successFromRewardText, successFromText } from './successValue.js';
import type { TaskCountsBuilder } from './taskCountsBuilder.js';
import { TrialStop, type TrialCheck } from './trialCheck.js';
import type { TrialIds } from './trialIds.js';
import { TRIAL_RULE, trialFromBytes } from './trialValue.js';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const ZERO = 0x30;
const ONE = 0x31;
const NINE = 0x39;

/** Everything a `DelimitedRowCounter` needs besides the bytes. */
export interface DelimitedRowSetup {
  /** The file as named by the user, for errors. */
  file: string;
  separator: number;
  header: readonly string[];
  columns: ResultsColumns;
  threshold: number;
  counts: TaskCountsBuilder;
  dropped: DroppedRows;
  /** Checks (task, trial) pairs when `columns.trial` is set. */
  trials: TrialCheck;
  /** Numbers text trial ids (`run-a`) per task; absent in a worker, which hands a file with text ids back (TrialStop). */
  trialIds?: TrialIds;
  /** 1-based line number of the first row scanned. */
  firstLine: number;
}

/** True when `buf[a, a + length)` equals `buf[b, b + length)`; compared from the end, where ids like task-123 and task-124 differ. */
function sameBytes(buf: Buffer, a: number, b: number, length: number): boolean {
  for (let j = length - 1; j >= 0; j--) if (buf[a + j] !== buf[b + j]) return false;
  return true;
}

/**
 * True when the row at `p` starts with the task bytes `buf[previousStart, previousStart + length)`
 * followed by the separator (a lean loop's repeated task); compared four bytes at a time from the
 * end (`words` views `buf`), where ids like task-123 and task-124 differ.
 */
function repeatsTask(buf: Buffer, words: DataView, p: number, end: number, previousStart: number, length: number, separator: number): boolean {
  const after = p + length;
  if (after >= end || buf[after] !== separator) return false;
  let j = length - 1;
  while (j >= 3 && words.getInt32(p + j - 3) === words.getInt32(previousStart + j - 3)) j -= 4;
  while (j >= 0 && buf[p + j] === buf[previousStart + j]) j--;
  return j < 0;
}

/** The offset of the line feed ending a row whose last field, at `q`, is exactly "0" or "1" (then LF or CR LF before `end`); else -1. */
function outcomeLineEnd(buf: Buffer, q: number, end: number): number {
  if (q + 1 >= end) return -1;
  const value = buf[q];
  if (value !== ONE && value !== ZERO) return -1;
  let lf = q + 1;
  if (buf[lf] === CR) lf++;
  return lf < end && buf[lf] === LF ? lf : -1;
}

/** A field's text; `doubled`: it was quoted and holds "" pairs, each standing for one quote. */
function fieldText(buf: Buffer, start: number, end: number, doubled: boolean): string {
  const text = buf.toString('utf8', start, end);
  return doubled ? text.replaceAll('""', '"') : text;
}

/**
 * Counts the data rows of one delimited file, chunk by chunk. `scan` is the hot loop: it reads each
 * line's bytes once, noting where the task and outcome fields start and end, and counts the row
 * straight from the buffer (no string and no object per row; a success of exactly "0" or "1" is
 * read from its byte). Quoted fields (RFC 4180: "…", "" for a quote, line breaks allowed) are
 * handled in the same pass; only a field with a doubled quote inside is turned into a string.
 * Blank lines are skipped. When the file has a trial, `error` or `status` column, the bounds of every
 * field are noted too and rows are finished by `countWithExtras` (only then: the plain task +
 * outcome file keeps the lean loop).
 * Kept synchronous and apart from the async read loop so that V8 optimises it well.
 */
export class DelimitedRowCounter {
  /** 1-based number of the line `scan` starts at next. */
  line: number;
  private readonly file: string;
  private readonly separator: number;
  private readonly counts: TaskCountsBuilder;
  private readonly dropped: DroppedRows;
  private readonly trials: TrialCheck;
  private readonly trialIds: TrialIds | undefined;
  private readonly columns: ResultsColumns;
  private readonly threshold: number;
  private readonly width: number;
  private readonly taskField: number;
  private readonly valueField: number;
  private readonly valueColumn: string;
  private readonly byReward: boolean;
  private readonly trialField: number;
  private readonly errorField: number;
  private readonly statusField: number;
  /** True when the row needs a trial, `error` or `status` field: the bounds of every field are noted. */
  private readonly extras: boolean;
  /** True when the row needs the `error` or `status` field. */
  private readonly markers: boolean;
  /** With `extras`: per field of the current row, its content's bounds and whether it holds "" pairs. */
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  private readonly doubled: Uint8Array;
  /** With `extras`: the previous counted row's task bytes in the current `scan`'s buffer, and its index. */
  private previousStart = -1;
  private previousLength = -1;
  private previousTask = -1;
  /** Set by `closingQuote`: the quoted field holds a doubled quote; the line feeds inside it. */
  private doubledQuote = false;
  private quotedLines = 0;
  /** Set by `countRepeats`: the rows it counted. */
  private repeats = 0;
  /** Bytes above this are none of separator, LF, CR or quote. */
  private readonly special: number;

  constructor(setup: DelimitedRowSetup) {
    const { header, columns } = setup;
    this.file = setup.file;
    this.separator = setup.separator;
    this.counts = setup.counts;
    this.dropped = setup.dropped;
    this.trials = setup.trials;
    this.trialIds = setup.trialIds;
    this.columns = columns;
    this.threshold = setup.threshold;
    this.line = setup.firstLine;
    this.width = header.length;
    this.special = Math.max(this.separator, LF, CR, QUOTE);
    this.taskField = header.indexOf(columns.task);
    this.byReward = columns.reward !== undefined;
    this.valueColumn = (this.byReward ? columns.reward : columns.success) as string;
    this.valueField = header.indexOf(this.valueColumn);
    this.trialField = columns.trial === undefined ? -1 : header.indexOf(columns.trial);
    this.errorField = columns.error === undefined ? -1 : header.indexOf(columns.error);
    this.statusField = columns.status === undefined ? -1 : header.indexOf(columns.status);
    this.markers = this.errorField >= 0 || this.statusField >= 0;
    this.extras = this.markers || this.trialField >= 0;
    const fields = this.extras ? this.width : 0;
    this.starts = new Int32Array(fields);
    this.ends = new Int32Array(fields);
    this.doubled = new Uint8Array(fields);
  }

  /**
   * Counts the complete rows in `buf[pos, windowEnd)` (all of them when `eof`) and returns the
   * offset of the first byte not consumed: the start of a row that continues past `windowEnd`.
   * Unless `eof`, only the rows up to the last line feed are read: the loops then rarely meet a row
   * cut by the end of the window (only a quoted field with a line break can be), so V8's optimised
   * code does not meet, at each window's end, paths it has not seen yet (each a deoptimisation, then
   * a recompilation).
   */
  scan(buf: Buffer, pos: number, windowEnd: number, eof: boolean): number {
    if (windowEnd <= pos) return pos;
    const end = eof ? windowEnd : buf.lastIndexOf(LF, windowEnd - 1) + 1;
    if (end <= pos) return pos;
    const separator = this.separator;
    const taskField = this.taskField;
    const valueField = this.valueField;
    const width = this.width;
    const byReward = this.byReward;
    const counts = this.counts;
    const extras = this.extras;
    const starts = this.starts;
    const ends = this.ends;
    const doubledFields = this.doubled;
    // The previous row's task: its bytes in `buf` and its index. Most files list a task's attempts
    // together, so a row usually repeats it: compared byte for byte (from the end, where ids like
    // task-123 and task-124 differ), a match skips the hash lookup. With the task in field 0 the
    // comparison also replaces the scan of those bytes.
    const skipTask = taskField === 0 && valueField !== 0;
    // The usual layout: task first, a "0"/"1" outcome last, no trial/error/status column. Rows
    // that repeat the previous task and whose other fields are plain are then counted by
    // `countRepeats`, a small loop without the general field bookkeeping.
    const leanLayout = skipTask && !extras && !byReward && valueField === width - 1;
    // The same with a trial column between the task and the outcome (no error/status column):
    // `countRepeats` reads plain digit trials on the way and checks each (task, trial); the previous
    // task is then the one `countWithExtras` noted.
    const leanTrials = skipTask && extras && !this.markers && !byReward && this.trialField > 0 && this.trialField < valueField && valueField === width - 1;
    const special = this.special;
    const words = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    let previousStart = -1;
    let previousLength = -1;
    let previousTask = -1;
    this.previousLength = -1;
    let line = this.line;
    let p = pos;
    rows: while (p < end) {
      if (leanLayout && previousLength > 0) {
        const next = this.countRepeats(buf, words, p, end, previousStart, previousLength, previousTask, line);
        if (next !== p) {
          line += this.repeats;
          p = next;
          if (p >= end) break;
        }
      } else if (leanTrials && this.previousLength > 0) {
        const next = this.countRepeats(buf, words, p, end, this.previousStart, this.previousLength, this.previousTask, line);
        if (next !== p) {
          line += this.repeats;
          p = next;
          if (p >= end) break;
        }
      }
      let field = 0;
      let fieldStart = p;
      let taskStart = -1;
      let taskEnd = -1;
      let valueStart = -1;
      let valueEnd = -1;
      let i = p;
      let task = -1;
      if (skipTask && previousLength > 0 && p + previousLength < end && buf[p + previousLength] === separator) {
        // Four bytes at a time from the end, then byte by byte (where a word differed, or the rest).
        let j = previousLength - 1;
        while (j >= 3 && words.getInt32(p + j - 3) === words.getInt32(previousStart + j - 3)) j -= 4;
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
        // Most bytes are none of separator, LF, CR or quote, and all of those are below `special`.
        if (b > special) continue;
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
          if (extras && field < width) {
            if (quotedStart < 0) {
              starts[field] = fieldStart;
              ends[field] = i;
              doubledFields[field] = 0;
            } else {
              starts[field] = quotedStart;
              ends[field] = quotedEnd;
              doubledFields[field] = this.doubledQuote ? 1 : 0;
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
        if (extras && field < width) {
          starts[field] = quotedStart;
          ends[field] = quotedEnd;
          doubledFields[field] = this.doubledQuote ? 1 : 0;
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
        if (extras && field < width) {
          starts[field] = fieldStart;
          ends[field] = lineEnd;
          doubledFields[field] = 0;
        }
      }
      if (field + 1 !== width) {
        if (!(field === 0 && lineEnd === p)) throw this.wrongWidth(field + 1, line);
      } else {
        const length = taskEnd - taskStart;
        if (length === 0) throw this.missingTask(line);
        if (extras) {
          this.countWithExtras(buf, taskStart, taskEnd, taskDoubled, valueStart, valueEnd, valueDoubled, line);
        } else {
          let value: number;
          const first = buf[valueStart];
          if (!byReward && valueEnd - valueStart === 1 && (first === ONE || first === ZERO)) value = first - ZERO;
          else value = this.value(buf, valueStart, valueEnd, valueDoubled, line);
          if (value < 0) {
            // A dropped row: its task keeps its place in the order of first appearance.
            this.touch(buf, taskStart, taskEnd, taskDoubled);
          } else if (taskDoubled) {
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
      }
      line += 1 + extraLines;
      p = i + 1;
    }
    this.line = line;
    return p < end ? p : end;
  }

  /**
   * The lean path of `scan`: counts the rows from `p` on that repeat the task `buf[previousStart,
   * previousStart + length)` (index `task`) and are plain — the task bytes then the separator, plain
   * fields (no quote, CR, line feed or other byte ≤ `special` but the separator ending each), with a
   * trial column a trial of plain digits (1 to 15 of them: no `.0`, quote or sign, which
   * `countWithExtras` reads), an outcome of exactly "0" or "1", LF or CR LF — and stops at the first
   * other row (or one not complete before `end`), which `scan` reads in full. The (task, trial)
   * pairs are marked a stretch of consecutive trials at a time, before it returns; a repeated pair
   * throws `TrialStop` at its line (`line` is the line at `p`), the counts then partial (a read
   * that stops so is not used). Returns where it stopped; `repeats` = the rows counted.
   *
   * Word at a time where it can (a byte loop costs a few ns per byte in V8, four bytes read as one
   * 32-bit word about the same as one byte): when the previous task and its separator, `size` bytes,
   * are at least 4, a row's first `size` bytes are compared as the words at offsets 0, 4, 8 and
   * size − 4 (overlapping when shorter than 16 bytes; the words between compared in a loop when
   * longer), read once from the previous row. In the layout task,trial,outcome the bytes after the
   * task are read as one word too and matched against `D,V\n` and `DD,V` + `\n` (trials 0–99);
   * any other row end (more digits, CR LF, the end of the window near) goes through the byte loop.
   */
  private countRepeats(buf: Buffer, words: DataView, p: number, end: number, previousStart: number, length: number, task: number, line: number): number {
    const separator = this.separator;
    const valueField = this.valueField;
    const trialField = this.trialField;
    const special = this.special;
    const size = length + 1;
    // The previous row's task may have been quoted (then a quote follows it): compared byte by byte.
    const byWords = size >= 4 && buf[previousStart + length] === separator;
    const last = size - 4;
    const second = Math.min(4, last);
    const third = Math.min(8, last);
    const w0 = byWords ? words.getInt32(previousStart, true) : 0;
    const w1 = byWords ? words.getInt32(previousStart + second, true) : 0;
    const w2 = byWords ? words.getInt32(previousStart + third, true) : 0;
    const w3 = byWords ? words.getInt32(previousStart + last, true) : 0;
    const trialWord = trialField === 1 && valueField === 2;
    const oneDigitTail = (LF << 24) | (ZERO << 16) | (separator << 8);
    const twoDigitTail = (ZERO << 24) | (separator << 16);
    let rows = 0;
    let successes = 0;
    // The rows' trials as stretches of consecutive numbers (0, 1, 2, …, the usual order), each
    // checked when it ends (`markStretch`): no call per row.
    let stretchFirst = -1;
    let stretchLine = line;
    let nextTrial = -1;
    row: for (;;) {
      let q = p + size;
      if (byWords) {
        if (q > end) break;
        if (words.getInt32(p + last, true) !== w3 || words.getInt32(p, true) !== w0 || words.getInt32(p + second, true) !== w1) break;
        if (words.getInt32(p + third, true) !== w2) break;
        if (size > 16) {
          let at = 12;
          while (at < last && words.getInt32(p + at, true) === words.getInt32(previousStart + at, true)) at += 4;
          if (at < last) break;
        }
      } else if (!repeatsTask(buf, words, p, end, previousStart, length, separator)) {
        break;
      }
      let trial = 0;
      let value = -1;
      let lf = -1;
      if (trialWord && q + 4 <= end) {
        // The four bytes after the task (little-endian: the first in the low byte): "D,V\n" or "DD,V"
        // then "\n", V being "0" or "1" (the masks clear the bit in which they differ).
        const word = words.getInt32(q, true);
        const d0 = (word & 0xff) - ZERO;
        if (d0 >= 0 && d0 <= 9) {
          if ((word & 0xfffeff00) === oneDigitTail) {
            trial = d0;
            value = (word >>> 16) & 0xff;
            lf = q + 3;
          } else if ((word & 0xfeff0000) === twoDigitTail) {
            const d1 = ((word >>> 8) & 0xff) - ZERO;
            if (d1 >= 0 && d1 <= 9 && q + 4 < end && buf[q + 4] === LF) {
              trial = 10 * d0 + d1;
              value = word >>> 24;
              lf = q + 4;
            }
          }
        }
      }
      if (lf < 0) {
        // Fields 1..valueField − 1, each ended by the separator; the trial field's digits read on the way.
        for (let field = 1; field < valueField; field++) {
          const start = q;
          if (field === trialField) {
            for (; q < end; q++) {
              const b = buf[q];
              if (b < ZERO || b > NINE) break;
              trial = trial * 10 + (b - ZERO);
            }
            if (q === start || q - start > 15) break row;
          } else {
            for (; q < end; q++) if (buf[q] <= special) break;
          }
          if (q >= end || buf[q] !== separator) break row;
          q++;
        }
        lf = outcomeLineEnd(buf, q, end);
        if (lf < 0) break;
        value = buf[q];
      }
      if (trialField >= 0) {
        if (trial !== nextTrial) {
          if (stretchFirst >= 0) this.markStretch(task, stretchFirst, nextTrial - 1, stretchLine, rows, successes);
          stretchFirst = trial;
          stretchLine = line + rows;
        }
        nextTrial = trial + 1;
      }
      successes += value - ZERO;
      rows++;
      p = lf + 1;
    }
    if (stretchFirst >= 0) this.markStretch(task, stretchFirst, nextTrial - 1, stretchLine, rows, successes);
    this.finishRun(task, rows, successes);
    return p;
  }

  /**
   * Checks a stretch of the run's rows with the consecutive trials first..last (`markRange`), the
   * first at line `firstLine`; a repeated pair throws `TrialStop` at its own line, as `mark` per row
   * would, after adding the run's `rows` and `successes` so far (`finishRun`).
   */
  private markStretch(task: number, first: number, last: number, firstLine: number, rows: number, successes: number): void {
    const repeat = this.trials.markRange(task, first, last);
    if (repeat < 0) return;
    this.finishRun(task, rows, successes);
    throw new TrialStop(task, repeat, firstLine + (repeat - first), -1);
  }

  private finishRun(task: number, rows: number, successes: number): void {
    if (rows > 0) this.counts.addRun(task, rows, successes);
    this.repeats = rows;
  }

  /** Notes the task of a dropped row, so that it keeps its place in the order of first appearance. */
  private touch(buf: Buffer, start: number, end: number, doubled: boolean): void {
    if (doubled) this.counts.touchId(fieldText(buf, start, end, true));
    else this.counts.touch(buf, start, end);
  }

  /**
   * A complete row of a file with a trial, `error` or `status` column: error markers, outcome, trial,
   * then the count. Like `scan`, it reads a "0"/"1" outcome from its byte and reuses the previous
   * row's task when the bytes match (`previous*`, valid within one `scan` call).
   */
  private countWithExtras(
    buf: Buffer,
    taskStart: number,
    taskEnd: number,
    taskDoubled: boolean,
    valueStart: number,
    valueEnd: number,
    valueDoubled: boolean,
    line: number,
  ): void {
    let value: number;
    if (this.markers && this.isErrorRow(buf, line)) {
      value = -1;
    } else {
      const first = buf[valueStart];
      if (!this.byReward && valueEnd - valueStart === 1 && (first === ONE || first === ZERO)) value = first - ZERO;
      else value = this.value(buf, valueStart, valueEnd, valueDoubled, line);
    }
    if (value < 0) {
      this.touch(buf, taskStart, taskEnd, taskDoubled);
      return;
    }
    // The trial is read before counting, so that a bad one leaves the counts alone.
    let trial = -1;
    let textTrial: string | undefined;
    const trialField = this.trialField;
    if (trialField >= 0) {
      const start = this.starts[trialField];
      const end = this.ends[trialField];
      const doubled = this.doubled[trialField] === 1;
      trial = doubled ? -1 : trialFromBytes(buf, start, end);
      if (trial < 0) {
        if (end === start) throw this.missingTrial(line);
        textTrial = fieldText(buf, start, end, doubled);
        // A number that is not a trial number (1.5, -1) is a mistake, not a text id.
        if (Number.isFinite(Number(textTrial)))
          throw new InputError(`${this.file}:${line}`, `column ${JSON.stringify(this.columns.trial)} ${TRIAL_RULE} or a text id`, textTrial);
      }
    }
    let task: number;
    const length = taskEnd - taskStart;
    if (taskDoubled) {
      task = this.counts.addId(fieldText(buf, taskStart, taskEnd, true), value);
    } else if (length === this.previousLength && sameBytes(buf, taskStart, this.previousStart, length)) {
      task = this.previousTask;
      this.counts.addTo(task, value);
    } else {
      task = this.previousTask = this.counts.add(buf, taskStart, taskEnd, value);
      this.previousLength = length;
    }
    if (!taskDoubled) this.previousStart = taskStart;
    // A text id is numbered per task (-1: over --max-trial-memory, or in a worker, which has no numbering).
    if (textTrial !== undefined) trial = this.trialIds === undefined ? -1 : this.trialIds.of(task, textTrial);
    if (trialField >= 0 && (trial < 0 || !this.trials.mark(task, trial))) throw new TrialStop(task, trial, line, -1);
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

  /** The outcome (1 or 0) of a value other than the bytes "0"/"1"; -1 for a dropped empty value. */
  private value(buf: Buffer, start: number, end: number, doubled: boolean, line: number): number {
    const text = fieldText(buf, start, end, doubled);
    const where = `${this.file}:${line}`;
    if (text === '') {
      const policy = this.dropped.onMissing();
      if (policy === 'fail') return 0;
      if (policy === 'drop') return -1;
      throw new InputError(where, `column ${JSON.stringify(this.valueColumn)} must have a value (${MISSING_HINT})`);
    }
    const value = this.byReward ? successFromRewardText(text, this.threshold) : successFromText(text);
    if (value < 0) {
      throw new InputError(where, `column ${JSON.stringify(this.valueColumn)} ${this.byReward ? REWARD_RULE : SUCCESS_RULE}`, text);
    }
    return value;
  }

  /** True (and the row counted as dropped, or an error under `fail`) when the `error` or `status` field marks an error. */
  private isErrorRow(buf: Buffer, line: number): boolean {
    let column: string | undefined;
    let text = '';
    const errorField = this.errorField;
    if (errorField >= 0 && this.ends[errorField] > this.starts[errorField]) {
      text = fieldText(buf, this.starts[errorField], this.ends[errorField], this.doubled[errorField] === 1);
      if (isErrorText(text)) column = this.columns.error;
    }
    const statusField = this.statusField;
    if (column === undefined && statusField >= 0 && this.ends[statusField] > this.starts[statusField]) {
      text = fieldText(buf, this.starts[statusField], this.ends[statusField], this.doubled[statusField] === 1);
      if (isErrorStatus(text)) column = this.columns.status;
    }
    if (column === undefined) return false;
    if (this.dropped.drop('error')) return true;
    throw new InputError(
      `${this.file}:${line}`,
      `column ${JSON.stringify(column)} marks the row as an error or infrastructure failure (${FAIL_HINT})`,
      text.length > 60 ? `${text.slice(0, 59)}…` : text,
    );
  }

  /** The error for an empty trial field (any other value is a trial number or a text id). */
  private missingTrial(line: number): InputError {
    return new InputError(`${this.file}:${line}`, `column ${JSON.stringify(this.columns.trial)} must have a value`);
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
