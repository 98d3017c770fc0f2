import { checkResultDocument } from '../results/checkResultDocument.js';
import { readJsonFile } from '../io/readTextFile.js';
import type { ReportInput } from './reportInput.js';

/**
 * Reads one result file for `passk report`: JSON written by a passk command with `--json`, checked
 * once against the schema of its kind (results/). Anything else is an InputError naming the file.
 */
export async function readResultFile(path: string): Promise<ReportInput> {
  const value = await readJsonFile(path, 'a passk result (written with --json)', path, 'result');
  return { source: path, result: checkResultDocument(value, path) };
}
