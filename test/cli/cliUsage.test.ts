import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { passk, passkProcess, REPO_ROOT } from '../helpers/runPassk.js';

// The CLI's own usage surface: --version, -h, `passk help CMD`. The help texts in-process (runCli
// writes what yargs prints through its output); the built binary once for --help, --version and a run.
const manifest = JSON.parse(readFileSync(`${REPO_ROOT}packages/cli/package.json`, 'utf8')) as { version: string };

describe('passk usage', () => {
  it('--version prints the CLI package version', () => {
    const run = passkProcess(['--version']);
    expect(run).toEqual({ code: 0, stdout: `passk ${manifest.version}\n`, stderr: '' });
  });

  it('the built binary prints the same --help as the in-process run, on stdout, exit 0', async () => {
    const spawned = passkProcess(['estimate', '--help']);
    const inProcess = await passk('estimate', '--help');
    expect(spawned).toEqual({ code: 0, stdout: inProcess.stdout, stderr: '' });
    expect(inProcess.stdout).toMatch(/^passk estimate \[file\.\.\]\n\n/);
    expect(inProcess.stderr).toBe('');
  });

  it('-h is --help', async () => {
    const long = await passk('--help');
    const short = await passk('-h');
    expect(short.code).toBe(0);
    expect(short.stdout).toBe(long.stdout);
    expect(short.stdout).toMatch(/^passk <command> \[options\]/);
  });

  it('passk help CMD is passk CMD --help', async () => {
    const viaHelp = await passk('help', 'estimate');
    const direct = await passk('estimate', '--help');
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(direct.stdout);
    expect(viaHelp.stdout).toMatch(/^passk estimate/);
  });

  it('passk help plan demonstrate reaches the subcommand', async () => {
    const run = await passk('help', 'plan', 'demonstrate');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/--failures/);
  });

  it('a correctly spelt command still runs', () => {
    const run = passkProcess(['estimate', '--n', '10', '--c', '3', '--k', '5', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).rows[0].passAtK).toBeCloseTo(1 - 21 / 252, 15); // seed 000 §4: 1 − C(7,5)/C(10,5)
  });
});
