import { layoutText } from '../format/terminalLayout.js';
import { estimateSteps, groupTaskCounts, passAtK, passHatK, proportionInterval, requireInteger, type IntervalOptions } from '@passk/sim/estimate';
import { InputError } from '@passk/sim/errors';
import { parseKList } from '../args/parseKList.js';
import { withinCommentLimit } from '../format/commentLimit.js';
import { fileEstimateMarkdown } from '../format/estimateMarkdown.js';
import { inertMarkdown } from '../format/inertMarkdown.js';
import { terminalText } from '../format/terminalText.js';
import type { FileEstimate } from '../format/fileEstimate.js';
import { formatFileEstimate } from '../format/fileEstimateOutput.js';
import { fullBody, renderTerminal } from '../format/terminalReport.js';
import type { TerminalView } from '../format/terminalView.js';
import { viewOf, type TerminalArgs } from './terminalOptions.js';
import { LazyArray, writeJson } from '../format/streamedJson.js';
import { documentInterval } from '../results/intervalSchema.js';
import { RESULT_KINDS, withKind } from '../format/resultKinds.js';
import type { CliIo } from '../io/cliIo.js';
import { withSourceLines } from '../format/describeSource.js';
import { fileEstimateAmountFields, fileEstimateAmounts, formatFileEstimateCosts } from '../format/fileEstimateCosts.js';
import { writeChartOption } from './chartOption.js';
import type { TaskCounts } from '../io/readTaskCounts.js';
import { readResultsByGroup, readResultsFile, type ResultsFileArgs } from './resultsFileOptions.js';
import { longComputation, showProgress, throughCheckpoints, type Checkpoint } from '../progress/longComputation.js';

export interface FileEstimateArgs extends ResultsFileArgs, TerminalArgs {
  by?: string;
  'truth-col'?: string;
  k?: string;
  json: boolean;
  markdown?: boolean;
  chart?: string;
  bootstrap: number;
  seed: string;
  progress?: boolean;
}

/**
 * `passk estimate FILE`: stream per-attempt results into per-task (n, c), then the task-averaged
 * unbiased pass@k / pass^k with an interval for each of the two estimands (the task population;
 * this benchmark, `taskAverageIntervals`), the clustered SE with its naive normal interval (JSON
 * only), and on request (--bootstrap N) a two-stage bootstrap interval.
 */
export async function estimateFromFile(inputs: readonly string[], args: FileEstimateArgs, interval: IntervalOptions, io: CliIo): Promise<void> {
  const view = viewOf(io, args);
  const bootstrapReplicates = requireInteger('--bootstrap', args.bootstrap, 0, 1_000_000);
  const named = (counts: TaskCounts) => (counts.sources.length === 1 ? counts.sources[0]! : inputs.join(' '));
  // The reading (streamed, asynchronous) and the estimate (one synchronous step per group) stop at a Ctrl-C before anything is printed.
  const show = showProgress(io, args);
  if (args['truth-col'] !== undefined) {
    const column = args['truth-col'] as string | string[];
    if (Array.isArray(column)) throw new InputError('--truth-col', 'must be given once (one truth column for the files estimated together)', column.length);
    if (args.by !== undefined) throw new InputError('--by', 'cannot be combined with --truth-col yet (choose one system with --where)', args.by);
    if (bootstrapReplicates > 0)
      throw new InputError('--bootstrap', 'cannot be combined with --truth-col (the corrected interval is not bootstrapped)', args.bootstrap);
    if (args.chart !== undefined) throw new InputError('--chart', 'has no chart of judge-corrected estimates yet (use --json or --markdown)', args.chart);
    const { estimateJudged } = await import('./estimateJudged.js');
    const judged = await longComputation(io, { label: 'estimate', unit: 'steps', show }, () => estimateJudged(inputs, args, interval, column));
    // perTask: the counts of the judge's verdicts (c = attempts accepted).
    if (args.json)
      writeJson(
        {
          ...judged.document,
          perTask: perTaskRows(
            judged.verdicts,
            judged.document.rows.map((row) => row.k),
            interval,
          ),
        },
        io.stdout,
      );
    else io.stdout(layoutText(judged.text, view.width, view.wide));
    return;
  }
  if (args.by === undefined) {
    // Progress counts the bootstrap's replicates, the one long synchronous step.
    const estimate = await longComputation(io, { label: 'estimate', unit: 'bootstrap replicates', show }, async (checkpoint) => {
      const counts = await readResultsFile(inputs, args);
      return estimateCounts(counts, named(counts), args, interval, view, bootstrapReplicates, checkpoint);
    });
    await writeChartOption(estimate.document, args.chart, io);
    if (args.json) writeJson(estimate.json, io.stdout);
    else io.stdout(estimate.text);
    return;
  }
  if (args.chart !== undefined) throw new InputError('--chart', 'draws the estimate of one system: choose one with --where instead of --by', args.chart);
  const { by, estimates } = await longComputation(io, { label: 'estimate', unit: 'groups', show }, async (checkpoint) => {
    const { by, groups } = await readResultsByGroup(inputs, args, args.by!);
    const estimates = [];
    for (const [i, { group, counts }] of groups.entries()) {
      // Progress counts groups: the bootstrap's steps inside group i report as group i (and let a Ctrl-C in).
      const atGroup: Checkpoint = () => checkpoint(i, groups.length);
      await atGroup(i, groups.length);
      estimates.push({ group, ...(await estimateCounts(counts, named(counts), args, interval, view, bootstrapReplicates, atGroup, group)) });
    }
    return { by, estimates };
  });
  if (args.json) {
    writeJson({ by, groups: estimates.map(({ group, json }) => ({ group, ...json })) }, io.stdout);
    return;
  }
  // The column and its values are data: inert Markdown text with --markdown (the whole within GitHub's comment limit), else terminal text.
  const shown = args.markdown ? (data: string) => inertMarkdown(data, { lineStart: false }) : terminalText;
  const text = estimates.map(({ group, text }) => `== ${shown(String(by))}=${shown(group)} ==\n${text}`).join('\n');
  io.stdout(args.markdown ? withinCommentLimit(text) : text);
}

