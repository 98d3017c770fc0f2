import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { refuseDuplicateKeys } from './jsonDuplicateKeys.js';
import { InputError } from '@passk/sim/errors';
import { fieldAt, fieldText } from './fieldPath.js';
import { JsonRecordCounter, type JsonOutcome, type JsonRecordSetup } from './jsonRecordCounter.js';
import { hasScores, inspectColumns, inspectSampleRecord, type InspectScoring } from './inspectSamples.js';
import { listNames, resolveResultsColumns, withAmountColumns, type ResultsColumns } from './resultsColumns.js';
import type { ResultsFormat, ResultsFormatContext, ResultsFormatOutcome } from './resultsFormat.js';
import { tauBenchFormat } from './tauBenchFormat.js';
import { aiderLayout, isAider } from './episodeFormats.js';
import { STDIN_NAME, sizeText } from './fileWindow.js';

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;

/** The first non-blank byte of `buf[start, end)`, or -1. */
function firstByte(buf: Uint8Array, start: number, end: number): number {
  for (let i = start; i < end; i++) if (buf[i] !== 0x20 && buf[i] !== 0x09 && buf[i] !== 0x0a && buf[i] !== 0x0d) return buf[i];
  return -1;
}
const LF = 0x0a;

/** The harness formats read from one JSON object, and how each is recognised by its keys. */
export const DOCUMENT_FORMATS = ['terminal-bench', 'tau2-bench', 'cruxeval', 'inspect', 'task-outcomes'] as const;
type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOutcomeList(value: unknown): boolean {
  return Array.isArray(value) && value.every((v) => v === null || typeof v === 'boolean' || typeof v === 'number');
}

/** Which harness wrote the object, by its keys; undefined when none. */
export function classifyDocument(doc: Record<string, unknown>): DocumentFormat | undefined {
  if (Array.isArray(doc.results) && doc.results.some((r) => isObject(r) && 'is_resolved' in r)) return 'terminal-bench';
  if (Array.isArray(doc.simulations)) return 'tau2-bench';
  if (isObject(doc.raw_scored_generations)) return 'cruxeval';
  if (isObject(doc.eval) && ('samples' in doc || 'results' in doc)) return 'inspect';
  const values = Object.values(doc);
  if (values.length > 0 && values.every(isOutcomeList)) return 'task-outcomes';
  return undefined;
}

/**
 * True for a file that starts with `{` and is one JSON document rather than JSON Lines: its first
 * line is not a whole JSON object (pretty-printed), or it is one whose keys name a harness format.
 */
export function sniffDocument(head: Uint8Array): boolean {
  if (head[0] !== OPEN_BRACE) return false;
  const lf = head.indexOf(LF);
  const text = Buffer.from(head.buffer, head.byteOffset, lf < 0 ? head.length : lf).toString('utf8');
  try {
    const first = JSON.parse(text) as unknown;
    return isObject(first) && classifyDocument(first) !== undefined;
  } catch {
    return true;
  }
}

/** The rest of the file as one parsed JSON value (at most --max-document-bytes; duplicate keys refused). */
export async function parseWhole(context: ResultsFormatContext): Promise<unknown> {
  const { window } = context;
  // A whole JSON document is parsed at once: it may be longer than a line, up to --max-document-bytes.
  const max = context.options.maxDocumentBytes;
  const tooBig = () =>
    new InputError(
      window.file,
      `must be a JSON document of at most ${sizeText(max)} to be read whole (--max-document-bytes raises the limit; JSON Lines, one record per line, are streamed)`,
    );
  // A regular file is measured before it is read; a stream is read up to the limit. The text is
  // decoded chunk by chunk as the window moves on, so no buffer grows with the document.
  if (window.isSeekable && (await window.size()) - window.offset - context.start > max) throw tooBig();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (let pos = context.start; ; pos = 0) {
    bytes += window.end - pos;
    if (bytes > max) throw tooBig();
    text += decoder.decode(window.buf.subarray(pos, window.end), { stream: true });
    if (window.eof) break;
    await window.refill(window.end);
  }
  text += decoder.decode();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof SyntaxError ? shorten(error.message) : 'parse error';
    // One JSON value per line parses up to the end of the first: JSON Lines, not one document.
    const hint = /after JSON/.test(detail) ? 'several JSON values: JSON Lines? read it with --format jsonl (or auto)' : 'truncated?';
    throw new InputError(window.file, `must be one valid JSON document (${detail}); ${hint}`);
  }
  // Lines count from the document's start (the window's first bytes, where a file read whole begins).
  refuseDuplicateKeys(text, value, (line) => `${window.file}:${line}`);
  return value;
}

