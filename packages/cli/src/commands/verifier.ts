import { renderTerminal } from '../format/terminalReport.js';
import { viewOf, withTerminalOptions, type TerminalArgs } from './terminalOptions.js';
import { DEFAULT_VERDICT_LABELS, InputError, VERIFIER_DEFAULTS, requireOpenUnit } from '@passk/sim/internal';
import type { CommandModule } from 'yargs';
import { formatVerifier, formatVerifierMarkdown } from '../format/verifierOutput.js';
import { verifierDocument } from '../format/verifierDocument.js';
import type { CliIo } from '../io/cliIo.js';
import { checkOutputs } from '../io/checkOutputs.js';
import { fileIdentity, sameFile } from '../io/fileIdentity.js';
import { passkVersion } from '../passkVersion.js';
import { CHART_OPTION, checkChartOption, writeWithChart } from './chartOption.js';
import { resultsReadOptions, withResultsFileOptions, type ResultsFileArgs } from './resultsFileOptions.js';
import { readOneLog, readTwoLogs, type VerifierReading } from './verifierCounts.js';
import { GROUP_PLACEHOLDER, verifierOutFiles } from './verifierOut.js';

interface VerifierArgs extends ResultsFileArgs, TerminalArgs {
  results?: string[];
  verdicts?: string;
  truth?: string;
  'verdict-col'?: string;
  accept?: string | string[];
  reject?: string | string[];
  by?: string;
  confidence: number;
  json: boolean;
  markdown: boolean;
  chart?: string;
  out?: string;
}

/**
 * `passk verifier`: a verifier or LLM judge measured against the truth — false accept
 * P(accept | wrong) and false reject P(reject | right) with exact intervals, accuracy, and the
 * judged against the true pass@1 — from one log with both columns, or two logs of the same attempts.
 */
