import { InputError, type Run } from '@passk/sim/internal';
import type { PricedRun } from './compareCosts.js';
import type { CompareRunSource } from '../format/compareDocument.js';
import { describeDropped, describeFormat, describeIdForms } from '../format/describeSource.js';
import { describeTree } from '../format/describeTree.js';
import { fileIdentity, sameFile } from '../io/fileIdentity.js';
import { amountCoverage } from '../io/amountRecorded.js';
import type { TaskCounts } from '../io/readTaskCounts.js';
import { distinctPathNames } from './distinctPathNames.js';
import { resultsArgsFor } from './perFileOptions.js';
import { readResultsByGroup, readResultsFile, type ResultsFileArgs } from './resultsFileOptions.js';

/** Runs read for a comparison, with where each came from. */
export interface ReadRuns {
  readonly runs: Run[];
  readonly sources: CompareRunSource[];
  /** The largest n of each run. */
  readonly maxN: number[];
  /** Each run's tasks with their attempts' cost, where its log records one (io/amountRecorded.ts); else null. */
  readonly costs: (PricedRun | null)[];
}

/** The run's tasks with their cost when the log records one (at least half the attempts priced), else null. */
export function pricedRun(name: string, counts: Pick<TaskCounts, 'taskIds' | 'n' | 'c' | 'cost'>): PricedRun | null {
  const cost = counts.cost;
  if (cost === undefined || !amountCoverage(cost).recorded) return null;
  return {
    name,
    from: cost.from,
    tasks: counts.taskIds.map((id, i) => ({ id, n: counts.n[i]!, c: counts.c[i]!, cost: cost.perTask[i]!.sum, priced: cost.perTask[i]!.count })),
  };
}

/** One run per results file (named by the path as given), each read with its own options where they differ. */
export async function readRunFiles(files: readonly string[], args: ResultsFileArgs, given?: readonly string[]): Promise<ReadRuns> {
  const runs: Run[] = [];
  const sources: CompareRunSource[] = [];
  const maxN: number[] = [];
  const costs: (PricedRun | null)[] = [];
  const names = runNames(files, given);
  for (const [i, file] of files.entries()) {
    const counts = await readResultsFile(file, resultsArgsFor(args, i, files.length));
    runs.push(runOf(names[i]!, counts));
    costs.push(pricedRun(names[i]!, counts));
    sources.push({
      name: names[i]!,
      file,
      format: counts.format,
      rows: counts.rows,
      tasks: counts.taskIds.length,
      by: null,
      read: readNotes(counts, args, i, files.length),
    });
    maxN.push(counts.n.reduce((a, b) => Math.max(a, b), 0));
  }
  checkIdTypes(runs, files);
  return { runs, sources, maxN, costs };
}

/**
 * One run per value of the column `by` in the inputs (read together, as one source): `compare
 * runs.csv --by model`. Runs are named by the value; `baseline` (a value) goes first, else the first
 * value met. Fewer than two values, or a baseline that is not a value, is an InputError.
 */
export async function readRunGroups(files: readonly string[], args: ResultsFileArgs, by: string, baseline: string | undefined): Promise<ReadRuns> {
  const { groups } = await readResultsByGroup(files, args, by);
  const values = groups.map((group) => group.group);
  if (groups.length < 2)
    throw new InputError('--by', `needs a column with at least two values to compare, but ${by} holds only ${JSON.stringify(values[0])}`, by);
  const order = baseline === undefined ? groups : [...groups].sort((x, y) => Number(y.group === baseline) - Number(x.group === baseline));
  if (baseline !== undefined && order[0]!.group !== baseline) {
    throw new InputError('--baseline', `must be one of the values of ${by} (${values.join(', ')})`, baseline);
  }
  const file = files.join(', ');
  const runs = order.map((group) => runOf(group.group, group.counts));
  const sources = order.map((group) => ({
    name: group.group,
    file,
    format: group.counts.format,
    rows: group.counts.rows,
    tasks: group.counts.taskIds.length,
    by: { column: by, value: group.group },
    read: readNotes(group.counts, args, 0, 1),
  }));
  const maxN = order.map((group) => group.counts.n.reduce((a, b) => Math.max(a, b), 0));
  checkIdTypes(
    runs,
    runs.map((run) => `${file} (${by}=${run.name})`),
  );
  return { runs, sources, maxN, costs: order.map((group) => pricedRun(group.group, group.counts)) };
}

/**
 * Run names: as given (--name, once per file), else what tells the inputs apart: the base name
 * without its results extension (runs/b.jsonl → b; a folder by its name), or where two share it the
 * folders that differ (a/20250902_x/results.json, a/20250903_y/results.json → 20250902_x,
 * 20250903_y; distinctPathNames), else the path as given.
 */
export function runNames(files: readonly string[], given?: readonly string[]): string[] {
  if (given !== undefined && given.length > 0) {
    const blank = given.find((name) => String(name).trim() === '');
    if (blank !== undefined) throw new InputError('--name', 'must name each run (a name is blank)', blank);
    if (given.length !== files.length) throw new InputError('--name', `must be given once per file (${files.length} times)`, given.length);
    if (new Set(given).size !== given.length) throw new InputError('--name', 'must name each run differently', given.join(', '));
    return [...given];
  }
  const names = distinctPathNames(files);
  // The same file by another path (./a.csv), a symbolic link or a hard link is the same file twice.
  const identities = files.map((file) => fileIdentity(file));
  const repeated = files.find((_, i) => identities.findIndex((other) => sameFile(other, identities[i]!)) !== i || names.indexOf(names[i]!) !== i);
  if (repeated !== undefined) {
    throw new InputError('arguments', 'must be different files: the same file twice compares a run with itself (--name tells two runs apart)', repeated);
  }
  return names;
}

/** The format line and the missing-outcome lines `estimate` prints, for one input. */
export function readNotes(counts: TaskCounts, args: ResultsFileArgs, index: number, count: number): string[] {
  const forced = resultsArgsFor(args, index, count).format !== 'auto';
  const where = counts.where.length > 0 ? [`only rows with ${counts.where.join(', ')} (--where)`] : [];
  const tree = counts.tree === undefined ? [] : [describeTree(counts.tree)];
  return [
    ...tree,
    describeFormat(counts.format, counts.columns, forced),
    ...where,
    ...describeDropped(counts.dropped, counts.format),
    ...describeIdForms(counts),
  ];
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
function checkIdTypes(runs: readonly Run[], wheres: readonly string[]): void {
  const [baseline, ...others] = runs;
  const numeric = (run: Run) => run.tasks.every((task) => INTEGER.test(String(task.id)));
  const textual = (run: Run) => run.tasks.every((task) => !INTEGER.test(String(task.id)));
  const ids = new Set(baseline!.tasks.map((task) => task.id));
  for (const [i, run] of others.entries()) {
    if (run.tasks.some((task) => ids.has(task.id))) continue;
    if ((numeric(baseline!) && textual(run)) || (textual(baseline!) && numeric(run))) {
      const [numbers, text] = numeric(baseline!) ? [baseline!, run] : [run, baseline!];
      throw new InputError(
        wheres[i + 1]!,
        `task ids do not match ${baseline!.name}'s: ${numbers.name} numbers its tasks (${JSON.stringify(numbers.tasks[0]!.id)}, …) and ${text.name} names them as text (${JSON.stringify(text.tasks[0]!.id)}, …); use --task-col to pick matching columns`,
      );
    }
  }
}