/**
 * τ²-bench's termination reason for a simulation that never ran properly: its metrics
 * (`agent_metrics.py`, `get_metrics_df`) exclude these and log how many; passk drops them under
 * `--on-error drop` (the default) and counts them. Other reasons (agent_error, max_steps, …) are
 * the agent's and are scored by their reward.
 */
const TAU2_INFRA_REASONS: readonly string[] = ['infrastructure_error'];

/**
 * What Terminal-Bench's `run_metadata.json` (written beside a run's `results.json`) says about the run,
 * kept on each of its trials under these names for `--by` and `--where`: its trial records do not say
 * which run, agent or model they are of. `agent_name` and `model_name` are system columns (two agents
 * are never pooled); runs of one agent are its trials (the leaderboard counts several runs so).
 */
export const TERMINAL_BENCH_RUN_FIELDS: readonly string[] = ['run_id', 'agent_name', 'model_name', 'dataset_name', 'dataset_version'];

/**
 * What a τ²-bench results document's `info` says about the run, kept on each simulation under its dot
 * path (`--by info.agent_info.llm`): the agent's model and implementation, the user simulator's model
 * and the domain; all are system columns.
 */
export const TAU2_RUN_FIELDS: readonly string[] = [
  'info.agent_info.llm',
  'info.agent_info.implementation',
  'info.user_info.llm',
  'info.environment_info.domain_name',
];

/** The fields at `paths` of `doc` that hold a text, number or boolean, by path (for records to carry). */
function keptFields(doc: Record<string, unknown>, paths: readonly string[]): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const path of paths) {
    const value = fieldAt(doc, path);
    if (value !== null && fieldText(value) !== undefined) kept[path] = value;
  }
  return kept;
}

/**
 * The run fields of the `run_metadata.json` beside a Terminal-Bench `results.json` (none for standard
 * input, or when there is no such file). A metadata file that is not a JSON object is refused, naming it.
 */
async function terminalBenchRun(file: string, max: number): Promise<Record<string, unknown>> {
  if (file === STDIN_NAME) return {};
  const path = join(dirname(file), 'run_metadata.json');
  const info = await stat(path).catch(() => undefined);
  if (info === undefined || !info.isFile()) return {};
  if (info.size > max)
    throw new InputError(path, `must be a JSON document of at most ${sizeText(max)} to be read whole (--max-document-bytes raises the limit)`, info.size);
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new InputError(path, `must be readable: the Terminal-Bench run metadata beside ${file} (${error.code ?? error.message})`);
  });
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof SyntaxError ? shorten(error.message) : 'parse error';
    throw new InputError(
      path,
      `must be valid JSON (${detail}): the Terminal-Bench run metadata beside ${file}, read for its run_id, agent_name and model_name`,
      text.slice(0, 40),
    );
  }
  if (!isObject(doc)) throw new InputError(path, `must be a JSON object: the Terminal-Bench run metadata beside ${file}`, text.slice(0, 40));
  return keptFields(doc, TERMINAL_BENCH_RUN_FIELDS);
}

/**
 * Reads one JSON object written by a harness: Terminal-Bench `results.json` (`results[]` with
 * `task_id`, `is_resolved` true/false/null, `trial_name`, token counts), τ²-bench results
 * (`simulations[]` with `task_id`, `trial`, `reward_info.reward`, `agent_cost`, `duration`,
 * `termination_reason`), CRUXEval scored output (`raw_scored_generations: {task: [bool, …]}`), an
 * inspect_ai `.json` log (`eval`, `samples[]`), or any object mapping task → list of outcomes.
 * What tells runs apart is kept on every record for `--by` and `--where`: Terminal-Bench's run id,
 * agent and model from the `run_metadata.json` beside the file (`TERMINAL_BENCH_RUN_FIELDS`), τ²-bench's
 * agent and user models and domain (`TAU2_RUN_FIELDS`), inspect_ai's eval spec (`eval.task`, …).
 */
