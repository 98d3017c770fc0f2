import { open, stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { InputError } from '@passk/sim/errors';
import { STDIN_NAME } from './fileWindow.js';
import { globMatches } from './globMatches.js';
import { RESULTS_EXTENSIONS } from './resultsExtensions.js';
import { matchTrialCopies, type TrialCopy } from './trialCopies.js';
import { besideKind, classifyTreeFile, hasResultsExtension, isSideFileKind, TREE_HEAD_BYTES, type TreeFile, type TreeHarness } from './treeFile.js';
import type { TreeReading } from './treeReading.js';
import { walkState, walkTree, MAX_TREE_ENTRIES, type WalkedTree } from './walkTree.js';

export { RESULTS_EXTENSIONS } from './resultsExtensions.js';

const GLOB_CHARACTERS = /[*?[\]{}]/;

/** Files whose first bytes are read at once while a tree's files are told apart. */
const HEADS_AT_ONCE = 32;

/** The files to read, and how the folders and globs among the inputs were read (undefined without any). */
export interface ExpandedInputs {
  readonly files: string[];
  readonly tree: TreeReading | undefined;
}

/** Bounds of the walk. */
export interface ExpandOptions {
  /** Run-level results.json larger than this are not opened to match per-trial copies (the reader refuses them). */
  readonly maxDocumentBytes?: number;
  /** Files and folders visited in all, at most (default MAX_TREE_ENTRIES). */
  readonly maxEntries?: number;
}

/** A results candidate found in a tree: where, under which input, and what it is. */
interface Found {
  readonly input: string;
  readonly path: string;
  readonly file: TreeFile;
}

/**
 * The files named by the inputs, in order: a file as it is; `-` for standard input; a folder,
 * walked recursively (walkTree); a glob (`runs/*.json`, `'**\/results.json'`), its matches. Files
 * found in folders and by globs are recognised by content (classifyTreeFile): what a harness
 * writes beside its results (Terminal-Bench run_metadata.json, tb.lock, run.log, pane captures and
 * recordings; τ²-bench submission.json; inspect_ai logs.json and eval-set.json; READMEs) is
 * skipped and counted, and so are Terminal-Bench per-trial results.json whose trial the run's
 * results.json read lists (matchTrialCopies): each trial counted once. Where the trees hold a
 * harness's results, JSON documents that are not (an agent's own logs) are skipped too.
 * Throws InputError: no inputs; a folder or glob without results files (naming what it skipped);
 * trees holding the results of two harnesses; a per-trial copy no run-level file read lists; a
 * symbolic link loop; more than `maxEntries` files and folders.
 */
export async function expandInputs(inputs: readonly string[], options: ExpandOptions = {}): Promise<ExpandedInputs> {
  if (inputs.length === 0) throw new InputError('FILE', 'must name at least one results file (or - for standard input)');
  const state = walkState(options.maxEntries ?? MAX_TREE_ENTRIES);
  const parts: ({ readonly input: string; readonly file: string } | { readonly input: string; readonly tree: WalkedTree })[] = [];
  for (const input of inputs) {
    if (input === '-' || input === '/dev/stdin') {
      parts.push({ input, file: STDIN_NAME });
      continue;
    }
    const info = await stat(input).catch(() => undefined);
    if (info?.isDirectory()) parts.push({ input, tree: await walkTree(input, state) });
    else if (info === undefined && GLOB_CHARACTERS.test(input)) {
      const tree = await globMatches(input, state);
      if (tree.files.length === 0) throw new InputError(input, 'must match at least one file (no file matches the pattern)');
      parts.push({ input, tree });
    } else parts.push({ input, file: input });
  }
  const trees = parts.flatMap((part) => ('tree' in part ? [part] : []));
  if (trees.length === 0) return { files: parts.flatMap((part) => ('file' in part ? [part.file] : [])), tree: undefined };

  // What each file found is, from its name and first bytes.
  const skipped = new Map<string, number>();
  const skip = (kind: string, count = 1) => skipped.set(kind, (skipped.get(kind) ?? 0) + count);
  const found: Found[] = [];
  for (const { input, tree } of trees) {
    for (const [kind, count] of tree.passed) skip(kind, count);
    const candidates = tree.files.filter((path) => {
      if (hasResultsExtension(path)) return true;
      skip(besideKind(path));
      return false;
    });
    // Heads are read a few files at a time (a tree may hold thousands of small files).
    for (let at = 0; at < candidates.length; at += HEADS_AT_ONCE) {
      const batch = candidates.slice(at, at + HEADS_AT_ONCE);
      const heads = await Promise.all(batch.map(readHead));
      batch.forEach((path, i) => found.push({ input, path, file: classifyTreeFile(path, heads[i]!) }));
    }
  }

  // One harness's results at most; its files are read, the rest skipped.
  const harnesses = new Map<TreeHarness, Found>();
  for (const entry of found) {
    const harness = entry.file.role === 'results' ? entry.file.harness : entry.file.role === 'trialCopy' ? 'terminal-bench' : undefined;
    if (harness !== undefined && !harnesses.has(harness)) harnesses.set(harness, entry);
  }
  if (harnesses.size > 1) {
    const [[first, a], [second, b]] = [...harnesses] as [[TreeHarness, Found], [TreeHarness, Found]];
    // Paths as found under the folder (or glob) that holds both, else as found.
    const shown = (entry: Found) => (a.input === b.input && entry.path.startsWith(`${entry.input}${sep}`) ? relative(entry.input, entry.path) : entry.path);
    throw new InputError(
      b.input,
      `must hold the results of one harness to be read as one run, but holds ${first} results (${shown(a)}) and ${second} results (${shown(b)}): read each harness's files apart`,
    );
  }
  const harness = harnesses.size === 1 ? [...harnesses.keys()][0]! : undefined;
  const read = new Set<Found>();
  const copies: TrialCopy[] = [];
  for (const entry of found) {
    const { file } = entry;
    if (file.role === 'trialCopy') copies.push({ path: entry.path, trial: file.trial, task: file.task });
    // Plain records are read beside a harness's results too: the readers refuse a mix of formats.
    else if (file.role === 'results' || (file.role === 'undecided' && harness === undefined)) read.add(entry);
    else skip(file.role === 'beside' ? file.kind : besideKind(entry.path));
  }
  const runFiles =
    copies.length === 0
      ? 0
      : await matchTrialCopies(
          copies,
          [...read].map((entry) => entry.path),
          options.maxDocumentBytes ?? Infinity,
        );

  // Every folder and glob must give results files.
  for (const { input, tree } of trees) {
    const own = found.filter((entry) => entry.input === input);
    if (own.some((entry) => read.has(entry))) continue;
    const kinds = new Map<string, number>(tree.passed);
    const count = (kind: string) => kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    for (const path of tree.files) if (!hasResultsExtension(path)) count(besideKind(path));
    for (const { path, file } of own) count(file.role === 'beside' ? file.kind : file.role === 'trialCopy' ? 'per-trial results.json' : besideKind(path));
    const entries = [...kinds.values()].reduce((sum, n) => sum + n, 0);
    const what =
      entries === 0 ? 'it is empty' : `found none among ${entries === 1 ? '1 file' : `${entries.toLocaleString('en-US')} files`} (skipped ${listKinds(kinds)})`;
    throw new InputError(input, `must hold results files (${RESULTS_EXTENSIONS.join(', ')} of a harness or of plain records): ${what}`);
  }

  const files: string[] = [];
  for (const part of parts) {
    if ('file' in part) files.push(part.file);
    else for (const entry of found) if (entry.input === part.input && read.has(entry)) files.push(entry.path);
  }
  const tree: TreeReading = {
    walked: trees.map((part) => part.input),
    visited: state.visited,
    read: read.size,
    harness: harness ?? null,
    trialCopies: { skipped: copies.length, runFiles },
    // What a harness writes beside its results first, then the most frequent.
    skipped: [...skipped]
      .map(([kind, count]) => ({ kind, count }))
      .sort((a, b) => Number(isSideFileKind(b.kind)) - Number(isSideFileKind(a.kind)) || b.count - a.count || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0)),
  };
  return { files, tree };
}

/** `2 run_metadata.json, README.md, …`: kinds with their counts (a count of one left out), most first. */
function listKinds(kinds: ReadonlyMap<string, number>): string {
  const sorted = [...kinds].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const shown = sorted.slice(0, 6).map(([kind, count]) => (count === 1 ? kind : `${count} ${kind}`));
  return sorted.length > 6 ? `${shown.join(', ')}, …` : shown.join(', ');
}

/** The first TREE_HEAD_BYTES of a file (fewer when it is shorter). */
async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r').catch(() => undefined);
  if (handle === undefined) return new Uint8Array(0);
  try {
    const buf = Buffer.allocUnsafe(TREE_HEAD_BYTES);
    const { bytesRead } = await handle.read(buf, 0, TREE_HEAD_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
