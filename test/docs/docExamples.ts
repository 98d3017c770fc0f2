import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { passkWith, REPO_ROOT } from '../helpers/runPassk.js';
import { docsCache, filesHash, writesFiles } from './docExamplesCache.js';

// The command examples of README.md and docs/*.md, read out of their fenced blocks, run, and their
// shown output compared with what the program prints now (test/docs/examples.slow.test.ts). The rules, for whoever writes a page:
//
// - A block (```console, ```text, ```sh, ``` …) is an example when it holds a passk command: a line
//   `$ pnpm passk …` or `$ passk …` (its output follows, up to the next `$ ` line or the block's
//   end), or, in a block without `$` prompts, a line starting `pnpm passk ` or `passk ` (run, exit 0
//   expected, no output shown). A command continues over lines ending in `\`.
// - In an example block with `$` prompts every `$` line is run, whatever the command (`$ ls out`,
//   `$ cmp a.json b.json && echo same`), in order, in the same folder, so a block can prepare its
//   files and check what a command wrote.
// - `$ echo $?` and the number after it give the exit code (else 0).
// - How a command runs: a plain passk command, optionally with one filter (`| sed -n A,Bp`, `| head -N`,
//   `| tail -N`), runs in-process from source (fast; the filter reads standard output only, while an
//   unfiltered command shows its standard error after its output). Anything else — pipes, redirections,
//   `;`, loops, `&`, other programs — runs through `sh -c` with `passk` on PATH as the built bundle
//   (`pnpm build` first: the test refuses a bundle older than the sources) and `pnpm passk` meaning the
//   same; its output and errors are shown in the order written, as a terminal shows them.
// - A line "…" in the output stands for lines left out: the lines before the first start the output,
//   those after the last end it, those between appear in that order in between.
// - A line `^C` in the output is Ctrl-C: the runner sends SIGINT to the command once it has printed the
//   line shown just before `^C` (the command runs in its own process group, as on a terminal); the
//   lines after it are what the command printed then.
// - What differs from run to run is masked on both sides before comparing (MASKS below): elapsed time
//   and time left of progress lines, merge's seconds and episodes per second and its slowest shard, and
//   the scratch folder's path. The page shows one real run's values.
// - `$ cat FILE` shows a file of the repository: the lines shown must be the file's.
// - Commands run in a scratch copy of the repository's layout (its folders linked, ../shared beside
//   it), so an example may write files (`--out refund`); examples that read ../shared/data/real pass
//   without running where those logs are absent (outside CI), as the other real-log tests do.
// - An output that does not match the page is run again before the test fails or the page is
//   re-recorded (confirmedOutput): read from the cache (PASSK_DOCS_CACHE=1, docExamplesCache.ts), the
//   command runs again in-process and the entry must hold what it prints; run in-process, the command
//   runs again in a fresh process (the built bundle) and must print the same. A difference fails the
//   test naming both outputs, so no wrong cache entry and no state left by an earlier in-process
//   command is ever recorded into a page.
// - A block that must not run carries a marker on the line before its fence:
//   `<!-- examples: not run — the reason -->`; keep it for what a test cannot run at all.
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
  /** The shown line after which Ctrl-C is sent (the line before a `^C` line), or null. */
  interrupt: string | null;
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
        commands.push({
          page,
          line: first,
          command,
          prompted,
          output: [j + 1, j + 1],
          head: [],
          tail: null,
          segments: [[]],
          code: 0,
          codeLine: null,
          interrupt: null,
        });
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
      const ctrlC = shown.indexOf('^C');
      const interrupt = ctrlC > 0 && shown[ctrlC - 1] !== '…' ? shown[ctrlC - 1]!.trimEnd() : null;
      if (ctrlC === 0 || (ctrlC > 0 && interrupt === null))
        throw new Error(`${page}:${from + ctrlC + 1}: a ^C line must follow the line after which Ctrl-C is sent`);
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
        interrupt,
      });
    }
    // A passk command anywhere in a line: at its start, after a space, `;`, `(` or a quote (`script -qec 'passk …'`).
    if (commands.some((command) => /(^|[\s;('"])(pnpm )?passk /.test(command.command)) || marker)
      blocks.push({ page, line: i, notRun: marker ? marker[1]! : null, commands });
    i = end;
  }
  return blocks;
}

function closingFence(lines: string[], open: number): number {
  for (let j = open + 1; j < lines.length; j++) if (lines[j]!.startsWith('```')) return j;
  throw new Error(`unclosed code block at line ${open + 1}`);
}

/**
 * Whether a command runs in-process (from source): a plain passk command with at most one filter the
 * runner reads itself and no Ctrl-C. Every other command runs through `sh -c` (runShell); `cat FILE`
 * is read directly.
 */
export function runsInProcess(command: string, interrupt: string | null = null): boolean {
  if (interrupt !== null) return false;
  const [invocation, filter, ...more] = command.split(' | ');
  if (more.length > 0 || !PASSK.test(invocation!)) return false;
  if (/["<>;&`$|()\\]/.test(invocation!.replace(/'[^']*'/g, ''))) return false;
  return filter === undefined || FILTERS.some((pattern) => pattern.test(filter.trim()));
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
  /** The cache entry an in-process output was read from (PASSK_DOCS_CACHE=1), if it was. */
  cached?: string;
}

/** A scratch repository: its root (the commands' working directory) and the folder of its shell's commands. */
export interface Scratch {
  root: string;
  /** Holds `passk` (the built bundle) and `pnpm` (only `pnpm passk`), put first on the shell's PATH. */
  bin: string;
  remove: () => void;
}

/**
 * A scratch folder laid out like the repository: its folders linked, `../shared` beside it when the
 * repository has one. Commands run with it as the working directory, so examples may write files.
 */
export function scratchRepository(): Scratch {
  const base = mkdtempSync(join(tmpdir(), 'passk-doc-examples-'));
  const root = join(base, 'repo');
  mkdirSync(root);
  for (const name of ['bench', 'docs', 'examples', 'packages', 'test']) symlinkSync(join(REPO_ROOT, name), join(root, name));
  const shared = resolve(REPO_ROOT, '..', 'shared');
  if (existsSync(shared)) symlinkSync(shared, join(base, 'shared'));
  const bin = join(base, 'bin');
  mkdirSync(bin);
  const script = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  script('passk', `exec ${quoted(process.execPath)} ${quoted(BUNDLE)} "$@"`);
  // `pnpm passk …` as a reader types it; any other pnpm command (`pnpm test`, an install) is no example to run here.
  script('pnpm', '[ "$1" = passk ] || { echo "docs examples: only pnpm passk runs here, not pnpm $1" >&2; exit 127; }\nshift\nexec passk "$@"');
  return { root, bin, remove: () => rmSync(base, { recursive: true, force: true }) };
}

/** A word for sh, single-quoted. */
function quoted(word: string): string {
  return `'${word.replace(/'/g, "'\\''")}'`;
}

/** The built CLI the shell's `passk` runs. */
const BUNDLE = join(REPO_ROOT, 'packages', 'cli', 'dist', 'bundle', 'passk.cjs');

/** Refuses a bundle missing or older than a source of either package (the shell would run stale code). */
function checkBundle(): void {
  const built = existsSync(BUNDLE) ? statSync(join(REPO_ROOT, 'packages', 'cli', 'dist', 'bundle', 'cli.cjs')).mtimeMs : -1;
  const newest = (path: string): number => {
    const stat = statSync(path);
    return stat.isDirectory() ? Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name)))) : stat.mtimeMs;
  };
  const sources = Math.max(newest(join(REPO_ROOT, 'packages', 'sim', 'src')), newest(join(REPO_ROOT, 'packages', 'cli', 'src')));
  if (built < sources)
    throw new Error(`${BUNDLE}: ${built < 0 ? 'missing' : 'older than the sources'}; the examples run through a shell use it: run pnpm build first`);
}

/**
 * What may differ between two runs of one command, masked on both sides before comparing (the page
 * keeps one real run's values): the time of progress lines, merge's seconds, episodes per second and
 * slowest shard, and the scratch folder's path.
 */
const MASKS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b\d+ s elapsed\b/g, '‹time› elapsed'],
  [/\babout \d+ s left\b/g, 'about ‹time› left'],
  [/^(\d+\/\d+ +\d+) +\d+\.\d+ +\d+ +(\S+)$/, '$1 ‹seconds› ‹per second› $2'],
  [/^slowest: shard \d+\/\d+, \d+\.\d+ s$/, 'slowest: ‹shard›, ‹seconds›'],
  [/\b(episodes in )\d+(?:\.\d+)? s\b/g, '$1‹seconds›'],
  [/\/[^\s'"]*\/passk-doc-examples-[^/\s]+\/repo\b/g, '‹scratch›'],
];

/** A line with what differs between runs masked (MASKS). */
export function masked(line: string): string {
  return MASKS.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), line);
}

