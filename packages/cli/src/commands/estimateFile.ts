import {
  ESTIMAND_METHODS,
  averageOverTasks,
  bootstrapTaskAverage,
  normalQuantile,
  passAtK,
  passHatK,
  proportionInterval,
  requireInteger,
  taskAverageIntervals,
  type IntervalOptions,
  type TaskAverageRow,
} from '@passk/sim/estimate';
import { parseKList } from '../args/parseKList.js';
import { formatFileEstimate, type FileEstimate } from '../format/fileEstimateOutput.js';
import { RESULT_KINDS, withKind } from '../format/resultKinds.js';
import type { CliIo } from '../io/cliIo.js';
import type { DroppedSummary } from '../io/droppedRows.js';
import { writeChartOption } from './chartOption.js';
import { readResultsFile, type ResultsFileArgs } from './resultsFileOptions.js';

export interface FileEstimateArgs extends ResultsFileArgs {
  k?: string;
  json: boolean;
  chart?: string;
  bootstrap: number;
  seed: string;
}

/**
 * `passk estimate FILE`: stream per-attempt results into per-task (n, c), then the task-averaged
 * unbiased pass@k / pass^k with an interval for each of the two estimands (the task population;
 * this benchmark, `taskAverageIntervals`), the clustered SE with its naive normal interval (JSON
 * only), and on request (--bootstrap N) a two-stage bootstrap interval.
 */
export async function estimateFromFile(file: string, args: FileEstimateArgs, interval: IntervalOptions, io: CliIo): Promise<void> {
  const bootstrapReplicates = requireInteger('--bootstrap', args.bootstrap, 0, 1_000_000);
  const counts = await readResultsFile(file, args);
  const tasks = counts.n.map((n, i) => ({ n, c: counts.c[i]! }));
  const maxN = counts.n.reduce((a, b) => Math.max(a, b), 0);
  const minN = counts.n.reduce((a, b) => Math.min(a, b), Infinity);
  const ks = args.k === undefined ? Array.from({ length: Math.min(maxN, 10) }, (_, i) => i + 1) : parseKList(args.k);
  const average = averageOverTasks(tasks, ks);
  const estimands = taskAverageIntervals(tasks, ks, { confidence: interval.confidence, sides: interval.sides });
  const bootstrap =
    bootstrapReplicates > 0
      ? bootstrapTaskAverage(tasks, { ks, replicates: bootstrapReplicates, seed: args.seed, confidence: interval.confidence, sides: interval.sides })
      : null;
  const z = normalQuantile(interval.sides === 2 ? 1 - (1 - interval.confidence) / 2 : interval.confidence);
  const rows = average.map((row, i) => ({
    k: row.k,
    passAtK: row.passAtK?.value ?? null,
    passHatK: row.passHatK?.value ?? null,
    estimableTasks: row.estimableTasks,
    notEstimableTasks: row.notEstimableTasks,
    plugin: row.plugin,
    se: { passAtK: row.passAtK?.se ?? null, passHatK: row.passHatK?.se ?? null },
    interval: { passAtK: estimands[i]!.passAtK.population, passHatK: estimands[i]!.passHatK.population },
    benchmark: { passAtK: estimands[i]!.passAtK.benchmark, passHatK: estimands[i]!.passHatK.benchmark },
    clusteredNormal: { passAtK: normalBounds(row.passAtK, z, interval.sides), passHatK: normalBounds(row.passHatK, z, interval.sides) },
    bootstrap: bootstrap ? { passAtK: bootstrap[i]!.passAtK, passHatK: bootstrap[i]!.passHatK } : null,
  }));
  const source = { file, format: counts.format, rows: counts.rows, columns: counts.columns, dropped: counts.dropped };
  const result: FileEstimate = {
    source,
    tasks: tasks.length,
    trials: { min: minN, max: maxN },
    uncertainty: {
      confidence: interval.confidence,
      sides: interval.sides,
      interval: ESTIMAND_METHODS.population,
      estimands: {
        population: { field: 'interval', meaning: 'the task population the tasks were drawn from: other tasks, other trials', method: ESTIMAND_METHODS.population },
        benchmark: { field: 'benchmark', meaning: 'this benchmark: the same tasks again, only the trials random', method: ESTIMAND_METHODS.benchmark },
      },
      clusteredNormal:
        'mean ± z·SE with the clustered SE = sd(per-task estimates)/√T (Miller 2024); shown for comparison only: it can have zero width and ' +
        'misses near 0 and 1 (docs/uncertainty.md)',
      bootstrap: bootstrap
        ? { replicates: bootstrapReplicates, seed: args.seed, method: 'two-stage bootstrap (tasks with replacement, then c* ~ Binomial(n, c/n) per task), percentiles re-centred on the unbiased estimate' }
        : null,
    },
    rows,
  };
  const document = withKind(RESULT_KINDS.estimateFile, { ...result, p: { method: interval.method, confidence: interval.confidence, sides: interval.sides } });
  if (!args.json) {
    io.stdout(withDroppedLine(formatFileEstimate(result), counts.dropped));
    await writeChartOption(document, args.chart, io);
    return;
  }
  const perTask = counts.taskIds.map((task, i) => {
    const { n, c } = tasks[i]!;
    const p = proportionInterval(n, c, interval);
    return {
      task,
      n,
      c,
      p: { estimate: p.estimate, lower: p.lower, upper: p.upper },
      rows: ks.filter((k) => k <= n).map((k) => ({ k, passAtK: passAtK(n, c, k), passHatK: passHatK(n, c, k) })),
    };
  });
  io.stdout(`${JSON.stringify({ ...document, perTask }, null, 2)}\n`);
  await writeChartOption(document, args.chart, io);
}

/** The text view with a line under its first (the file summary) saying which rows were dropped, when any were. */
function withDroppedLine(text: string, dropped: DroppedSummary): string {
  if (dropped.count === 0) return text;
  const reasons = [
    dropped.reasons.missing > 0 ? `${dropped.reasons.missing} without an outcome` : '',
    dropped.reasons.error > 0 ? `${dropped.reasons.error} marked as errors` : '',
  ].filter((reason) => reason !== '');
  const tasks = dropped.tasks > 0 ? `; ${dropped.tasks} task${dropped.tasks === 1 ? '' : 's'} left with no rows` : '';
  const line = `dropped ${dropped.count} row${dropped.count === 1 ? '' : 's'} (${reasons.join(', ')})${tasks}; --on-error fail makes them errors`;
  const firstLineEnd = text.indexOf('\n');
  return `${text.slice(0, firstLineEnd + 1)}${line}\n${text.slice(firstLineEnd + 1)}`;
}

/** mean ± z·SE, clipped to [0, 1]; one-sided: [mean − z·SE, 1]. */
function normalBounds(mean: TaskAverageRow['passAtK'], z: number, sides: 1 | 2): { lower: number; upper: number } | null {
  if (!mean || mean.se === null) return null;
  const lower = Math.max(0, mean.value - z * mean.se);
  const upper = sides === 2 ? Math.min(1, mean.value + z * mean.se) : 1;
  return { lower, upper };
}
