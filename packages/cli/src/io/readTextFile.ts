import { open, stat, type FileHandle } from 'node:fs/promises';
import { InputError } from '@passk/sim/errors';
import { refuseDuplicateKeys } from './jsonDuplicateKeys.js';
import { sizeText } from './fileWindow.js';
import { MAX_NESTING, NESTING_RULE, nestsDeeperThan } from './nestingDepth.js';
import { fileError, openFifo } from './openInput.js';
import { FILE_KIND_HEAD_BYTES, refuseOtherFileKind, type ReaderKind } from './fileKind.js';

/**
 * The most a scenario or result document may hold. The largest real ones (a scenario listing 10⁶
 * task rates, a 10 000-point sweep) are tens of MiB; beyond this, reading (say /dev/zero) would only
 * grow memory until it failed.
 */
export const MAX_TEXT_FILE_BYTES = 256 * 2 ** 20;

/** How long a named pipe (FIFO) given as a scenario or result file may wait for a writer. */
export const TEXT_FIFO_TIMEOUT_MS = 30_000;

const CHUNK_BYTES = 1 << 20;

/**
 * A whole text file (a scenario or result document, read at once, unlike results logs, which are
 * streamed); failures become one InputError naming the file: missing, a folder, unreadable, more
 * than MAX_TEXT_FILE_BYTES, or a named pipe nobody writes to within `fifoTimeoutMs`.
 */
export async function readTextFile(path: string, where = path, fifoTimeoutMs = TEXT_FIFO_TIMEOUT_MS): Promise<string> {
  let handle: FileHandle | undefined;
  try {
    handle = (await stat(path)).isFIFO() ? await openFifo(path, where, fifoTimeoutMs, 'start the program that writes it first') : await open(path, 'r');
    const info = await handle.stat();
    if (info.isDirectory()) throw new InputError(where, 'must be a file, not a directory');
    if (info.isFile() && info.size > MAX_TEXT_FILE_BYTES) throw tooLarge(where, `${info.size} bytes`);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      // Pipes and devices have no size to check first: count what arrives.
      if (total > MAX_TEXT_FILE_BYTES) throw tooLarge(where, `more than ${sizeText(MAX_TEXT_FILE_BYTES)} so far`);
      chunks.push(bytesRead === CHUNK_BYTES ? chunk : chunk.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } catch (error) {
    throw error instanceof InputError ? error : fileError(where, error);
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

function tooLarge(where: string, size: string): InputError {
  return new InputError(where, `must be at most ${sizeText(MAX_TEXT_FILE_BYTES)} (scenario and result files are far smaller)`, size);
}

/**
 * A JSON document from a file; invalid JSON is an InputError saying what the file should have been.
 * With `reader`, a file of another passk kind or a results log is first refused in one line naming
 * the command that reads it (fileKind).
 */
export async function readJsonFile(path: string, what: string, where = path, reader?: ReaderKind): Promise<unknown> {
  const text = await readTextFile(path, where);
  if (reader !== undefined) refuseOtherFileKind(Buffer.from(text.slice(0, FILE_KIND_HEAD_BYTES)), where, reader);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InputError(where, `must be ${what} in JSON, but it is not valid JSON`);
  }
  if (nestsDeeperThan(value, MAX_NESTING)) throw new InputError(where, NESTING_RULE);
  refuseDuplicateKeys(text, value, (line) => `${where}:${line}`);
  return value;
}
