import { detectResultsFormat } from './detectResultsFormat.js';
import { FileWindow } from './fileWindow.js';
import type { ResultsColumns } from './resultsColumns.js';
import { RESULTS_FORMATS } from './resultsFormats.js';
import { resolveResultsReadOptions, type ResultsReadOptions } from './resultsReadOptions.js';
import { TaskCountsBuilder } from './taskCountsBuilder.js';

/** Per-task trials n and successes c read from a results file; tasks in order of first appearance. */
export interface TaskCounts {
  taskIds: string[];
  /** Trials (attempts recorded) per task. */
  n: number[];
  /** Successes per task, 0 ≤ c[t] ≤ n[t]. */
  c: number[];
  /** Data rows read (= the sum of n). */
  rows: number;
  /** The format the file was read as: `csv`, `tsv` or `jsonl`. */
  format: string;
  /** The columns used. */
  columns: ResultsColumns;
}

/** How far to read for content sniffing: up to the first line end, or this many bytes. */
const SNIFF_BYTES = 1 << 16;
const LF = 0x0a;

function isBlankByte(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0d || b === 0x0a;
}

/**
 * Streams a per-attempt results file (CSV, TSV or JSON Lines; one row per attempt) into per-task
 * counts (n, c) without holding the file in memory. Throws InputError: where = `file:line` (1-based
 * physical line; a multi-line quoted CSV row reports its first line) for a bad row, where = `file`
 * for a missing file, a missing column or a file without result rows; where = the option name for
 * a bad option.
 */
export async function readTaskCounts(path: string, options: ResultsReadOptions = {}): Promise<TaskCounts> {
  const resolved = resolveResultsReadOptions(options);
  const window = await FileWindow.open(path, resolved.chunkSize);
  try {
    // Read until the byte order mark is settled and, for sniffing, the first line (or 64 KiB) is in.
    await window.refill(0);
    let start = 0;
    let head = 0;
    for (;;) {
      const buf = window.buf;
      const end = window.end;
      if (end >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
      head = start;
      while (head < end && isBlankByte(buf[head])) head++;
      const bomSettled = end >= 3 || window.eof;
      const lineEnd = buf.indexOf(LF, head);
      const headSettled = lineEnd >= 0 && lineEnd < end;
      if (window.eof || (bomSettled && head < end && (headSettled || end - head >= SNIFF_BYTES))) break;
      await window.refill(0);
    }
    const format = detectResultsFormat(RESULTS_FORMATS, resolved.format, path, window.buf.subarray(head, window.end));
    const counts = new TaskCountsBuilder();
    const columns = await format.read({ window, start, options: resolved, counts });
    return { ...counts.result(), format: format.name, columns };
  } finally {
    await window.close();
  }
}
