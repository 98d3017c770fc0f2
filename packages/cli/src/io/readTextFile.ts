import { readFile } from 'node:fs/promises';
import { InputError } from '@passk/sim/errors';
import { refuseDuplicateKeys } from './jsonDuplicateKeys.js';

/** A whole (small) text file; failures become one InputError naming the file: missing, a folder, unreadable. */
export async function readTextFile(path: string, where = path): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputError(where, 'must exist (file not found)');
    if (code === 'EISDIR') throw new InputError(where, 'must be a file, not a directory');
    throw new InputError(where, `must be readable (${code ?? 'read error'})`);
  }
}

/** A JSON document from a file; invalid JSON is an InputError saying what the file should have been. */
export async function readJsonFile(path: string, what: string, where = path): Promise<unknown> {
  const text = await readTextFile(path, where);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InputError(where, `must be ${what} in JSON, but it is not valid JSON`);
  }
  refuseDuplicateKeys(text, value, (line) => `${where}:${line}`);
  return value;
}
