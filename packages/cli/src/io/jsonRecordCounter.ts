import { InputError } from '@passk/sim/errors';
import { AMOUNT_RULE, amountFrom } from './amountValue.js';
import { FAIL_HINT, MISSING_HINT, type DroppedRows } from './droppedRows.js';
import { ERROR_KEY, STATUS_KEY, isErrorJson, isErrorStatus } from './errorMarkers.js';
import { fieldAt, fieldText } from './fieldPath.js';
import type { ReadState } from './readState.js';
import type { ResultsColumns } from './resultsColumns.js';
import { SPLIT_SEPARATOR, type SplitColumn } from './resultsReadOptions.js';
import { meetsConditions } from './rowConditions.js';
import { rowWhere } from './rowWhere.js';
import { REWARD_RULE, SUCCESS_RULE, successFromInspectJson, successFromJson, successFromRewardJson, successFromTauBenchReward } from './successValue.js';
import type { TaskCountsBuilder } from './taskCountsBuilder.js';
import { TrialStop, type TrialCheck } from './trialCheck.js';
import { TRIAL_RULE, trialFromJson } from './trialValue.js';

/**
 * How a JSON record's outcome becomes a success: a success value, a JSON boolean only (CRUXEval), a reward ≥ threshold, (τ-bench)
 * a reward that is a number in [1 − 1e-6, 1 + 1e-6], compared as τ-bench's run.py does, or
 * (inspect_ai) a score value (C/I/P/N, boolean, number) ≥ threshold.
 */
export type JsonOutcome =
  | { kind: 'success' }
  | { kind: 'threshold'; threshold: number }
  | { kind: 'tauBench' }
  | { kind: 'inspect'; threshold: number }
  | { kind: 'boolean' };

/** The rule quoted for an outcome of `{ kind: 'boolean' }` (CRUXEval's scored generations). */
const BOOLEAN_RULE = 'must be true or false (a JSON boolean, as CRUXEval writes its outcomes)';

/** Everything a `JsonRecordCounter` needs besides the records. */
export interface JsonRecordSetup {
  file: string;
  columns: ResultsColumns;
  outcome: JsonOutcome;
  counts: TaskCountsBuilder;
  dropped: DroppedRows;
  /** Checks (task, trial) pairs when `columns.trial` is set. */
  trials: TrialCheck;
  /** Also read `info.error` as an error marker (τ-bench records). */
  infoError: boolean;
  /** Shared by the whole read: `where` conditions, `by` groups, the system columns, costs and latency. */
  state: ReadState;
  /** A format's own error marker (e.g. τ²-bench's termination reason): the key and value that mark the record, or undefined. */
  marker?: (row: Record<string, unknown>) => { key: string; value: unknown } | undefined;
  /** Where a record is, for errors, when not `file:line (record i)` (e.g. `file (results[3])` in a parsed document). */
  place?: (line: number, record: number) => string;
}

const MAX_SHOWN = 60;

