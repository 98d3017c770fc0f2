import { basename } from 'node:path';
import { FIT_DEFAULTS, InputError, requireOpenUnit, resolveScenario, type TaskFit } from '@passk/sim/internal';
import { fitOfFile } from './fitOfFile.js';
import { renderTerminal, type TerminalPart } from '../format/terminalReport.js';
import { viewOf, withTerminalOptions, type TerminalArgs } from './terminalOptions.js';
import type { CommandModule } from 'yargs';
import { checkOutputs } from '../io/checkOutputs.js';
import { stringify } from 'yaml';
import { parseKList } from '../args/parseKList.js';
import { checkKSum, limitOption, WORK_LIMITS } from '../args/workLimits.js';
import { withSourceLines } from '../format/describeSource.js';
import { fitJson, fitMarkdown, formatFit, TASK_CORRELATION_NOTE, type FitSource } from '../format/fitOutput.js';
import type { CliIo } from '../io/cliIo.js';
import { readResultsFile, withResultsFileOptions, type ResultsFileArgs } from './resultsFileOptions.js';
import { writeFileAtomic } from '../io/writeFileAtomic.js';
import { describeEmpirical, describeNotRecorded, empiricalAttempts } from '../io/empiricalAmount.js';
import type { TaskCounts } from '../io/readTaskCounts.js';
import { parseSeedOption } from '../args/seedOption.js';
import { measureDependence, type MeasuredDependence } from './measureDependence.js';
import { dependenceMeasured, dependenceTasks } from './tasksFromDependence.js';
import { formatDependence, formatDrift } from '../format/dependenceText.js';

export interface FitArgs extends ResultsFileArgs, TerminalArgs {
  results: string[];
  k?: string;
  'max-k-sum'?: number;
  json: boolean;
  markdown: boolean;
  out?: string;
  confidence: number;
  seed: string;
}

/**
 * `passk fit RESULTS`: fit the per-task success distribution (beta-binomial and zero/one-inflated
 * beta-binomial) to per-task (n, c) by maximum likelihood, choose by AIC, show goodness of fit and
 * model-based extrapolation, and optionally write the fit as a scenario for `passk simulate`.
 */
export function fitCommand(io: CliIo): CommandModule<object, FitArgs> {
  return {
    command: 'fit <results..>',
    builder: (y) =>
      withTerminalOptions(withResultsFileOptions(y))
        .positional('results', {
          type: 'string',
          array: true,
          demandOption: true,
          describe: 'results: files, folders, globs or - (stdin), streamed; formats in docs/logs.md',
        })
        .option('k', { type: 'string', describe: 'ks to extrapolate to: 8, 1,2,4,8 or 5..8 (default: max n + 1 … 2·max n)' })
        .option('max-k-sum', limitOption(WORK_LIMITS.kSum))
        .option('json', { type: 'boolean', default: false, describe: 'print JSON (the documented contract)' })
        .option('markdown', { type: 'boolean', default: false, describe: 'print a compact Markdown table of the answer per k (for a pull-request comment)' })
        .option('out', { type: 'string', describe: 'write a minimal scenario file (YAML) with the chosen fit as its tasks block' })
        .option('confidence', { type: 'number', default: FIT_DEFAULTS.confidence, describe: 'two-sided confidence of the prediction intervals, in (0, 1)' })
        .option('seed', { type: 'string', default: FIT_DEFAULTS.seed, describe: 'seed of the Monte Carlo permutations of the dependence and drift tests' })
        .example('$0 fit results.csv', 'both models, the choice by AIC, goodness of fit and pass^k beyond n')
        .example('$0 fit results.jsonl --k 8,16 --out fitted.yaml', 'extrapolate to 8 and 16 attempts and write a scenario')
        .example('$0 simulate fitted.yaml', 'then simulate retry policies on the fitted tasks')
        .example('$0 fit retries.csv --episode-col episode --attempt-col attempt', 'also measure how the retries of one episode depend on each other')
        .epilogue(TASK_CORRELATION_NOTE.replaceAll('\n', ' ')),
    handler: async (args) => {
      if (args.json && args.markdown) throw new InputError('--markdown', 'cannot be combined with --json (choose one output)');
      const confidence = requireOpenUnit('--confidence', args.confidence);
      const ks = args.k === undefined ? undefined : parseKList(args.k);
      if (ks !== undefined) checkKSum(ks, args['max-k-sum']);
      const inputs = args.results.map(String);
      if (args.out !== undefined) checkOutputs([{ path: args.out, option: '--out' }], inputs, io.cwd);
      const seed = parseSeedOption(args.seed);
      const counts = await readResultsFile(inputs, args, { keepRunOrder: true });
      const tasks = counts.n.map((n, i) => ({ n, c: counts.c[i]! }));
      const fit = fitOfFile(tasks, { ks, confidence, trialOrder: trialOrderOf(counts) }, inputs.join(' '));
      const measured = measureDependence(counts, { confidence, seed, ks, file: inputs.join(' ') });
      const source: FitSource = { file: inputs.join(' '), format: counts.format, rows: counts.rows, columns: counts.columns };
      if (args.out !== undefined) {
        await writeFileAtomic(args.out, scenarioFile(fit, inputs, args, counts, measured));
        const amounts = describeEmpirical(counts.cost, counts.latency);
        const used = amounts === undefined ? '' : `, and the log's empirical per-attempt ${amounts} instead of the default lognormal`;
        const what = measured.fit === null ? `the ${fit.chosen} fit` : `${measured.fit.chosen} retries and the tasks fitted with them`;
        io.stderr(`passk: wrote ${args.out} (a scenario with ${what}${used}; run it with passk simulate ${args.out})\n`);
        for (const line of describeNotRecorded(counts)) io.stderr(`passk: ${line}: the scenario keeps its default, no attempt is drawn at 0\n`);
      }
      const document = { ...fitJson(fit, source), dependence: measured.dependence, drift: measured.drift, dependenceNote: measured.note };
      if (args.markdown) io.stdout(fitMarkdown(fit, source));
      else if (args.json) io.stdout(`${JSON.stringify(document, null, 2)}\n`);
      else {
        const body = fitText(fit, source, measured, counts, args.format !== 'auto');
        const verdict = `fit: ${fit.chosen} task population of ${fit.tasks} tasks (ΔAIC ${fit.choice.aicDifference.toFixed(1)} to the other model)`;
        io.stdout(renderTerminal({ body, verdict }, viewOf(io, args)));
      }
    },
  };
}

