// The public logs of ../shared/data/real at 80 and 120 columns (the slow suite, `pnpm test:slow`:
// each reads a log of thousands of trials, and the fit and plan commands take seconds on them). The
// same checks on generated runs of the logs' size, for every command, are in terminalWidth.test.ts.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../../packages/cli/src/format/displayWidth.js';
import { fixture, REPO_ROOT, runInProcess } from '../../helpers/runPassk.js';

const SCENARIO = fixture('scenarios-cli/small.yaml');

/** The text with the SGR escape codes (colour) taken out. */
function stripped(text: string): string {
  return text.replace(/\u001b\[\d+m/g, '');
}

/** The compact default fits one screen: at most this many lines at 80 columns. */
const SCREEN = 40;

// The public logs of ../shared/data/real, read in place (their licences keep them out of the repo):
// every command at 80 and 120 columns with colour forced, its lines within the width once the escape
// codes are stripped, one screen at 80, the verdict last.
const REAL = `${REPO_ROOT}../shared/data/real/`;
const TAU = `${REAL}tau-bench-gpt-4o-airline.json`;
const SONNET = `${REAL}terminal-bench-orchestrator-claude-4-sonnet.json`;
const OPUS = `${REAL}terminal-bench-orchestrator-claude-4.1-opus.json`;
const present = [TAU, SONNET, OPUS].every((path) => existsSync(path));

describe.skipIf(!present)('the public logs: one screen at 80 columns, within the width, coloured only by escape codes', () => {
  const REAL_CASES: ReadonlyArray<{ name: string; args: string[]; verdict: RegExp }> = [
    { name: 'estimate τ-bench', args: ['estimate', TAU], verdict: /^estimate: pass@1 42\.0% / },
    { name: 'compare Terminal-Bench', args: ['compare', SONNET, OPUS, '--bootstrap', '0', '--permutations', '500'], verdict: /^verdict: / },
    {
      name: 'gate Terminal-Bench',
      args: ['gate', OPUS, '--baseline', SONNET, '--require', 'delta(pass^5) >= 0', '--require', 'pass@1 >= 0.3'],
      verdict: /^(PASS|FAIL) /,
    },
    { name: 'fit τ-bench', args: ['fit', TAU], verdict: /^fit: \S+ task population of 50 tasks/ },
    { name: 'fit Terminal-Bench', args: ['fit', SONNET], verdict: /^fit: \S+ task population of 80 tasks/ },
    { name: 'simulate built-in', args: ['simulate', '--replicates', '50', '--workers', '1'], verdict: /^simulate: delivered correct at k=8 / },
    {
      name: 'simulate --tasks-from τ-bench',
      args: ['simulate', SCENARIO, '--tasks-from', TAU, '--replicates', '20', '--workers', '1'],
      verdict: /^simulate: /,
    },
    // plan compare --pilot on these logs takes over a minute: the generated runs above stand in for it.
    {
      name: 'plan precision --pilot τ-bench',
      args: ['plan', 'precision', '--metric', 'passAtK', '--k', '1', '--pilot', TAU, '--half-width', '0.05', '--simulations', '20'],
      verdict: /^plan precision: /,
    },
  ];
  for (const columns of [80, 120]) {
    for (const { name, args, verdict } of REAL_CASES) {
      it(`${name} at ${columns} columns`, async () => {
        const run = await runInProcess({ COLUMNS: String(columns), FORCE_COLOR: '1' }, args);
        expect(run.code === 0 || run.code === 1, run.stderr).toBe(true);
        const lines = stripped(run.stdout).replace(/\n$/, '').split('\n');
        expect(lines.filter((line) => displayWidth(line) > columns)).toEqual([]);
        if (columns === 80) expect(lines.length, stripped(run.stdout)).toBeLessThanOrEqual(SCREEN);
        expect(lines.at(-1)).toMatch(verdict);
      }, 120_000);
    }
  }

  it('FORCE_COLOR and NO_COLOR: the same text once the escape codes are stripped (compare, gate)', async () => {
    for (const args of [
      ['compare', SONNET, OPUS, '--bootstrap', '0', '--permutations', '200'],
      ['gate', OPUS, '--baseline', SONNET, '--require', 'delta(pass^5) >= 0', '--require', 'pass@1 >= 0.5'],
    ]) {
      const coloured = await runInProcess({ COLUMNS: '80', FORCE_COLOR: '1' }, args);
      const plain = await runInProcess({ COLUMNS: '80', NO_COLOR: '1', FORCE_COLOR: '1' }, args);
      expect(plain.stdout).not.toContain('\u001b[');
      expect(stripped(coloured.stdout)).toBe(plain.stdout);
    }
    // The signs and verdicts that carry meaning: compare's B − A column, gate's PASS and FAIL.
    const compare = await runInProcess({ COLUMNS: '80', FORCE_COLOR: '1' }, ['compare', SONNET, OPUS, '--bootstrap', '0', '--permutations', '200']);
    expect(compare.stdout).toContain('\u001b[32m+7.5\u001b[0m [−1.1, +16.7] pt');
    expect(compare.stdout).toMatch(/\u001b\[32mimproved\u001b\[0m, 13 \u001b\[31mworsened\u001b\[0m/);
    const gate = await runInProcess({ COLUMNS: '80', FORCE_COLOR: '1' }, [
      'gate',
      OPUS,
      '--baseline',
      SONNET,
      '--require',
      'delta(pass^5) >= 0',
      '--require',
      'pass@1 >= 0.5',
    ]);
    expect(gate.stdout).toMatch(/^\u001b\[32mPASS\u001b\[0m {4}delta\(pass\^5\) >= 0/m);
    expect(gate.stdout).toMatch(/^\u001b\[31mFAIL\u001b\[0m {4}pass@1 >= 0\.5/m);
  }, 120_000);
});
