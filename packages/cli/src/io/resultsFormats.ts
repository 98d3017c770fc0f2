import { csvFormat, tsvFormat } from './csvFormat.js';
import { jsonlFormat } from './jsonlFormat.js';
import type { ResultsFormat } from './resultsFormat.js';

/**
 * The known results formats. Under `format: 'auto'` the file's extension picks one; otherwise the
 * first whose `sniff` accepts the file's first bytes, so CSV (accepts anything) stays last.
 */
export const RESULTS_FORMATS: readonly ResultsFormat[] = [jsonlFormat, tsvFormat, csvFormat];
