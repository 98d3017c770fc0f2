import { InputError } from '@passk/sim/errors';
import { refuseOtherFileKind } from './fileKind.js';
import { detectResultsFormat } from './detectResultsFormat.js';
import { DroppedRows, type DroppedSummary } from './droppedRows.js';
import { expandInputs } from './expandInputs.js';
import type { TreeReading } from './treeReading.js';
import { open, stat } from 'node:fs/promises';
import { FileWindow, RecordTooLong, STDIN_NAME, sizeText } from './fileWindow.js';
import type { AttemptAmounts } from './attemptAmounts.js';
import type { AmountSketch } from './amountSketch.js';
import type { AttemptOrder } from './episodeCollector.js';
import { EPISODE_FORMAT_STOPPING } from './episodeFormats.js';
import { GROUP_SEPARATOR, ReadState } from './readState.js';
import type { ResultsColumns } from './resultsColumns.js';
import { RESULTS_FORMATS } from './resultsFormats.js';
import { resolveResultsReadOptions, type ResolvedResultsReadOptions, type ResultsReadOptions } from './resultsReadOptions.js';
import { rowPlace, rowWhere } from './rowWhere.js';
import { unknownColumnError } from './rowConditions.js';
import { TaskCountsBuilder } from './taskCountsBuilder.js';
import { TaskTrials } from './taskTrials.js';
import type { TrialBudget } from './trialBudget.js';
import { TrialProbe, TrialStop, type TrialCheck } from './trialCheck.js';

/** A per-attempt amount (cost or latency) read from the log, for the tasks of one group. */
export interface AttemptAmountSummary {
  /** What it was read from, e.g. `column "agent_cost"` or `tokens "in" × $3/M + "out" × $15/M`. */
  from: string;
  /** Attempts with a value (others had none and are left out of the means). */
  attempts: number;
  /** Attempts read, with or without a value: `attempts` of `of` decides whether the amount is recorded (io/amountRecorded.ts). */
  of: number;
  /** Per task (aligned with `taskIds`): the sum of its attempts' amounts and how many had one. */
  perTask: { sum: number; count: number }[];
  /**
   * The attempts' amounts: their count, their sum (in reading order) and their empirical distribution,
   * every value up to 16 384 of them, else a quantile sketch of fixed size (io/amountSketch.ts).
   */
  amounts: AmountSketch;
}

/** Per-task trials n and successes c read from results; tasks in order of first appearance. */
export interface TaskCounts {
  /** Task ids (read from the builder's bytes when first asked for). */
  readonly taskIds: string[];
  /** Trials (attempts counted) per task, ≥ 1; tasks may differ. */
  n: number[];
  /** Successes per task, 0 ≤ c[t] ≤ n[t]. */
  c: number[];
  /** Data rows counted (= the sum of n); dropped rows are not among them. */
  rows: number;
  /** The format the input was read as: `csv`, `jsonl`, `terminal-bench`, `inspect`, …. */
  format: string;
  /** The columns used. */
  columns: ResultsColumns;
  /** Rows without an outcome or marked as errors and what was done with them, and tasks left with none (of this group, with `by`). */
  dropped: DroppedSummary;
  /** The files read, in order (`stdin` for standard input). */
  sources: string[];
  /** The `where` conditions rows had to meet (`model=gpt-4o`), when any. */
  where: string[];
  /** How the folders and globs among the inputs were read (files read and skipped), when there were any. */
  tree?: TreeReading;
  /** Cost per attempt, when the log has it (a cost column, or tokens with prices). */
  cost?: AttemptAmountSummary;
  /** Duration per attempt in seconds, when the log has it. */
  latency?: AttemptAmountSummary;
  /** Distinct task ids of the read written in a Unicode form other than NFC (read as their NFC form: taskCountsBuilder.ts), when any were. */
  normalizedIds?: number;
  /**
   * The attempts' order, when the read kept it: episodes (--episode-col, a harness's retry loops) or
   * separate runs in run order (--attempt-col alone, or several files of one run each with `keepRunOrder`).
   */
  attemptOrder?: AttemptOrder;
}

/** One group of a read split by a column (`by`): its value and its counts. */
export interface ResultGroup {
  group: string;
  counts: TaskCounts;
}

