import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { passk } from '../../helpers/runPassk.js';

// Conformance: the published figures listed in ../shared/data/real/README.md, reproduced from the
// logs as published (no conversion step) to the digits printed there. The logs are not copied into
// the project (several have no licence); the test skips when ../shared is absent.
const REAL = join(import.meta.dirname, '../../../../shared/data/real');
const present = existsSync(join(REAL, 'README.md'));

/** Rounds to the decimals of the published figure as printed (0.4625 → 4 decimals). */
function printedDigits(figure: string): number {
  return figure.includes('.') ? figure.split('.')[1]!.length : 0;
}

type Figure = [file: string, flags: string[], metric: 'passAtK' | 'passHatK', figures: Record<number, string>];
const FIGURES: Figure[] = [
  ['tau-bench-gpt-4o-airline.json', [], 'passHatK', { 1: '0.42', 2: '0.273', 3: '0.22', 4: '0.2' }],
  ['terminal-bench-orchestrator-claude-4-sonnet.json', [], 'passAtK', { 1: '0.36', 2: '0.4625', 4: '0.5475', 5: '0.575' }],
  ['terminal-bench-orchestrator-claude-4.1-opus.json', [], 'passAtK', { 1: '0.3975', 2: '0.48625', 4: '0.56', 5: '0.575' }],
  ['terminal-bench-orchestrator-qwen-3-coder-480B.json', [], 'passAtK', { 1: '0.1925', 2: '0.2725', 4: '0.3575', 5: '0.3875' }],
  ['terminal-bench-goose-claude-4-opus', [], 'passAtK', { 1: '0.4525' }],
  ['humaneval-gpt35-10spt_results.jsonl', [], 'passAtK', { 1: '0.657', 10: '0.665' }],
  ['cruxeval-codellama-7b-T0.2-input.json', [], 'passAtK', { 1: '0.3595', 5: '0.449911' }],
  ['cruxeval-codellama-7b-T0.2-output.json', [], 'passAtK', { 1: '0.342125', 5: '0.402867' }],
  ['inspect-scicode-claude-3-haiku.eval', [], 'passAtK', { 1: '0.26' }],
  ['inspect-scicode-claude-3-haiku.eval', [], 'passHatK', { 1: '0.26' }],
  ['eval-arena-cruxeval-input-codellama-7b-13b.jsonl', ['--rate-col', 'pass1', '--rate-n', '10', '--where', 'model=codellama-7b'], 'passAtK', { 1: '0.3595' }],
];

describe.skipIf(!present)('published figures from the real logs in ../shared/data/real', () => {
  it.each(FIGURES)('%s %j: %s', async (file, flags, metric, figures) => {
    const ks = Object.keys(figures).join(',');
    const run = await passk('estimate', join(REAL, file), '--k', ks, '--json', '--bootstrap', '0', ...flags);
    expect(run.stderr).toBe('');
    const rows = JSON.parse(run.stdout).rows as { k: number; passAtK: number; passHatK: number }[];
    for (const [k, figure] of Object.entries(figures)) {
      const value = rows.find((row) => row.k === Number(k))![metric];
      expect(value.toFixed(printedDigits(figure)), `${metric} k=${k}`).toBe(Number(figure).toFixed(printedDigits(figure)));
    }
  });
});

describe.skipIf(present)('published figures (skipped)', () => {
  it('skips: ../shared/data/real is absent on this machine', () => {
    expect(present).toBe(false);
  });
});