/**
 * Under untilSuccess a task's n depends on its outcomes: the beta-binomial fit of (n, c) is still the
 * maximum-likelihood fit under independence (the stopping rule leaves the likelihood of p as it is),
 * but the C-ratio estimates of pass@k for k ≤ n are not unbiased there.
 */
const UNTIL_SUCCESS_NOTE =
  'The task distribution below is fitted to the per-task counts as if the attempts were independent ' +
  '(an episode that stops at its first success leaves that likelihood as it is); its observed pass@k ' +
  'for k ≤ n are not unbiased when episodes stop at a success: read the pass@k of an episode from the ' +
  'retry dependence above.';

/**
 * The text of `fit` in parts (the header with the lines on what was read): with episodes, the retry
 * dependence first (the answer), then the task distribution; else the drift test and the note after it.
 */
function fitText(fit: TaskFit, source: FitSource, measured: MeasuredDependence, counts: TaskCounts, forced: boolean): TerminalPart[] {
  const [header, ...tasks] = formatFit(fit, source);
  const parts: TerminalPart[] = [{ text: withSourceLines(header!.text, counts, forced) }];
  if (measured.dependence !== null) {
    const stopped = measured.dependence.stopping === 'untilSuccess' ? `\n${UNTIL_SUCCESS_NOTE}\n\n` : '\n';
    parts.push(...formatDependence(measured.dependence), { text: stopped });
    return [...parts, ...tasks];
  }
  const drift = formatDrift(measured.drift, measured.note);
  // The note alone (no run order to test) is a caution on what the log cannot show: behind --wide.
  return drift === '' ? [...parts, ...tasks] : [...parts, ...tasks, { text: `\n${drift}\n`, wide: measured.drift === null }];
}

/**
 * Each task's trials in run order, when the read kept a run order (--attempt-col alone, several files
 * of one run each) covering every counted trial: the fit tests it for runs before extrapolating.
 */
function trialOrderOf(counts: TaskCounts): readonly (readonly boolean[])[] | undefined {
  const trials = counts.attemptOrder?.runOrder?.trials;
  if (trials === undefined || trials.length !== counts.n.length) return undefined;
  const complete = trials.every((sequence, t) => sequence.length === counts.n[t] && sequence.filter(Boolean).length === counts.c[t]);
  return complete ? trials : undefined;
}

