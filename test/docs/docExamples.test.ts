import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedOutput, type DocCommand, masked, runDocCommand, runShell, type Scratch, scratchRepository, segmentsMatch } from './docExamples.js';

// The docs examples runner's own rules (docExamples.ts): what it masks, how it runs a shell command
// and how it sends Ctrl-C. The examples themselves run in examples.slow.test.ts.
describe('the docs examples runner', () => {
  it('masks the times of progress lines, of merge and of a shard, and nothing else', () => {
    expect(masked('sweep: 38% (91456/240000 replicates, all points) · 3 s elapsed, about 5 s left')).toBe(
      'sweep: 38% (91456/240000 replicates, all points) · ‹time› elapsed, about ‹time› left',
    );
    expect(masked('2/4      153600     1.06      144906  complete')).toBe('2/4      153600 ‹seconds› ‹per second› complete');
    expect(masked('slowest: shard 2/4, 1.06 s')).toBe('slowest: ‹shard›, ‹seconds›');
    expect(masked('passk: wrote parts/shard-0001-of-0004.json (shard 1/4: 144000 episodes in 0.16 s)')).toBe(
      'passk: wrote parts/shard-0001-of-0004.json (shard 1/4: 144000 episodes in ‹seconds›)',
    );
    // Figures that are results, not times, stay as printed.
    for (const line of [
      '1     80  36.00% [27.9%, 44.9%]  36.00% [27.9%, 44.9%]',
      'pass^8 ≥ 90.0% at 95%, 228 runs',
      'sweep: 50% (120000/240000 replicates, all points)',
    ])
      expect(masked(line)).toBe(line);
  });

  it('compares what differs between runs masked, the rest exactly', () => {
    const printed = ['sweep: 100% (240000/240000 replicates, all points) · 7 s elapsed'];
    expect(segmentsMatch(printed, [['sweep: 100% (240000/240000 replicates, all points) · 6 s elapsed']])).toBe(true);
    expect(segmentsMatch(printed, [['sweep: 100% (240000/240000 replicates, all points) · 6 s']])).toBe(false);
    expect(segmentsMatch(['a', 'b', 'c'], [['a'], ['c']])).toBe(true);
    expect(segmentsMatch(['a', 'b', 'c'], [['a'], ['b']])).toBe(false);
  });

  describe('a command through the shell (needs pnpm build)', () => {
    let scratch: Scratch;
    const cwd = process.cwd();
    beforeAll(() => {
      scratch = scratchRepository();
      process.chdir(scratch.root);
    });
    afterAll(() => {
      process.chdir(cwd);
      scratch.remove();
    });

    it('runs passk and pnpm passk as the bundle, in the scratch folder, output and errors in the order written', async () => {
      const printed = await runShell('pnpm passk estimate --n 10 --c 3 --k 5 --json > e.json && echo written >&2 && passk estimate --n 1 --c 7', scratch);
      expect(existsSync(join(scratch.root, 'e.json'))).toBe(true);
      expect(printed.code).toBe(2);
      expect(printed.lines[0]).toBe('written');
      expect(printed.lines.slice(1).join('\n')).toMatch(/^passk: .*--c/);
    });

    it('refuses any pnpm command but pnpm passk (no recursion into pnpm test)', async () => {
      const printed = await runShell('pnpm test', scratch);
      expect(printed).toEqual({ code: 127, lines: ['docs examples: only pnpm passk runs here, not pnpm test'] });
    });

    // plan.md's example, as the page shows it; the fault of 6 and 7 December 2026 printed p's interval instead.
    const PLAN = 'passk plan precision --metric passHatK --k 8 --rate 0.9 --half-width 0.1';
    const example = (command: string): DocCommand => ({
      page: 'docs/plan.md',
      line: 37,
      command,
      prompted: true,
      output: [38, 39],
      head: ['(the page)'],
      tail: null,
      segments: [['(the page)']],
      code: 0,
      codeLine: null,
      interrupt: null,
    });
    const withPInterval = (lines: readonly string[]) => lines.map((line) => line.replace('[33.5%, 52.9%]', '[87.2%, 92.4%]'));

    it('confirms an in-process output that differs from the page in a fresh process, and throws when that prints otherwise', async () => {
      const printed = await runDocCommand(PLAN, scratch);
      expect(printed.lines.join('\n')).toContain('[33.5%, 52.9%]');
      // What the command prints is what a fresh process prints: confirmed (the page alone is wrong).
      expect(await confirmedOutput(example(PLAN), printed)).toEqual(printed);
      // An in-process output no fresh process prints: state left by an earlier in-process run.
      await expect(confirmedOutput(example(PLAN), { ...printed, lines: withPInterval(printed.lines) })).rejects.toThrow(
        /^docs\/plan\.md:38: run in-process, `passk plan precision .*` printed what a fresh process does not \(line \d+: ".*87\.2%, 92\.4%.*" against ".*33\.5%, 52\.9%.*"; in-process first, fresh process second\): state left by an earlier in-process command\?$/,
      );
      // Filtered as the page filters it.
      const last = await runDocCommand(`${PLAN} | tail -1`, scratch);
      expect(await confirmedOutput(example(`${PLAN} | tail -1`), last)).toEqual(last);
    }, 60_000);

    it('runs an output read from the cache again, and removes an entry that holds what the command does not print', async () => {
      const printed = await runDocCommand(PLAN, scratch);
      const entry = join(scratch.root, 'entry.json');
      writeFileSync(entry, '{}');
      await expect(confirmedOutput(example(PLAN), { ...printed, lines: withPInterval(printed.lines), cached: entry })).rejects.toThrow(
        /^docs\/plan\.md:38: the cache entry .*entry\.json holds what the command no longer prints \(line \d+: .*; cached first, run now second\); entry removed$/,
      );
      expect(existsSync(entry)).toBe(false);
      // An entry that holds what the command prints stays, and the output is the one run now.
      writeFileSync(entry, '{}');
      expect(await confirmedOutput(example(PLAN), { ...printed, cached: entry })).toEqual({ code: printed.code, lines: printed.lines });
      expect(existsSync(entry)).toBe(true);
    }, 60_000);

    it('sends Ctrl-C once the line before ^C is printed, and shows ^C there', async () => {
      const started = Date.now();
      const script = 'console.log("one"); console.log("ready"); setTimeout(() => console.log("late"), 20000)';
      const printed = await runShell(`'${process.execPath}' -e '${script}'`, scratch, 'ready');
      expect(printed).toEqual({ code: 130, lines: ['one', 'ready', '^C'] });
      expect(Date.now() - started).toBeLessThan(15_000);
    });
  });
});