/** A read split by `by` (one group, named "", without `by`); groups in order of first appearance. */
export interface ResultGroups {
  by: string | undefined;
  groups: ResultGroup[];
  format: string;
  sources: string[];
  /** What the policies dropped over the whole read (a group's own is in its counts; a group whose rows were all dropped has none). */
  dropped: DroppedSummary;
}

/** How far to read for content sniffing: up to the first line end, or this many bytes. */
const SNIFF_BYTES = 1 << 16;
/** At least this much is read for sniffing, past the first line: a pretty-printed document's first line is `{` alone, its keys follow (EvalPlus's `"date", "eval"`). */
const SNIFF_MIN_BYTES = 1 << 10;
const LF = 0x0a;

function isBlankByte(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0d || b === 0x0a;
}

/** What one pass over a file produced. */
interface Pass {
  format: string;
  columns: ResultsColumns;
}

/** What all files of one read share. */
interface Shared {
  options: ResolvedResultsReadOptions;
  counts: TaskCountsBuilder;
  dropped: DroppedRows;
  trials: TrialCheck;
  state: ReadState;
  probing: boolean;
}

/** Reads one file once into the shared counts (throws TrialStop where the trial check says). */
async function readPass(path: string, shared: Shared): Promise<Pass> {
  const { maxLineBytes, maxStreamBytes, openTimeoutMs } = shared.options;
  const window = await FileWindow.open(path, shared.options.chunkSize, {}, { maxLineBytes, maxStreamBytes, openTimeoutMs });
  try {
    // Read until the byte order mark is settled and, for sniffing, the first line and 1 KiB (or 64 KiB, or the whole file) are in.
    await window.refill(0);
    let start = 0;
    let head = 0;
    for (;;) {
      const buf = window.buf;
      const end = window.end;
      if (end >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
      head = start;
      while (head < end && isBlankByte(buf[head])) head++;
      const bomSettled = end >= 3 || window.eof;
      const lineEnd = buf.indexOf(LF, head);
      const headSettled = lineEnd >= 0 && lineEnd < end && end - head >= SNIFF_MIN_BYTES;
      if (window.eof || (bomSettled && head < end && (headSettled || end - head >= SNIFF_BYTES))) break;
      await window.refill(0);
    }
    // A passk scenario, result or shard given where a results log belongs: one line naming the command that reads it.
    refuseOtherFileKind(window.buf.subarray(start, window.end), path, 'results-log');
    const format = detectResultsFormat(RESULTS_FORMATS, shared.options.format, path, window.buf.subarray(head, window.end));
    const { options, counts, dropped, trials, state, probing } = shared;
    return await format.read({ window, start, options, counts, dropped, trials, state, probing });
  } catch (error) {
    if (error instanceof RecordTooLong) throw await recordTooLongError(error);
    throw error;
  } finally {
    await window.close();
  }
}

/** The InputError for a line longer than --max-line-bytes: at `file:line` (counted by reading up to it again), or at the byte offset in a stream. */
async function recordTooLongError(error: RecordTooLong): Promise<InputError> {
  const line = error.seekable ? await lineAt(error.file, error.offset) : undefined;
  const where = line === undefined ? `${error.file} (byte ${error.offset + 1})` : `${error.file}:${line}`;
  return new InputError(
    where,
    `line must be at most ${sizeText(error.limit)} (a CSV row with its quoted line breaks, a JSON Lines line, a JSON array record; --max-line-bytes raises the limit)`,
    error.head,
  );
}

/** The 1-based line of file offset `offset`: one more than the line feeds before it (read in 64 KiB steps). */
async function lineAt(file: string, offset: number): Promise<number | undefined> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (handle === undefined) return undefined;
  try {
    const buf = Buffer.allocUnsafe(1 << 16);
    let line = 1;
    for (let at = 0; at < offset; ) {
      const { bytesRead } = await handle.read(buf, 0, Math.min(buf.length, offset - at), at);
      if (bytesRead === 0) break;
      for (let i = buf.indexOf(LF, 0); i >= 0 && i < bytesRead; i = buf.indexOf(LF, i + 1)) line++;
      at += bytesRead;
    }
    return line;
  } finally {
    await handle.close();
  }
}

