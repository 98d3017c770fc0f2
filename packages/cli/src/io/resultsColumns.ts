import { InputError } from '@passk/sim/errors';
import type { ResolvedResultsReadOptions } from './resultsReadOptions.js';

/**
 * The columns a results file was read with. Either `success`, or `reward` with `threshold` (or, for
 * τ-bench, with `successWhen`: the rule in words).
 */
export interface ResultsColumns {
  task: string;
  success?: string;
  reward?: string;
  threshold?: number;
  /** τ-bench: the success rule applied to `reward`, e.g. `1 - 1e-6 <= reward <= 1 + 1e-6`. */
  successWhen?: string;
  /** The trial column, when one is read (named, or τ-bench's `trial`): (task, trial) pairs must not repeat. */
  trial?: string;
  /** CSV/TSV: the `error` column, when the header has one (a set value marks an error row). */
  error?: string;
  /** CSV/TSV: the `status` column, when the header has one (error, infra_error or timeout mark an error row). */
  status?: string;
}

/** Default task columns, first present wins. */
export const TASK_COLUMNS: readonly string[] = ['task_id', 'task', 'problem_id'];
/** Default success columns, first present wins. */
export const SUCCESS_COLUMNS: readonly string[] = ['success', 'passed', 'correct', 'pass'];

const MAX_LISTED = 20;

/** Column or key names for an error message: quoted, at most 20, `none` when empty. */
export function listNames(names: readonly string[]): string {
  const shown = names.slice(0, MAX_LISTED).map((name) => JSON.stringify(name));
  if (names.length > MAX_LISTED) shown.push(`… ${names.length - MAX_LISTED} more`);
  return shown.length > 0 ? shown.join(', ') : 'none';
}

function alternatives(names: readonly string[]): string {
  const quoted = names.map((name) => JSON.stringify(name));
  return quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

/**
 * Picks the task and outcome columns among `available` (a CSV header, or the keys of the first
 * JSON object, described by `availableLabel`). A missing column is a file-level InputError
 * (where = `file`) naming the column(s) looked for, the ones that exist and the flag to choose another.
 */
export function resolveResultsColumns(
  available: readonly string[],
  options: ResolvedResultsReadOptions,
  file: string,
  availableLabel = 'columns',
): ResultsColumns {
  const pick = (wanted: string | undefined, defaults: readonly string[], role: string, flag: string, hint = ''): string => {
    const candidates = wanted === undefined ? defaults : [wanted];
    const found = candidates.find((name) => available.includes(name));
    if (found !== undefined) return found;
    const what = wanted === undefined ? `a ${role} column (${alternatives(defaults)})` : `the ${role} column ${JSON.stringify(wanted)}`;
    throw new InputError(
      file,
      `must have ${what}; ${availableLabel}: ${listNames(available)}; choose the ${role} column with ${flag}${hint}`,
    );
  };
  const columns: ResultsColumns = { task: pick(options.taskColumn, TASK_COLUMNS, 'task', '--task-col') };
  if (options.rewardColumn !== undefined) {
    columns.reward = pick(options.rewardColumn, [], 'reward', '--reward-col');
    columns.threshold = options.threshold;
  } else {
    columns.success = pick(options.successColumn, SUCCESS_COLUMNS, 'success', '--success-col', ' (or a reward column with --reward-col)');
  }
  if (options.trialColumn !== undefined) columns.trial = pick(options.trialColumn, [], 'trial', '--trial-col');
  return columns;
}