export async function readDocument(context: ResultsFormatContext): Promise<ResultsFormatOutcome> {
  const { window, options, counts, dropped, trials, state } = context;
  const file = window.file;
  // `--format json` on an array of records: the streaming array reader (generic records).
  if (options.format === 'json' && firstByte(window.buf, context.start, window.end) === OPEN_BRACKET) return tauBenchFormat.read(context);
  const doc = await parseWhole(context);
  const requested = options.format;
  if (!isObject(doc)) {
    const what = Array.isArray(doc) ? 'an array (arrays of records are read with --format auto, json or tau-bench)' : typeof doc;
    throw new InputError(file, `must be a JSON object to be read as ${requested === 'auto' ? 'a harness document' : requested}, but it is ${what}`);
  }
  // Aider's per-exercise `.aider.results.json`: one episode, its tries in `tests_outcomes`.
  if ((requested === 'auto' || requested === 'json') && isAider(doc)) {
    const record = aiderLayout.record!(doc, file);
    const columns = aiderLayout.columns(record, options, file);
    const counter = new JsonRecordCounter({ file, columns, outcome: { kind: 'success' }, counts, dropped, trials, infoError: false, state });
    counter.count(record, 1);
    return { format: 'aider', columns };
  }
  const kind = (DOCUMENT_FORMATS as readonly string[]).includes(requested) ? (requested as DocumentFormat) : classifyDocument(doc);
  if (kind === undefined) {
    throw new InputError(
      file,
      `must be a results document: keys ${listNames(Object.keys(doc))} match none of ${DOCUMENT_FORMATS.join(', ')} ` +
        '(Terminal-Bench results[], τ²-bench simulations[], CRUXEval raw_scored_generations, inspect_ai eval + samples, {task: [outcomes]}); name one with --format',
    );
  }
  /**
   * Counts the records of the array `key`, with the columns chosen from its first record; each record
   * also carries `run` (the document's fields that tell its run apart), unless it has its own of a name.
   */
  const count = (
    records: unknown[],
    key: string,
    columnsFor: (first: Record<string, unknown>) => ResultsColumns,
    outcome: JsonOutcome,
    marker?: JsonRecordSetup['marker'],
    run: Record<string, unknown> = {},
  ) => {
    const carried = Object.keys(run).length > 0;
    const first = records.find(isObject);
    if (first === undefined) throw new InputError(file, `must hold at least one record in ${key}`);
    const columns = columnsFor(first);
    const place = (_line: number, record: number) => `${file} (${key}[${record - 1}])`;
    const counter = new JsonRecordCounter({ file, columns, outcome, counts, dropped, trials, infoError: false, state, place, marker });
    records.forEach((record, i) => {
      if (!isObject(record)) throw new InputError(`${file} (${key}[${i}])`, 'must be a JSON object', JSON.stringify(record).slice(0, 60));
      counter.count(carried ? { ...run, ...record } : record, 0, i + 1);
    });
    return columns;
  };
  const success = { kind: 'success' as const };
  switch (kind) {
    case 'terminal-bench': {
      dropped.formatDefault('fail');
      const records = requireArray(doc, 'results', file, kind);
      const run = await terminalBenchRun(file, options.maxDocumentBytes);
      const columns = count(
        records,
        'results',
        (first) => {
          const named = { ...options, taskColumn: options.taskColumn ?? 'task_id', successColumn: options.successColumn ?? 'is_resolved' };
          const trial = options.trialColumn ?? ('trial_name' in first ? 'trial_name' : undefined);
          const columns = resolveResultsColumns(Object.keys(first), { ...named, trialColumn: trial }, file, 'keys of results[0]', first);
          return withAmountColumns(columns, options, Object.keys(first), first, { tokens: ['total_input_tokens', 'total_output_tokens'] });
        },
        success,
        undefined,
        run,
      );
      return { format: 'terminal-bench', columns };
    }
    case 'tau2-bench': {
      dropped.formatDefault('fail');
      const records = requireArray(doc, 'simulations', file, kind);
      const columns = count(
        records,
        'simulations',
        (first) => {
          const named = { ...options, taskColumn: options.taskColumn ?? 'task_id', rewardColumn: options.rewardColumn ?? 'reward_info.reward' };
          const trial = options.trialColumn ?? ('trial' in first ? 'trial' : undefined);
          const columns = resolveResultsColumns(Object.keys(first), { ...named, trialColumn: trial }, file, 'keys of simulations[0]', first);
          delete columns.threshold;
          columns.successWhen = '1 - 1e-6 <= reward <= 1 + 1e-6';
          return withAmountColumns(columns, options, Object.keys(first), first, { cost: 'agent_cost', latency: 'duration' });
        },
        { kind: 'tauBench' },
        (row) => {
          const reason = row.termination_reason;
          return typeof reason === 'string' && TAU2_INFRA_REASONS.includes(reason) ? { key: 'termination_reason', value: reason } : undefined;
        },
        keptFields(doc, TAU2_RUN_FIELDS),
      );
      return { format: 'tau2-bench', columns };
    }
    case 'cruxeval':
    case 'task-outcomes': {
      const map = kind === 'cruxeval' ? doc.raw_scored_generations : doc;
      if (!isObject(map))
        throw new InputError(
          file,
          `must have an object "raw_scored_generations" ({task: [outcomes]}) to be read as cruxeval; keys: ${listNames(Object.keys(doc))}`,
        );
      const records = Object.entries(map).map(([task, outcomes]) => ({ task, outcomes }));
      // CRUXEval writes booleans: a string "true" there is a broken file, not an outcome.
      const outcome = kind === 'cruxeval' ? { kind: 'boolean' as const } : success;
      const columns = count(records, kind === 'cruxeval' ? 'raw_scored_generations' : 'tasks', () => ({ task: 'task', success: 'outcomes' }), outcome);
      return { format: kind, columns };
    }
    case 'inspect': {
      const samples = requireArray(doc, 'samples', file, kind);
      const header = doc as Record<string, unknown>;
      samples.forEach((sample, i) => {
        if (!isObject(sample)) throw new InputError(`${file} (samples[${i}])`, 'must be a JSON object');
      });
      const scored = Math.max(
        0,
        samples.findIndex((sample) => hasScores(sample as Record<string, unknown>)),
      );
      const scoring: InspectScoring = inspectColumns(samples[scored] as Record<string, unknown>, options, `${file} (samples[${scored}])`, header);
      const records = samples.map((sample, i) => inspectSampleRecord(sample as Record<string, unknown>, header, scoring, `${file} (samples[${i}])`));
      const columns = count(
        records,
        'samples',
        (first) =>
          withAmountColumns(scoring!.columns, options, Object.keys(first), first, { tokens: ['input_tokens', 'output_tokens'], latency: 'total_time' }),
        {
          kind: 'inspect',
          threshold: options.threshold,
        },
      );
      return { format: 'inspect', columns };
    }
  }
}

/** The array under `key` of a harness document; its absence names the keys the document has. */
function requireArray(doc: Record<string, unknown>, key: string, file: string, format: string): unknown[] {
  const value = doc[key];
  if (!Array.isArray(value))
    throw new InputError(file, `must have an array ${JSON.stringify(key)} to be read as ${format}; keys: ${listNames(Object.keys(doc))}`);
  return value;
}

/** A parser message, cut to one short line. */
function shorten(text: string): string {
  const line = text.split('\n')[0]!;
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

/** Harness JSON documents (one object per file, pretty-printed or not), parsed whole; see `readDocument`. */
export const documentFormat: ResultsFormat = {
  name: 'json',
  extensions: [],
  sniff: sniffDocument,
  read: readDocument,
};

/** The same reader under each harness's name, for `--format terminal-bench` etc. */
export const namedDocumentFormats: ResultsFormat[] = DOCUMENT_FORMATS.filter((name) => name !== 'inspect').map((name) => ({
  name,
  extensions: [],
  sniff: () => false,
  read: readDocument,
}));
