import { extname } from 'node:path';
import { InputError, SCENARIO_FORMAT } from '@passk/sim/internal';
import { classifyDocument } from './documentFormat.js';
import { isZip } from './inspectEvalFormat.js';
import { readJsonHead } from './jsonHead.js';

/**
 * What a file is, as far as its first bytes tell: one of passk's own files (a scenario, a measured
 * verifier, a result document, a shard) or a results log of a harness — or `unknown`, which every
 * reader then reads as it always has (its own errors say what is wrong).
 */
export type FileKind =
  | { readonly kind: 'scenario' }
  | { readonly kind: 'verifier' }
  | { readonly kind: 'result'; readonly resultKind: string }
  | { readonly kind: 'shard' }
  | { readonly kind: 'results-log' }
  | { readonly kind: 'unknown' };

/** What a command's reader reads: results logs (estimate, compare, fit, …), a scenario (simulate, sweep), a measured verifier (--verifier-from), result documents (report, chart) or shards (merge). */
export type ReaderKind = 'results-log' | 'scenario' | 'verifier' | 'result' | 'shard';

/** The kinds each reader takes: --verifier-from also takes a whole scenario to its own error (it names the section to keep). */
const READS: Readonly<Record<ReaderKind, readonly FileKind['kind'][]>> = {
  'results-log': ['results-log'],
  scenario: ['scenario'],
  verifier: ['verifier', 'scenario'],
  result: ['result'],
  shard: ['shard'],
};

/** How many bytes of a file the recognition looks at. */
export const FILE_KIND_HEAD_BYTES = 64 * 1024;

/** The scenario file's top-level keys, and those of them only a scenario (or a verifier fragment) has. */
const SCENARIO_KEYS = new Set(Object.keys(SCENARIO_FORMAT.fields));
const SCENARIO_SECTIONS = new Set(['tasks', 'attempts', 'verifier', 'selector', 'policy', 'run']);
/** Extensions only results logs have (a scenario is .yaml, .yml or .json; passk results are .json). */
const LOG_EXTENSIONS = new Set(['.csv', '.tsv', '.tab', '.jsonl', '.ndjson', '.eval']);
/** A YAML mapping key at the start of a line: `tasks:` (plain or quoted). */
const YAML_KEY = /^(?:([A-Za-z_$][\w$.-]*)|"([^"\n]*)"|'([^'\n]*)')[ \t]*:(?:[ \t]|$)/;

/**
 * Recognises a file from its first bytes (`head`, from the first byte of the file) and its name:
 * - a passk result: a JSON object whose `kind` is `passk.…` (withKind writes it first);
 * - a shard: a JSON object whose `format` is `passk-shard/…` (any version);
 * - a scenario: a YAML or JSON mapping whose top-level keys (those in the head) are all scenario
 *   keys, among them `tasks` or `policy` (JSON: sections that are objects); a verifier fragment (`passk verifier --out`): a `verifier`
 *   section without them;
 * - a results log: a zip archive (inspect_ai), a log-only extension (.csv, .jsonl, .eval, …), a JSON
 *   array of objects (τ-bench, LiveCodeBench, records), JSON Lines, a JSON object a harness reader recognises
 *   by its keys (documentFormat), or text whose first line is a delimited header (CSV, TSV).
 * Anything else is `unknown`. Cheap: no file is parsed whole.
 */
