import { InputError } from '@passk/sim/errors';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** One CSV record: its fields, the offset just past its line end, and the line feeds it consumed. */
export interface CsvRecord {
  fields: string[];
  next: number;
  lines: number;
}

function separatorName(separator: number): string {
  return separator === 0x09 ? 'a tab' : JSON.stringify(String.fromCharCode(separator));
}

/** The rule broken by a quote inside an unquoted field. */
export const STRAY_QUOTE_RULE = 'quote must open a field (quote the whole field and double the quotes inside it)';

/** The rule broken by text right after a closing quote. */
export function afterQuoteRule(separator: number): string {
  return `closing quote must be followed by ${separatorName(separator)} or the end of the line`;
}

/** The character starting at `bytes[at]` (for error messages). */
export function firstCharacter(bytes: Buffer, at: number, end: number): string {
  return [...bytes.toString('utf8', at, Math.min(end, at + 4))][0];
}

/**
 * Parses one CSV record from `bytes[start, end)` per RFC 4180: fields separated by `separator`,
 * a field may be quoted ("…"), a doubled quote inside one stands for a quote, quoted fields may
 * span lines; records end with LF or CRLF (a CR before the LF of an unquoted last field is dropped).
 * Returns undefined when the record may continue past `end` and `atEnd` is false (read more, then
 * call again from the same `start`). Malformed records throw InputError at `file:line`, `line`
 * being the record's first line.
 */
export function parseCsvRecord(
  bytes: Buffer,
  start: number,
  end: number,
  separator: number,
  atEnd: boolean,
  file: string,
  line: number,
): CsvRecord | undefined {
  const fields: string[] = [];
  let lines = 0;
  let i = start;
  for (;;) {
    if (i < end && bytes[i] === QUOTE) {
      let text = '';
      let from = ++i;
      for (;;) {
        if (i >= end) {
          if (!atEnd) return undefined;
          throw new InputError(`${file}:${line}`, 'quoted field must end with a quote before the end of the file');
        }
        const b = bytes[i];
        if (b === QUOTE) {
          if (i + 1 >= end && !atEnd) return undefined;
          if (i + 1 < end && bytes[i + 1] === QUOTE) {
            text += bytes.toString('utf8', from, i + 1);
            i += 2;
            from = i;
            continue;
          }
          text += bytes.toString('utf8', from, i);
          i++;
          break;
        }
        if (b === LF) lines++;
        i++;
      }
      fields.push(text);
      if (i >= end) {
        if (!atEnd) return undefined;
        return { fields, next: end, lines };
      }
      const b = bytes[i];
      if (b === separator) {
        i++;
        continue;
      }
      if (b === LF) return { fields, next: i + 1, lines: lines + 1 };
      if (b === CR) {
        if (i + 1 >= end) {
          if (!atEnd) return undefined;
          return { fields, next: end, lines };
        }
        if (bytes[i + 1] === LF) return { fields, next: i + 2, lines: lines + 1 };
      }
      throw new InputError(`${file}:${line}`, afterQuoteRule(separator), firstCharacter(bytes, i, end));
    }
    const from = i;
    while (i < end) {
      const b = bytes[i];
      if (b === separator || b === LF) break;
      if (b === QUOTE) {
        throw new InputError(`${file}:${line}`, STRAY_QUOTE_RULE, bytes.toString('utf8', from, i + 1));
      }
      i++;
    }
    if (i >= end) {
      if (!atEnd) return undefined;
      fields.push(bytes.toString('utf8', from, end > from && bytes[end - 1] === CR ? end - 1 : end));
      return { fields, next: end, lines };
    }
    if (bytes[i] === separator) {
      fields.push(bytes.toString('utf8', from, i));
      i++;
      continue;
    }
    fields.push(bytes.toString('utf8', from, i > from && bytes[i - 1] === CR ? i - 1 : i));
    return { fields, next: i + 1, lines: lines + 1 };
  }
}
