import { extname } from 'node:path';
import type { ResultsFormat } from './resultsFormat.js';

/**
 * Chooses the format of a results file: by name when `requested` is not `auto`, else by the
 * file's extension, else by content (`head` = the file's first bytes from the first non-blank one).
 */
export function detectResultsFormat(
  formats: readonly ResultsFormat[],
  requested: string,
  file: string,
  head: Uint8Array,
): ResultsFormat {
  if (requested !== 'auto') {
    const named = formats.find((format) => format.name === requested);
    if (named === undefined) throw new Error(`no results format named ${requested}`);
    return named;
  }
  const extension = extname(file).toLowerCase();
  const byExtension = formats.find((format) => format.extensions.includes(extension));
  if (byExtension !== undefined) return byExtension;
  const byContent = formats.find((format) => format.sniff(head));
  if (byContent === undefined) throw new Error('no results format accepts the file');
  return byContent;
}