/** `trials`: the check for the read, given the read's trial budget. */
function freshShared(options: ResolvedResultsReadOptions, trials: (budget: TrialBudget) => TrialCheck, probing: boolean): Shared {
  const state = new ReadState(options);
  return {
    options,
    counts: new TaskCountsBuilder(),
    dropped: new DroppedRows(options.onError, options.missing),
    trials: trials(state.trialBudget),
    state,
    probing,
  };
}

/**
 * The InputError for a repeated (task, trial) pair found at `repeat` in `files[at]`: a second pass
 * over the files finds the pair's first row (only its bitmaps were kept), so the message names both
 * places. Standard input, a pipe or a FIFO cannot be read twice: then only the second place is named.
 */
async function duplicateError(
  files: readonly string[],
  at: number,
  options: ResolvedResultsReadOptions,
  repeat: TrialStop,
  shared: Shared,
): Promise<InputError> {
  const id = shared.counts.idOf(repeat.task);
  let first: { file: string; index: number; stop: TrialStop } | undefined;
  if (await allRegular(files.slice(0, at + 1))) {
    const probe = freshShared(options, () => new TrialProbe(repeat.task, repeat.trial), true);
    for (const [index, file] of files.slice(0, at + 1).entries()) {
      try {
        await readPass(file, probe);
      } catch (error) {
        if (!(error instanceof TrialStop)) throw error;
        first = { file, index, stop: error };
        break;
      }
    }
  }
  const summaries = options.countsColumns !== undefined || options.rateColumn !== undefined;
  const repeated = summaries
    ? `duplicate of task ${JSON.stringify(taskOf(id))}: per-task summaries (${options.countsColumns !== undefined ? '--counts' : '--rate-col'}) give each task one row`
    : `duplicate of task ${JSON.stringify(taskOf(id))} trial ${shared.state.trialIds.name(repeat.task, repeat.trial)}`;
  return new InputError(rowWhere(files[at], repeat.line, repeat.record), `${repeated}${firstPlace(first, files[at], at)}`);
}

/** The InputError for a read whose (task, trial) check would pass `--max-trial-memory`, at the row where it would. */
function trialMemoryError(file: string, stop: TrialStop, limit: number): InputError {
  return new InputError(
    rowWhere(file, stop.line, stop.record),
    `the (task, trial) check must hold at most ${sizeText(limit)} (text trial ids and trial numbers too scattered for a per-task bitmap are kept one by one; number each task's trials 0, 1, 2, … (a bit each), or raise the limit with --max-trial-memory)`,
  );
}

/** True when every file is a regular file (can be read a second time). */
async function allRegular(files: readonly string[]): Promise<boolean> {
  for (const file of files) if (file === STDIN_NAME || !(await stat(file).catch(() => undefined))?.isFile()) return false;
  return true;
}

function firstPlace(first: { file: string; index: number; stop: TrialStop } | undefined, file: string, index: number): string {
  if (first === undefined) return '';
  const place = rowPlace(first.stop.line, first.stop.record);
  if (first.file !== file) return ` (first at ${first.file}, ${place})`;
  return first.index === index ? ` (first at ${place})` : ` (first at ${place} of the same file, given twice)`;
}

/** The task id of a builder key (without the group). */
function taskOf(key: string): string {
  const at = key.indexOf(GROUP_SEPARATOR);
  return at < 0 ? key : key.slice(at + 1);
}

/** A group's amounts: per task (by builder index) and their sketch (of the whole read when it has one group). */
function amountSummary(
  amounts: AttemptAmounts,
  from: string | undefined,
  indices: readonly number[],
  group: string | undefined,
  of: number,
): AttemptAmountSummary | undefined {
  if (from === undefined) return undefined;
  const perTask = indices.map((index) => amounts.ofTask(index));
  return { from, attempts: perTask.reduce((sum, task) => sum + task.count, 0), of, perTask, amounts: amounts.of(group) };
}

