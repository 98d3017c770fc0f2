import { extname } from 'node:path';
import { InputError } from '@passk/sim/errors';
import { isZip } from './inspectEvalFormat.js';
import type { ResultsFormat } from './resultsFormat.js';

/** What the user can name with --format, for errors. */
const FORMAT_LIST =
  'csv, tsv, jsonl, json, humaneval, tau-bench, tau2-bench, terminal-bench, inspect, cruxeval, task-outcomes, lm-eval, livecodebench, evalplus, bigcodebench';

/** True when the first bytes hold a NUL or other control bytes that no text results file has. */
function looksBinary(head: Uint8Array): boolean {
  const n = Math.min(head.length, 4096);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = head[i];
    if (b === 0) return true;
    if (b < 0x09 || (b > 0x0d && b < 0x20)) control++;
  }
  return control > n / 100;
}

/**
 * Chooses the format of a results file: by name when `requested` is not `auto`, else by the
 * file's extension, else by content (`head` = the file's first bytes from the first non-blank one).
 * A binary file is refused here, saying what it looks like and never showing its bytes: a zip
 * archive (an inspect_ai log unless named otherwise), gzip, other binary data.
 */
export function detectResultsFormat(formats: readonly ResultsFormat[], requested: string, file: string, head: Uint8Array): ResultsFormat {
  const named = requested === 'auto' ? undefined : formats.find((format) => format.name === requested);
  if (requested !== 'auto' && named === undefined) throw new Error(`no results format named ${requested}`);
  if (isZip(head)) {
    if (named === undefined || named.name === 'inspect') return formats.find((format) => format.name === 'inspect')!;
    throw new InputError(file, `is a zip archive, not ${named.name}: if this is an inspect_ai log use --format inspect (formats: ${FORMAT_LIST})`);
  }
  if (head[0] === 0x1f && head[1] === 0x8b)
    throw new InputError(file, `is gzip-compressed: decompress it first (gunzip), then read it (formats: ${FORMAT_LIST})`);
  if (looksBinary(head)) throw new InputError(file, `is a binary file, not a results file (formats: ${FORMAT_LIST}; see docs/logs.md)`);
  if (named !== undefined) return named;
  const extension = extname(file).toLowerCase();
  const byExtension = formats.find((format) => format.extensions.includes(extension));
  if (byExtension !== undefined) return byExtension;
  const byContent = formats.find((format) => format.sniff(head));
  if (byContent === undefined) throw new Error('no results format accepts the file');
  return byContent;
}
