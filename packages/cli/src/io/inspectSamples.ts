import { InputError } from '@passk/sim/errors';
import { listNames, type ResultsColumns } from './resultsColumns.js';
import type { ResolvedResultsReadOptions } from './resultsReadOptions.js';

/** Which score of an inspect_ai sample is the outcome: the scorer, and the key of a dict-valued score. */
export interface InspectScoring {
  scorer: string;
  key: string | undefined;
  columns: ResultsColumns;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a sample carries scores. A sample that errored has none (inspect writes `error` instead),
 * so the scorer is chosen from the first sample that has some: a log whose first entry errored reads
 * like the same log in another order.
 */
export function hasScores(sample: Record<string, unknown>): boolean {
  return isObject(sample.scores) && Object.keys(sample.scores).length > 0;
}

/**
 * The scorer to read, from a scored sample's `scores` (the first with any, hasScores): `--scorer NAME`, or the only one (several:
 * refused, listing them); for a dict-valued score (`{"Problem Correctness": 0, …}`) the key named by
 * `--score-key`, or else the one key the log's own results report as a score of that scorer (inspect
 * writes `results.scores[]` entries `{name: KEY, scorer: SCORER, metrics}` for the keys it
 * summarises); refused, listing the keys, when that does not single one out.
 */
export function inspectColumns(
  sample: Record<string, unknown>,
  options: ResolvedResultsReadOptions,
  where: string,
  header: Record<string, unknown> = {},
): InspectScoring {
  const scores = isObject(sample.scores) ? sample.scores : {};
  const names = Object.keys(scores);
  if (names.length === 0) throw new InputError(where, 'must have scores (an inspect_ai sample scored by at least one scorer)');
  let scorer = options.scorer;
  if (scorer === undefined) {
    if (names.length > 1) throw new InputError('--scorer', `must name one of the scorers of ${where.replace(/ \(.*$/, '')}: ${listNames(names)}`);
    scorer = names[0];
  } else if (!names.includes(scorer)) {
    throw new InputError('--scorer', `must name a scorer of the log; scorers: ${listNames(names)}`, scorer);
  }
  const value = isObject(scores[scorer]) ? (scores[scorer] as Record<string, unknown>).value : undefined;
  let key = options.scoreKey;
  if (isObject(value)) {
    const keys = Object.keys(value);
    key ??= reportedKey(header, scorer, keys);
    if (key === undefined) throw new InputError('--score-key', `must name a key of scorer ${JSON.stringify(scorer)}'s values: ${listNames(keys)}`);
    if (!keys.includes(key)) throw new InputError('--score-key', `must name a key of scorer ${JSON.stringify(scorer)}'s values: ${listNames(keys)}`, key);
  } else if (key !== undefined) {
    throw new InputError('--score-key', `does not apply: scorer ${JSON.stringify(scorer)} has single values`, key);
  }
  const columns: ResultsColumns = { task: 'id', success: 'score', trial: 'epoch', scorer };
  if (key !== undefined) columns.scoreKey = key;
  return { scorer, key, columns };
}

/** The one key of `scorer`'s dict values that the log's `results.scores` summarises, if exactly one. */
function reportedKey(header: Record<string, unknown>, scorer: string, keys: readonly string[]): string | undefined {
  const results = isObject(header.results) ? header.results : {};
  const scores = Array.isArray(results.scores) ? results.scores : [];
  const reported = scores.filter(isObject).filter((entry) => entry.scorer === scorer && typeof entry.name === 'string' && keys.includes(entry.name));
  return reported.length === 1 ? (reported[0]!.name as string) : undefined;
}

/**
 * One inspect_ai sample as the record passk counts: `id`, `epoch`, `score` (the chosen scorer's
 * value, or its key), `input_tokens`/`output_tokens` summed over `model_usage`, `total_time`,
 * `error`, `metadata`, and what tells the log's eval apart from another's, for `--by`, `--where` and
 * the one-system guard: the log's `model`, and its whole eval spec as `eval` (`eval.task`,
 * `eval.run_id`, `eval.model`, `eval.task_id`, `eval.task_args.…`, as the log's header names them).
 * In a logs folder each file is one eval; two evals, or two runs of one eval, differ in `eval.task`
 * or `eval.run_id`, which are system columns (distinctValues.ts).
 */
export function inspectSampleRecord(
  sample: Record<string, unknown>,
  header: Record<string, unknown>,
  scoring: InspectScoring,
  where: string,
): Record<string, unknown> {
  const scores = isObject(sample.scores) ? sample.scores : {};
  const entry = scores[scoring.scorer];
  let score: unknown = isObject(entry) ? entry.value : undefined;
  if (scoring.key !== undefined) score = isObject(score) ? score[scoring.key] : undefined;
  if (entry === undefined && sample.error === undefined) {
    throw new InputError(where, `must have a score by ${JSON.stringify(scoring.scorer)}; scorers: ${listNames(Object.keys(scores))}`);
  }
  let inputTokens: number | undefined;
  let outputTokens: number | undefined;
  if (isObject(sample.model_usage)) {
    for (const usage of Object.values(sample.model_usage)) {
      if (!isObject(usage)) continue;
      if (typeof usage.input_tokens === 'number') inputTokens = (inputTokens ?? 0) + usage.input_tokens;
      if (typeof usage.output_tokens === 'number') outputTokens = (outputTokens ?? 0) + usage.output_tokens;
    }
  }
  const evalSpec = isObject(header.eval) ? header.eval : {};
  const record: Record<string, unknown> = {
    id: sample.id,
    epoch: sample.epoch,
    score: score ?? null,
    input_tokens: inputTokens,
    output_tokens: outputTokens,
    total_time: sample.total_time,
    error: sample.error,
    metadata: sample.metadata,
    model: evalSpec.model,
    // The header's object itself (not a copy): every sample of the log shares it.
    eval: evalSpec,
  };
  for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
  return record;
}
