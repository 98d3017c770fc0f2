import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { passkProcess, REPO_ROOT } from '../helpers/runPassk.js';

// The CLI's own usage surface: --version, -h, `passk help CMD`. Runs the built binary.
const manifest = JSON.parse(readFileSync(`${REPO_ROOT}packages/cli/package.json`, 'utf8')) as { version: string };

describe('passk usage', () => {
  it('--version prints the CLI package version', () => {
    const run = passkProcess(['--version']);
    expect(run).toEqual({ code: 0, stdout: `passk ${manifest.version}\n`, stderr: '' });
  });

  it('-h is --help', () => {
    const long = passkProcess(['--help']);
    const short = passkProcess(['-h']);
    expect(short.code).toBe(0);
    expect(short.stdout).toBe(long.stdout);
    expect(short.stdout).toMatch(/^passk <command> \[options\]/);
  });

  it('passk help CMD is passk CMD --help', () => {
    const viaHelp = passkProcess(['help', 'estimate']);
    const direct = passkProcess(['estimate', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(direct.stdout);
    expect(viaHelp.stdout).toMatch(/^passk estimate/);
  });

  it('passk help plan demonstrate reaches the subcommand', () => {
    const run = passkProcess(['help', 'plan', 'demonstrate']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/--failures/);
  });

  it('a correctly spelt command still runs', () => {
    const run = passkProcess(['estimate', '--n', '10', '--c', '3', '--k', '5', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).rows[0].passAtK).toBeCloseTo(1 - 21 / 252, 15); // seed 000 §4: 1 − C(7,5)/C(10,5)
  });
});
