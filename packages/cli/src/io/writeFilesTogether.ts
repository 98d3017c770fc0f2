import { rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { InputError } from '@passk/sim/errors';
import { makeFolder, refuseReplacingSpecialFile, syncFolder, temporaryPath, unwritable, writeNewFileSynced } from './writeFileAtomic.js';

/** One file of a multi-file output. */
export interface OutputFile {
  readonly path: string;
  readonly content: string | Uint8Array;
}

/**
 * Writes several files as one output (simulate/merge --out DIR, demo): every file is first written
 * in full to a temporary file beside its target and fsynced; only when all of them are written are
 * they renamed into place, then their folders fsynced. A failure while writing (a full disk, a
 * folder that cannot be made, Ctrl-C via `stopped`) removes the temporaries and the folders this
 * call made, so no target appears: all or nothing, short of a crash between the renames.
 */
export async function writeFilesTogether(files: readonly OutputFile[], stopped: () => boolean = () => false): Promise<void> {
  const madeFolders: string[] = [];
  const temporaries: Array<{ temporary: string; path: string }> = [];
  let failed: string | undefined;
  try {
    for (const { path, content } of files) {
      failed = path;
      const folder = dirname(path);
      madeFolders.push(...(await missingFolders(folder)));
      await makeFolder(folder);
      const temporary = temporaryPath(path);
      temporaries.push({ temporary, path });
      await writeNewFileSynced(temporary, content);
      if (stopped()) throw Object.assign(new Error('interrupted'), { code: 'EINTR' });
    }
    // A target that is a folder would fail its rename after the others were done, and a device,
    // FIFO or socket would be replaced by it: refuse first.
    for (const { path } of temporaries) {
      failed = path;
      if ((await stat(path).catch(() => undefined))?.isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
      await refuseReplacingSpecialFile(path);
    }
    for (const { temporary, path } of temporaries) {
      failed = path;
      await rename(temporary, path);
    }
  } catch (error) {
    await Promise.all(temporaries.map(({ temporary }) => rm(temporary, { force: true }).catch(() => undefined)));
    for (const folder of [...new Set(madeFolders)].sort((a, b) => b.length - a.length)) await rmdir(folder).catch(() => undefined);
    if ((error as NodeJS.ErrnoException).code === 'EINTR' || error instanceof InputError) throw error;
    throw unwritable(failed ?? 'output', error);
  }
  for (const folder of new Set(files.map(({ path }) => dirname(path)))) await syncFolder(folder);
}

/** The folders of `folder`'s path that do not exist yet, deepest first. */
async function missingFolders(folder: string): Promise<string[]> {
  const missing: string[] = [];
  let current = resolve(folder);
  for (;;) {
    const exists = await stat(current).then(
      () => true,
      () => false,
    );
    if (exists) return missing;
    missing.push(current);
    const parent = dirname(current);
    if (parent === current) return missing;
    current = parent;
  }
}
