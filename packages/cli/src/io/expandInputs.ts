import { readdir, stat } from 'node:fs/promises';
import { extname, isAbsolute, join } from 'node:path';
import { InputError } from '@passk/sim/errors';
import { STDIN_NAME } from './fileWindow.js';

/** File extensions a folder's files are read by (others, e.g. README.md, are left out). */
export const RESULTS_EXTENSIONS: readonly string[] = ['.csv', '.tsv', '.tab', '.jsonl', '.ndjson', '.json', '.eval'];

const GLOB_CHARACTERS = /[*?[\]{}]/;

/**
 * The files named by the inputs, in order: a file as it is; `-` for standard input; a folder's
 * results files (by extension, sorted by name, not recursive); a glob (`runs/*.json`), its matches
 * sorted by name. A folder or glob without results files is an error naming it.
 */
export async function expandInputs(inputs: readonly string[]): Promise<string[]> {
  if (inputs.length === 0) throw new InputError('FILE', 'must name at least one results file (or - for standard input)');
  const files: string[] = [];
  for (const input of inputs) {
    if (input === '-' || input === '/dev/stdin') {
      files.push(STDIN_NAME);
      continue;
    }
    const info = await stat(input).catch(() => undefined);
    if (info?.isDirectory()) {
      const names = (await readdir(input)).filter((name) => RESULTS_EXTENSIONS.includes(extname(name).toLowerCase())).sort();
      if (names.length === 0) throw new InputError(input, `must hold results files (${RESULTS_EXTENSIONS.join(', ')}); the folder has none`);
      files.push(...names.map((name) => join(input, name)));
    } else if (info === undefined && GLOB_CHARACTERS.test(input)) {
      // Matches are named like the pattern: absolute for an absolute pattern, else relative to the working folder.
      const { glob } = await import('tinyglobby');
      const matches = (await glob(input, { onlyFiles: true, expandDirectories: false, absolute: isAbsolute(input) })).sort();
      if (matches.length === 0) throw new InputError(input, 'must match at least one file (no file matches the pattern)');
      files.push(...matches);
    } else files.push(input);
  }
  return files;
}
