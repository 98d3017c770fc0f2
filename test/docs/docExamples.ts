import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { passkWith, REPO_ROOT } from '../helpers/runPassk.js';

// The command examples of README.md and docs/*.md, read out of their fenced blocks, run, and their
// shown output compared with what the program prints now (test/docs/examples.slow.test.ts). The rules, for whoever writes a page:
//
// - A block (```console, ```text, ```sh, ``` …) is an example when it holds a passk command: a line
//   `$ pnpm passk …` or `$ passk …` (its output follows, up to the next `$ ` line or the block's
//   end), or, in a block without `$` prompts, a line starting `pnpm passk ` or `passk ` (run, exit 0
//   expected, no output shown). A command continues over lines ending in `\`.
// - `$ echo $?` and the number after it give the exit code (else 0).
// - A line "…" in the output stands for lines left out: the lines before the first start the output,
//   those after the last end it, those between appear in that order in between. One filter may follow
//   the command (`| sed -n A,Bp`, `| head -N`, `| tail -N`); it reads standard output only, while an
//   unfiltered command shows its standard error after its output, as a terminal does.
// - `$ cat FILE` shows a file of the repository: the lines shown must be the file's.
// - Commands run in a scratch copy of the repository's layout (its folders linked, ../shared beside
//   it), so an example may write files (`--out refund`); examples that read ../shared/data/real pass
//   without running where those logs are absent (outside CI), as the other real-log tests do.
// - A block that must not run carries a marker on the line before its fence:
//   `<!-- examples: not run — the reason -->`. Every other example block must be runnable: the test
//   fails on one it cannot run, so nothing is skipped silently.
// - `UPDATE_DOCS=1 pnpm exec vitest run --config vitest.slow.config.ts test/docs/examples.slow.test.ts` re-records every shown output (and exit code)
//   from what the commands print now, keeping an example's one "…" and its number of lines around it
//   (an example with several "…" is re-recorded by hand: the test says which).