/** A value for an error message, long texts cut. */
function shown(value: unknown): unknown {
  return typeof value === 'string' && value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN - 1)}…` : value;
}

function isAsciiText(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** A record's keys as an error lists them: the first 20, quoted. */
function listedKeys(row: Record<string, unknown>): string {
  const keys = Object.keys(row);
  return `${keys
    .slice(0, 20)
    .map((key) => JSON.stringify(key))
    .join(', ')}${keys.length > 20 ? `, … ${keys.length - 20} more` : ''}`;
}

/** The row's group split further by `splitBy`: its `by` value (when grouped) and each split column's text, joined by SPLIT_SEPARATOR. */
function splitGroup(row: Record<string, unknown>, group: string | undefined, splitBy: readonly SplitColumn[], where: () => string): string {
  const parts = group === undefined ? [] : [group];
  for (const { column, option } of splitBy) {
    const value = fieldAt(row, column);
    if (value === undefined) throw new InputError(where(), `must have the column ${option} names (columns: ${listedKeys(row)})`, column);
    const text = fieldText(value) ?? JSON.stringify(value);
    parts.push(isAsciiText(text) ? text : text.normalize('NFC'));
  }
  return parts.join(SPLIT_SEPARATOR);
}

function isUnset(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * Counts records (JSON objects already parsed, or CSV rows made into objects) as attempts: used for
 * every format but the fast CSV path. Fields are named by key or dot path (`scores.match.value`).
 * Per record, in this order: records not meeting the `where` conditions are skipped; the system
 * columns' values are noted; the task id must be a non-empty string or a finite number (numbers
 * become their decimal text, so 7 and "7" are one task); a record marked as an error is dropped or
 * fails by `--on-error`; one without an outcome counts as a failure, is dropped or fails by
 * `--missing`; the outcome must be valid; the trial, when its key is in use, must be an integer ≥ 0
 * or a text id, not repeated for the task among the counted records; cost and latency, when read,
 * must be decimal numbers in [0, 1e12] (io/amountValue.ts; a missing one is left out of their means). Errors name `file:line`, and for
 * an array also the record index.
 */
export class JsonRecordCounter {
  private readonly taskKey: string;
  private readonly valueKey: string;
  private readonly trialKey: string | undefined;
  /** The guarded system columns this reader's records have (from the first record), or undefined before it. */
  private guarded: string[] | undefined;

  constructor(private readonly setup: JsonRecordSetup) {
    const { columns } = setup;
    this.taskKey = columns.task;
    this.valueKey = (columns.reward ?? columns.success) as string;
    this.trialKey = columns.trial;
  }

  /** Counts one record; `record` is the 1-based index in a JSON array, or -1 for JSON Lines. */
  count(row: Record<string, unknown>, line: number, record = -1): void {
    const { counts, dropped, state, file } = this.setup;
    const where = () => (this.setup.place ?? ((l: number, r: number) => rowWhere(file, l, r)))(line, record);
    const options = state.options;
    if (options.where.length > 0 && !meetsConditions(row, options.where)) return;
    this.guarded ??= state.distinct.columnsIn(row);
    if (this.guarded.length > 0) state.distinct.note(row, this.guarded);
    let group: string | undefined;
    if (options.by !== undefined) {
      group = fieldText(fieldAt(row, options.by));
      if (group === undefined) {
        const value = fieldAt(row, options.by);
        // No such column (a CSV header, a JSON record's keys; dot paths reach into objects): name what the row has.
        if (value === undefined) throw new InputError(where(), `must have the column --by splits by (columns: ${listedKeys(row)})`, options.by);
        throw new InputError(where(), `key ${JSON.stringify(options.by)} (--by) must have a text or number value`, shown(value));
      }
      // Compared after Unicode normalisation, as task ids are (taskCountsBuilder.ts).
      if (!isAsciiText(group)) group = group.normalize('NFC');
    }
    if (options.splitBy.length > 0) group = splitGroup(row, group, options.splitBy, where);
    const task = fieldAt(row, this.taskKey);
    if (isUnset(task)) throw new InputError(where(), `key ${JSON.stringify(this.taskKey)} must have a value`, task);
    if (typeof task !== 'string' && !(typeof task === 'number' && Number.isFinite(task))) {
      throw new InputError(where(), `key ${JSON.stringify(this.taskKey)} must be a string or a number`, shown(task));
    }
    const id = state.key(group, typeof task === 'string' ? task : String(task));

    const marker = this.errorMarker(row);
    if (marker !== undefined) {
      if (!dropped.drop('error', group)) {
        throw new InputError(
          where(),
          `key ${JSON.stringify(marker.key)} marks the record as an error or infrastructure failure (${FAIL_HINT})`,
          shown(marker.value),
        );
      }
      counts.touchId(id);
      return;
    }
    const { columns } = this.setup;
    if (columns.counts !== undefined || columns.rate !== undefined) {
      this.countSummary(row, id, where, line, record);
      return;
    }
    const raw = fieldAt(row, this.valueKey);
    if (Array.isArray(raw)) {
      this.countList(raw, id, group, where, line, record);
      return;
    }
    let value: number;
    if (isUnset(raw)) {
      const policy = dropped.onMissing(group);
      if (policy === 'error') throw new InputError(where(), `key ${JSON.stringify(this.valueKey)} must have a value (${MISSING_HINT})`, raw ?? null);
      if (policy === 'drop') {
        counts.touchId(id);
        return;
      }
      value = 0;
    } else {
      value = this.success(raw);
      if (value < 0) {
        throw new InputError(where(), `key ${JSON.stringify(this.valueKey)} ${this.rule()}`, shown(raw));
      }
    }
    let trial = -1;
    let textTrial: string | undefined;
    if (this.trialKey !== undefined) {
      const rawTrial = fieldAt(row, this.trialKey);
      trial = trialFromJson(rawTrial);
      if (trial < 0) {
        if (isUnset(rawTrial)) throw new InputError(where(), `key ${JSON.stringify(this.trialKey)} must have a value`, rawTrial ?? null);
        if (typeof rawTrial !== 'string') throw new InputError(where(), `key ${JSON.stringify(this.trialKey)} ${TRIAL_RULE} or a text id`, shown(rawTrial));
        textTrial = rawTrial;
      }
    }
    const index = counts.addId(id, value);
    this.keepOrder(row, index, value, where, line);
    // A text id is numbered per task; -1: over --max-trial-memory (state.trialBudget.exceeded).
    if (textTrial !== undefined) trial = state.trialIds.of(index, textTrial);
    if (this.trialKey !== undefined && (trial < 0 || !this.setup.trials.mark(index, trial))) throw new TrialStop(index, trial, line, record);
    this.amounts(row, index, where, group);
  }

  /**
   * The attempt's place in its episode (--episode-col, --attempt-col as its index or, alone, as the
   * run order), or its file as the run order when the read keeps one.
   */
  private keepOrder(row: Record<string, unknown>, index: number, value: number, where: () => string, line: number): void {
    const { columns, state, file } = this.setup;
    if (columns.episode === undefined && columns.attempt === undefined) {
      if (state.runOrderByFile) state.episodes.addRun(index, state.episodes.fileOrder(file), value, file, line);
      return;
    }
    let attempt = -1;
    if (columns.attempt !== undefined) {
      const raw = fieldAt(row, columns.attempt);
      attempt = trialFromJson(raw);
      if (attempt < 0) {
        const rule =
          columns.episode === undefined ? 'must be an integer ≥ 0 (the run order, --attempt-col)' : 'must be an integer ≥ 0 (the attempt index in its episode)';
        throw new InputError(where(), `key ${JSON.stringify(columns.attempt)} ${rule}`, shown(raw) ?? null);
      }
    }
    if (columns.episode === undefined) {
      state.episodes.addRun(index, attempt, value, file, line);
      return;
    }
    const episode = fieldAt(row, columns.episode);
    if (isUnset(episode)) {
      throw new InputError(
        where(),
        `key ${JSON.stringify(columns.episode)} must have a value (each attempt belongs to an episode, --episode-col)`,
        episode ?? null,
      );
    }
    if (typeof episode !== 'string' && !(typeof episode === 'number' && Number.isFinite(episode))) {
      throw new InputError(where(), `key ${JSON.stringify(columns.episode)} must be a string or a number (the episode)`, shown(episode));
    }
    state.episodes.addRow(index, String(episode), attempt, value, file, line);
  }

  /** Cost (a cost key, or tokens × prices) and latency of a counted attempt. */
  private amounts(row: Record<string, unknown>, index: number, where: () => string, group: string | undefined): void {
    const { columns, state } = this.setup;
    if (columns.cost !== undefined) {
      const cost = amount(row, columns.cost, where);
      if (cost !== undefined) state.cost.add(index, cost, group);
    } else if (columns.tokens !== undefined) {
      const [inKey, outKey] = columns.tokens;
      const tokensIn = amount(row, inKey, where);
      const tokensOut = outKey === undefined ? 0 : amount(row, outKey, where);
      if (tokensIn !== undefined && tokensOut !== undefined) {
        state.cost.add(index, (tokensIn * state.options.priceIn + tokensOut * state.options.priceOut) / 1e6, group);
      }
    }
    if (columns.latency !== undefined) {
      const latency = amount(row, columns.latency, where);
      if (latency !== undefined) state.latency.add(index, latency, group);
    }
  }

  /**
   * A list of outcomes under the outcome key (CRUXEval's `[true, false, …]`, lm-eval repeats): one
   * attempt per element, numbered by its index as the trial; null elements follow `--missing`.
   */
  private countList(list: readonly unknown[], id: string, group: string | undefined, where: () => string, line: number, record: number): void {
    const { counts, dropped, trials, columns } = this.setup;
    const task = counts.touchId(id);
    if (columns.episodeList === true) {
      this.countEpisode(list, task, where, line);
      return;
    }
    for (let i = 0; i < list.length; i++) {
      const raw = list[i];
      let value: number;
      if (isUnset(raw)) {
        const policy = dropped.onMissing(group);
        if (policy === 'error')
          throw new InputError(where(), `element ${i} of key ${JSON.stringify(this.valueKey)} must have a value (${MISSING_HINT})`, raw ?? null);
        if (policy === 'drop') continue;
        value = 0;
      } else {
        value = this.success(raw);
        if (value < 0) {
          throw new InputError(where(), `element ${i} of key ${JSON.stringify(this.valueKey)} ${this.rule()}`, shown(raw));
        }
      }
      counts.addTo(task, value);
      if (!trials.mark(task, i)) throw new TrialStop(task, i, line, record);
    }
  }

  /**
   * A list holding one episode's outcomes in attempt order (Aider's `tests_outcomes`): each element
   * one attempt; a missing element would hide where the episode stopped, so it is refused. The
   * elements are attempts of one episode, not trials: they are not marked in the (task, trial) check.
   */
  private countEpisode(list: readonly unknown[], task: number, where: () => string, line: number): void {
    const { counts, state, file } = this.setup;
    if (list.length === 0) throw new InputError(where(), `key ${JSON.stringify(this.valueKey)} must list at least one attempt`, '[]');
    const outcomes: number[] = [];
    for (let i = 0; i < list.length; i++) {
      const value = this.success(list[i]);
      if (value < 0) throw new InputError(where(), `element ${i} of key ${JSON.stringify(this.valueKey)} ${this.rule()}`, shown(list[i]) ?? null);
      outcomes.push(value);
      counts.addTo(task, value);
    }
    state.episodes.addList(task, outcomes, file, line);
  }

  /**
   * A per-task summary row: trials and successes (`counts`), or a rate with a known n (`rate`).
   * One row per task: a second (a task listed twice, a file given twice) would add to the first, so
   * it stops the read like a repeated trial (marked as trial 0).
   */
  private countSummary(row: Record<string, unknown>, id: string, where: () => string, line: number, record: number): void {
    const { columns, counts } = this.setup;
    const task = counts.touchId(id);
    let n: number;
    let c: number;
    if (columns.counts !== undefined) {
      const [nKey, cKey] = columns.counts;
      n = trialFromJson(fieldAt(row, nKey));
      c = trialFromJson(fieldAt(row, cKey));
      if (n < 1) throw new InputError(where(), `key ${JSON.stringify(nKey)} must be an integer ≥ 1 (trials of the task)`, shown(fieldAt(row, nKey)) ?? null);
      if (c < 0 || c > n)
        throw new InputError(where(), `key ${JSON.stringify(cKey)} must be an integer in 0..${n} (successes of the task)`, shown(fieldAt(row, cKey)) ?? null);
    } else {
      const key = columns.rate!;
      let nFrom = '--rate-n';
      if (columns.nKey !== undefined) {
        // n from the row: the length of a list (lm-eval's repeats of the doc, `resps.0`).
        const list = fieldAt(row, columns.nKey);
        n = Array.isArray(list) ? list.length : 0;
        if (n < 1)
          throw new InputError(
            where(),
            `key ${JSON.stringify(columns.nKey)} must be a non-empty list (its length is the n behind the rate)`,
            shown(list) ?? null,
          );
        nFrom = `the length of ${JSON.stringify(columns.nKey)}`;
      } else n = columns.n!;
      const raw = fieldAt(row, key);
      const rate = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
      c = Math.round(rate * n);
      // c/n written as a decimal: rate·n is within rounding of a whole number.
      if (!(rate >= 0 && rate <= 1) || Math.abs(rate * n - c) > 1e-6) {
        throw new InputError(where(), `key ${JSON.stringify(key)} must be a rate c/n in [0, 1] with n = ${n} (${nFrom})`, shown(raw) ?? null);
      }
    }
    if (!this.setup.trials.mark(task, 0)) throw new TrialStop(task, 0, line, record);
    counts.addRun(task, n, c);
  }

  /** The key (and value) that marks the record as an error, or undefined. */
  private errorMarker(row: Record<string, unknown>): { key: string; value: unknown } | undefined {
    if (isErrorJson(row[ERROR_KEY])) return { key: ERROR_KEY, value: row[ERROR_KEY] };
    if (isErrorStatus(row[STATUS_KEY])) return { key: STATUS_KEY, value: row[STATUS_KEY] };
    if (this.setup.infoError) {
      const info = row.info;
      if (typeof info === 'object' && info !== null && isErrorJson((info as Record<string, unknown>).error)) {
        return { key: 'info.error', value: (info as Record<string, unknown>).error };
      }
    }
    return this.setup.marker?.(row);
  }

  /** The rule an invalid outcome broke. */
  private rule(): string {
    const kind = this.setup.outcome.kind;
    return kind === 'success' ? SUCCESS_RULE : kind === 'boolean' ? BOOLEAN_RULE : REWARD_RULE;
  }

  private success(raw: unknown): number {
    const outcome = this.setup.outcome;
    switch (outcome.kind) {
      case 'boolean':
        return raw === true ? 1 : raw === false ? 0 : -1;
      case 'success':
        return successFromJson(raw);
      case 'threshold':
        return successFromRewardJson(raw, outcome.threshold);
      case 'tauBench':
        return successFromTauBenchReward(raw);
      case 'inspect':
        return successFromInspectJson(raw, outcome.threshold);
    }
  }
}

/** An amount field: undefined when absent, null or blank; else a decimal number in [0, 1e12] (numeric text too: io/amountValue.ts), or an error. */
function amount(row: Record<string, unknown>, key: string, where: () => string): number | undefined {
  const raw = fieldAt(row, key);
  if (isUnset(raw)) return undefined;
  const value = amountFrom(raw);
  if (Number.isNaN(value)) {
    if (typeof raw === 'string' && raw.trim() === '') return undefined;
    throw new InputError(where(), `key ${JSON.stringify(key)} ${AMOUNT_RULE}`, shown(raw));
  }
  return value;
}
