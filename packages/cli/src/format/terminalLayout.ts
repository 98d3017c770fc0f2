import { displayWidth } from './displayWidth.js';

/**
 * Text output laid out to a terminal's width: every table (as `renderTable` draws it: a header, a
 * rule of `─` runs two spaces apart that gives each column's span, then the rows) compact unless
 * `wide` (the columns in `WIDE_ONLY` left out, a value and its `CI (tasks)` in one cell), and, when
 * still wider than `width`, folded into one block per row (`header value` pairs packed into lines);
 * every other line longer than `width` wrapped at spaces, its continuation indented two columns
 * more than the line (a word longer than a line is cut). Lines that fit are left as they are.
 */
export function layoutText(text: string, width: number, wide: boolean): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const spans = i + 1 < lines.length ? ruleSpans(lines[i + 1]!) : null;
    if (spans) {
      let end = i + 2;
      while (end < lines.length && isRow(lines[end]!, spans)) end++;
      out.push(...tableLines(lines[i]!, spans, lines.slice(i + 2, end), width, wide));
      i = end - 1;
    } else out.push(...wrapLine(lines[i]!, width));
  }
  return out.join('\n');
}

/** Columns shown only with `--wide` (the compact view keeps the value and CI (tasks)). */
const WIDE_ONLY: ReadonlySet<string> = new Set(['CI (trials)', 'plug-in', 'CI (bootstrap)', 'SE', 'bound from']);

/** A column's span on its line, in terminal columns: [start, end). */
interface Span {
  readonly start: number;
  readonly end: number;
}

/** The column spans of a table's rule line (`──  ─────  ───`), or null when `line` is not one. */
function ruleSpans(line: string): Span[] | null {
  if (!/^ *─+(?: {2}─+)*$/.test(line)) return null;
  const spans: Span[] = [];
  for (const match of line.matchAll(/─+/g)) spans.push({ start: match.index, end: match.index + match[0].length });
  return spans;
}

/** Whether `line` is a row of the table with these spans: not blank, no wider, blank between columns. */
function isRow(line: string, spans: readonly Span[]): boolean {
  if (line.trim() === '' || displayWidth(line) > spans[spans.length - 1]!.end) return false;
  const cells = columnsOf(line, [{ start: 0, end: spans[0]!.start }, ...gaps(spans)]);
  return cells.every((cell) => cell.trim() === '');
}

function gaps(spans: readonly Span[]): Span[] {
  return spans.slice(1).map((span, i) => ({ start: spans[i]!.end, end: span.start }));
}

/** The text of `line` in each span (by terminal columns; a wide character belongs to the span it starts in). */
function columnsOf(line: string, spans: readonly Span[]): string[] {
  const chars = Array.from(line);
  // Every character one column wide (the usual case, and a 200 000-character name): slices by position.
  if (displayWidth(line) === chars.length) return spans.map((span) => chars.slice(span.start, span.end).join(''));
  const cells = spans.map(() => '');
  let column = 0;
  for (const char of line) {
    const index = spans.findIndex((span) => column >= span.start && column < span.end);
    if (index >= 0) cells[index] += char;
    column += displayWidth(char);
  }
  return cells;
}

function tableLines(headerLine: string, spans: readonly Span[], rowLines: readonly string[], width: number, wide: boolean): string[] {
  const indent = ' '.repeat(spans[0]!.start);
  const headers = columnsOf(headerLine, spans).map((cell) => cell.trim());
  const rows = rowLines.map((line) => columnsOf(line, spans));
  const fitsAsDrawn = displayWidth(headerLine) <= width && rowLines.every((line) => displayWidth(line) <= width);
  if (wide && fitsAsDrawn) return [headerLine, ruleOf(spans), ...rowLines];
  let columns: ColumnText[] = headers.map((header, i) => ({ header, cells: rows.map((row) => row[i]!) }));
  if (!wide) columns = compactColumns(columns);
  const table = drawTable(columns, indent);
  if (table.every((line) => displayWidth(line) <= width)) return table;
  return foldedRows(columns, indent, width);
}