/**
 * Streams per-attempt results — one or more inputs: files, folders of files, globs, `-` for
 * standard input; all of one format — into per-task counts (n, c), split into groups by
 * `options.by`, without holding the files in memory. Trials of one task from several files
 * combine; a repeated (task, trial) pair is an error naming both places. Rows not meeting
 * `options.where` are skipped. A system column (`SYSTEM_COLUMNS`: model, agent, alias, run, …, the
 * harness fields that tell runs apart) with several values is refused (InputError naming the column,
 * its values, `--where` and `--by`); split by `options.by`, it may differ between groups, not within one.
 * Throws InputError: where = `file:line` (a JSON array record adds `(record i)`) for a bad row or
 * a repeated pair, where = `file` for a missing file, a missing column or input without counted
 * rows; where = the option name for a bad option.
 */
export async function readResultGroups(inputs: string | readonly string[], options: ResultsReadOptions = {}): Promise<ResultGroups> {
  const resolved = resolveResultsReadOptions(options);
  const { files, tree } = await expandInputs(typeof inputs === 'string' ? [inputs] : inputs, { maxDocumentBytes: resolved.maxDocumentBytes });
  const shared = freshShared(resolved, (budget) => new TaskTrials(budget), false);
  // Several files of one run each: the files' order is the run order (the drift test), unless the rows say more.
  shared.state.runOrderByFile = resolved.keepRunOrder && files.length > 1 && resolved.episodeColumn === undefined && resolved.attemptColumn === undefined;
  const where = files.length === 1 ? files[0] : files.length === 2 ? `${files[0]}, ${files[1]}` : `${files[0]} and ${files.length - 1} more files`;
  let first: Pass | undefined;
  for (let i = 0; i < files.length; i++) {
    let pass: Pass;
    try {
      pass = await readPass(files[i], shared);
    } catch (error) {
      if (!(error instanceof TrialStop)) throw error;
      if (shared.state.trialBudget.exceeded) throw trialMemoryError(files[i], error, resolved.maxTrialMemory);
      // A task repeated because the rows hold several systems: say that, not "duplicate".
      shared.state.distinct.check(where);
      throw await duplicateError(files, i, resolved, error, shared);
    }
    if (first === undefined) first = pass;
    else if (pass.format !== first.format) {
      throw new InputError(
        files[i],
        `must be in the format of ${files[0]} (${first.format}) to be read with it, but it reads as ${pass.format}; read them apart`,
      );
    }
  }
  shared.state.distinct.check(where);
  const counted = shared.counts.result();
  const { n, c, emptyTasks } = counted;
  const dropped = shared.dropped.summary(emptyTasks);
  const { format, columns } = first!;
  const costFrom = costSource(columns, resolved);
  const latencyFrom = columns.latency === undefined ? undefined : `column ${JSON.stringify(columns.latency)}`;
  // The builder's index of each task of the result, for the per-task amounts (only when there are some).
  const indices = costFrom === undefined && latencyFrom === undefined ? [] : shared.counts.countedIndices();
  // Split the builder's keys by group (in order of first appearance); without `by` the result is the
  // one group as it is, its ids decoded when first asked for (an estimate prints none).
  const byGroup = new Map<string, { ids: () => string[]; n: number[]; c: number[]; indices: number[]; rows: number }>();
  const grouped = resolved.by !== undefined || resolved.splitBy.length > 0;
  if (!grouped) {
    if (n.length > 0) byGroup.set('', { ids: counted.ids, n, c, indices, rows: counted.rows });
  } else {
    const taskIds = counted.ids();
    for (let t = 0; t < taskIds.length; t++) {
      const key = taskIds[t];
      const at = key.indexOf(GROUP_SEPARATOR);
      const group = at < 0 ? '' : key.slice(0, at);
      let entry = byGroup.get(group);
      if (entry === undefined) {
        const ids: string[] = [];
        entry = { ids: () => ids, n: [], c: [], indices: [], rows: 0 };
        byGroup.set(group, entry);
      }
      entry.ids().push(at < 0 ? key : key.slice(at + 1));
      entry.n.push(n[t]);
      entry.c.push(c[t]);
      entry.rows += n[t];
      if (indices.length > 0) entry.indices.push(indices[t]);
    }
  }
  if (byGroup.size === 0) {
    const why =
      dropped.count > 0 ? ` (${dropped.count} dropped: ${dropped.reasons.missing} without an outcome, ${dropped.reasons.error} marked as errors)` : '';
    const filtered = resolved.where.length > 0 ? ' meeting --where' : '';
    throw unknownColumnError(where, resolved.where) ?? new InputError(where, `must contain at least one result row${filtered}${why}`);
  }
  const single = byGroup.size === 1;
  const attemptOrder = single ? orderOf(shared, first!, files.length) : undefined;
  // Tasks seen only on dropped rows, per group.
  const emptyByGroup = new Map<string, number>();
  if (grouped) {
    for (const key of shared.counts.emptyIds()) {
      const group = key.slice(0, Math.max(0, key.indexOf(GROUP_SEPARATOR)));
      emptyByGroup.set(group, (emptyByGroup.get(group) ?? 0) + 1);
    }
  }
  const groups: ResultGroup[] = [...byGroup].map(([group, entry]) => {
    let taskIds: string[] | undefined;
    const counts: TaskCounts = {
      get taskIds() {
        return (taskIds ??= entry.ids());
      },
      n: entry.n,
      c: entry.c,
      rows: entry.rows,
      format,
      columns,
      dropped: !grouped ? dropped : shared.dropped.groupSummary(group, emptyByGroup.get(group) ?? 0),
      sources: files,
      where: resolved.where.map(({ column, value }) => `${column}=${value}`),
      ...(tree === undefined ? {} : { tree }),
      ...(shared.counts.normalizedIds === 0 ? {} : { normalizedIds: shared.counts.normalizedIds }),
      ...(attemptOrder === undefined || Object.keys(attemptOrder).length === 0 ? {} : { attemptOrder }),
    };
    // One group: the whole read's amounts (every amount is of a counted task, so of that group).
    const amountsOf = single ? undefined : group;
    const cost = amountSummary(shared.state.cost, costFrom, entry.indices, amountsOf, entry.rows);
    if (cost !== undefined) counts.cost = cost;
    const latency = amountSummary(shared.state.latency, latencyFrom, entry.indices, amountsOf, entry.rows);
    if (latency !== undefined) counts.latency = latency;
    return { group, counts };
  });
  return { by: resolved.by, groups, format, sources: files, dropped };
}

