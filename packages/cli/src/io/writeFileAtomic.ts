import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';
import { InputError } from '@passk/sim/errors';

/**
 * Writes `content` to `path` so that readers, and the file system after a crash, see either the
 * old file or the complete new one: write a temporary file beside it, fsync it, rename it over
 * the target (atomic on POSIX within one file system), then fsync the folder so the rename itself
 * is durable. Any failure removes the temporary file and becomes one InputError naming the path.
 */
export async function writeFileAtomic(path: string, content: string | Uint8Array): Promise<void> {
  const folder = dirname(path);
  const temporary = join(folder, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await mkdir(folder, { recursive: true });
    const file = await open(temporary, 'wx');
    try {
      await file.writeFile(content);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
    await syncFolder(folder);
  } catch (error) {
    // rm ignores only ENOENT; when the folder itself is impossible (ENOTDIR) there is nothing to remove.
    await rm(temporary, { force: true }).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code ?? 'write error';
    throw new InputError(path, `must be a writable path (${code})`);
  }
}

/** fsync of a folder, so that a rename into it survives a crash (POSIX; a no-op where folders cannot be opened). */
async function syncFolder(folder: string): Promise<void> {
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