/** The pages whose examples are run: README.md and every docs/*.md (docs/api is generated). */
export function docPages(): string[] {
  const docs = readdirSync(join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/** One command of an example block with the output the page shows. */
export interface DocCommand {
  /** Page path from the repository root, e.g. `docs/plan.md`. */
  page: string;
  /** 0-based index of the command's first line in the page. */
  line: number;
  /** The command as a shell reads it (continuation lines joined). */
  command: string;
  /** Whether the page shows output (a `$` prompt) or only the command (a bare `sh` line). */
  prompted: boolean;
  /** 0-based lines [from, to) of the shown output in the page. */
  output: [number, number];
  head: string[];
  tail: string[] | null;
  /** The shown output cut at each "…" line: the first part starts the output, the last ends it, the others appear in order between. */
  segments: string[][];
  /** The exit code shown (`$ echo $?`), else 0, and the page line holding it (or null). */
  code: number;
  codeLine: number | null;
}

/** An example block: its fence line, its marker (the reason it is not run) and its commands. */
export interface DocBlock {
  page: string;
  line: number;
  notRun: string | null;
  commands: DocCommand[];
}

const MARKER = /^<!-- examples: not run — (.+) -->$/;
const PASSK = /^(pnpm passk|passk) /;

/** The example blocks of one page. */
export function docBlocks(page: string): DocBlock[] {
  const lines = readFileSync(join(REPO_ROOT, page), 'utf8').split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\w*)\s*$/.exec(lines[i]!);
    if (!fence || !['', 'text', 'console', 'sh', 'shell', 'bash'].includes(fence[1]!)) {
      if (lines[i]!.startsWith('```')) i = closingFence(lines, i);
      continue;
    }
    const end = closingFence(lines, i);
    const body = lines.slice(i + 1, end);
    const prompted = body.some((line) => line.startsWith('$ '));
    const marker = MARKER.exec(lines[i - 1] ?? '');
    const commands: DocCommand[] = [];
    for (let j = i + 1; j < end; j++) {
      const text = lines[j]!;
      const start = prompted ? (text.startsWith('$ ') ? text.slice(2) : null) : PASSK.test(text) ? text : null;
      if (start === null) continue;
      const first = j;
      let command = start;
      while (command.endsWith('\\')) command = `${command.slice(0, -1).trimEnd()} ${lines[++j]!.trim()}`;
      if (!prompted) {
        command = command.replace(/\s+#\s.*$/, ''); // a shell comment after the command
        commands.push({ page, line: first, command, prompted, output: [j + 1, j + 1], head: [], tail: null, segments: [[]], code: 0, codeLine: null });
        continue;
      }
      const from = j + 1;
      while (j + 1 < end && !lines[j + 1]!.startsWith('$ ')) j++;
      let to = j + 1;
      // A blank line separates the next command of the same block.
      while (to > from && lines[to - 1] === '') to--;
      const shown = lines.slice(from, to);
      let code = 0;
      let codeLine: number | null = null;
      if (lines[j + 1] === '$ echo $?') {
        code = Number(lines[j + 2]);
        codeLine = j + 2;
        j += 2;
      }
      const gap = shown.indexOf('…');
      const segments: string[][] = [[]];
      for (const line of shown) {
        if (line === '…') segments.push([]);
        else segments.at(-1)!.push(line.trimEnd());
      }
      commands.push({
        page,
        line: first,
        command,
        prompted,
        output: [from, to],
        head: gap < 0 ? shown : shown.slice(0, gap),
        tail: gap < 0 ? null : shown.slice(gap + 1),
        segments,
        code,
        codeLine,
      });
    }
    if (commands.some((command) => /(^|[\s;(])(pnpm )?passk /.test(command.command)) || marker)
      blocks.push({ page, line: i, notRun: marker ? marker[1]! : null, commands });
    i = end;
  }
  return blocks;
}

function closingFence(lines: string[], open: number): number {
  for (let j = open + 1; j < lines.length; j++) if (lines[j]!.startsWith('```')) return j;
  throw new Error(`unclosed code block at line ${open + 1}`);
}

/** Why a command cannot be run here (null: it can). */
export function unrunnable(command: string): string | null {
  if (/^cat \S+$/.test(command)) return null;
  const [invocation, filter, ...more] = command.split(' | ');
  if (more.length > 0) return 'more than one filter';
  if (!PASSK.test(invocation!)) return 'not a passk command';
  if (/["<>;&`$]/.test(invocation!.replace(/'[^']*'/g, ''))) return 'needs a shell (quotes, redirection, variables or ;)';
  if (filter !== undefined && !FILTERS.some((pattern) => pattern.test(filter.trim()))) return `no reading of the filter "| ${filter}"`;
  return null;
}

const FILTERS = [/^sed -n (\d+),(\d+)p$/, /^head -(\d+)$/, /^tail -(\d+)$/];

/** The words of a command as a shell reads them: plain words and '…' quoted ones. */
function words(command: string): string[] {
  return [...command.matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2]!);
}

/** The lines a filter keeps. */
function filtered(lines: string[], filter: string | undefined): string[] {
  if (filter === undefined) return lines;
  const text = filter.trim();
  const sed = FILTERS[0]!.exec(text);
  if (sed) return lines.slice(Number(sed[1]) - 1, Number(sed[2]));
  const head = FILTERS[1]!.exec(text);
  if (head) return lines.slice(0, Number(head[1]));
  const tail = FILTERS[2]!.exec(text)!;
  return lines.slice(-Number(tail[1]));
}

/** What a command printed, as lines (trailing blanks trimmed), and its exit code. */
export interface Printed {
  code: number;
  lines: string[];
  /** What went to standard error (kept apart until shown). */
  stderr?: string[];
}

/**
 * A scratch folder laid out like the repository: its folders linked, `../shared` beside it when the
 * repository has one. Commands run with it as the working directory, so examples may write files.
 */
export function scratchRepository(): { root: string; remove: () => void } {
  const base = mkdtempSync(join(tmpdir(), 'passk-doc-examples-'));
  const root = join(base, 'repo');
  mkdirSync(root);
  for (const name of ['bench', 'docs', 'examples', 'packages', 'test']) symlinkSync(join(REPO_ROOT, name), join(root, name));
  const shared = resolve(REPO_ROOT, '..', 'shared');
  if (existsSync(shared)) symlinkSync(shared, join(base, 'shared'));
  return { root, remove: () => rmSync(base, { recursive: true, force: true }) };
}

/** Whether a command reads the real public logs, and they are absent here. */
export function needsAbsentRealLogs(command: string): boolean {
  return command.includes('../shared/') && !existsSync(resolve(REPO_ROOT, '..', 'shared', 'data', 'real'));
}

const memo = new Map<string, Promise<Printed>>();

/**
 * Runs one command in-process (from source) in the current directory. An invocation shown on
 * several pages (with different filters) runs once per test file.
 */
export async function runDocCommand(command: string): Promise<Printed> {
  const trimmed = (text: string) =>
    text
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => line.trimEnd());
  if (command.startsWith('cat ')) return { code: 0, lines: trimmed(readFileSync(command.slice(4), 'utf8')) };
  const [invocation, filter] = command.split(' | ');
  const args = words(invocation!).slice(invocation!.startsWith('pnpm ') ? 2 : 1);
  const key = JSON.stringify(args);
  let run = memo.get(key);
  if (run === undefined) {
    run = cached(args, async () => {
      // As a reader's 80-column terminal shows it, without colour, whatever the environment running the test.
      const { code, stdout, stderr } = await passkWith({ COLUMNS: '80', NO_COLOR: '1' }, ...args);
      return { code, lines: stdout === '' ? [] : trimmed(stdout), stderr: stderr === '' ? [] : trimmed(stderr) };
    });
    memo.set(key, run);
  }
  const { code, lines, stderr = [] } = await run;
  // As a terminal shows it: a filter reads standard output only; unfiltered, the error stream follows it.
  if (filter !== undefined) return { code, lines: filtered(lines, filter) };
  return { code, lines: [...lines, ...stderr] };
}

/** Whether what was printed matches what the page shows. */
export function matches(example: DocCommand, printed: Printed): boolean {
  if (printed.code !== example.code) return false;
  if (!example.prompted) return true;
  return segmentsMatch(printed.lines, example.segments);
}

/** Whether lines are the segments with lines left out between them (one segment: exactly the lines). */
export function segmentsMatch(lines: readonly string[], segments: readonly (readonly string[])[]): boolean {
  const same = (at: number, segment: readonly string[]) => segment.every((line, i) => lines[at + i] === line);
  if (segments.length === 1) return lines.length === segments[0]!.length && same(0, segments[0]!);
  const first = segments[0]!;
  const last = segments.at(-1)!;
  const end = lines.length - last.length;
  if (end < first.length || !same(0, first) || !same(end, last)) return false;
  let at = first.length;
  for (const segment of segments.slice(1, -1)) {
    while (at + segment.length <= end && !same(at, segment)) at++;
    if (at + segment.length > end) return false;
    at += segment.length;
  }
  return true;
}

/** The lines the page should show for this example, from what was printed (for UPDATE_DOCS=1). */
function recorded(example: DocCommand, printed: Printed): string[] {
  if (example.tail === null) return printed.lines;
  const head = printed.lines.slice(0, example.head.length);
  const tail = printed.lines.slice(Math.max(head.length, printed.lines.length - example.tail.length));
  return [...head, '…', ...tail];
}

/** Re-records examples in their pages: the shown output and exit code replaced by what was printed. */
export function rewritePages(updates: ReadonlyArray<{ example: DocCommand; printed: Printed }>): void {
  const byPage = new Map<string, Array<{ example: DocCommand; printed: Printed }>>();
  for (const update of updates) byPage.set(update.example.page, [...(byPage.get(update.example.page) ?? []), update]);
  for (const [page, list] of byPage) {
    const path = join(REPO_ROOT, page);
    const lines = readFileSync(path, 'utf8').split('\n');
    // From the bottom up, so the line numbers above stay right.
    for (const { example, printed } of [...list].sort((a, b) => b.example.line - a.example.line)) {
      if (example.codeLine !== null) lines[example.codeLine] = String(printed.code);
      if (!example.prompted) continue;
      const [from, to] = example.output;
      lines.splice(from, to - from, ...recorded(example, printed));
      if (example.codeLine === null && printed.code !== 0) lines.splice(from + recorded(example, printed).length, 0, '$ echo $?', String(printed.code));
    }
    writeFileSync(path, lines.join('\n'));
  }
}

/**
 * The vitest suite of the examples of some pages: each runnable command a test, each block it
 * cannot run without a marker a failing test; with UPDATE_DOCS=1 the pages are re-recorded instead.
 */
export function describeExamples(title: string, pages: readonly string[], api: typeof import('vitest')): void {
  const { afterAll, beforeAll, describe, expect, it } = api;
  const update = process.env.UPDATE_DOCS === '1';
  const blocks = pages.flatMap(docBlocks);
  const updates: Array<{ example: DocCommand; printed: Printed }> = [];
  describe(title, () => {
    let scratch: { root: string; remove: () => void } | null = null;
    const cwd = process.cwd();
    beforeAll(() => {
      scratch = scratchRepository();
      process.chdir(scratch.root);
    });
    afterAll(() => {
      process.chdir(cwd);
      scratch?.remove();
      if (update) rewritePages(updates);
    });

    it('every block with a passk command is run, or marked "not run" with its reason', () => {
      const silent = blocks
        .filter((block) => block.notRun === null)
        .flatMap((block) => block.commands.map((command) => ({ command, why: unrunnable(command.command) })))
        .filter(({ why }) => why !== null)
        .map(({ command, why }) => `${command.page}:${command.line + 1} ${command.command} (${why})`);
      expect(silent).toEqual([]);
    });

    const runnable = blocks
      .filter((block) => block.notRun === null)
      .flatMap((block) => block.commands.filter((command) => unrunnable(command.command) === null));
    it.each(runnable.map((example) => [`${example.page}:${example.line + 1} ${example.command}`, example] as const))(
      '%s',
      async (_name, example) => {
        if (needsAbsentRealLogs(example.command)) return;
        const printed = await runDocCommand(example.command);
        // Several "…" gaps cannot be re-recorded (which lines to keep between them is the page's choice).
        if (update && example.segments.length <= 2) {
          if (!matches(example, printed)) updates.push({ example, printed });
          return;
        }
        expect(printed.code, 'exit code').toBe(example.code);
        if (!example.prompted) return;
        if (example.segments.length === 1) {
          expect(printed.lines).toEqual(example.segments[0]);
          return;
        }
        const head = example.segments[0]!;
        const tail = example.segments.at(-1)!;
        expect(printed.lines.slice(0, head.length)).toEqual(head);
        expect(printed.lines.slice(Math.max(head.length, printed.lines.length - tail.length))).toEqual(tail);
        expect(segmentsMatch(printed.lines, example.segments), 'the parts between "…" lines, in order (re-record by hand)').toBe(true);
      },
      300_000,
    );
  });
}

// A command's output depends only on its arguments, the files they name, the CLI's and the library's
// sources and a few environment variables (same seed, same bytes: docs/design.md §5), so it is kept in
// node_modules/.cache/passk-doc-examples under a hash of all of them: a second run of the test on
// unchanged code takes a second, and any change to a source or an input runs the command again.
// Opt-in (PASSK_DOCS_CACHE=1): on 6 December 2026 a fresh cached run recorded plan.md's
// `plan precision --metric passHatK` with the interval of p (a fault not yet found; uncached runs
// were right three times), so by default — and in CI — every command runs.
const CACHE = join(REPO_ROOT, 'node_modules', '.cache', 'passk-doc-examples');
const ENVIRONMENT = ['COLUMNS', 'NO_COLOR', 'FORCE_COLOR', 'TZ', 'LANG'];
let sourcesHash: string | null = null;

function hashTree(hash: ReturnType<typeof createHash>, path: string, depth = 0): void {
  const stat = statSync(path);
  if (stat.isDirectory()) {
    if (depth > 8) return;
    for (const name of readdirSync(path).sort()) {
      if (name === 'node_modules' || name === 'dist') continue;
      hash.update(`\0${name}\0`);
      hashTree(hash, join(path, name), depth + 1);
    }
  } else if (stat.isFile()) hash.update(readFileSync(path));
}

function cacheKey(args: readonly string[]): string {
  if (sourcesHash === null) {
    const hash = createHash('sha256');
    for (const part of ['packages/sim/src', 'packages/cli/src', 'packages/sim/package.json', 'packages/cli/package.json'])
      hashTree(hash, join(REPO_ROOT, part));
    hash.update(process.version);
    sourcesHash = hash.digest('hex');
  }
  // v2: the cached entry keeps standard output and standard error apart.
  const hash = createHash('sha256').update('v2').update(sourcesHash).update(JSON.stringify(args));
  for (const name of ENVIRONMENT) hash.update(`\0${name}=${process.env[name] ?? ''}`);
  // Every argument that names a file or folder (relative to the scratch repository) brings its content.
  for (const arg of args) {
    const path = resolve(arg.replace(/^--[\w-]+=/, ''));
    if (existsSync(path)) {
      hash.update(`\0${arg}\0`);
      hashTree(hash, path);
    }
  }
  return hash.digest('hex');
}

async function cached(args: readonly string[], run: () => Promise<Printed>): Promise<Printed> {
  // Commands that write files must run, so that the files are there for the commands after them.
  if (process.env.PASSK_DOCS_CACHE !== '1' || args.some((arg) => /^--(out|chart)(=|$)/.test(arg))) return run();
  const file = join(CACHE, `${cacheKey(args)}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Printed;
  const printed = await run();
  mkdirSync(CACHE, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(printed));
  renameSync(temporary, file);
  return printed;
}
