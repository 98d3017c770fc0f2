import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../packages/cli/src/cli.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs the CLI in-process (from source) and captures what it writes. */
export async function passk(...args: string[]): Promise<CliRun> {
  return passkWith({}, ...args);
}

/**
 * Runs the CLI in-process with these environment variables over the process's (e.g. COLUMNS for the
 * layout), stdout a pipe.
 */
export async function passkWith(env: Record<string, string>, ...args: string[]): Promise<CliRun> {
  return runInProcess({ ...process.env, ...env }, args);
}

/**
 * Runs a command with a text output in-process as the output was before terminal layout: every
 * column (`--wide`), the method notes (`--explain`) and a terminal wide enough that no line wraps
 * (COLUMNS=100000). For tests of what the text says; test/cli/terminal tests its layout.
 */
export async function passkWide(...args: string[]): Promise<CliRun> {
  return passkWith({ COLUMNS: '100000', NO_COLOR: '1' }, ...args, '--wide', '--explain');
}

/** As `passkWide`, laid out at `columns` (COLUMNS): every column and note, prose wrapped to that width. */
export async function passkWideAt(columns: number, ...args: string[]): Promise<CliRun> {
  return passkWith({ COLUMNS: String(columns), NO_COLOR: '1' }, ...args, '--wide', '--explain');
}

/** Runs the CLI in-process with exactly this environment (stdout and stderr pipes), capturing what it writes. */
export async function runInProcess(env: Record<string, string | undefined>, args: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    stderrIsTTY: false,
    stdoutIsTTY: false,
    cwd: REPO_ROOT,
    env,
  });
  return { code, stdout, stderr };
}

/** Runs the built binary (packages/cli/dist/bundle/passk.cjs) as a separate process: exit codes, real streams. */
export function passkProcess(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): CliRun {
  const result = spawnSync(process.execPath, [`${REPO_ROOT}packages/cli/dist/bundle/passk.cjs`, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    encoding: 'utf8',
    ...(options.env === undefined ? {} : { env: { ...process.env, ...options.env } }),
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

export function fixture(path: string): string {
  return `${REPO_ROOT}test/fixtures/${path}`;
}
