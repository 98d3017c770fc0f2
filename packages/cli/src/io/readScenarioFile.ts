import { readFile } from 'node:fs/promises';
import { InputError, resolveScenario, type Scenario } from '@passk/sim';
import { parseDocument } from 'yaml';

/**
 * Reads a scenario file (YAML, or JSON, which YAML also reads) and resolves it. Syntax errors
 * name `file:line`; scenario errors name `file: config.path` (resolveScenario).
 */
export async function readScenarioFile(path: string): Promise<Scenario> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(path, code === 'ENOENT' ? 'must exist (file not found)' : `must be readable (${code ?? 'read error'})`);
  }
  return resolveScenario(parseScenarioText(text, path), { source: path });
}

/** Parses YAML/JSON text; the first syntax error becomes an InputError at `file:line`. */
export function parseScenarioText(text: string, source: string): unknown {
  const document = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  const error = document.errors[0];
  if (error) {
    const line = error.linePos?.[0]?.line;
    throw new InputError(line ? `${source}:${line}` : source, `must be valid YAML or JSON (${error.message.split('\n')[0]})`);
  }
  if (document.contents === null) throw new InputError(source, 'must contain a scenario (the file is empty)');
  return document.toJS();
}