function ruleOf(spans: readonly Span[]): string {
  let line = ' '.repeat(spans[0]!.start);
  spans.forEach((span, i) => {
    line += `${i === 0 ? '' : '  '}${'─'.repeat(span.end - span.start)}`;
  });
  return line;
}

interface ColumnText {
  readonly header: string;
  readonly cells: readonly string[];
}

/** The compact columns: those in WIDE_ONLY left out; a `CI (tasks)` column joined to the value before it. */
function compactColumns(columns: readonly ColumnText[]): ColumnText[] {
  const kept: ColumnText[] = [];
  for (const column of columns) {
    if (WIDE_ONLY.has(column.header)) continue;
    const value = kept[kept.length - 1];
    if (column.header === 'CI (tasks)' && value !== undefined) {
      kept[kept.length - 1] = {
        header: `${value.header} [CI (tasks)]`,
        cells: value.cells.map((cell, i) => joinCells(cell.trim(), column.cells[i]!.trim())),
      };
    } else kept.push({ header: column.header, cells: column.cells.map((cell) => cell.trim()) });
  }
  return kept;
}

/** A value and its interval in one cell; a unit both end with written once ("+3.7 [−1.3, +8.8] pt"). */
function joinCells(value: string, interval: string): string {
  if (value === '' || interval === '') return value || interval;
  const unit = / [^\d\s\]%]+$/.exec(value)?.[0];
  return unit !== undefined && interval.endsWith(unit) ? `${value.slice(0, -unit.length)} ${interval}` : `${value} ${interval}`;
}

/**
 * A table of trimmed cells: numbers (a cell that starts with a digit, sign, `[`, `≈` or `<`) right,
 * text left; in a numeric column of `value [lo, hi]` cells the brackets line up (`alignedOnBracket`).
 */
function drawTable(columns: readonly ColumnText[], indent: string): string[] {
  const right = columns.map((column) => column.cells.some(isNumeric));
  const cellsOf = columns.map((column, i) => (right[i] ? alignedOnBracket(column.cells.map((cell) => cell.trim())) : column.cells.map((cell) => cell.trim())));
  const widths = columns.map((column, i) => cellsOf[i]!.reduce((widest, cell) => Math.max(widest, displayWidth(cell)), displayWidth(column.header)));
  const rows = columns[0]?.cells.map((_, r) => cellsOf.map((cells) => cells[r]!)) ?? [];
  const line = (cells: readonly string[]) =>
    (
      indent +
      cells
        .map((cell, i) => {
          const fill = ' '.repeat(Math.max(0, widths[i]! - displayWidth(cell)));
          return right[i] ? fill + cell : cell + fill;
        })
        .join('  ')
    ).trimEnd();
  const rule = indent + widths.map((w) => '─'.repeat(w)).join('  ');
  return [line(columns.map((column) => column.header)), rule, ...rows.map(line)];
}

/**
 * Cells of one column with their `[` at the same column: the part before ` [` right-aligned, the
 * interval from `[` left-aligned after it (`  +3.7 [−1.3, +8.8] pt` over `+5.1 [−1.0, +11.7] pt`).
 * A cell without an interval keeps its value in the value part. Unchanged when no cell has one.
 */
function alignedOnBracket(cells: readonly string[]): string[] {
  const parts = cells.map((cell) => {
    const at = cell.indexOf('[');
    return at < 0 ? { value: cell, interval: '' } : { value: cell.slice(0, at).trimEnd(), interval: cell.slice(at) };
  });
  if (parts.every((part) => part.interval === '')) return [...cells];
  const valueWidth = parts.reduce((widest, part) => Math.max(widest, displayWidth(part.value)), 0);
  const intervalWidth = parts.reduce((widest, part) => Math.max(widest, displayWidth(part.interval)), 0);
  return parts.map(({ value, interval }) => {
    const head = ' '.repeat(valueWidth - displayWidth(value)) + value;
    if (interval === '') return `${head}${' '.repeat(intervalWidth + (valueWidth > 0 ? 1 : 0))}`;
    return `${head}${valueWidth > 0 ? ' ' : ''}${interval}${' '.repeat(intervalWidth - displayWidth(interval))}`;
  });
}

