import { InputError, resolveScenario, type Scenario } from '@passk/sim/internal';
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Node } from 'yaml';
import { MAX_NESTING, NESTING_RULE } from './nestingDepth.js';
import { readTextFile } from './readTextFile.js';
import { FILE_KIND_HEAD_BYTES, refuseOtherFileKind } from './fileKind.js';

/**
 * Reads a scenario file (YAML, or JSON, which YAML also reads) and resolves it. Syntax errors
 * name `file:line`; scenario errors name `file: config.path` (resolveScenario).
 */
export async function readScenarioFile(path: string): Promise<Scenario> {
  const text = await readTextFile(path);
  // A results log, passk result or shard given where a scenario belongs: one line naming the command that reads it.
  refuseOtherFileKind(Buffer.from(text.slice(0, FILE_KIND_HEAD_BYTES)), path, 'scenario');
  return resolveScenario(parseScenarioText(text, path), { source: path });
}

/** Parses YAML/JSON text; the first syntax error becomes an InputError at `file:line`. */
export function parseScenarioText(text: string, source: string): unknown {
  // Without prettyErrors, yaml sets no linePos on errors: count lines ourselves to name file:line.
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { prettyErrors: false, uniqueKeys: true, lineCounter });
  const error = document.errors[0];
  // yaml's parser recurses once per level and reports a stack overflow as a syntax error; where the
  // stack ends depends on the process, so the message names the file only.
  if (error !== undefined && /maximum call stack/i.test(error.message)) throw new InputError(source, NESTING_RULE);
  checkNodes(document.contents, text, lineCounter, source);
  if (error?.code === 'DUPLICATE_KEY') refuseRepeatedKey(document, lineCounter, source);
  if (error) {
    const offset = error.pos[0];
    const line = offset >= 0 ? lineCounter.linePos(offset).line : undefined;
    throw new InputError(line ? `${source}:${line}` : source, `must be valid YAML or JSON (${error.message.split('\n')[0]})`);
  }
  if (document.contents === null) throw new InputError(source, 'must contain a scenario (the file is empty)');
  try {
    return document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
    // yaml refuses documents whose aliases expand without bound (a "billion laughs" file) …
    if (/excessive alias count/i.test(error.message)) {
      throw new InputError(source, `must not expand YAML aliases (*name) more than ${MAX_ALIAS_COUNT} times over (aliases nested inside aliases multiply)`);
    }
    // … and aliases to no anchor before them.
    const alias = firstUnresolvedAlias(document);
    if (alias !== undefined) {
      throw new InputError(at(alias, lineCounter, source), 'must define an anchor (&name) before an alias (*name) uses it', `*${alias.source}`);
    }
    throw error;
  }
}

/**
 * One pass over the parsed nodes, with a stack of its own (the reader's recursion is what deep files
 * exhaust): refuses nesting beyond MAX_NESTING, keys that are mappings or lists (yaml would turn them
 * into text, at a cost that grows with their nesting, and warn on stderr), and integers beyond 2^53
 * (a seed such as 9007199254740993 has no exact double: refused as written rather than run, and
 * printed, as a different number).
 */
function checkNodes(root: unknown, text: string, lineCounter: LineCounter, source: string): void {
  const pending: Array<{ node: unknown; depth: number }> = [{ node: root, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { node, depth } = next;
    if (isMap(node) || isSeq(node)) {
      if (depth >= MAX_NESTING) throw new InputError(at(node, lineCounter, source), NESTING_RULE);
      for (const item of node.items) {
        if (isPair(item)) {
          if (item.key !== null && !isScalar(item.key) && !isAlias(item.key)) {
            const key = item.key as Node;
            const typed = key.range ? text.slice(key.range[0], key.range[1]) : '';
            throw new InputError(
              at(key, lineCounter, source),
              'must use words or numbers as keys, not mappings or lists',
              typed.length > 60 ? `${typed.slice(0, 60)}…` : typed,
            );
          }
          pending.push({ node: item.key, depth: depth + 1 }, { node: item.value, depth: depth + 1 });
        } else pending.push({ node: item, depth: depth + 1 });
      }
    } else if (isScalar(node) && typeof node.value === 'number' && !Number.isSafeInteger(node.value) && /^[-+]?\d+$/.test(node.source ?? '')) {
      throw new InputError(
        at(node, lineCounter, source),
        `must hold integers of at most ${Number.MAX_SAFE_INTEGER} (larger ones are not exact; quote a large seed to make it text)`,
        node.source,
      );
    }
  }
}

/** `file:line` of a node (the file where the node has no position). */
function at(node: Node, lineCounter: LineCounter, source: string): string {
  return node.range ? `${source}:${lineCounter.linePos(node.range[0]).line}` : source;
}

/** The first alias, in document order, with no anchor of its name before it. */
function firstUnresolvedAlias(document: ReturnType<typeof parseDocument>): (Node & { source: string }) | undefined {
  const anchors = new Set<string>();
  let unresolved: (Node & { source: string }) | undefined;
  visit(document, {
    Node(_key, node) {
      if (isAlias(node) && !anchors.has(node.source)) {
        unresolved = node;
        return visit.BREAK;
      }
      if (node.anchor) anchors.add(node.anchor);
      return undefined;
    },
  });
  return unresolved;
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
