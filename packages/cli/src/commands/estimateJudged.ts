import { ESTIMAND_METHODS, JUDGE_CORRECTED_METHOD, judgeCorrectedEstimates, type IntervalOptions, type JudgedMetric } from '@passk/sim/estimate';
import { parseKList } from '../args/parseKList.js';
import { withSourceLines } from '../format/describeSource.js';
import { formatJudgedEstimate, judgedEstimateMarkdown } from '../format/judgedEstimateOutput.js';
import { RESULT_KINDS, withKind } from '../format/resultKinds.js';
import type { EstimateFileDocument } from '../results/estimateFileSchema.js';
import type { TaskCounts } from '../io/readTaskCounts.js';
import type { ResultsFileArgs } from './resultsFileOptions.js';
import { readJudgedTasks } from './readJudgedTasks.js';
import type { Interval } from '@passk/sim/internal';

/** `estimateJudged` in words, for the document's `uncertainty` and the notes. */
const BENCHMARK_NOT_MADE = 'not computed with --truth-col (the correction is made for the task population)';

/**
 * `passk estimate FILE --truth-col COL`: the success column is a judge's verdict, COL the truth on
 * an audit sample of tasks. Reads both (`readJudgedTasks`), then per k the judge-corrected pass@k
 * and pass^k (`judgeCorrectedEstimates`: prediction-powered inference over tasks) with the
 * judge-only and audit-only estimates beside them. The document is a `passk.estimate.file` whose
 * rows hold the corrected values where the plain ones usually stand, with `judgeOnly`, `auditOnly`,
 * `correction` per row and `audit` at the top.
 */
export async function estimateJudged(
  inputs: readonly string[],
  args: ResultsFileArgs & { readonly k?: string; readonly markdown?: boolean },
  interval: IntervalOptions,
  column: string,
): Promise<{ text: string; document: EstimateFileDocument; verdicts: TaskCounts }> {
  const { verdicts, tasks, audited } = await readJudgedTasks(inputs, args, column);
  const maxN = verdicts.n.reduce((a, n) => Math.max(a, n), 0);
  const minN = verdicts.n.reduce((a, n) => Math.min(a, n), Infinity);
  const ks = args.k === undefined ? Array.from({ length: Math.min(maxN, 10) }, (_, i) => i + 1) : parseKList(args.k);
  const options = { confidence: interval.confidence, sides: interval.sides };
  const level = interval.confidence;
  const judged = judgeCorrectedEstimates(tasks, ks, options);
  const bounds = (b: Interval | null, method: string) => b && { lower: b.lower, upper: b.upper, level, method };
  const plain = (metric: JudgedMetric, which: 'judgeOnly' | 'auditOnly') => {
    const value = metric[which];
    return value && { estimate: value.estimate, interval: bounds(value.interval, ESTIMAND_METHODS.population), tasks: value.tasks };
  };
  const corrected = (metric: JudgedMetric) => (metric.corrected ? Math.min(1, Math.max(0, metric.corrected.estimate)) : null);
  const correction = (metric: JudgedMetric) => {
    const c = metric.corrected;
    return c && { lambda: c.lambda, raw: c.estimate, df: c.df, audited: c.audited };
  };
  const rows = judged.map((row) => {
    const estimable = row.passAtK.judgeOnly?.tasks ?? 0;
    return {
      k: row.k,
      passAtK: corrected(row.passAtK),
      passHatK: corrected(row.passHatK),
      estimableTasks: estimable,
      notEstimableTasks: tasks.length - estimable,
      plugin: null,
      se: { passAtK: row.passAtK.corrected?.se ?? null, passHatK: row.passHatK.corrected?.se ?? null },
      interval: {
        passAtK: bounds(row.passAtK.corrected?.interval ?? null, JUDGE_CORRECTED_METHOD),
        passHatK: bounds(row.passHatK.corrected?.interval ?? null, JUDGE_CORRECTED_METHOD),
      },
      benchmark: { passAtK: null, passHatK: null },
      clusteredNormal: { passAtK: null, passHatK: null },
      bootstrap: null,
      judgeOnly: { passAtK: plain(row.passAtK, 'judgeOnly'), passHatK: plain(row.passHatK, 'judgeOnly') },
      auditOnly: { passAtK: plain(row.passAtK, 'auditOnly'), passHatK: plain(row.passHatK, 'auditOnly') },
      correction: { passAtK: correction(row.passAtK), passHatK: correction(row.passHatK) },
    };
  });
  const source = {
    file: verdicts.sources.length === 1 ? verdicts.sources[0]! : inputs.join(' '),
    ...(verdicts.sources.length > 1 ? { files: verdicts.sources } : {}),
    ...(verdicts.tree === undefined ? {} : { tree: verdicts.tree }),
    format: verdicts.format,
    rows: verdicts.rows,
    columns: verdicts.columns,
    dropped: verdicts.dropped,
  };
  const document = withKind(RESULT_KINDS.estimateFile, {
    source,
    tasks: tasks.length,
    trials: { min: minN, max: maxN },
    audit: { tasks: audited, of: tasks.length, column },
    uncertainty: {
      confidence: interval.confidence,
      sides: interval.sides,
      interval: JUDGE_CORRECTED_METHOD,
      estimands: {
        population: {
          field: 'interval',
          meaning: 'the task population the tasks were drawn from, judged by the truth: other tasks, other trials',
          method: JUDGE_CORRECTED_METHOD,
        },
        benchmark: { field: 'benchmark', meaning: 'this benchmark: the same tasks again, only the trials random', method: BENCHMARK_NOT_MADE },
      },
      clusteredNormal: BENCHMARK_NOT_MADE,
      bootstrap: null,
    },
    rows,
    p: { method: interval.method, confidence: interval.confidence, sides: interval.sides },
  }) as EstimateFileDocument;
  const text = args.markdown ? judgedEstimateMarkdown(document) : withSourceLines(formatJudgedEstimate(document), verdicts, args.format !== 'auto');
  return { text, document, verdicts };
}
