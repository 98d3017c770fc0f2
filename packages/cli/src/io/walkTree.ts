import type { Dirent } from 'node:fs';
import { AIDER_RESULTS_FILE } from './episodeFormats.js';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '@passk/sim/errors';

/** At most this many files and folders are visited over all the folders and globs of one read. */
export const MAX_TREE_ENTRIES = 100_000;

/** What the walks of one read share: the entry budget, and the files and folders already reached (by real path). */
export interface WalkState {
  /** Entries (files and folders) the walks may visit in all. */
  readonly limit: number;
  /** Entries visited so far. */
  visited: number;
  /** Real paths of the folders walked and the files found, so a link to one already reached is not read twice. */
  readonly reached: Set<string>;
}

/** A fresh state for the walks of one read (`limit`: the entry budget). */
export function walkState(limit = MAX_TREE_ENTRIES): WalkState {
  return { limit, visited: 0, reached: new Set() };
}

/** The files under a folder, in walking order, and what was passed over. */
export interface WalkedTree {
  /** Regular files (and links to files), sorted by path (the order a glob lists them in). */
  readonly files: string[];
  /** Entries passed over without reading, by kind (`.git/`, `.DS_Store`, `link to a folder already walked`, …). */
  readonly passed: Map<string, number>;
}

/** A folder on the walk and the real paths of its ancestors (to tell a link back up the tree). */
interface Folder {
  readonly path: string;
  readonly real: string;
  readonly parent: Folder | undefined;
}

/**
 * Walks the folder `root` recursively: every file under it, sorted by path. Hidden
 * entries (`.git`, `.eval-set-id`) are passed over and not entered; links are followed once: a
 * link to a folder or file already reached is passed over, and a link to a folder that contains
 * it (a loop) is an InputError naming the link, so the walk always ends. Visiting more than
 * `state.limit` entries in all is an InputError (a tree that large is not one harness's output).
 */
export async function walkTree(root: string, state: WalkState): Promise<WalkedTree> {
  const files: string[] = [];
  const passed = new Map<string, number>();
  const pass = (kind: string) => passed.set(kind, (passed.get(kind) ?? 0) + 1);
  const rootReal = await realpath(root);
  state.reached.add(rootReal);
  // Depth first, in name order: a stack of folders still to list, the next one on top.
  const stack: Folder[] = [{ path: root, real: rootReal, parent: undefined }];
  while (stack.length > 0) {
    const folder = stack.pop()!;
    const entries = await listFolder(folder.path);
    const subfolders: Folder[] = [];
    for (const entry of entries) {
      // Hidden files are skipped, but for Aider's per-exercise results.
      if (entry.name.startsWith('.') && !(entry.name === AIDER_RESULTS_FILE && !entry.isDirectory())) {
        pass(entry.isDirectory() ? `${entry.name}/` : entry.name);
        continue;
      }
      if (++state.visited > state.limit) {
        throw new InputError(
          root,
          `must hold at most ${state.limit.toLocaleString('en-US')} files and folders to be walked (the walk stops there rather than read an unbounded tree); name the run folders, or a narrower glob such as 'runs/*/results.json'`,
        );
      }
      const path = join(folder.path, entry.name);
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      let real = join(folder.real, entry.name);
      if (entry.isSymbolicLink()) {
        const target = await stat(path).catch(() => undefined);
        if (target === undefined) {
          pass('broken link');
          continue;
        }
        isDirectory = target.isDirectory();
        isFile = target.isFile();
        real = await realpath(path);
        if (isDirectory) {
          const loop = ancestorAt(folder, real);
          if (loop !== undefined) {
            throw new InputError(
              path,
              `is a symbolic link back to ${loop.path}, a folder that holds it: a loop the walk would never leave; remove the link, or name the folders to read`,
              real,
            );
          }
        }
      }
      if (isDirectory) {
        if (state.reached.has(real)) {
          pass('folder already walked');
          continue;
        }
        state.reached.add(real);
        subfolders.push({ path, real, parent: folder });
      } else if (isFile) {
        if (state.reached.has(real)) {
          pass('file already found');
          continue;
        }
        state.reached.add(real);
        files.push(path);
      } else pass('special file');
    }
    for (let i = subfolders.length - 1; i >= 0; i--) stack.push(subfolders[i]!);
  }
  return { files: files.sort(), passed };
}

/** The folder on the way from `folder` up to the root whose real path is `real`, if any. */
function ancestorAt(folder: Folder | undefined, real: string): Folder | undefined {
  for (let at = folder; at !== undefined; at = at.parent) if (at.real === real) return at;
  return undefined;
}

/** A folder's entries sorted by name; an unreadable folder is an InputError naming it. */
async function listFolder(path: string): Promise<Dirent[]> {
  try {
    const entries = await readdir(path, { withFileTypes: true });
    return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new InputError(path, `must be a readable folder (${code})`);
  }
}