/** Whether a command reads the real public logs, and they are absent here. */
export function needsAbsentRealLogs(command: string): boolean {
  return command.includes('../shared/') && !existsSync(resolve(REPO_ROOT, '..', 'shared', 'data', 'real'));
}

/**
 * The output cache of in-process commands (docExamplesCache.ts): opt-in with PASSK_DOCS_CACHE=1, in
 * node_modules/.cache/passk-doc-examples; by default, and in CI, every command runs.
 */
const CACHE = docsCache(REPO_ROOT, join(REPO_ROOT, 'node_modules', '.cache', 'passk-doc-examples'), process.env.PASSK_DOCS_CACHE === '1');

/**
 * In-process outputs of this test file by arguments and the content of the files they name: an
 * invocation shown on several pages (with different filters) runs once, unless a file it reads
 * changed in between.
 */
const memo = new Map<string, Promise<Printed>>();

/** Text as lines, the last newline dropped and trailing blanks trimmed. */
function trimmed(text: string): string[] {
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => line.trimEnd());
}

/** The arguments of a passk invocation (`pnpm passk …` or `passk …`) as a shell splits them. */
function invocationArgs(invocation: string): string[] {
  return words(invocation).slice(invocation.startsWith('pnpm ') ? 2 : 1);
}

/** The environment an in-process command gets: as a reader's 80-column terminal shows it, without colour, whatever the environment running the test. */
const IN_PROCESS_ENV = { COLUMNS: '80', NO_COLOR: '1' };

