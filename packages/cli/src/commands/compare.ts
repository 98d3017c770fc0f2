import { layoutText } from '../format/terminalLayout.js';
import { basename } from 'node:path';
import { COMPARE_DEFAULTS, InputError, compareSteps, requireInteger, requireOpenUnit, requireUnit } from '@passk/sim/internal';
import type { CommandModule } from 'yargs';
import { parseKList } from '../args/parseKList.js';
import { requireSeedText } from '../args/seedOption.js';
import { compareDocument, type CompareRunSource } from '../format/compareDocument.js';
import { formatCompare, formatCompareMarkdown } from '../format/compareOutput.js';
import type { CliIo } from '../io/cliIo.js';
import { fileIdentity, sameFile } from '../io/fileIdentity.js';
import { longComputation, PROGRESS_OPTION, showProgress, throughCheckpoints } from '../progress/longComputation.js';
import { CHART_OPTION, checkChartOption, writeChartOption } from './chartOption.js';
import { splitWhere } from './perFileOptions.js';
import { compareRunCosts } from './compareCosts.js';
import { readRunFiles, readRunGroups, runNames, type ReadRuns } from './readRuns.js';
import { withResultsFileOptions, type ResultsFileArgs } from './resultsFileOptions.js';
import { renderTerminal } from '../format/terminalReport.js';
import { viewOf, withTerminalOptions, type TerminalArgs } from './terminalOptions.js';

export interface CompareArgs extends ResultsFileArgs, TerminalArgs {
  files: string[];
  k?: string;
  confidence: number;
  bootstrap: number;
  seed: string;
  permutations: number;
  'min-overlap': number;
  json: boolean;
  markdown: boolean;
  chart?: string;
  by?: string;
  baseline?: string;
  name?: string[];
  progress: boolean;
}

/** `passk compare A B [C …]`: is B better than A? Paired by task; several runs each against the first (Holm). */
export function compareCommand(io: CliIo): CommandModule<object, CompareArgs> {
  return {
    command: 'compare <files..>',
    builder: (y) =>
      withTerminalOptions(withResultsFileOptions(y))
        .positional('files', {
          type: 'string',
          array: true,
          demandOption: true,
          describe: 'results files (any format estimate reads); the first is the baseline',
        })
        .option('k', { type: 'string', describe: 'k values: 4, a list 1,2,4 or a range 1..8 (default 1..min(largest n, 10))' })
        .option('confidence', { type: 'number', default: COMPARE_DEFAULTS.confidence, describe: 'confidence level of the two-sided intervals, in (0, 1)' })
        .option('bootstrap', { type: 'number', default: COMPARE_DEFAULTS.bootstrap, describe: 'paired bootstrap replicates (0: off)' })
        .option('seed', { type: 'string', default: String(COMPARE_DEFAULTS.seed), describe: 'seed of the bootstrap and of Monte Carlo permutations' })
        .option('progress', PROGRESS_OPTION)
        .option('permutations', {
          type: 'number',
          default: COMPARE_DEFAULTS.permutations,
          describe: 'random sign patterns when more than 30 tasks differ (fewer: exact)',
        })
        .option('min-overlap', {
          type: 'number',
          default: COMPARE_DEFAULTS.minOverlap,
          describe: 'pair by task when the runs share at least this share of their tasks; else unpaired',
        })
        .option('json', { type: 'boolean', default: false, describe: 'print JSON (the passk.compare contract)' })
        .option('markdown', { type: 'boolean', default: false, describe: 'print a compact Markdown table (for a pull-request comment)' })
        .option('chart', CHART_OPTION)
        .option('where', {
          type: 'string',
          describe:
            'only rows with COLUMN=VALUE (dot paths in JSON); a column given once applies to every run, given once per run (in file order) each run gets its own, as --name: runs.csv runs.csv --where alias=a --where alias=b',
        })
        .option('by', {
          type: 'string',
          describe:
            'split the results by this column (e.g. alias, eval.task, agent_name): one run per value; a system column (model, agent, alias, run, …) may differ between runs, never within one',
        })
        .option('name', {
          type: 'string',
          array: true,
          describe: "names of the runs, once per file (default: the file names without extension; the same file twice: its runs' own --where)",
        })
        .option('baseline', { type: 'string', describe: 'the run the others are compared with: a value of --by, or one of the files (default: the first)' })
        .option('truth-col', {
          type: 'string',
          describe:
            "the success columns are a judge's verdicts; this column holds the truth on audited tasks (once, or once per file): judge-corrected comparison",
        })
        .example('$0 compare old.jsonl new.jsonl --k 1..5', 'is new better than old? paired by task')
        .example('$0 compare base.csv a.csv b.csv --markdown', 'two candidates against a baseline, Holm-corrected, as Markdown')
        .example('$0 compare runs.csv --by model --baseline gpt-4o', 'every model in one file against gpt-4o')
        .example('$0 compare runs.csv runs.csv --where alias=a --where alias=b', 'two agents of one file: one --where per run'),
    handler: async (args) => {
      checkChartOption(args.chart, args.files, io.cwd);
      if (args.json && args.markdown) throw new InputError('--markdown', 'cannot be combined with --json (choose one output)');
      const options = {
        confidence: requireOpenUnit('--confidence', args.confidence),
        bootstrap: requireInteger('--bootstrap', args.bootstrap, 0, 1_000_000),
        permutations: requireInteger('--permutations', args.permutations, 1, 10_000_000),
        minOverlap: requireUnit('--min-overlap', args['min-overlap']),
        seed: requireSeedText(args.seed),
      };
      if (args.by !== undefined && args.name !== undefined)
        throw new InputError('--name', 'cannot be combined with --by (runs are named by the values of the column)');
      if (args['truth-col'] !== undefined) {
        if (args.chart !== undefined)
          throw new InputError('--chart', 'has no chart of a judge-corrected comparison yet (use --json or --markdown)', args.chart);
        const { compareJudged } = await import('./compareJudged.js');
        const judged = await longComputation(io, { label: 'compare', unit: 'steps', show: showProgress(io, args) }, () =>
          compareJudged(args, options.confidence),
        );
        io.stdout(args.json ? `${JSON.stringify(judged.document, null, 2)}\n` : layoutText(judged.text, viewOf(io, args).width, args.wide === true));
        return;
      }
      const { runs, sources, costs } =
        args.by === undefined ? await readRunsBaselineFirst(args) : await readRunGroups(args.files, args, args.by, args.baseline);
      // The bootstrap and the random sign patterns in steps: progress (replicates of the current one) and a Ctrl-C between them.
      const progress = { label: 'compare', unit: 'replicates', show: showProgress(io, args) };
      const comparison = await longComputation(io, progress, (checkpoint) =>
        withFileNames(
          () => throughCheckpoints(compareSteps(runs, { ...(args.k === undefined ? {} : { ks: parseKList(args.k) }), ...options }), checkpoint),
          sources,
        ),
      );
      const { ks } = comparison;
      const document = compareDocument(sources, ks, comparison, compareRunCosts(costs, comparison, ks));
      await writeChartOption(document, args.chart, io);
      if (args.json) io.stdout(`${JSON.stringify(document, null, 2)}\n`);
      else io.stdout(args.markdown ? formatCompareMarkdown(document) : renderTerminal(formatCompare(document), viewOf(io, args)));
    },
  };
}

