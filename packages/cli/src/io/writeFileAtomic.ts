import { lstat, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';
import { InputError } from '@passk/sim/errors';
import { specialFileError, specialFileKind } from './specialFile.js';

/**
 * Writes `content` to `path` so that readers, and the file system after a crash, see either the
 * old file or the complete new one: write a temporary file beside it, fsync it, rename it over
 * the target (atomic on POSIX within one file system), then fsync the folder so the rename itself
 * is durable. Any failure removes the temporary file and becomes one InputError naming the path.
 * A device, FIFO or socket at the path is refused before the rename (which would replace it with
 * a regular file); commands refuse those before any work (checkOutputs), this is the last guard.
 */
export async function writeFileAtomic(path: string, content: string | Uint8Array): Promise<void> {
  const folder = dirname(path);
  const temporary = temporaryPath(path);
  try {
    await makeFolder(folder);
    await writeNewFileSynced(temporary, content);
    await refuseReplacingSpecialFile(path);
    await rename(temporary, path);
    await syncFolder(folder);
  } catch (error) {
    // rm ignores only ENOENT; when the folder itself is impossible (ENOTDIR) there is nothing to remove.
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error instanceof InputError ? error : unwritable(path, error);
  }
}

/**
 * Throws the InputError of specialFileError when `path` itself (not what a link points to: a
 * rename replaces the link) is a device, a FIFO or a socket, which renaming a file over it would replace.
 */
export async function refuseReplacingSpecialFile(path: string): Promise<void> {
  const existing = await lstat(path).catch(() => undefined);
  const kind = existing === undefined ? undefined : specialFileKind(existing);
  if (kind !== undefined) throw specialFileError(path, kind, path);
}

/** What the common write failures mean, beside their codes. */
const WRITE_FAILURES: Readonly<Record<string, string>> = {
  EISDIR: 'a folder is in the way',
  ENOTDIR: 'part of the path is a file, not a folder',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'a read-only file system',
  ENOSPC: 'the disk is full',
  EDQUOT: 'over the disk quota',
  ENAMETOOLONG: 'the name is too long',
  EPIPE: 'the reader closed the pipe',
  ENXIO: 'no process reads the pipe',
};

/** The InputError for an output that could not be written: `d.svg: must be a writable path (EISDIR: a folder is in the way)`. */
export function unwritable(path: string, error: unknown): InputError {
  return new InputError(path, `must be a writable path (${writeFailure(error)})`);
}

/** A write error's code with its meaning: `ENOSPC: the disk is full` (the code alone where it has none here). */
export function writeFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code ?? 'write error';
  const meaning = WRITE_FAILURES[code];
  return `${code}${meaning === undefined ? '' : `: ${meaning}`}`;
}

/**
 * Creates `folder` and its missing parents one level at a time (at most one mkdir per path
 * component). Node's `mkdir({ recursive: true })` can loop for ever under /proc, where mkdir
 * fails with ENOENT however often it is retried.
 */
export async function makeFolder(folder: string): Promise<void> {
  const missing: string[] = [];
  let current = folder;
  for (;;) {
    try {
      if (!(await stat(current)).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const parent = dirname(current);
      if (parent === current) break;
      missing.push(current);
      current = parent;
    }
  }
  for (const part of missing.reverse()) {
    try {
      await mkdir(part);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * A temporary name beside `path` (`.NAME.PID-RANDOM.tmp`). It is created with `wx`, so a name in
 * use fails the write instead of overwriting, and needs no cryptographic randomness: Math.random,
 * because node:crypto took about 4 ms of every start to load.
 */
export function temporaryPath(path: string): string {
  const random = Math.floor(Math.random() * 2 ** 48).toString(36);
  return join(dirname(path), `.${basename(path)}.${process.pid}-${random}.tmp`);
}

/** Creates `path` (it must not exist), writes `content` and fsyncs it before closing. */
export async function writeNewFileSynced(path: string, content: string | Uint8Array): Promise<void> {
  const file = await open(path, 'wx');
  try {
    await file.writeFile(content);
    await file.sync();
  } finally {
    await file.close();
  }
}

/** fsync of a folder, so that a rename into it survives a crash (POSIX; a no-op where folders cannot be opened). */
export async function syncFolder(folder: string): Promise<void> {
  let handle;
  try {
    handle = await open(folder, 'r');
  } catch {
    return;
  }
  try {
    await handle.sync().catch(() => undefined);
  } finally {
    await handle.close();
  }
}