/** Runs passk in this process, uncached, as an example runs. */
async function runInProcessNow(args: readonly string[]): Promise<Printed> {
  const { code, stdout, stderr } = await passkWith(IN_PROCESS_ENV, ...args);
  return { code, lines: stdout === '' ? [] : trimmed(stdout), stderr: stderr === '' ? [] : trimmed(stderr) };
}

/**
 * Runs one command of a page in the current directory (the scratch repository): `cat FILE` read,
 * a plain passk command in-process (an invocation shown on several pages, with different filters,
 * runs once per test file), anything else through the shell (runShell).
 */
export async function runDocCommand(command: string, scratch: Scratch, interrupt: string | null = null): Promise<Printed> {
  if (/^cat \S+$/.test(command)) return { code: 0, lines: trimmed(readFileSync(command.slice(4), 'utf8')) };
  if (!runsInProcess(command, interrupt)) return runShell(command, scratch, interrupt);
  const [invocation, filter] = command.split(' | ');
  const args = invocationArgs(invocation!);
  const key = JSON.stringify([args, filesHash(args)]);
  let run = memo.get(key);
  if (run === undefined) {
    run = CACHE.printed(args, { ...process.env, ...IN_PROCESS_ENV }, () => runInProcessNow(args)).then(({ printed, provenance }) =>
      provenance.from === 'cache' ? { ...printed, cached: provenance.file } : printed,
    );
    memo.set(key, run);
  }
  return shownAsTerminal(await run, filter);
}

/** An in-process output as a terminal shows it: a filter reads standard output only; unfiltered, the error stream follows it. */
function shownAsTerminal(printed: Printed, filter: string | undefined): Printed {
  const { code, lines, stderr = [], cached } = printed;
  const origin = cached === undefined ? {} : { cached };
  if (filter !== undefined) return { code, lines: filtered(lines, filter), ...origin };
  return { code, lines: [...lines, ...stderr], ...origin };
}

