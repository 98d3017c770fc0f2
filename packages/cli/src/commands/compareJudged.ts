import {
  InputError,
  compareManySteps,
  judgeCorrectedDifference,
  judgeCorrectedEstimates,
  runSteps,
  type JudgedDifference,
  type JudgedPair,
  type JudgedRow,
  type MetricComparison,
} from '@passk/sim/internal';
import { compareDocument, type CompareDocument, type CompareRunSource } from '../format/compareDocument.js';
import { formatJudgedCompare, judgedCompareMarkdown } from '../format/judgedCompareOutput.js';
import { resultsArgsFor } from './perFileOptions.js';
import { readJudgedTasks, type JudgedTasks } from './readJudgedTasks.js';
import { readNotes, runNames, runOf } from './readRuns.js';
import { parseKList } from '../args/parseKList.js';
import type { ResultsFileArgs } from './resultsFileOptions.js';
import type { Interval } from '@passk/sim/internal';

/** The corrected difference's method in words (the document's `method.interval` with --truth-col). */
export const JUDGED_DIFFERENCE_METHOD =
  'judge-corrected paired difference: prediction-powered inference (PPI++, Angelopoulos et al. 2023, 2024) on the per-task differences B − A, the judge-based ones on every common task plus the mean correction on the tasks audited in both runs, λ power-tuned; score interval of (D + 1)/2 with the t quantile at audited − 2 df, mapped back';

/** The verdict rule, in words (the document's `method.verdict`). */
export const JUDGED_VERDICT_RULE =
  'B is higher when the corrected interval of B − A lies above 0, lower when it lies below 0, else no difference is shown (a two-sided test at 1 − confidence)';

/** The compare options the judged comparison reads. */
type JudgedCompareArgs = ResultsFileArgs & {
  readonly files: string[];
  readonly by?: string;
  readonly name?: string[];
  readonly k?: string;
  readonly seed: string;
  readonly markdown: boolean;
};

/**
 * `passk compare A B --truth-col COL` (COL once for both files, or once per file): both logs'
 * success columns are a judge's verdicts and COL the truth on audited tasks. Per k the judge-corrected
 * pass@k and pass^k of each run (`judgeCorrectedEstimates`) and of the paired difference
 * (`judgeCorrectedDifference`), beside the judge-only and audit-only ones. The document is a
 * `passk.compare` whose rows hold the corrected values where the plain ones stand (the p-value,
 * bootstrap and this-benchmark interval, which are the judge's, are null), with `judgeOnly`,
 * `auditOnly`, `correction` and `verdict` per metric and `audit` per comparison.
 */
