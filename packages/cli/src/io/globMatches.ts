import { readdir } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute } from 'node:path';
import { InputError } from '@passk/sim/errors';
import type { WalkedTree, WalkState } from './walkTree.js';

/**
 * The files a glob (`runs/*.json`, `'**\/results.json'`) matches, sorted, named like the pattern
 * (absolute for an absolute pattern, else relative to the working folder), with the same bounds as
 * a folder's walk: the folders listed count towards `state.limit` (more is an InputError, the
 * crawl stopped), a match reached through a symbolic link back up its own path is an InputError
 * naming the link, and a file already reached (by another link, pattern or folder) is passed over.
 */
export async function globMatches(pattern: string, state: WalkState): Promise<WalkedTree> {
  const { glob } = await import('tinyglobby');
  const controller = new AbortController();
  let over = false;
  // Counts the entries of every folder the crawl lists; past the limit the crawl is stopped.
  const countingReaddir = ((path: string, options: object, callback: (error: NodeJS.ErrnoException | null, entries: unknown[]) => void) =>
    readdir(path, options as { withFileTypes: true }, (error, entries) => {
      if (error === null) {
        state.visited += entries.length;
        if (state.visited > state.limit && !over) {
          over = true;
          controller.abort();
        }
      }
      callback(error, entries);
    })) as unknown as typeof readdir;
  let matches: string[] = [];
  try {
    matches = await glob(pattern, {
      onlyFiles: true,
      expandDirectories: false,
      absolute: isAbsolute(pattern),
      fs: { readdir: countingReaddir },
      signal: controller.signal,
    });
  } catch (error) {
    if (!over) throw error;
  }
  if (over) {
    throw new InputError(
      pattern,
      `must match within at most ${state.limit.toLocaleString('en-US')} files and folders (the crawl stops there rather than read an unbounded tree); name the run folders, or a narrower glob`,
    );
  }
  const files: string[] = [];
  const passed = new Map<string, number>();
  const folderReal = new Map<string, Promise<string>>();
  const realOf = (folder: string) => {
    let real = folderReal.get(folder);
    if (real === undefined) folderReal.set(folder, (real = realpath(folder)));
    return real;
  };
  for (const match of matches.sort()) {
    await refuseLoop(match, realOf);
    const real = await realpath(match);
    if (state.reached.has(real)) {
      passed.set('file already found', (passed.get('file already found') ?? 0) + 1);
      continue;
    }
    state.reached.add(real);
    files.push(match);
  }
  return { files, passed };
}

/** An InputError when a folder on the path of `file` is the same folder as one above it (the path went round a symbolic link loop). */
async function refuseLoop(file: string, realOf: (folder: string) => Promise<string>): Promise<void> {
  const folders: string[] = [];
  for (let at = dirname(file); ; at = dirname(at)) {
    folders.unshift(at);
    if (dirname(at) === at || at === '.') break;
  }
  const seen = new Map<string, string>();
  for (const folder of folders) {
    const real = await realOf(folder);
    const above = seen.get(real);
    if (above !== undefined) {
      throw new InputError(
        folder,
        `is a symbolic link back to ${above}, a folder that holds it: a loop the glob would go round; remove the link, or name the folders to read`,
        real,
      );
    }
    seen.set(real, folder);
  }
}
