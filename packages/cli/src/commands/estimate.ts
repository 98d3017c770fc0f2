import {
  ESTIMATE_DEFAULTS,
  INTERVAL_METHODS,
  InputError,
  estimateIntervalOptions,
  estimateSteps,
  requireOpenUnit,
  type IntervalMethod,
  type IntervalOptions,
  runSteps,
} from '@passk/sim/estimate';
import type { CommandModule } from 'yargs';
import { parseKList } from '../args/parseKList.js';
import { requireSeedText } from '../args/seedOption.js';
import { checkEstimateCombinations } from '../args/ignoredOptions.js';
import { checkKSum, limitOption, WORK_LIMITS } from '../args/workLimits.js';
import { formatTaskEstimate, formatRateTable, taskEstimateOfDocument } from '../format/estimateOutput.js';
import { rateMarkdown, taskEstimateMarkdown } from '../format/estimateMarkdown.js';
import { RESULT_KINDS, withKind } from '../format/resultKinds.js';
import type { CliIo } from '../io/cliIo.js';
import { CHART_OPTION, checkChartOption, writeChartOption } from './chartOption.js';
import { withResultsFileOptions } from './resultsFileOptions.js';
import { longComputation, PROGRESS_OPTION, showProgress, throughCheckpoints } from '../progress/longComputation.js';
import type { FileEstimateArgs } from './estimateFile.js';
import { weakBoundCoverage } from './weakBoundCoverage.js';
import { renderTerminal } from '../format/terminalReport.js';
import { viewOf, withTerminalOptions } from './terminalOptions.js';

export interface EstimateArgs extends FileEstimateArgs {
  file?: string[];
  n?: number;
  c?: number;
  p?: number;
  k?: string;
  interval?: IntervalMethod;
  confidence: number;
  sides: number;
  prior: 'jeffreys' | 'uniform';
  json: boolean;
  markdown: boolean;
  'max-k-sum'?: number;
  progress: boolean;
}