/**
 * An in-process example's output checked before it fails or is re-recorded (called when it does not
 * match the page): read from the cache, the command runs again in this process and the entry must
 * hold what it prints; run in this process, the command runs again in a fresh process (the built
 * bundle, same arguments and environment) and must print the same. Either difference throws, naming
 * both outputs: a wrong cache entry (then removed) or state one in-process run left to a later one
 * (plan.md's `plan precision --metric passHatK` was twice shown with the interval of p, 6 and 7
 * December 2026). Returns the output confirmed; other commands' outputs are returned as they are.
 */
export async function confirmedOutput(example: DocCommand, printed: Printed): Promise<Printed> {
  if (!runsInProcess(example.command, example.interrupt) || /^cat \S+$/.test(example.command)) return printed;
  const [invocation, filter] = example.command.split(' | ');
  const args = invocationArgs(invocation!);
  // Commands that write files are not run twice (the files are there now); they are never cached either.
  if (writesFiles(args)) return printed;
  const where = `${example.page}:${example.line + 1}`;
  if (printed.cached !== undefined) {
    const again = shownAsTerminal(await runInProcessNow(args), filter);
    const difference = firstDifference(printed, again);
    if (difference !== null) {
      CACHE.drop(printed.cached);
      throw new Error(
        `${where}: the cache entry ${printed.cached} holds what the command no longer prints (${difference}; cached first, run now second); entry removed`,
      );
    }
    printed = again;
  }
  const fresh = shownAsTerminal(await runInFreshProcess(args), filter);
  const difference = firstDifference(printed, fresh);
  if (difference !== null)
    throw new Error(
      `${where}: run in-process, \`${example.command}\` printed what a fresh process does not (${difference}; in-process first, fresh process second): state left by an earlier in-process command?`,
    );
  return printed;
}

/** Where two outputs differ, masked (the exit code, else the first line that differs), or null when they are the same. */
function firstDifference(a: Printed, b: Printed): string | null {
  if (a.code !== b.code) return `exit code ${a.code} against ${b.code}`;
  const count = Math.max(a.lines.length, b.lines.length);
  for (let i = 0; i < count; i++) {
    const left = a.lines[i] === undefined ? undefined : masked(a.lines[i]!);
    const right = b.lines[i] === undefined ? undefined : masked(b.lines[i]!);
    if (left !== right) return `line ${i + 1}: ${JSON.stringify(a.lines[i] ?? '(none)')} against ${JSON.stringify(b.lines[i] ?? '(none)')}`;
  }
  return null;
}

