import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';
import { InputError } from '@passk/sim/errors';

/**
 * Writes `content` to `path` so that readers see either the old file or the complete new one:
 * write a temporary file beside it, then rename (atomic on POSIX within one file system).
 * Any failure removes the temporary file and becomes one InputError naming the path.
 */
export async function writeFileAtomic(path: string, content: string | Uint8Array): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(temporary, content);
    await rename(temporary, path);
  } catch (error) {
    // rm ignores only ENOENT; when the folder itself is impossible (ENOTDIR) there is nothing to remove.
    await rm(temporary, { force: true }).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code ?? 'write error';
    throw new InputError(path, `must be a writable path (${code})`);
  }
}
