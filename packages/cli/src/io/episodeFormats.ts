import { InputError } from '@passk/sim/errors';
import type { EpisodeStopping } from '@passk/sim/internal';
import type { JsonLinesLayout } from './jsonLinesLayout.js';
import { listNames, resolveResultsColumns } from './resultsColumns.js';

/**
 * Harnesses whose records hold a whole retry loop: one record per task and episode, its attempts'
 * outcomes in order, the loop stopping at the first success.
 *
 * Aider's benchmark (benchmark/benchmark.py, `.aider.results.json` per exercise, and the `results:`
 * objects of its run log): `tests_outcomes` lists each try's unit-test verdict, try 2 seeing try 1's
 * test output; the loop stops at the first pass (`--tries`, 2 by default). The task is the exercise,
 * `<language>/<name>` from `testdir` (`…/cpp/exercises/practice/knapsack` → `cpp/knapsack`).
 *
 * LDB's debug loop (FloridSleeves/LLMDebugger, `results.jsonl`): `test_feedback[i]` lists the visible
 * tests that failed at attempt i + 1, empty when they all passed; the loop stops at the first visible
 * pass. The outcome read is that visible verdict (the hidden tests, `is_solved`, run on the last attempt only).
 */
export const EPISODE_FORMAT_STOPPING: Readonly<Record<string, EpisodeStopping>> = { aider: 'untilSuccess', ldb: 'untilSuccess' };

/** The file Aider's benchmark writes per exercise (a hidden file, read when a run folder is walked). */
export const AIDER_RESULTS_FILE = '.aider.results.json';

/** The key the task id derived from Aider's `testdir` is kept under. */
const AIDER_TASK = 'exercise';
/** The key LDB's visible verdicts per attempt are kept under. */
const LDB_OUTCOMES = 'test_feedback[i] is empty';

/** `…/<language>/exercises/practice/<name>` → `<language>/<name>`; other paths as they are. */
function aiderExercise(testdir: string): string {
  const parts = testdir.split('/').filter((part) => part !== '');
  const at = parts.lastIndexOf('exercises');
  return at >= 1 && at + 2 < parts.length ? `${parts[at - 1]}/${parts[parts.length - 1]}` : testdir;
}

/** True for an Aider results object: `tests_outcomes` with the exercise's `testdir` or `testcase`. */
export function isAider(first: Record<string, unknown>): boolean {
  return Array.isArray(first.tests_outcomes) && (typeof first.testdir === 'string' || typeof first.testcase === 'string');
}

function isLdb(first: Record<string, unknown>): boolean {
  return Array.isArray(first.test_feedback) && Array.isArray(first.implementations) && 'task_id' in first;
}

function requireKeys(first: Record<string, unknown>, keys: readonly string[], file: string, harness: string): void {
  const missing = keys.filter((key) => !(key in first));
  if (missing.length > 0)
    throw new InputError(
      file,
      `must hold ${harness} results with the keys ${listNames(keys)}; its first object lacks ${listNames(missing)}; choose another format with --format`,
    );
}

export const aiderLayout: JsonLinesLayout = {
  columns: (first, options, file) => {
    requireKeys(first, ['tests_outcomes'], file, 'Aider benchmark');
    const named = {
      ...options,
      taskColumn: options.taskColumn ?? AIDER_TASK,
      successColumn: 'tests_outcomes',
      rewardColumn: undefined,
      trialColumn: undefined,
    };
    return { ...resolveResultsColumns(Object.keys(first), named, file, 'keys of the first object', first), episodeList: true };
  },
  name: () => 'aider',
  record: (row) => {
    const testdir = row.testdir;
    const exercise = typeof testdir === 'string' ? aiderExercise(testdir) : row.testcase;
    return { ...row, [AIDER_TASK]: exercise };
  },
};

export const ldbLayout: JsonLinesLayout = {
  columns: (first, options, file) => {
    requireKeys(first, ['task_id', 'test_feedback'], file, 'LDB');
    const named = { ...options, taskColumn: options.taskColumn ?? 'task_id', successColumn: LDB_OUTCOMES, rewardColumn: undefined, trialColumn: undefined };
    return { ...resolveResultsColumns([...Object.keys(first), LDB_OUTCOMES], named, file, 'keys of the first object'), episodeList: true };
  },
  name: () => 'ldb',
  record: (row, where) => {
    const feedback = row.test_feedback;
    if (!Array.isArray(feedback) || feedback.some((failed) => !Array.isArray(failed))) {
      throw new InputError(
        where,
        'key "test_feedback" must be a list of lists (the visible tests that failed at each attempt)',
        JSON.stringify(feedback)?.slice(0, 60) ?? null,
      );
    }
    return { ...row, [LDB_OUTCOMES]: feedback.map((failed: unknown[]) => failed.length === 0) };
  },
};

/** Under `--format auto`: the layout of a harness with retry loops, recognised by the first object's keys, or undefined. */
export function episodeLayoutFor(first: Record<string, unknown>): JsonLinesLayout | undefined {
  if (isAider(first)) return aiderLayout;
  if (isLdb(first)) return ldbLayout;
  return undefined;
}
