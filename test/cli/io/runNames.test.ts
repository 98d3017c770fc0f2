import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runNames } from '../../../packages/cli/src/commands/readRuns.js';

// Expected names are written out by hand from the paths: the part that differs between them.
describe('runNames: runs named by what tells them apart', () => {
  it('distinct base names: the base name without its results extension (as before)', () => {
    expect(runNames(['runs/a.jsonl', 'other/b.csv'])).toEqual(['a', 'b']);
    expect(runNames(['x.v2.csv', 'y.json'])).toEqual(['x.v2', 'y']);
  });

  it('a shared file name: the folders that differ, not the path', () => {
    expect(runNames(['a/results.json', 'b/results.json'])).toEqual(['a', 'b']);
    expect(
      runNames([
        'results/terminal-bench-core@0.1.1/20250902_orchestrator_claude-4-sonnet/results.json',
        'results/terminal-bench-core@0.1.1/20250902_orchestrator_qwen-3-coder-480B/results.json',
      ]),
    ).toEqual(['20250902_orchestrator_claude-4-sonnet', '20250902_orchestrator_qwen-3-coder-480B']);
    // The tail all three share (results) is left off; then the fewest folders that differ.
    expect(runNames(['x/a/run1/results.json', 'x/b/run1/results.json', 'y/results.json'])).toEqual(['a/run1', 'b/run1', 'y']);
  });

  it('folders by their name, dots kept; two folders of one name by the folders above', () => {
    expect(runNames(['results/terminal-bench-core@0.1.1', 'results/terminal-bench-core@0.2.0/'])).toEqual([
      'terminal-bench-core@0.1.1',
      'terminal-bench-core@0.2.0',
    ]);
    expect(runNames(['agent-a/runs', 'agent-b/runs'])).toEqual(['agent-a', 'agent-b']);
  });

  it('globs: the part outside the shared pattern', () => {
    expect(runNames(['agent-a/**/results.json', 'agent-b/**/results.json'])).toEqual(['agent-a', 'agent-b']);
  });

  it('a file in the working folder by that folder; a name another input already has: the paths as given', () => {
    expect(runNames(['results.json', 'sub/results.json'])).toEqual([basename(process.cwd()), 'sub']);
    expect(runNames(['a/results.json', 'b/results.json', 'a.csv'])).toEqual(['a/results.json', 'b', 'a.csv']);
  });

  it('the same file twice is still refused, and --name still wins', () => {
    expect(() => runNames(['r.csv', './r.csv'])).toThrow('must be different files');
    expect(runNames(['a/results.json', 'b/results.json'], ['base', 'new'])).toEqual(['base', 'new']);
  });
});
