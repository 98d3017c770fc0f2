import { constants } from 'node:fs';
import { access, open, rm, stat, type FileHandle } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { InputError } from '@passk/sim/errors';
import { refuseOverwritingInputs } from './refuseOverwritingInputs.js';
import { specialFileKind } from './specialFile.js';
import { writeFailure } from './writeFileAtomic.js';

/** The variable GitHub Actions names the step summary file with. */
export const STEP_SUMMARY_VARIABLE = 'GITHUB_STEP_SUMMARY';

/** How long an append to a named pipe may wait for its reader to make room (a summary is small: it should not wait at all). */
const PIPE_WRITE_TIMEOUT_MS = 30_000;

/** A step summary checked by openStepSummary: its path as given, and for a named pipe the end we opened (held, so its reader sees no end of file before our text). */
export interface StepSummary {
  readonly path: string;
  readonly absolute: string;
  readonly pipe: FileHandle | undefined;
}

/**
 * Checks the step summary file (`$GITHUB_STEP_SUMMARY`) before any work, as an output like any
 * other: its folder must exist (GitHub creates the file; passk makes no folders for it), and it
 * must be a regular file or a new path, not a folder, a device or a socket, not one of `inputs`
 * (it would append to it), and writable; a named pipe (FIFO) only when a reader has it open (opened
 * without blocking: ENXIO when nobody reads, where a plain open would wait for ever). Each problem is
 * one InputError naming GITHUB_STEP_SUMMARY and the path. Undefined when the variable is unset or blank.
 * Close what it returns (closeStepSummary) however the command ends.
 */
export async function openStepSummary(path: string | undefined, inputs: readonly string[], cwd: string): Promise<StepSummary | undefined> {
  if (path === undefined || path.trim() === '') return undefined;
  const where = STEP_SUMMARY_VARIABLE;
  const absolute = resolve(cwd, path);
  const folder = await stat(dirname(absolute)).catch((error: NodeJS.ErrnoException) => error);
  if (folder instanceof Error || !folder.isDirectory()) {
    const why = folder instanceof Error && folder.code === 'ENOENT' ? 'its folder does not exist' : 'part of its path is not a folder';
    throw new InputError(where, `must be a file in an existing folder (${why})`, path);
  }
  refuseOverwritingInputs([{ path, option: where }], inputs, cwd, 'append to');
  const existing = await stat(absolute).catch(() => undefined);
  if (existing?.isDirectory()) throw new InputError(where, 'must be a file, not a folder', path);
  if (existing?.isFIFO()) return { path, absolute, pipe: await openPipe(path, absolute) };
  const kind = existing === undefined ? undefined : specialFileKind(existing);
  if (kind !== undefined) throw new InputError(where, `must be a regular file or a new path, not ${kind}`, path);
  await access(existing === undefined ? dirname(absolute) : absolute, constants.W_OK).catch((error: unknown) => {
    throw new InputError(where, `must be writable (${writeFailure(error)})`, path);
  });
  return { path, absolute, pipe: undefined };
}

/** The write end of a named pipe, opened without blocking: refused when no process reads it. */
async function openPipe(path: string, absolute: string): Promise<FileHandle> {
  try {
    return await open(absolute, constants.O_WRONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENXIO' ? 'nobody has it open for reading' : writeFailure(error);
    throw new InputError(STEP_SUMMARY_VARIABLE, `must be a regular file, or a named pipe (FIFO) that a process reads (${why})`, path);
  }
}

/**
 * Appends `text` to the step summary in one write (GitHub's contract: steps append to the file).
 * A failure (ENOSPC: a full disk, /dev/full) is one InputError naming GITHUB_STEP_SUMMARY, and a
 * regular file is left as it was: cut back to its length before (removed if this made it).
 */
export async function appendStepSummary(summary: StepSummary, text: string): Promise<void> {
  if (summary.pipe !== undefined) return await writeToPipe(summary, Buffer.from(text));
  const existed = await stat(summary.absolute).then(
    () => true,
    () => false,
  );
  let handle: FileHandle | undefined;
  let before = 0;
  try {
    handle = await open(summary.absolute, 'a');
    before = (await handle.stat()).size;
    await handle.writeFile(text);
  } catch (error) {
    if (handle !== undefined) await handle.truncate(before).catch(() => undefined);
    await handle?.close().catch(() => undefined);
    handle = undefined;
    if (!existed) await rm(summary.absolute, { force: true }).catch(() => undefined);
    throw new InputError(STEP_SUMMARY_VARIABLE, `could not be appended to (${writeFailure(error)})`, summary.path);
  } finally {
    await handle?.close();
  }
}

/** Writes all of `bytes` to the pipe (non-blocking: a full pipe answers EAGAIN, and we wait for its reader, up to a limit). */
async function writeToPipe(summary: StepSummary, bytes: Buffer): Promise<void> {
  const deadline = Date.now() + PIPE_WRITE_TIMEOUT_MS;
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += (await summary.pipe!.write(bytes, offset, bytes.length - offset)).bytesWritten;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN' && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 10));
        continue;
      }
      const why = code === 'EAGAIN' ? `its reader took nothing for ${PIPE_WRITE_TIMEOUT_MS / 1000} s` : writeFailure(error);
      throw new InputError(STEP_SUMMARY_VARIABLE, `could not be appended to (${why})`, summary.path);
    }
  }
}

/** Closes the pipe a step summary holds open, if any. */
export async function closeStepSummary(summary: StepSummary | undefined): Promise<void> {
  await summary?.pipe?.close().catch(() => undefined);
}
