/**
 * Where a row is, for errors: `file:line` (1-based physical line of the row's start), and for a
 * record of a JSON array also its 1-based index: `file:line (record 6)`. `record` < 0: not an array.
 */
export function rowWhere(file: string, line: number, record = -1): string {
  // Line 0: a record of a document parsed whole (no line numbers kept).
  if (line === 0 && record >= 0) return `${file} (record ${record})`;
  return record < 0 ? `${file}:${line}` : `${file}:${line} (record ${record})`;
}

/** The same position without the file, for a message that points at a second row: `line 5` or `line 24, record 5`. */
export function rowPlace(line: number, record = -1): string {
  if (line === 0 && record >= 0) return `record ${record}`;
  return record < 0 ? `line ${line}` : `line ${line}, record ${record}`;
}