/** Runs passk as the built bundle in a process of its own, in the current directory, with the environment an in-process example gets. */
function runInFreshProcess(args: readonly string[]): Promise<Printed> {
  checkBundle();
  const env: Record<string, string | undefined> = { ...process.env, ...IN_PROCESS_ENV };
  // pnpm's script variables would send the CLI back to the folder pnpm was started in (startCli.ts).
  for (const name of ['INIT_CWD', 'npm_lifecycle_event']) delete env[name];
  return new Promise((resolvePrinted, reject) => {
    const child = spawn(process.execPath, [BUNDLE, ...args], { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => void (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolvePrinted({ code: code ?? -1, lines: stdout === '' ? [] : trimmed(stdout), stderr: stderr === '' ? [] : trimmed(stderr) }),
    );
  });
}

/**
 * Runs a command through `sh -c` in the current directory, as an 80-column terminal without colour
 * would: `passk` and `pnpm passk` are the built bundle, output and errors in one stream in the order
 * written, standard input empty, its own process group. With `interrupt`, SIGINT goes to the group
 * once that line has been printed, and the lines show `^C` where it was sent.
 */
export async function runShell(command: string, scratch: Scratch, interrupt: string | null = null): Promise<Printed> {
  checkBundle();
  const env: Record<string, string | undefined> = { ...process.env, COLUMNS: '80', NO_COLOR: '1', PATH: `${scratch.bin}:${process.env.PATH ?? ''}` };
  // pnpm's script variables would send the CLI back to the folder pnpm was started in (startCli.ts).
  for (const name of ['INIT_CWD', 'npm_lifecycle_event', 'FORCE_COLOR']) delete env[name];
  // Ctrl-C reaches the command itself (exec), as a terminal's reaches the foreground job.
  const script = `exec 2>&1\n${interrupt === null ? '' : 'exec '}${command}`;
  return new Promise((resolvePrinted, reject) => {
    const child = spawn('sh', ['-c', script], { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    let text = '';
    let sentAt: number | null = null;
    let guard: NodeJS.Timeout | undefined;
    const limit = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 280_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      if (interrupt === null || sentAt !== null) return;
      const complete = trimmed(text.slice(0, text.lastIndexOf('\n') + 1));
      const at = complete.findIndex((line) => masked(line) === masked(interrupt));
      if (at < 0) return;
      sentAt = at + 1;
      process.kill(-child.pid!, 'SIGINT');
      // A run that ignores the signal is not left behind.
      guard = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 30_000);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      clearTimeout(guard);
      const lines = text === '' ? [] : trimmed(text);
      if (sentAt !== null) lines.splice(sentAt, 0, '^C');
      resolvePrinted({ code: code ?? (signal === null ? -1 : 128 + (signal === 'SIGINT' ? 2 : 9)), lines });
    });
  });
}

/** Whether what was printed matches what the page shows. */
export function matches(example: DocCommand, printed: Printed): boolean {
  if (printed.code !== example.code) return false;
  if (!example.prompted) return true;
  return segmentsMatch(printed.lines, example.segments);
}

/** Whether lines are the segments with lines left out between them (one segment: exactly the lines). */
export function segmentsMatch(lines: readonly string[], segments: readonly (readonly string[])[]): boolean {
  const same = (at: number, segment: readonly string[]) => segment.every((line, i) => lines[at + i] !== undefined && masked(lines[at + i]!) === masked(line));
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
 * The vitest suite of the examples of some pages: each command of a block without a "not run"
 * marker a test, in page order in one scratch folder; with UPDATE_DOCS=1 the pages are re-recorded
 * instead.
 */
export function describeExamples(title: string, pages: readonly string[], api: typeof import('vitest')): void {
  const { afterAll, beforeAll, describe, expect, it } = api;
  const update = process.env.UPDATE_DOCS === '1';
  const blocks = pages.flatMap(docBlocks);
  const updates: Array<{ example: DocCommand; printed: Printed }> = [];
  describe(title, () => {
    let scratch: Scratch | null = null;
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

    // A block's commands run in order and may use each other's files, so a block that reads absent real logs is passed whole.
    const runnable = blocks
      .filter((block) => block.notRun === null)
      .flatMap((block) => {
        const absent = block.commands.some((command) => needsAbsentRealLogs(command.command));
        return block.commands.map((command) => ({ example: command, absent }));
      });
    it.each(runnable.map(({ example, absent }) => [`${example.page}:${example.line + 1} ${example.command}`, example, absent] as const))(
      '%s',
      async (_name, example, absent) => {
        if (absent) return;
        let printed = await runDocCommand(example.command, scratch!, example.interrupt);
        // An output that differs from the page is run again before it fails or is recorded: a wrong
        // cache entry or state left by an earlier in-process command throws here (confirmedOutput).
        if (!matches(example, printed)) printed = await confirmedOutput(example, printed);
        // Several "…" gaps cannot be re-recorded (which lines to keep between them is the page's choice).
        if (update && example.segments.length <= 2) {
          if (!matches(example, printed)) updates.push({ example, printed });
          return;
        }
        expect(printed.code, `exit code; printed:\n${printed.lines.join('\n')}`).toBe(example.code);
        if (!example.prompted) return;
        // Compared with what differs between runs masked on both sides (MASKS).
        const lines = printed.lines.map(masked);
        const segments = example.segments.map((segment) => segment.map(masked));
        if (segments.length === 1) {
          expect(lines).toEqual(segments[0]);
          return;
        }
        const head = segments[0]!;
        const tail = segments.at(-1)!;
        expect(lines.slice(0, head.length)).toEqual(head);
        expect(lines.slice(Math.max(head.length, lines.length - tail.length))).toEqual(tail);
        expect(segmentsMatch(printed.lines, example.segments), 'the parts between "…" lines, in order (re-record by hand)').toBe(true);
      },
      300_000,
    );
  });
}