/** The estimate of one group's counts (the whole read without --by): its text view, its JSON document (with perTask), and the document charts are drawn from. */
async function estimateCounts(
  counts: TaskCounts,
  file: string,
  args: FileEstimateArgs,
  interval: IntervalOptions,
  view: TerminalView,
  bootstrapReplicates: number,
  checkpoint: Checkpoint,
  group?: string,
): Promise<{ text: string; json: object; document: object }> {
  // Grouped by (n, c) once for every k and both estimators: 100 000 tasks of 100 trials are about a hundred groups.
  const groups = groupTaskCounts(counts.n, counts.c);
  const options = {
    ...(args.k === undefined ? {} : { ks: parseKList(args.k) }),
    interval: interval.method,
    confidence: interval.confidence,
    sides: interval.sides,
    bootstrap: bootstrapReplicates,
    seed: args.seed,
    // The compact text table leaves out CI (trials) (format/terminalLayout.ts, WIDE_ONLY): its
    // intervals (a grid fit and every task's trial noise, a third of the 10M-row estimate's
    // time after the read) only for the outputs that show them.
    benchmark: args.json || args.markdown === true || args.chart !== undefined || view.wide,
  };
  const { p, ...estimated } = await throughCheckpoints(estimateSteps({ tasks: groups }, options), checkpoint);
  const ks = estimated.rows.map((row) => row.k);
  const source = {
    file,
    ...(counts.sources.length > 1 ? { files: counts.sources } : {}),
    ...(counts.tree === undefined ? {} : { tree: counts.tree }),
    ...(group === undefined ? {} : { group: { column: args.by!, value: group } }),
    format: counts.format,
    rows: counts.rows,
    columns: counts.columns,
    dropped: counts.dropped,
  };
  const result: FileEstimate = { source, ...estimated };
  const amounts = fileEstimateAmounts(counts, ks, interval.confidence);
  const document = withKind(RESULT_KINDS.estimateFile, { ...result, ...fileEstimateAmountFields(amounts), p });
  const report = formatFileEstimate(result);
  const text = args.markdown
    ? fileEstimateMarkdown(result, amounts.cost)
    : renderTerminal(
        {
          ...report,
          body: withSourceLines(fullBody(report), counts, args.format !== 'auto') + formatFileEstimateCosts(amounts, counts.rows, interval.confidence),
        },
        view,
      );
  if (!args.json) return { text, json: document, document };
  return { text, json: { ...document, perTask: perTaskRows(counts, ks, interval) }, document };
}

/** The document's `perTask`: each task's counts, p with its interval and its estimates per k ≤ n. */
export function perTaskRows(counts: TaskCounts, ks: readonly number[], interval: IntervalOptions) {
  // Made task by task as the JSON is written (format/streamedJson.ts): 400 000 tasks held at once were 1.1 GB.
  const taskIds = counts.taskIds;
  return new LazyArray(taskIds.length, (i) => {
    const n = counts.n[i]!;
    const c = counts.c[i]!;
    const p = proportionInterval(n, c, interval);
    return {
      task: taskIds[i]!,
      n,
      c,
      p: { estimate: p.estimate, ...documentInterval(p, p.confidence, p.method) },
      rows: ks.filter((k) => k <= n).map((k) => ({ k, passAtK: passAtK(n, c, k), passHatK: passHatK(n, c, k) })),
    };
  });
}
