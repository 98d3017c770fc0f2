import { refuseDuplicateKeys } from './jsonDuplicateKeys.js';
import { InputError } from '@passk/sim/errors';
import { firstCharacter } from './csvRecord.js';
import type { FileWindow } from './fileWindow.js';
import { rowWhere } from './rowWhere.js';

/** One top-level element of a JSON array: the parsed object, its first line and its 1-based index. */
export interface JsonArrayRecord {
  value: Record<string, unknown>;
  line: number;
  index: number;
}

const LF = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MAX_SHOWN = 60;

// Where the tokenizer is between bytes.
const BEFORE_ARRAY = 0;
/** After `[`: a record or `]`. */
const FIRST_RECORD = 1;
/** After `,`: a record. */
const NEXT_RECORD = 2;
const IN_RECORD = 3;
const AFTER_RECORD = 4;
const AFTER_ARRAY = 5;

function isBlank(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

function shorten(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > MAX_SHOWN ? `${trimmed.slice(0, MAX_SHOWN - 1)}…` : trimmed;
}

/** The text of a non-object element starting at `at`, up to the line end (a trailing comma cut), for errors. */
function elementText(buf: Buffer, at: number, end: number): string {
  let i = at;
  while (i < end && buf[i] !== LF) i++;
  return shorten(buf.toString('utf8', at, i).trimEnd().replace(/,$/, ''));
}

/**
 * Streams the top-level objects of a file holding one JSON array (`[ {…}, {…} ]`, pretty-printed
 * or not), one object at a time, without holding the file: a small tokenizer tracks strings,
 * escapes and nesting to find where each object ends, then `JSON.parse` reads that object's text
 * alone. Memory stays at a few read chunks plus the longest object. Throws InputError with where =
 * `file:line` for a file that is not one array (the line of the offending byte) and `file:line
 * (record i)` for a bad record (its first line): not an object, not valid JSON, cut off by the end
 * of the file.
 */
export async function* readJsonArray(window: FileWindow, start: number): AsyncGenerator<JsonArrayRecord> {
  const file = window.file;
  let state: number = BEFORE_ARRAY;
  let line = 1;
  let index = 0;
  // The record being read: its start in the window, first line, nesting depth and string state.
  let recordStart = -1;
  let recordLine = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let pos = start;

  for (;;) {
    const buf = window.buf;
    const end = window.end;
    for (let i = pos; i < end; i++) {
      const b = buf[i];
      if (state === IN_RECORD) {
        if (b === LF) line++;
        if (inString) {
          if (escaped) escaped = false;
          else if (b === BACKSLASH) escaped = true;
          else if (b === QUOTE) inString = false;
        } else if (b === QUOTE) {
          inString = true;
        } else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
          depth++;
        } else if ((b === CLOSE_BRACE || b === CLOSE_BRACKET) && --depth === 0) {
          const text = buf.toString('utf8', recordStart, i + 1);
          let value: unknown;
          try {
            value = JSON.parse(text);
          } catch {
            throw new InputError(rowWhere(file, recordLine, index), 'record must be valid JSON', shorten(text));
          }
          refuseDuplicateKeys(text, value, (at) => `${file}:${recordLine + at - 1}`, 'the record');
          recordStart = -1;
          state = AFTER_RECORD;
          yield { value: value as Record<string, unknown>, line: recordLine, index };
        }
        continue;
      }
      if (b === LF) {
        line++;
        continue;
      }
      if (isBlank(b)) continue;
      switch (state) {
        case BEFORE_ARRAY:
          if (b !== OPEN_BRACKET) {
            throw new InputError(`${file}:${line}`, 'must be a JSON array of records ([{…}, …])', firstCharacter(buf, i, end));
          }
          state = FIRST_RECORD;
          break;
        case FIRST_RECORD:
        case NEXT_RECORD:
          if (b === CLOSE_BRACKET && state === FIRST_RECORD) {
            state = AFTER_ARRAY;
            break;
          }
          index++;
          if (b !== OPEN_BRACE) {
            if (b === CLOSE_BRACKET) throw new InputError(`${file}:${line}`, 'JSON array must not end with a comma', ',]');
            throw new InputError(rowWhere(file, line, index), 'record must be a JSON object', elementText(buf, i, end));
          }
          state = IN_RECORD;
          recordStart = i;
          recordLine = line;
          depth = 1;
          inString = false;
          escaped = false;
          break;
        case AFTER_RECORD:
          if (b === COMMA) state = NEXT_RECORD;
          else if (b === CLOSE_BRACKET) state = AFTER_ARRAY;
          else throw new InputError(`${file}:${line}`, `records must be separated by "," (after record ${index})`, firstCharacter(buf, i, end));
          break;
        case AFTER_ARRAY:
          throw new InputError(`${file}:${line}`, 'must end after the array\'s closing "]"', firstCharacter(buf, i, end));
      }
    }
    if (window.eof) break;
    // Keep the record being read (if any); everything before it is done.
    const keep = recordStart >= 0 ? recordStart : end;
    if (recordStart >= 0) recordStart = 0;
    pos = end - keep;
    await window.refill(keep);
  }
  switch (state) {
    case AFTER_ARRAY:
      return;
    case BEFORE_ARRAY:
      throw new InputError(file, 'must be a JSON array of records ([{…}, …]), got an empty file');
    case IN_RECORD:
      throw new InputError(rowWhere(file, recordLine, index), 'record must end with "}" before the end of the file (truncated?)');
    default:
      throw new InputError(`${file}:${line}`, `JSON array must end with "]" before the end of the file (truncated after record ${index}?)`);
  }
}