export async function compareJudged(args: JudgedCompareArgs, confidence: number): Promise<{ text: string; document: CompareDocument }> {
  if (args.by !== undefined)
    throw new InputError('--by', 'cannot be combined with --truth-col yet (give the two runs as two files, or one file twice with --where)', args.by);
  if (args.files.length !== 2) throw new InputError('--truth-col', 'compares two runs (A B) for now', args.files.length);
  const names = runNames(args.files, args.name);
  const read: JudgedTasks[] = [];
  for (const [i, file] of args.files.entries()) {
    const own = resultsArgsFor(args, i, 2);
    read.push(await readJudgedTasks([file], own, own['truth-col'] as string));
  }
  const [a, b] = read as [JudgedTasks, JudgedTasks];
  const indexB = new Map(b.verdicts.taskIds.map((id, i) => [id, i]));
  const pairs: JudgedPair[] = [];
  a.verdicts.taskIds.forEach((id, i) => {
    const j = indexB.get(id);
    if (j !== undefined) pairs.push({ a: a.tasks[i]!, b: b.tasks[j]! });
  });
  if (!pairs.some((pair) => pair.a.truth !== undefined && pair.b.truth !== undefined)) {
    throw new InputError(
      '--truth-col',
      `must give the truth on at least one task of both runs (${names[0]}: ${a.audited} audited, ${names[1]}: ${b.audited}; none in common)`,
      a.column,
    );
  }
  // As compare: k = 1..min(10, the smaller of the runs' largest n).
  const largest = (side: 'a' | 'b') => pairs.reduce((most, pair) => Math.max(most, pair[side].n), 1);
  const ks = args.k === undefined ? Array.from({ length: Math.min(10, largest('a'), largest('b')) }, (_, i) => i + 1) : parseKList(args.k);
  const options = { confidence, sides: 2 as const };
  const differences = judgeCorrectedDifference(pairs, ks, options);
  const runA = judgeCorrectedEstimates(
    pairs.map((pair) => pair.a),
    ks,
    options,
  );
  const runB = judgeCorrectedEstimates(
    pairs.map((pair) => pair.b),
    ks,
    options,
  );
  // The judge's comparison gives the pairing, per-task changes and the document's frame; its numbers are replaced.
  const runs = [runOf(names[0]!, a.verdicts), runOf(names[1]!, b.verdicts)];
  const many = runSteps(compareManySteps(runs, { ks, confidence, sides: 2, bootstrap: 0, seed: args.seed, permutations: 1, exactLimit: 0, minOverlap: 0 }));
  const sources: CompareRunSource[] = read.map((run, i) => ({
    name: names[i]!,
    file: args.files[i]!,
    format: run.verdicts.format,
    rows: run.verdicts.rows,
    tasks: run.verdicts.taskIds.length,
    by: null,
    read: readNotes(run.verdicts, args, i, 2),
  }));
  const plain = compareDocument(sources, ks, many);
  const level = confidence;
  const corrected = (i: number, metric: 'passAtK' | 'passHatK', judged: MetricComparison | null) => {
    const difference: JudgedDifference = differences[i]![metric];
    const perRun = (rows: JudgedRow[]) => {
      const value = rows[i]![metric].corrected;
      return value === null
        ? null
        : {
            value: Math.min(1, Math.max(0, value.estimate)),
            se: value.se,
            interval: value.interval && { ...value.interval, level, method: 'judge-corrected (PPI)' },
          };
    };
    const baseline = perRun(runA);
    const candidate = perRun(runB);
    const c = difference.corrected;
    if (judged === null || c === null || baseline === null || candidate === null) return null;
    const bounds = (x: { estimate: number; interval: Interval | null; tasks: number } | null, method: string) =>
      x && { estimate: x.estimate, interval: x.interval && { ...x.interval, level, method }, tasks: x.tasks };
    return {
      baseline,
      candidate,
      difference: c.estimate,
      se: c.se,
      interval: c.interval && { ...c.interval, level, method: 'judge-corrected (PPI)' },
      benchmark: null,
      bootstrap: null,
      pValue: null,
      adjustedPValue: null,
      judgeOnly: bounds(difference.judgeOnly, 'paired-difference score'),
      auditOnly: bounds(difference.auditOnly, 'paired-difference score'),
      correction: { lambda: c.lambda, audited: c.audited },
      verdict: difference.verdict,
    };
  };
  const comparison = plain.comparisons[0]!;
  const rows = comparison.rows.map((row, i) => ({ ...row, passAtK: corrected(i, 'passAtK', row.passAtK), passHatK: corrected(i, 'passHatK', row.passHatK) }));
  const first = ks.indexOf(1);
  const document = {
    ...plain,
    method: {
      ...plain.method,
      interval: JUDGED_DIFFERENCE_METHOD,
      verdict: JUDGED_VERDICT_RULE,
      pValue: 'not computed with --truth-col',
      bootstrap: 'off with --truth-col',
    },
    comparisons: [
      {
        ...comparison,
        // Mean success per attempt is pass@1: its corrected comparison when k = 1 is asked for, else the judge's.
        meanSuccess: first >= 0 ? (rows[first]!.passAtK ?? comparison.meanSuccess) : comparison.meanSuccess,
        rows,
        audit: {
          columns: { baseline: a.column, candidate: b.column },
          tasks: { baseline: a.audited, candidate: b.audited, both: pairs.filter((pair) => pair.a.truth !== undefined && pair.b.truth !== undefined).length },
        },
      },
    ],
  } as unknown as CompareDocument;
  const text = args.markdown ? judgedCompareMarkdown(document) : formatJudgedCompare(document);
  return { text, document };
}
