import { InputError } from '@passk/sim';
import { resolveResultsColumns, type ResultsColumns } from './resultsColumns.js';
import type { ResultsFormat, ResultsFormatContext } from './resultsFormat.js';
import {
  REWARD_RULE,
  SUCCESS_RULE,
  successFromJson,
  successFromRewardJson,
} from './successValue.js';

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

/**
 * Reads JSON Lines: one JSON object per line, blank lines skipped. The columns are chosen from
 * the keys of the first object; later objects must carry the task and outcome keys. A task id
 * may be a string or a number (numbers become their decimal text, so 7 and "7" are one task).
 */
async function readJsonLines(context: ResultsFormatContext): Promise<ResultsColumns> {
  const { window, options, counts } = context;
  const file = window.file;
  const threshold = options.threshold;
  let columns: ResultsColumns | undefined;
  let taskKey = '';
  let valueKey = '';
  let byReward = false;
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
        const where = `${file}:${line}`;
        const text = buf.toString('utf8', p, lf);
        let row: unknown;
        try {
          row = JSON.parse(text);
        } catch {
          throw new InputError(where, 'line must be one JSON object', shorten(text));
        }
        if (typeof row !== 'object' || row === null || Array.isArray(row)) {
          throw new InputError(where, 'line must be one JSON object', shorten(text));
        }
        const record = row as Record<string, unknown>;
        if (columns === undefined) {
          columns = resolveResultsColumns(Object.keys(record), options, file, 'keys of the first object');
          taskKey = columns.task;
          byReward = columns.reward !== undefined;
          valueKey = (byReward ? columns.reward : columns.success) as string;
        }
        const task = record[taskKey];
        if (task === undefined || task === null || task === '') {
          throw new InputError(where, `key ${JSON.stringify(taskKey)} must have a value`, task);
        }
        if (typeof task !== 'string' && !(typeof task === 'number' && Number.isFinite(task))) {
          throw new InputError(where, `key ${JSON.stringify(taskKey)} must be a string or a number`, task);
        }
        const raw = record[valueKey];
        if (raw === undefined || raw === null || raw === '') {
          throw new InputError(where, `key ${JSON.stringify(valueKey)} must have a value`, raw);
        }
        const value = byReward ? successFromRewardJson(raw, threshold) : successFromJson(raw);
        if (value < 0) {
          throw new InputError(where, `key ${JSON.stringify(valueKey)} ${byReward ? REWARD_RULE : SUCCESS_RULE}`, raw);
        }
        counts.addId(typeof task === 'string' ? task : String(task), value);
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
  if (columns === undefined || counts.rows === 0) throw new InputError(file, 'must contain at least one result row');
  return columns;
}

/** JSON Lines (`.jsonl`, `.ndjson`): one object per line; recognised by content when a file starts with `{`. */
export const jsonlFormat: ResultsFormat = {
  name: 'jsonl',
  extensions: ['.jsonl', '.ndjson'],
  sniff: (head) => head[0] === OPEN_BRACE,
  read: readJsonLines,
};
