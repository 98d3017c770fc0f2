import { basename } from 'node:path';
import { InputError, type Run } from '@passk/sim';
import type { CompareRunSource } from '../format/compareDocument.js';
import type { TaskCounts } from '../io/readTaskCounts.js';
import { resultsArgsFor } from './perFileOptions.js';
import { readResultsFile, type ResultsFileArgs } from './resultsFileOptions.js';

/** Runs read for a comparison, with where each came from. */
export interface ReadRuns {
  readonly runs: Run[];
  readonly sources: CompareRunSource[];
  /** The largest n of each run. */
  readonly maxN: number[];
}

/** One run per results file (named by the path as given), each read with its own options where they differ. */
export async function readRunFiles(files: readonly string[], args: ResultsFileArgs): Promise<ReadRuns> {
  const runs: Run[] = [];
  const sources: CompareRunSource[] = [];
  const maxN: number[] = [];
  const names = runNames(files);
  for (const [i, file] of files.entries()) {
    const counts = await readResultsFile(file, resultsArgsFor(args, i, files.length));
    runs.push(runOf(names[i]!, counts));
    sources.push({ name: names[i]!, file, format: counts.format, rows: counts.rows, tasks: counts.taskIds.length, by: null });
    maxN.push(counts.n.reduce((a, b) => Math.max(a, b), 0));
  }
  checkIdTypes(runs);
  return { runs, sources, maxN };
}

/** Runs are named by their file's base name (b.jsonl), or by the path as given where two base names are the same. */
function runNames(files: readonly string[]): string[] {
  const bases = files.map((file) => basename(file));
  return files.map((file, i) => (bases.filter((base) => base === bases[i]).length > 1 ? file : bases[i]!));
}

/** Per-task counts as a run. */
export function runOf(name: string, counts: Pick<TaskCounts, 'taskIds' | 'n' | 'c'>): Run {
  return { name, tasks: counts.taskIds.map((id, i) => ({ id, n: counts.n[i]!, c: counts.c[i]! })) };
}

const INTEGER = /^-?\d+$/;

/**
 * Task ids are read as text; a run numbered 0, 1, 2 … against one named "HumanEval/0" … shares no
 * task. That case is named as what it is (ids of different types), not just "no tasks in common".
 */
function checkIdTypes(runs: readonly Run[]): void {
  const [baseline, ...others] = runs;
  const numeric = (run: Run) => run.tasks.every((task) => INTEGER.test(String(task.id)));
  const textual = (run: Run) => run.tasks.every((task) => !INTEGER.test(String(task.id)));
  const ids = new Set(baseline!.tasks.map((task) => task.id));
  for (const run of others) {
    if (run.tasks.some((task) => ids.has(task.id))) continue;
    if ((numeric(baseline!) && textual(run)) || (textual(baseline!) && numeric(run))) {
      const [numbers, text] = numeric(baseline!) ? [baseline!, run] : [run, baseline!];
      throw new InputError(
        run.name,
        `task ids do not match ${baseline!.name}'s: ${numbers.name} numbers its tasks (${JSON.stringify(numbers.tasks[0]!.id)}, …) and ${text.name} names them as text (${JSON.stringify(text.tasks[0]!.id)}, …); use --task-col to pick matching columns`,
      );
    }
  }
}