export function sniffFileKind(head: Uint8Array, path: string): FileKind {
  if (isZip(head)) return { kind: 'results-log' };
  const text = new TextDecoder().decode(head).replace(/^\uFEFF/, '');
  const start = text.search(/\S/);
  if (start >= 0 && (text[start] === '{' || text[start] === '[')) {
    const fromJson = jsonKind(head);
    if (fromJson !== undefined) return fromJson;
  }
  if (LOG_EXTENSIONS.has(extname(path).toLowerCase())) return { kind: 'results-log' };
  const keys = yamlTopLevelKeys(text);
  if (keys.length > 0) return mappingKind(keys);
  const firstLine = text.slice(Math.max(0, start)).split(/\r?\n/, 1)[0] ?? '';
  if (start >= 0 && /^[^#:[{]+[,\t][^:]*$/.test(firstLine) && firstLine.split(/[,\t]/).length >= 2) return { kind: 'results-log' };
  return { kind: 'unknown' };
}

/** The kind of a file that starts as JSON, or undefined when its head says nothing (then the name and the text decide). */
function jsonKind(head: Uint8Array): FileKind | undefined {
  const json = readJsonHead(head);
  if (!json.valid || json.root === undefined) return undefined;
  // An array of records (τ-bench, LiveCodeBench, generic records); `[]` or nested lists say nothing.
  if (json.root.type === 'array') return json.first?.type === 'object' ? { kind: 'results-log' } : undefined;
  if (json.root.type !== 'object') return undefined;
  if (json.more) return { kind: 'results-log' }; // JSON Lines: a second value follows the first
  const kind = json.members.get('kind')?.text;
  if (kind?.startsWith('passk.')) return { kind: 'result', resultKind: kind };
  if (json.members.get('format')?.text?.startsWith('passk-shard/')) return { kind: 'shard' };
  const keys = json.root.keys;
  // A scenario's sections are objects (a task-outcomes log may name a task "run": its value is a list).
  const sections = keys.filter((key) => SCENARIO_SECTIONS.has(key));
  if (sections.length > 0 && sections.every((key) => json.members.get(key)?.type === 'object')) return mappingKind(keys);
  // A harness's document says what it is in its first keys; a whole small document is classified.
  if (json.complete && json.text !== undefined) {
    try {
      const value = JSON.parse(json.text) as Record<string, unknown>;
      const format = typeof value === 'object' && value !== null ? classifyDocument(value) : undefined;
      // Task → outcomes needs an outcome: `{"rows": []}` says nothing.
      const outcomes = format !== 'task-outcomes' || Object.values(value).some((list) => Array.isArray(list) && list.length > 0);
      if (format !== undefined && outcomes) return { kind: 'results-log' };
    } catch {
      return undefined;
    }
  }
  return keys.some((key) => HARNESS_KEYS.has(key)) ? { kind: 'results-log' } : undefined;
}

/** Top-level keys by which documentFormat recognises a harness's JSON document (classifyDocument), read from the head only. */
const HARNESS_KEYS = new Set(['results', 'simulations', 'raw_scored_generations', 'eval', 'samples']);

/** A scenario, a verifier fragment, or unknown, from a mapping's top-level keys. */
function mappingKind(keys: readonly string[]): FileKind {
  if (!keys.every((key) => SCENARIO_KEYS.has(key))) return { kind: 'unknown' };
  if (keys.includes('tasks') || keys.includes('policy')) return { kind: 'scenario' };
  if (keys.includes('verifier')) return { kind: 'verifier' };
  return keys.some((key) => SCENARIO_SECTIONS.has(key)) ? { kind: 'scenario' } : { kind: 'unknown' };
}

/**
 * The keys of a YAML block mapping at the top level (lines starting with `key:`), as far as the
 * text goes; none when the first line with content is not such a key (CSV, prose, JSON).
 */
function yamlTopLevelKeys(text: string): string[] {
  const keys: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.startsWith('#') || line.startsWith('---') || line.startsWith('%')) continue;
    if (/^[ \t]/.test(line)) continue; // nested content
    const key = YAML_KEY.exec(line);
    if (key === null) return keys.length === 0 ? [] : keys;
    keys.push(key[1] ?? key[2] ?? key[3] ?? '');
  }
  return keys;
}

/** What each kind is called in a message. */
const KIND_NAMES: Readonly<Record<ReaderKind, string>> = {
  'results-log': 'a results log',
  scenario: 'a scenario',
  verifier: 'a measured verifier',
  result: 'a passk result',
  shard: 'a shard file',
};

/**
 * Refuses a file of another kind than `reader` reads, in one line that names the command that
 * reads it: `FILE: this is a passk scenario file, not a results log: run \`passk simulate FILE\``.
 * `path` is the file as the user named it (for the command shown), `where` where the message points.
 * Unknown files pass: the reader's own errors describe them.
 */
export function refuseOtherFileKind(head: Uint8Array, path: string, reader: ReaderKind, where = path): void {
  const found = sniffFileKind(head, path);
  if (found.kind === 'unknown' || READS[reader].includes(found.kind)) return;
  const not = `not ${KIND_NAMES[reader]}`;
  const file = shellWord(path);
  switch (found.kind) {
    case 'scenario':
      throw new InputError(where, `this is a passk scenario file, ${not}: run \`passk simulate ${file}\``);
    case 'verifier':
      throw new InputError(
        where,
        `this is a measured verifier (passk verifier --out), ${not}: use it with \`passk simulate SCENARIO --verifier-from ${file}\``,
      );
    case 'result':
      throw new InputError(
        where,
        `this is a passk result (${found.resultKind}), ${not}: \`passk report ${file}\` or \`passk chart KIND --from ${file}\` read it`,
      );
    case 'shard':
      throw new InputError(where, `this is a passk shard file, ${not}: \`passk merge ${file} …\` combines the shards of a run`);
    case 'results-log':
      throw new InputError(where, `this is a results log, ${not}: \`passk estimate ${file}\` or \`passk simulate --tasks-from ${file}\``);
  }
}

/** A path as a shell word in a suggested command: as it is when it is plain, else single-quoted. */
function shellWord(path: string): string {
  return /^[\w./@%+=:,-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}
