// The bad-input catalogue's one helper, shared by every test/cli/badInput/*.catalogue.test.ts.
//
// A case lays out its files in a fresh folder, runs the CLI there (in-process by default, or the
// built binary with `process: true`) and asserts what docs/design.md §5.3 and the developer guide
// says bad input gets: exit code 2, exactly one line on stderr naming where (file:line, the file
// or the option as typed), the rule and the value as typed, no stack trace, nothing on stdout, and
// no file created, removed or altered in the folder.
//
//   import { catalogue } from './catalogue.js';
//   catalogue('estimate flags', [
//     { name: 'confidence 1', args: ['estimate', '--n', '10', '--c', '2', '--confidence', '1'],
//       where: '--confidence', rule: 'strictly between 0 and 1', value: '1' },
//     { name: 'ragged row', files: { 'r.csv': 'task,success\nt1,1,9\n' }, args: ['estimate', 'r.csv'],
//       where: 'r.csv:2', rule: 'fields like the header', value: '3' },
//   ]);
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../packages/cli/src/cli.js';
import { REPO_ROOT, type CliRun } from '../../helpers/runPassk.js';

/** One bad input and what its one stderr line must say. Strings must appear in the line; patterns must match it. */
export interface BadInputCase {
  /** The test's title. */
  readonly name: string;
  /** Files written into the case's fresh folder before the run (relative name → content); sub-folders are made. */
  readonly files?: Readonly<Record<string, string | Uint8Array>>;
  /** The command line, without `passk`; relative paths resolve in the case's folder (the CLI's cwd). A function gets the folder. */
  readonly args: readonly string[] | ((dir: string) => readonly string[]);
  /** Where: `file:line`, the file or the option as typed. */
  readonly where: string | RegExp;
  /** The rule broken. */
  readonly rule: string | RegExp;
  /** The value as the user typed it (or as the file holds it). */
  readonly value: string | RegExp;
  /** Run the built binary (packages/cli/dist/main.js) in a child process instead of in-process; default false. */
  readonly process?: boolean;
  /** Standard input for the run (implies `process`). */
  readonly stdin?: string | Uint8Array;
  /** Environment variables added for the run (GITHUB_STEP_SUMMARY); a function gets the folder. */
  readonly env?: Readonly<Record<string, string>> | ((dir: string) => Readonly<Record<string, string>>);
  /** Expected exit code; default 2. */
  readonly code?: number;
}

/** The case's run: what the CLI wrote and the line it gave. */
export interface CaseRun extends CliRun {
  readonly dir: string;
  readonly line: string;
}

/** Content hash and mode of every file under `dir` (the "nothing created or altered" check). */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string, prefix: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(at, entry.name);
      const name = `${prefix}${entry.name}`;
      if (entry.isDirectory()) {
        out[`${name}/`] = 'dir';
        walk(path, `${name}/`);
      } else if (entry.isFile()) {
        out[name] = `${statSync(path).mode.toString(8)} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`;
      } else {
        out[name] = 'special';
      }
    }
  };
  walk(dir, '');
  return out;
}

/** Runs one case in a fresh folder (removed afterwards) and checks every promise; returns the run for further checks. */
export async function runCase(c: BadInputCase): Promise<CaseRun> {
  const dir = mkdtempSync(join(tmpdir(), 'passk-bad-'));
  try {
    for (const [name, content] of Object.entries(c.files ?? {})) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), content);
    }
    const args = typeof c.args === 'function' ? c.args(dir) : c.args;
    const env = { ...process.env, ...(typeof c.env === 'function' ? c.env(dir) : c.env) };
    const before = snapshot(dir);
    const run = c.process || c.stdin !== undefined ? inChild(args, dir, c.stdin, env) : await inProcess(args, dir, env);
    const lines = run.stderr.replace(/\n$/, '').split('\n');
    const line = lines[0] ?? '';
    const context = `passk ${args.join(' ')}\nstderr: ${run.stderr}`;
    if (process.env.PASSK_CATALOGUE_SHOW) process.stdout.write(`[${c.name}] ${line}\n`); // to review the lines: PASSK_CATALOGUE_SHOW=1 npx vitest run …
    expect(run.code, context).toBe(c.code ?? 2);
    expect(lines, context).toHaveLength(1);
    expect(run.stderr, context).not.toMatch(/\n\s+at /);
    expect(run.stdout, context).toBe('');
    for (const [what, want] of [
      ['where', c.where],
      ['rule', c.rule],
      ['value', c.value],
    ] as const) {
      if (typeof want === 'string') expect(line, `${what} in ${context}`).toContain(want);
      else expect(line, `${what} in ${context}`).toMatch(want);
    }
    expect(snapshot(dir), `files in ${context}`).toEqual(before);
    return { ...run, dir, line };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A describe block with one test per case. */
export function catalogue(title: string, cases: readonly BadInputCase[], timeoutMs = 30_000): void {
  describe(title, () => {
    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => void (await runCase(c)), timeoutMs);
  });
}

/** In-process, with the process's working folder set to the case's folder (readers resolve paths against it; vitest runs test files in forks, where chdir is allowed). */
async function inProcess(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const back = process.cwd();
  process.chdir(cwd);
  try {
    const code = await runCli(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), stderrIsTTY: false, cwd, env });
    return { code, stdout, stderr };
  } finally {
    process.chdir(back);
  }
}

function inChild(args: readonly string[], cwd: string, input: string | Uint8Array | undefined, env: NodeJS.ProcessEnv): CliRun {
  const r = spawnSync(process.execPath, [`${REPO_ROOT}packages/cli/dist/main.js`, ...args], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: 60_000,
    input,
    maxBuffer: 1 << 26,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
