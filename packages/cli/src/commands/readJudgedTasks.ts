import { InputError } from '@passk/sim/errors';
import type { JudgedTask } from '@passk/sim/estimate';
import type { TaskCounts } from '../io/readTaskCounts.js';
import { terminalText } from '../format/terminalText.js';
import { readResultsFile, type ResultsFileArgs } from './resultsFileOptions.js';

/** A judged log read with its audit: the verdict counts of every task, joined with the truth counts of the audited ones. */
export interface JudgedTasks {
  /** The log read with the judge's verdicts as the outcome (as `estimate` reads it without --truth-col). */
  readonly verdicts: TaskCounts;
  /** Per task of `verdicts` (same order): n, c accepted, and on audited tasks the truly correct. */
  readonly tasks: JudgedTask[];
  /** Tasks with the truth. */
  readonly audited: number;
  /** The truth column as given. */
  readonly column: string;
}

/**
 * Reads a log whose outcome column is a judge's verdict and whose `--truth-col` holds the truth on
 * an audit sample (empty or null elsewhere): the file is read twice, once as usual (the verdicts),
 * once with the truth column as the outcome and rows without one dropped, and the two are joined
 * by task. An audited task must carry the truth on every attempt that has a verdict, and every row
 * with the truth must have a verdict (the same number of attempts in both reads). Per-task summaries
 * (counts or rates) cannot carry a truth beside the verdict and are refused.
 */
export async function readJudgedTasks(inputs: readonly string[], args: ResultsFileArgs, column: string): Promise<JudgedTasks> {
  const verdicts = await readResultsFile(inputs, args);
  if (verdicts.columns.counts !== undefined || verdicts.columns.rate !== undefined) {
    throw new InputError(
      '--truth-col',
      'needs one row per attempt: per-task summaries (--counts, --rate-col) cannot carry the truth beside the verdict',
      column,
    );
  }
  if (column === verdicts.columns.success || column === verdicts.columns.reward) {
    throw new InputError('--truth-col', "must name another column than the judge's verdicts (the success column)", column);
  }
  let truth: TaskCounts;
  try {
    truth = await readResultsFile(inputs, {
      ...args,
      'success-col': column,
      'reward-col': undefined,
      missing: 'drop',
      'cost-col': undefined,
      'tokens-col': undefined,
      'latency-col': undefined,
    });
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    if (/at least one result row/.test(error.message)) {
      throw new InputError('--truth-col', 'must hold the truth on at least one attempt (no task is audited)', column);
    }
    // The reader names the column it missed as the success column: here it is the truth column.
    const missing = /^must have the success column "[^"]*"(; columns: [^;]*)?/.exec(error.rule);
    if (missing) throw new InputError('--truth-col', `must name a column of the file${missing[1] ?? ''}`, column);
    throw error;
  }
  const byTask = new Map<string, number>();
  truth.taskIds.forEach((id, i) => byTask.set(id, i));
  const shown = (id: string) => JSON.stringify(terminalText(id));
  const tasks: JudgedTask[] = verdicts.taskIds.map((id, i) => {
    const n = verdicts.n[i]!;
    const c = verdicts.c[i]!;
    const at = byTask.get(id);
    if (at === undefined) return { n, c };
    byTask.delete(id);
    const truthN = truth.n[at]!;
    if (truthN > n) {
      throw new InputError(
        '--truth-col',
        `rows with the truth must also have a verdict: task ${shown(id)} has the truth on ${truthN} attempts, a verdict on ${n}`,
        column,
      );
    }
    if (truthN < n) {
      throw new InputError('--truth-col', `must hold the truth on every attempt of an audited task: task ${shown(id)} has it on ${truthN} of ${n}`, column);
    }
    return { n, c, truth: truth.c[at]! };
  });
  const [orphan] = byTask.keys();
  if (orphan !== undefined) {
    throw new InputError('--truth-col', `rows with the truth must also have a verdict: task ${shown(orphan)} has the truth but no verdict`, column);
  }
  const audited = truth.taskIds.length;
  if (audited === 0) throw new InputError('--truth-col', 'must hold the truth on at least one attempt (no task is audited)', column);
  return { verdicts, tasks, audited, column };
}
