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
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    stderrIsTTY: false,
    cwd: REPO_ROOT,
  });
  return { code, stdout, stderr };
}

/** Runs the built binary (packages/cli/dist/bundle/passk.cjs) as a separate process: exit codes, real streams. */
export function passkProcess(args: string[], options: { cwd?: string } = {}): CliRun {
  const result = spawnSync(process.execPath, [`${REPO_ROOT}packages/cli/dist/bundle/passk.cjs`, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    encoding: 'utf8',
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

export function fixture(path: string): string {
  return `${REPO_ROOT}test/fixtures/${path}`;
}