/** Whether a cell holds a number (starts with a digit, a sign, `[`, `≈`, `<` or `>`): such columns are right-aligned. */
function isNumeric(cell: string): boolean {
  return /^[-+−±≈<>≤≥[\d.$]/.test(cell.trim());
}

/**
 * One block per row: its leading cell (and the second too when the first is a short key such as
 * `k` and the second text) as the block's first line, then `header value` pairs two spaces apart,
 * packed into lines of `width`. A blank key is the row above's (`k 2` for the `pass^k` row under
 * `k 2  pass@k`), except in a row whose second key appears under one key only while the table has
 * several (compare's `mean success`, which is not at a k): that row has no first key.
 */
function foldedRows(columns: readonly ColumnText[], indent: string, width: number): string[] {
  const keyCount = columns.length > 2 && displayWidth(columns[0]!.header) <= 2 && !columns[1]!.cells.some(isNumeric) ? 2 : 1;
  const keyless = keyCount === 2 ? rowsWithoutKey(columns[0]!.cells, columns[1]!.cells) : new Set<number>();
  const carried: string[] = [];
  const out: string[] = [];
  (columns[0]?.cells ?? []).forEach((_, r) => {
    const keys = columns.slice(0, keyCount).flatMap((column, c) => {
      const cell = column.cells[r]!.trim();
      if (cell !== '') carried[c] = cell;
      if (c === 0 && cell === '' && keyless.has(r)) return [];
      return [`${column.header === '' ? '' : `${column.header} `}${carried[c] ?? ''}`.trim()];
    });
    out.push(...wrapLine(indent + keys.join(', '), width));
    const pairs = columns
      .slice(keyCount)
      .filter((column) => column.cells[r]!.trim() !== '')
      .map((column) => `${column.header}${column.header === '' ? '' : ' '}${column.cells[r]!.trim()}`);
    out.push(...packed(pairs, `${indent}  `, width));
  });
  return out;
}

/** Rows with a blank first key whose second key occurs under one first key only, in a table of several first keys. */
function rowsWithoutKey(firstKeys: readonly string[], secondKeys: readonly string[]): Set<number> {
  const groupsOf = new Map<string, Set<number>>();
  let group = -1;
  firstKeys.forEach((key, r) => {
    if (key.trim() !== '' || group < 0) group++;
    const second = secondKeys[r]!.trim();
    groupsOf.set(second, (groupsOf.get(second) ?? new Set()).add(group));
  });
  const rows = new Set<number>();
  if (group < 1) return rows;
  firstKeys.forEach((key, r) => {
    if (key.trim() === '' && groupsOf.get(secondKeys[r]!.trim())!.size === 1) rows.add(r);
  });
  return rows;
}

/** `items` joined two spaces apart into lines of at most `width` (an item too long for a line wrapped on its own). */
function packed(items: readonly string[], indent: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const next = line === '' ? indent + item : `${line}  ${item}`;
    if (displayWidth(next) <= width) line = next;
    else {
      if (line !== '') lines.push(line);
      line = indent + item;
      if (displayWidth(line) > width) {
        lines.push(...wrapLine(line, width));
        line = '';
      }
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * One line wrapped at spaces to `width` terminal columns: continuation lines indented two columns
 * more than the line's own indent; a number and its unit, and a short comparison, are one word
 * (`unbreakable`: "95 %", "+7.5 pt", "k = 8"); a word longer than a line is cut at the width.
 * Example: wrapLine('answer: B is better than A at pass^4', 20) → ['answer: B is better', '  than A at pass^4'].
 */
export function wrapLine(line: string, width: number): string[] {
  if (displayWidth(line) <= width) return [line];
  // A continuation line that starts with `:` would be a GitHub Actions workflow command (`::error::…`) in a
  // CI log: written `\x3a`, as terminalText writes a leading colon of data.
  return wrappedLines(line, width).map((piece, i) => (i > 0 && /^\s*:/.test(piece) ? piece.replace(':', '\\x3a') : piece));
}

function wrappedLines(line: string, width: number): string[] {
  const indent = /^ */.exec(line)![0];
  const hanging = indent.length + 2 < width / 2 ? `${indent}  ` : indent;
  const lines: string[] = [];
  // Widths kept as the line grows, so a long line (a list of ids) is wrapped in one pass.
  let current = indent;
  let used = indent.length;
  let empty = true;
  const newLine = () => {
    lines.push(current);
    current = hanging;
    used = hanging.length;
    empty = true;
  };
  for (const word of unbreakable(line.slice(indent.length).split(' '))) {
    const size = displayWidth(word);
    if (used + size + (empty ? 0 : 1) <= width) {
      current += empty ? word : ` ${word}`;
      used += size + (empty ? 0 : 1);
      empty = false;
      continue;
    }
    if (!empty) newLine();
    if (used + size <= width) {
      current += word;
      used += size;
      empty = false;
      continue;
    }
    // A word longer than a line: cut at the width (by position when every character is one column wide).
    const chars = Array.from(word);
    if (size === chars.length) {
      for (let at = 0; at < chars.length; ) {
        if (!empty) newLine();
        const taken = Math.min(Math.max(1, width - used), chars.length - at);
        current += chars.slice(at, at + taken).join('');
        used += taken;
        at += taken;
        empty = false;
      }
      continue;
    }
    for (const char of chars) {
      const columns = displayWidth(char);
      if (!empty && used + columns > width) newLine();
      current += char;
      used += columns;
      empty = false;
    }
  }
  lines.push(current.trimEnd());
  return lines;
}

/** A unit written after a number, and the punctuation that may close it ("5 %),"). */
const UNIT = /^(?:%|pt|×)[.,;:)\]]*$/;
/** A relation between a short name and a value ("k = 8", "p ≤ 0.05", "± 1.8"). */
const RELATION = /^(?:=|≤|≥|<|>|<=|>=|≈|±)$/;
/** A value after a relation or `×`: a number, a sign or a bound. */
const VALUE = /^[\d+−\-±<>≈[(]/;
/** The longest name kept with its relation ("k", "pass^8", "ΔAIC"), in columns. */
const NAME_WIDTH = 12;

/**
 * The words of a line with those that must not be split across lines joined by their space: a
 * number (or an interval) and its unit ("95 %", "+7.5 pt", "[−1.1, +16.7] pt", "2 ×"), a relation
 * and its value ("= 8", "× 5"), and a short name with its relation ("k = 8", "p = 0.146"). Printed
 * as written: the space stays a space.
 */
function unbreakable(words: readonly string[]): string[] {
  const out: string[] = [];
  let last = '';
  words.forEach((word, i) => {
    const next = words[i + 1] ?? '';
    const previous = out[out.length - 1];
    const joins =
      previous !== undefined &&
      word !== '' &&
      last !== '' &&
      ((UNIT.test(word) && /\d\]?$/.test(last)) ||
        ((RELATION.test(last) || last === '×') && VALUE.test(word)) ||
        (RELATION.test(word) && VALUE.test(next) && displayWidth(last) <= NAME_WIDTH && !/[.,;:]$/.test(last)));
    if (joins) out[out.length - 1] = `${previous} ${word}`;
    else out.push(word);
    last = word;
  });
  return out;
}
