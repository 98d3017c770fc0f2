import { csvFormat, tsvFormat } from './csvFormat.js';
import { documentFormat, namedDocumentFormats } from './documentFormat.js';
import { bigCodeBenchFormat, evalPlusFormat } from './evalPlusFormat.js';
import { humanEvalFormat } from './humanEvalFormat.js';
import { inspectFormat } from './inspectEvalFormat.js';
import { aiderFormat, jsonlFormat, ldbFormat, lmEvalFormat } from './jsonlFormat.js';
import { liveCodeBenchFormat } from './liveCodeBenchFormat.js';
import type { ResultsFormat } from './resultsFormat.js';
import { tauBenchFormat } from './tauBenchFormat.js';

/**
 * The known results formats. Under `format: 'auto'` the file's extension picks one (.eval, .csv,
 * .tsv, .jsonl); otherwise the first whose `sniff` accepts the file's first bytes: a zip signature
 * (inspect_ai .eval), `[` (a JSON array: τ-bench, LiveCodeBench or generic records, told apart by
 * the first record), `{"date": …, "eval": {` (EvalPlus and BigCodeBench evaluation results: before
 * the other documents, whose sniff would take any pretty-printed object), `{` opening one JSON
 * document (Terminal-Bench, τ²-bench, CRUXEval, inspect .json, task → outcomes), `{` on each line
 * (JSON Lines; human-eval and lm-eval are reported from their keys), a tab-only header (TSV); CSV
 * (accepts anything) stays last. The named formats are never sniffed: `json`, `evalplus` and the
 * array reader recognise them.
 */
export const RESULTS_FORMATS: readonly ResultsFormat[] = [
  inspectFormat,
  tauBenchFormat,
  liveCodeBenchFormat,
  evalPlusFormat,
  bigCodeBenchFormat,
  documentFormat,
  ...namedDocumentFormats,
  jsonlFormat,
  humanEvalFormat,
  lmEvalFormat,
  aiderFormat,
  ldbFormat,
  tsvFormat,
  csvFormat,
];
