import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { InputError } from '@passk/sim/errors';

/**
 * Opens a named pipe, waiting at most `timeoutMs` for a writer (an open for reading blocks until
 * one comes). On time-out the blocked open is released by opening the pipe for writing ourselves
 * (non-blocking: a reader is waiting, so it succeeds) and both ends are closed. `hint` says how to wait longer.
 */
export async function openFifo(path: string, file: string, timeoutMs: number, hint: string): Promise<FileHandle> {
  const opening = open(path, 'r');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  const first = await Promise.race([opening, late]);
  clearTimeout(timer);
  if (first !== 'late') return first;
  const unblock = await open(path, constants.O_WRONLY | constants.O_NONBLOCK).catch(() => undefined);
  await (await opening.catch(() => undefined))?.close();
  await unblock?.close();
  throw new InputError(file, `must be a named pipe some program writes to: none opened it within ${timeoutMs / 1000} s (${hint})`);
}

/** Turns a Node file-system error into an InputError naming the file (where = the path as given). */
export function fileError(file: string, error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return new InputError(file, 'must exist (file not found)');
  if (code === 'EACCES' || code === 'EPERM') return new InputError(file, 'must be readable (permission denied)');
  if (code === 'EISDIR') return new InputError(file, 'must be a file, not a directory');
  if (typeof code === 'string') return new InputError(file, `must be readable (${code})`);
  return error;
}
