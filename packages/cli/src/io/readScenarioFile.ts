import { InputError, resolveScenario, type Scenario } from '@passk/sim';
import { isScalar, LineCounter, parseDocument, visit } from 'yaml';
import { readTextFile } from './readTextFile.js';

/**
 * Reads a scenario file (YAML, or JSON, which YAML also reads) and resolves it. Syntax errors
 * name `file:line`; scenario errors name `file: config.path` (resolveScenario).
 */
export async function readScenarioFile(path: string): Promise<Scenario> {
  return resolveScenario(parseScenarioText(await readTextFile(path), path), { source: path });
}

/** Parses YAML/JSON text; the first syntax error becomes an InputError at `file:line`. */
export function parseScenarioText(text: string, source: string): unknown {
  // Without prettyErrors, yaml sets no linePos on errors: count lines ourselves to name file:line.
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { prettyErrors: false, uniqueKeys: true, lineCounter });
  const error = document.errors[0];
  if (error?.code === 'DUPLICATE_KEY') refuseRepeatedKey(document, lineCounter, source);
  if (error) {
    const offset = error.pos[0];
    const line = offset >= 0 ? lineCounter.linePos(offset).line : undefined;
    throw new InputError(line ? `${source}:${line}` : source, `must be valid YAML or JSON (${error.message.split('\n')[0]})`);
  }
  if (document.contents === null) throw new InputError(source, 'must contain a scenario (the file is empty)');
  // An integer beyond 2^53 (a seed such as 9007199254740993) has no exact double: refuse it as
  // written rather than go on with, and print, a different number.
  visit(document, {
    Scalar(_key, node) {
      if (typeof node.value === 'number' && !Number.isSafeInteger(node.value) && /^[-+]?\d+$/.test(node.source ?? '') && node.range) {
        throw new InputError(
          `${source}:${lineCounter.linePos(node.range[0]).line}`,
          `must hold integers of at most ${Number.MAX_SAFE_INTEGER} (larger ones are not exact; quote a large seed to make it text)`,
          node.source,
        );
      }
    },
  });
  try {
    return document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    // yaml refuses documents whose aliases expand without bound (a "billion laughs" file).
    if (error instanceof ReferenceError && /alias/i.test(error.message)) {
      throw new InputError(source, `must not expand YAML aliases (*name) more than ${MAX_ALIAS_COUNT} times over (aliases nested inside aliases multiply)`);
    }
    throw error;
  }
}

/** The first key repeated in one mapping (YAML or JSON syntax), as file:line, the rule and the key (yaml names neither). */
function refuseRepeatedKey(document: ReturnType<typeof parseDocument>, lineCounter: LineCounter, source: string): void {
  visit(document, {
    Map(_key, node) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (seen.has(key)) {
          const at = isScalar(pair.key) && pair.key.range ? `${source}:${lineCounter.linePos(pair.key.range[0]).line}` : source;
          throw new InputError(
            at,
            'must not repeat a key in one mapping (YAML and JSON readers would keep only one)',
            typeof key === 'string' ? key : String(key),
          );
        }
        seen.add(key);
      }
    },
  });
}

/** At most this many alias expansions in one scenario document (real scenarios use a handful). */
const MAX_ALIAS_COUNT = 1000;
