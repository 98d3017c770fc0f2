import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { passk, REPO_ROOT } from '../helpers/runPassk.js';

// Every `$ pnpm passk …` and `$ passk …` example of the README with its printed output is run
// here, and the output must be what the README shows: an example whose code has moved on fails,
// instead of showing the reader figures the program no longer prints. The expected text is the
// README's own. A line "…" stands for lines left out: the lines before it start the output, the
// lines after it end it; `$ echo $?` and the number after it give the exit code. Examples on the
// real logs of ../shared/data/real run where that folder is beside the repository (it is in CI).
// Not run: those in EXAMPLES_NOT_RUN, each with its reason.

/** Example commands not run here, and why (matched by their start). */
const EXAMPLES_NOT_RUN: ReadonlyArray<[string, string]> = [
  ['pnpm passk demo', 'writes a folder of files (test/cli/report/demo.test.ts runs it)'],
  ['pnpm passk merge', 'reads the shards an earlier example wrote (test/cli/merge.test.ts)'],
  ['passk simulate --replicates 1e9', 'an illustration of a long run stopped by Ctrl-C (test/cli/simulate.interrupt.test.ts)'],
  ['passk plan demonstrate --target 0.9 --k 8 --failures 1000000', 'an illustration of Ctrl-C (test/cli/longComputation.interrupt.test.ts)'],
];
const REAL_LOGS = join(REPO_ROOT, '..', 'shared', 'data', 'real');

interface Example {
  /** 1-based line of the command in README.md. */
  line: number;
  command: string;
  /** The output lines the README shows: all of them (`tail` null), or the first and the last ones around a "…" line. */
  head: string[];
  tail: string[] | null;
  /** The exit code the README shows (`$ echo $?`), else 0. */
  code: number;
}

/**
 * The `$ pnpm passk …` and `$ passk …` examples of the README's code blocks: each command
 * (continued over lines ending in `\`) with the lines after it, up to the block's end or the next
 * `$` line.
 */
function readmeExamples(): Example[] {
  const lines = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8').split('\n');
  const examples: Example[] = [];
  let inBlock = false;
  for (let i = 0; i < lines.length; i++) {
    if (!inBlock) {
      inBlock = lines[i] === '```text' || lines[i] === '```';
      continue;
    }
    if (lines[i] === '```') inBlock = false;
    if (!lines[i]!.startsWith('$ pnpm passk ') && !lines[i]!.startsWith('$ passk ')) continue;
    const line = i + 1;
    let command = lines[i]!.slice(2);
    while (command.endsWith('\\')) command = `${command.slice(0, -1).trimEnd()} ${lines[++i]!.trim()}`;
    const output: string[] = [];
    while (i + 1 < lines.length && lines[i + 1] !== '```' && !lines[i + 1]!.startsWith('$ ')) output.push(lines[++i]!);
    // A blank line separates the next command of the same block.
    while (output.at(-1) === '') output.pop();
    let code = 0;
    if (lines[i + 1] === '$ echo $?') {
      code = Number(lines[i + 2]);
      i += 2;
    }
    const gap = output.indexOf('…');
    examples.push({ line, command, head: gap < 0 ? output : output.slice(0, gap), tail: gap < 0 ? null : output.slice(gap + 1), code });
  }
  return examples;
}

/** The words of a command as a shell reads them, for the README's: plain words and '…' quoted ones. */
function words(command: string): string[] {
  return [...command.matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2]!);
}

/** The lines a shell filter after `|` keeps: `sed -n A,Bp` or `tail -N`, the two the README uses. */
function filtered(lines: string[], filter: string | undefined): string[] {
  if (filter === undefined) return lines;
  const sed = /^sed -n (\d+),(\d+)p$/.exec(filter);
  if (sed) return lines.slice(Number(sed[1]) - 1, Number(sed[2]));
  const tail = /^tail -(\d+)$/.exec(filter);
  if (tail) return lines.slice(-Number(tail[1]));
  throw new Error(`README example: no reading of the filter "| ${filter}" here`);
}

const run = readmeExamples().filter(({ command }) => !EXAMPLES_NOT_RUN.some(([start]) => command.startsWith(start)));
const trimmed = (lines: string[]) => lines.map((line) => line.trimEnd());

describe('the README examples print what the README shows', () => {
  it('finds the examples (the README has them in code blocks after "$ pnpm passk" or "$ passk")', () => {
    expect(run.length).toBeGreaterThanOrEqual(16);
  });

  it.each(run.map((example) => [`README.md:${example.line} ${example.command}`, example] as const))(
    '%s',
    async (_name, example) => {
      // The real logs are not in the repository: without them beside it, such an example is not run.
      if (example.command.includes('../shared/') && !existsSync(REAL_LOGS)) return;
      const [invocation, filter, ...more] = example.command.split(' | ');
      expect(more).toEqual([]);
      // Plain or single-quoted words only: double quotes or a redirection would need more of a shell.
      expect(invocation!.replace(/'[^']*'/g, '')).not.toMatch(/["<>]/);
      const args = words(invocation!).slice(invocation!.startsWith('pnpm ') ? 2 : 1);
      const { code, stdout } = await passk(...args);
      expect(code).toBe(example.code);
      const printed = trimmed(filtered(stdout.replace(/\n$/, '').split('\n'), filter?.trim()));
      const head = trimmed(example.head);
      if (example.tail === null) {
        expect(printed).toEqual(head);
        return;
      }
      const tail = trimmed(example.tail);
      expect(printed.slice(0, head.length)).toEqual(head);
      expect(printed.slice(printed.length - tail.length)).toEqual(tail);
    },
    120_000,
  );
});