/**
 * One run per file, read in the order given (so options given once per file, `--where` among them,
 * stay with their file), then the --baseline one first: named by its run name, path or base name.
 */
async function readRunsBaselineFirst(args: CompareArgs): Promise<ReadRuns> {
  const { files, baseline } = args;
  if (files.length < 2)
    throw new InputError('passk compare', 'needs at least two results files (the first is the baseline), or one file with --by COLUMN', files.length);
  const given = args.name ?? namesByOwnWhere(files, args.where);
  const named = runNames(files, given);
  const index = baseline === undefined ? 0 : files.findIndex((file, i) => named[i] === baseline || file === baseline || basename(file) === baseline);
  if (index < 0) throw new InputError('--baseline', `must be one of the runs compared (${named.join(', ')})`, baseline);
  const read = await readRunFiles(files, args, given);
  const order = [index, ...files.map((_, i) => i).filter((i) => i !== index)];
  const pick = <T>(list: readonly T[]) => order.map((i) => list[i]!);
  return { runs: pick(read.runs), sources: pick(read.sources), maxN: pick(read.maxN), costs: pick(read.costs) };
}

/**
 * Run names when a file is given more than once (without --name): each run's own --where (`alias=a`),
 * which is what tells its rows apart; undefined when no file repeats, or when two runs have the same
 * own conditions (then the same rows twice: runNames refuses it).
 */
function namesByOwnWhere(files: readonly string[], where: CompareArgs['where']): string[] | undefined {
  const identities = files.map((file) => fileIdentity(file));
  if (identities.every((identity, i) => identities.findIndex((other) => sameFile(other, identity)) === i)) return undefined;
  const names = splitWhere(where, files.length).own.map((conditions) => conditions.join(', '));
  return names.every((name) => name !== '') && new Set(names).size === names.length ? names : undefined;
}

/**
 * Runs' errors name the run (as a library caller named it); on the command line they name its file,
 * unless that file holds another of the runs too (then the run's name, its own --where, says more).
 */
async function withFileNames<T>(compute: () => Promise<T>, sources: readonly CompareRunSource[]): Promise<T> {
  try {
    return await compute();
  } catch (error) {
    const ownFile = (s: CompareRunSource) => s.by === null && s.file !== s.name && sources.filter((other) => other.file === s.file).length === 1;
    const source = error instanceof InputError ? sources.find((s) => s.name === error.where && ownFile(s)) : undefined;
    if (!source || !(error instanceof InputError)) throw error;
    throw new InputError(source.file, error.rule.replaceAll(` ${source.name} `, ` ${source.file} `), error.value);
  }
}