/** `passk estimate`: pass@k and pass^k from counts (--n --c), from a known p (--p), or from a results FILE. */
export function estimateCommand(io: CliIo): CommandModule<object, EstimateArgs> {
  return {
    command: 'estimate [file..]',
    builder: (y) =>
      withTerminalOptions(withResultsFileOptions(y))
        .positional('file', { type: 'string', array: true, describe: 'results: files, folders, globs or - (stdin), streamed; formats in docs/logs.md' })
        .option('by', { type: 'string', describe: 'one estimate per value of this column (e.g. model)' })
        .option('truth-col', {
          type: 'string',
          describe: "the success column is a judge's verdict; this column holds the truth on audited tasks (empty elsewhere): judge-corrected estimates",
        })
        .option('n', { type: 'number', describe: 'trials recorded for one task' })
        .option('c', { type: 'number', describe: 'successes among the n trials' })
        .option('p', { type: 'number', describe: 'a known single-attempt success rate (closed forms, no data)' })
        .option('k', { type: 'string', describe: 'k values: 8, a list 1,2,4,8 or a range 1..8 (default 1..min(n, 10))' })
        .option('interval', { choices: INTERVAL_METHODS, describe: 'interval for p (default: wilson two-sided; clopper-pearson, exact, with --sides 1)' })
        .option('confidence', { type: 'number', default: ESTIMATE_DEFAULTS.confidence, describe: 'confidence level, in (0, 1)' })
        .option('sides', { type: 'number', default: ESTIMATE_DEFAULTS.sides, describe: '2: two-sided interval; 1: one-sided lower bound' })
        .option('prior', { choices: ['jeffreys', 'uniform'] as const, default: ESTIMATE_DEFAULTS.prior, describe: 'Beta prior of the Bayesian view' })
        .option('json', { type: 'boolean', default: false, describe: 'print JSON (the documented contract)' })
        .option('markdown', { type: 'boolean', default: false, describe: 'print a compact Markdown table (for a pull-request comment)' })
        .option('chart', CHART_OPTION)
        .option('bootstrap', {
          type: 'number',
          default: ESTIMATE_DEFAULTS.bootstrap,
          describe: 'also a two-stage bootstrap interval with this many replicates (0: off; conservative, see docs/uncertainty.md)',
        })
        .option('seed', { type: 'string', default: ESTIMATE_DEFAULTS.seed, describe: 'seed of the bootstrap' })
        .option('max-k-sum', limitOption(WORK_LIMITS.kSum))
        .option('progress', PROGRESS_OPTION)
        .example('$0 estimate --n 30 --c 27 --k 8', '27 of 30 trials correct: pass^8 with its interval')
        .example('$0 estimate --p 0.9 --k 1,3,8', 'the two curves for a known p')
        .example('$0 estimate results.csv --k 1..8', 'task-averaged pass@k and pass^k from per-attempt results'),
    handler: async (args) => {
      const interval = intervalOptions(args);
      checkEstimateCombinations(args);
      requireSeedText(args.seed);
      checkChartOption(args.chart, (args.file ?? []).map(String), io.cwd);
      if (args.json && args.markdown) throw new InputError('--markdown', 'cannot be combined with --json (choose one output)');
      if (args.k !== undefined) checkKSum(parseKList(args.k), args['max-k-sum']);
      if (args.file !== undefined && args.file.length > 0) {
        if (args.n !== undefined || args.c !== undefined || args.p !== undefined) {
          throw new InputError('--n/--c/--p', 'cannot be combined with a results file');
        }
        // The results-file path (readers, tables) loads only for a file: --n/--c start faster.
        const { estimateFromFile } = await import('./estimateFile.js');
        await estimateFromFile(args.file.map(String), args, interval, io);
        return;
      }
      if (args.p !== undefined) {
        if (args.n !== undefined || args.c !== undefined) throw new InputError('--p', 'cannot be combined with --n/--c');
        const { p, rows } = runSteps(estimateSteps({ p: args.p }, args.k === undefined ? {} : { ks: parseKList(args.k) }));
        const document = withKind(RESULT_KINDS.estimateRate, { p, rows });
        await writeChartOption(document, args.chart, io);
        io.stdout(
          args.json
            ? `${JSON.stringify(document, null, 2)}\n`
            : args.markdown
              ? rateMarkdown(p, rows)
              : renderTerminal(formatRateTable(p, rows), viewOf(io, args)),
        );
        return;
      }
      if (args.n === undefined || args.c === undefined) {
        throw new InputError('passk estimate', 'needs --n and --c (one task), --p (a known rate) or a results FILE');
      }
      const options = { ...(args.k === undefined ? {} : { ks: parseKList(args.k) }), ...intervalArgs(args), prior: args.prior };
      // One k at a time (a row depends only on its k), with a checkpoint between: the Bayesian view sums k terms for each k.
      const progress = { label: 'estimate', unit: 'k values', show: showProgress(io, args) };
      const body = await longComputation(io, progress, (checkpoint) => throughCheckpoints(estimateSteps({ n: args.n!, c: args.c! }, options), checkpoint));
      const document = withKind(RESULT_KINDS.estimateTask, body);
      const estimate = taskEstimateOfDocument(document);
      const text = () => renderTerminal(formatTaskEstimate(estimate, weakBoundCoverage(args.n!, interval)), viewOf(io, args));
      await writeChartOption(document, args.chart, io);
      io.stdout(args.json ? `${JSON.stringify(document, null, 2)}\n` : args.markdown ? taskEstimateMarkdown(estimate) : text());
    },
  };
}

/**
 * --interval, --confidence and --sides as library options (validated: NaN fails). Without
 * --interval: Wilson two-sided; one-sided, the exact Clopper–Pearson bound, which holds its level
 * at every p (a one-sided Wilson bound covers as little as 79–81 % at 95 %: docs/uncertainty.md).
 */
function intervalOptions(args: EstimateArgs): IntervalOptions {
  return estimateIntervalOptions(intervalArgs(args));
}

/** --interval, --confidence and --sides checked under their option names, as `estimate` takes them. */
function intervalArgs(args: EstimateArgs): { interval?: IntervalMethod; confidence: number; sides: 1 | 2 } {
  requireOpenUnit('--confidence', args.confidence);
  if (args.sides !== 1 && args.sides !== 2) throw new InputError('--sides', 'must be 1 or 2', args.sides);
  return { ...(args.interval === undefined ? {} : { interval: args.interval }), confidence: args.confidence, sides: args.sides };
}