/** The attempts' order the read kept (io/episodeCollector.ts), with where it came from in words. */
function orderOf(shared: Shared, pass: Pass, fileCount: number): AttemptOrder | undefined {
  const collector = shared.state.episodes;
  const kind = collector.holds;
  if (kind === undefined) return undefined;
  const { columns } = pass;
  const from =
    kind === 'lists'
      ? pass.format === 'ldb'
        ? 'each record\'s "test_feedback" (empty = the visible tests pass; one episode per record)'
        : `each record's ${JSON.stringify(columns.success)} (one episode per record)`
      : kind === 'rows'
        ? `episode ${JSON.stringify(columns.episode)}, ${columns.attempt === undefined ? 'attempts in the order of the rows' : `attempt ${JSON.stringify(columns.attempt)}`}`
        : columns.attempt !== undefined
          ? `column ${JSON.stringify(columns.attempt)} (--attempt-col without --episode-col: each row a separate run)`
          : `the order of the ${fileCount} files, one run each`;
  return collector.finish(shared.counts.countedIndices(), { stopping: shared.options.stopping, formatStopping: EPISODE_FORMAT_STOPPING[pass.format], from });
}

/** What the cost per attempt is read from, in words, or undefined when it is not read. */
function costSource(columns: ResultsColumns, options: ResolvedResultsReadOptions): string | undefined {
  if (columns.cost !== undefined) return `column ${JSON.stringify(columns.cost)}`;
  if (columns.tokens === undefined) return undefined;
  const [tokensIn, tokensOut] = columns.tokens;
  const priced = [`${JSON.stringify(tokensIn)} × ${options.priceIn}/M`];
  if (tokensOut !== undefined) priced.push(`${JSON.stringify(tokensOut)} × ${options.priceOut}/M`);
  return `tokens ${priced.join(' + ')}`;
}

/**
 * `readResultGroups` for one system: the counts of the only group. With `options.by` set, use
 * `readResultGroups` instead (an InputError here).
 */
export async function readTaskCounts(inputs: string | readonly string[], options: ResultsReadOptions = {}): Promise<TaskCounts> {
  if (options.by !== undefined) throw new InputError('--by', 'is not available here: this command reads one system (choose one with --where)', options.by);
  const { groups } = await readResultGroups(inputs, options);
  return groups[0]!.counts;
}
