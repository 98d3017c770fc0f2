import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { InputError } from '@passk/sim/errors';

/** A Terminal-Bench per-trial results.json found in a tree: `<run>/<task>/<trial>/results.json`, one record of the run's results.json. */
export interface TrialCopy {
  readonly path: string;
  readonly trial: string;
  readonly task: string;
}

/**
 * Matches each per-trial copy to the run-level results.json that lists its trial: the nearest
 * one read from a folder above it whose `results[].trial_name` holds the copy's `trial_name`
 * (Terminal-Bench writes a run's results.json after every trial, with every finished trial in it).
 * The copies then add nothing and are skipped; returns how many run-level files they were found
 * in. A copy no run-level file read lists is an InputError naming it: its trial would otherwise
 * be lost or counted twice. A run-level file larger than `maxBytes` (the reader refuses it) is
 * taken to list the trials below it.
 */
export async function matchTrialCopies(copies: readonly TrialCopy[], runFiles: readonly string[], maxBytes: number): Promise<number> {
  const runs = runFiles.map((file) => ({ file, folder: dirname(resolve(file)) }));
  const trialsOf = new Map<string, Promise<ReadonlySet<string> | undefined>>();
  const listed = (file: string) => {
    let trials = trialsOf.get(file);
    if (trials === undefined) trialsOf.set(file, (trials = runTrials(file, maxBytes)));
    return trials;
  };
  const used = new Set<string>();
  for (const copy of copies) {
    const at = resolve(copy.path);
    // Run-level files in a folder above the copy, nearest first.
    const above = runs.filter((run) => at.startsWith(`${run.folder}${sep}`)).sort((a, b) => b.folder.length - a.folder.length);
    let found: string | undefined;
    for (const run of above) {
      const trials = await listed(run.file);
      if (trials === undefined || trials.has(copy.trial)) {
        found = run.file;
        break;
      }
    }
    if (found !== undefined) {
      used.add(found);
      continue;
    }
    if (above.length === 0) {
      throw new InputError(
        copy.path,
        `is a Terminal-Bench per-trial results.json (a copy of one record of its run's results.json), and no run-level results.json is read with it: name the run folder, or its results.json, which lists every trial of the run`,
        copy.trial,
      );
    }
    throw new InputError(
      copy.path,
      `is a Terminal-Bench per-trial results.json whose trial is not in ${above[0]!.file} (the run's results.json, rewritten after every trial, lists each finished one): read that results.json alone, or move the stray trial folder out`,
      copy.trial,
    );
  }
  return used.size;
}

/** The `trial_name`s of a run-level results.json; undefined when it is larger than `maxBytes` or not JSON (the reader says so). */
async function runTrials(file: string, maxBytes: number): Promise<ReadonlySet<string> | undefined> {
  if ((await stat(file)).size > maxBytes) return undefined;
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
  const results = (doc as { results?: unknown }).results;
  if (!Array.isArray(results)) return undefined;
  const trials = new Set<string>();
  for (const record of results) {
    const name = (record as { trial_name?: unknown } | null)?.trial_name;
    if (typeof name === 'string') trials.add(name);
  }
  return trials;
}