export function verifierCommand(io: CliIo): CommandModule<object, VerifierArgs> {
  return {
    command: 'verifier [results..]',
    builder: (y) =>
      withTerminalOptions(withResultsFileOptions(y))
        .positional('results', {
          type: 'string',
          array: true,
          describe: 'one log with a verdict column beside the truth (--verdict-col); or use --verdicts and --truth',
        })
        .option('verdict-col', {
          type: 'string',
          describe: 'the verifier’s verdict: true/false, 1/0, pass/fail, C/I or --accept/--reject labels (two logs: the verdict log’s outcome column)',
        })
        .option('accept', { type: 'string', describe: 'verdict labels read as accept, comma-separated (default true,1,pass,passed,C)' })
        .option('reject', { type: 'string', describe: 'verdict labels read as reject, comma-separated (default false,0,fail,failed,I)' })
        .option('verdicts', { type: 'string', describe: 'a log whose outcomes are the verdicts (with --truth: joined by task, trial and --by)' })
        .option('truth', { type: 'string', describe: 'a log of the same attempts whose outcomes are the truth (--success-col, --reward-col)' })
        .option('by', { type: 'string', describe: 'one row per value of this column (a model, a judge prompt), and all of them pooled' })
        .option('confidence', { type: 'number', default: VERIFIER_DEFAULTS.confidence, describe: 'confidence of the two-sided exact intervals, in (0, 1)' })
        .option('json', { type: 'boolean', default: false, describe: 'print JSON (the passk.verifier contract)' })
        .option('markdown', { type: 'boolean', default: false, describe: 'print Markdown (for a pull-request comment)' })
        .option('chart', CHART_OPTION)
        .option('out', {
          type: 'string',
          describe: `write the measured verifier as a scenario verifier section (YAML) for simulate; with --by, ${GROUP_PLACEHOLDER} in the name writes one per group ("all": pooled)`,
        })
        .example('$0 verifier judged.jsonl --verdict-col judge_verdict --success-col tau2_success', 'a judge against the benchmark’s outcome')
        .example(
          '$0 verifier --verdicts mbpp.jsonl --truth mbpp+.jsonl --success-col pass1 --verdict-col pass1 --by model',
          'base tests against extended tests, per model',
        )
        .example('$0 verifier judged.csv --verdict-col verdict --accept compliant,satisfied --out judge.yaml', 'labels of your own; the verifier for simulate'),
    handler: async (args) => {
      const confidence = requireOpenUnit('--confidence', args.confidence);
      if (args.json && args.markdown) throw new InputError('--markdown', 'cannot be combined with --json (choose one output)');
      const results = (args.results ?? []).map(String);
      const twoLogs = args.verdicts !== undefined || args.truth !== undefined;
      const verdictInputs = twoLogs ? [requireLog(args.verdicts, '--verdicts', '--truth')] : results;
      const truthInputs = twoLogs ? [requireLog(args.truth, '--truth', '--verdicts')] : results;
      const inputs = twoLogs ? [...verdictInputs, ...truthInputs] : results;
      if (twoLogs && results.length > 0)
        throw new InputError(
          '--verdicts',
          'cannot be combined with a results file (one log: RESULTS --verdict-col COL; two logs: --verdicts A --truth B)',
          results.join(' '),
        );
      if (!twoLogs && results.length === 0) throw new InputError('passk verifier', 'needs one log (RESULTS --verdict-col COL) or two (--verdicts A --truth B)');
      if (twoLogs && sameFile(fileIdentity(verdictInputs[0]!), fileIdentity(truthInputs[0]!)) && verdictInputs[0] !== '-') {
        throw new InputError('--truth', 'must be another log than --verdicts (one log with both columns: RESULTS --verdict-col COL)', truthInputs[0]);
      }
      const accept = labelsOf(args.accept);
      const reject = labelsOf(args.reject);
      if (twoLogs && (accept !== undefined || reject !== undefined)) {
        throw new InputError(
          accept === undefined ? '--reject' : '--accept',
          'applies to one log (RESULTS --verdict-col COL); --verdicts are read as outcomes (1/0, true/false)',
        );
      }
      const verdictColumn = args['verdict-col'];
      if (!twoLogs && verdictColumn === undefined) throw new InputError('--verdict-col', 'is required with one log: name the column of the verdicts');
      checkChartOption(args.chart, inputs, io.cwd);
      if (args.out !== undefined) checkOutputs([{ path: args.out, option: '--out' }], inputs, io.cwd);
      const options = resultsReadOptions(args, args.by);
      const { readResultGroups } = await import('../io/readTaskCounts.js');
      const reading: VerifierReading = twoLogs
        ? await readTwoLogs(readResultGroups, verdictInputs, truthInputs, options, verdictColumn)
        : await readOneLog(readResultGroups, results, options, verdictColumn!, { accept, reject });
      const document = verifierDocument(
        reading,
        {
          verdicts: verdictInputs,
          truth: truthInputs,
          by: args.by,
          where: options.where === undefined ? [] : [...options.where],
          accept: twoLogs ? ['1', 'true'] : [...(accept ?? DEFAULT_VERDICT_LABELS.accept)],
          reject: twoLogs ? ['0', 'false'] : [...(reject ?? DEFAULT_VERDICT_LABELS.reject)],
        },
        confidence,
      );
      const outFiles = args.out === undefined ? [] : verifierOutFiles(args.out, document, outHeader(document));
      // The files {group} names: checked as the template was (none may be an input).
      if (outFiles.some((file) => file.path !== args.out))
        checkOutputs(
          outFiles.map((file) => ({ path: file.path, option: '--out' })),
          inputs,
          io.cwd,
        );
      await writeWithChart(outFiles, document, args.chart, io);
      const use = "use it in a scenario's verifier section or with simulate --verifier-from";
      if (outFiles.length === 1) io.stderr(`passk: wrote ${outFiles[0]!.path} (the measured verifier; ${use})\n`);
      if (outFiles.length > 1)
        io.stderr(`passk: wrote ${outFiles.length} measured verifiers, one per group (${outFiles[0]!.path} … ${outFiles.at(-1)!.path}; ${use})\n`);
      if (args.json) io.stdout(`${JSON.stringify(document, null, 2)}\n`);
      else io.stdout(args.markdown ? formatVerifierMarkdown(document) : renderTerminal(formatVerifier(document), viewOf(io, args)));
    },
  };
}

function requireLog(value: string | undefined, option: string, other: string): string {
  if (value === undefined) throw new InputError(option, `is required with ${other} (two logs of the same attempts: --verdicts A --truth B)`);
  return value;
}

/** A label option (repeatable, comma-separated) as a list; undefined when not given. */
function labelsOf(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value : [value]).flatMap((item) => String(item).split(',')).map((label) => label.trim());
}

/** The comment at the top of an --out file: what wrote it, and when. */
function outHeader(document: ReturnType<typeof verifierDocument>): string[] {
  const day = new Date().toISOString().slice(0, 10);
  const { source } = document;
  return [
    `Written by passk verifier (passk ${passkVersion()}, ${day}): verdicts ${JSON.stringify(source.verdictColumn)} against truth ${JSON.stringify(source.truthColumn)}.`,
    'falseAccept and falseReject are the observed rates; measured holds the counts behind them (docs/verifiers.md).',
  ];
}
