import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readScenarioFile } from '../../../packages/cli/src/io/readScenarioFile.js';
import { fixture, passkWide, REPO_ROOT } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

// A cost (or token, or duration) column that is all zero or blank, or > 0 on fewer than half the
// attempts, is "not recorded": reported with its counts, never priced, never drawn as 0 by fit --out
// or simulate --tasks-from (io/amountRecorded.ts). Logs: test/fixtures/logs/formats/costs/, written by
// make_format_fixtures.py: zero-tokens.jsonl (40 attempts, tokens and duration 0 on every one),
// one-in-fifty.jsonl (a cost on 1 attempt of 50), partial-cost.jsonl (40 attempts, 29 with a cost > 0,
// 5 with 0, 6 without). Expected means: test/fixtures/logs/formats/reference.py (Python, over the
// attempts with a cost > 0 only).
const log = (name: string) => fixture(`logs/formats/costs/${name}`);
const script = fileURLToPath(new URL('../../fixtures/logs/formats/reference.py', import.meta.url));
const reference = JSON.parse(spawnSync('python3', [script], { encoding: 'utf8' }).stdout)['partial-cost'] as {
  attempts: number;
  carrying: number;
  perAttempt: number;
  perAttemptTaskAveraged: number;
  values: number[];
};
const TOKENS = ['--tokens-col', 'input_tokens,output_tokens', '--price-in', '3', '--price-out', '15'];
const ZERO_LINE =
  'cost not recorded: 0 of 40 attempts carry one (tokens "input_tokens" × 3/M + "output_tokens" × 15/M > 0; zeros and blanks count as not recorded, ' +
  'and at least half the attempts must carry one): not priced, and no 0 is averaged in.';

describe('estimate: an amount not recorded is named with its counts, never priced as 0', () => {
  it('tokens 0 on every attempt: "cost not recorded: 0 of 40 attempts carry one", no cost lines (the duration of 0 too)', async () => {
    const run = await passkWide('estimate', log('zero-tokens.jsonl'), ...TOKENS, '--latency-col', 'duration', '--k', '1,2', '--bootstrap', '0');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`\n${ZERO_LINE}\n`);
    expect(run.stdout).toContain('\nlatency not recorded: 0 of 40 attempts carry one (column "duration" > 0;');
    expect(run.stdout).not.toContain('per attempt');
    const json = JSON.parse((await passkWide('estimate', log('zero-tokens.jsonl'), ...TOKENS, '--json', '--k', '1', '--bootstrap', '0')).stdout);
    expect(json.cost).toBeUndefined();
    expect(json.costNotRecorded).toMatchObject({ attempts: 40, carrying: 0 });
  });

  it('a cost on 1 attempt of 50: not recorded (1 < 25), not priced from that one attempt', async () => {
    const run = await passkWide('estimate', log('one-in-fifty.jsonl'), '--cost-col', 'cost', '--json', '--k', '1', '--bootstrap', '0');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json.cost).toBeUndefined();
    expect(json.costNotRecorded).toEqual({
      from: 'column "cost"',
      attempts: 50,
      carrying: 1,
      rule: 'an amount is recorded when at least 50 % of the attempts carry a value > 0; zeros and blanks count as not recorded',
    });
  });

  it('29 of 40 attempts with a cost: priced from those 29 (zeros and blanks left out, not averaged as 0), coverage stated', async () => {
    const run = await passkWide('estimate', log('partial-cost.jsonl'), '--cost-col', 'cost', '--json', '--k', '1', '--bootstrap', '0');
    const json = JSON.parse(run.stdout);
    expect(json.cost.attempts).toBe(reference.carrying);
    expect(json.cost.perAttempt).toBeCloseTo(reference.perAttempt, 12);
    expect(json.cost.perAttemptTaskAveraged).toBeCloseTo(reference.perAttemptTaskAveraged, 12);
    const text = (await passkWide('estimate', log('partial-cost.jsonl'), '--cost-col', 'cost', '--k', '1', '--bootstrap', '0')).stdout;
    expect(text).toContain('Cost from column "cost" (29 of 40 attempts have one; the other 11, blank or 0, are left out, not counted as 0): ');
  });
});

describe('fit --out and simulate --tasks-from never draw an attempt at a 0 that was not recorded', () => {
  it('fit --out: the scenario keeps its default cost and says why; a recorded cost is the 29 values > 0', async () => {
    const dir = tempDir('cost-not-recorded');
    const out = join(dir, 'fitted.yaml');
    const run = await passkWide('fit', log('zero-tokens.jsonl'), ...TOKENS, '--out', out);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      'passk: cost not recorded: 0 of 40 attempts carry one (tokens "input_tokens" × 3/M + "output_tokens" × 15/M > 0; zeros and blanks count as not recorded, ' +
        'and at least half the attempts must carry one): the scenario keeps its default, no attempt is drawn at 0\n',
    );
    expect((await readScenarioFile(out)).attempts.cost).not.toMatchObject({ dist: 'empirical' });
    const partial = join(dir, 'partial.yaml');
    expect((await passkWide('fit', log('partial-cost.jsonl'), '--cost-col', 'cost', '--out', partial)).code).toBe(0);
    expect((await readScenarioFile(partial)).attempts.cost).toEqual({ dist: 'empirical', values: reference.values });
  });

  it('simulate --tasks-from: a cost on 1 attempt of 50 is not the scenario cost (no empirical { values: [0.42] })', async () => {
    const run = await passkWide('simulate', '--tasks-from', log('one-in-fifty.jsonl'), '--cost-col', 'cost', '--replicates', '20', '--workers', '1', '--json');
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout);
    expect(summary.scenario.attempts.cost).not.toMatchObject({ dist: 'empirical' });
    expect(summary.scenario.name).not.toContain('from the log (empirical)');
    expect(run.stderr).toMatch(/^passk: cost not recorded: 1 of 50 attempts carry one .*: the scenario keeps its default, no attempt is drawn at 0$/m);
  });
});

// The published Terminal-Bench runs of goose (../shared/data/real/, not in the repository: read where it is present)
// hold total_input_tokens 0 or null on all 400 attempts: before, "0.00 per attempt".
const goose = join(REPO_ROOT, '..', 'shared', 'data', 'real', 'terminal-bench-goose-claude-4-opus');
describe.skipIf(!existsSync(goose))('a real log whose token counts are all 0 or blank', () => {
  it('Terminal-Bench goose runs: cost not recorded, 0 of 400 attempts carry one', async () => {
    const run = await passkWide('estimate', goose, '--price-in', '3', '--price-out', '15', '--k', '1', '--bootstrap', '0');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('\ncost not recorded: 0 of 400 attempts carry one (tokens "total_input_tokens" × 3/M + "total_output_tokens" × 15/M > 0;');
    expect(run.stdout).not.toContain('per attempt,');
  });
});