/** policy.maxAttempts allows 1..1000 (resolvePolicy). */
const MAX_POLICY_ATTEMPTS = 1000;

/**
 * A complete minimal scenario (docs/design.md §3): the fitted tasks block, attempts independent
 * given p (written out: the fit's between-task correlation is the spread of the tasks block, never an
 * exchangeable icc, which would correlate retries a second time) and a policy with up to the largest
 * k of interest, checked with resolveScenario before it is written.
 */
function scenarioFile(fit: TaskFit, inputs: readonly string[], args: FitArgs, counts: TaskCounts, measured: MeasuredDependence): string {
  const name = inputs.map((input) => basename(input)).join(' ');
  const dependent = chosenDependence(measured);
  const longest = measured.dependence?.maxLength ?? 0;
  const maxAttempts = Math.min(
    MAX_POLICY_ATTEMPTS,
    dependent === undefined ? Math.max(fit.trials.max, ...fit.extrapolation.ks) : Math.max(2 * longest, ...(args.k === undefined ? [] : parseKList(args.k))),
  );
  const scenario = {
    name: `fitted to ${name} (${dependent === undefined ? fit.chosen : `${dependent.model.model} retries`})`,
    // A log of separate runs: its per-task counts ride along (tasks.measured), so that passk simulate
    // refits the population per block of replicates and its intervals carry the fit's uncertainty.
    // A log with episodes: the episodes and the model ride along (tasks.measured.episodes), so that
    // passk simulate refits the dependence model and its tasks per block the same way.
    tasks: dependent
      ? { ...dependent.tasks, resample: true, measured: dependenceMeasured(measured.fit!, counts.attemptOrder!.episodes!.tasks, name) }
      : {
          ...fit.scenarioTasks,
          resample: true,
          measured: { trials: [...counts.n], successes: [...counts.c], source: name },
        },
    attempts: { correlation: dependent?.model.correlation ?? { model: 'independent' }, ...empiricalAttempts(counts).attempts },
    policy: { maxAttempts },
  };
  resolveScenario(scenario, { source: args.out });
  const header =
    dependent === undefined
      ? [
          `# Written by passk fit ${name}: ${fit.tasks} tasks, ${fit.trials.total} attempts.`,
          `# ${fit.chosen} chosen by AIC (ΔAIC = ${fit.choice.aicDifference.toFixed(2)}). What it implies for k beyond the`,
          `# ${fit.trials.max} observed trials per task follows from the model, not from the data.`,
          `# Attempts are independent given each task's p, as fitted: the between-task correlation of the fit is`,
          `# the spread of p in the tasks block, not an exchangeable icc (which correlates retries given p).`,
          `# tasks.measured holds the log's per-task counts: passk simulate refits the tasks per block of 64`,
          `# replicates to a bootstrap resample of them, so its intervals include the fit's uncertainty`,
          `# (fresh tasks every replicate: resample true).`,
        ]
      : [
          `# Written by passk fit ${name}: ${fit.tasks} tasks, ${measured.dependence!.episodes} episodes, ${fit.trials.total} attempts.`,
          `# Retry dependence ${dependent.model.model} chosen by AIC: ${measured.dependence!.evidence}.`,
          `# The tasks block and attempts.correlation are fitted together (maximum likelihood over the`,
          `# episodes in attempt order).`,
          `# What they imply for k beyond the ${measured.dependence!.maxLength} attempts of the longest episode follows from the model.`,
          `# tasks.measured holds the log's episodes: passk simulate refits the dependence model and the tasks`,
          `# per block of 64 replicates to a bootstrap resample of them, so its intervals include the fit's`,
          `# uncertainty (fresh tasks every replicate: resample true).`,
        ];
  const amounts = describeEmpirical(counts.cost, counts.latency);
  if (amounts !== undefined) header.push(`# Per-attempt ${amounts}: the log's empirical distribution (dist: empirical).`);
  return `${header.join('\n')}\n${stringify(scenario)}`;
}

/**
 * With episodes, the chosen dependence model's task population and attempts.correlation (fitted
 * together), for the scenario; undefined for a log of separate runs (attempts independent given p).
 */
export function chosenDependence(measured: Pick<MeasuredDependence, 'fit'>) {
  const fit = measured.fit;
  if (fit === null) return undefined;
  const model = fit.models.find((candidate) => candidate.model === fit.chosen)!;
  return { model, tasks: dependenceTasks(fit, model) };
}
