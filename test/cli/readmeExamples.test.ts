import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { passk, REPO_ROOT } from '../helpers/runPassk.js';

// Every `$ pnpm passk …` example of the README with its printed output is run here, and the output
// must be what the README shows: an example whose code has moved on fails, instead of showing the
// reader figures the program no longer prints. The expected text is the README's own. A block
// that ends with a line "…" shows the first lines of the output only. Not run: the examples written
// as `$ passk …` (illustrations: a billion replicates, a Ctrl-C, the real logs outside the
// repository), and those that write files or read what an earlier example wrote (EXAMPLES_NOT_RUN,
// each with its reason).

/** Example commands not run here, and why (matched by their start). */
const EXAMPLES_NOT_RUN: ReadonlyArray<[string, string]> = [
  ['pnpm passk demo', 'writes a folder of files (test/cli/report/demo.test.ts runs it)'],
  ['pnpm passk merge', 'reads the shards an earlier example wrote (test/cli/merge.test.ts)'],
];

interface Example {
  /** 1-based line of the command in README.md. */
  line: number;
  command: string;
  /** The output lines the README shows (all of them, or the first ones when `prefix`). */
  expected: string[];
  prefix: boolean;
  /** The exit code the README shows (`$ echo $?`), else 0. */
  code: number;
}

/**
 * The `$ pnpm passk …` examples of the README's text blocks: each command (continued over lines
 * ending in `\\`) with the lines after it, up to the block's end or the next `$` line.
 */
function readmeExamples(): Example[] {
  const lines = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8').split('\n');
  const examples: Example[] = [];
  let inText = false;
  for (let i = 0; i < lines.length; i++) {
    if (!inText) {
      inText = lines[i] === '```text';
      continue;
    }
    if (lines[i] === '```') inText = false;
    if (!lines[i]!.startsWith('$ pnpm passk ')) continue;
    const line = i + 1;
    let command = lines[i]!.slice(2);
    while (command.endsWith('\\')) command = `${command.slice(0, -1).trimEnd()} ${lines[++i]!.trim()}`;
    const output: string[] = [];
    while (i + 1 < lines.length && lines[i + 1] !== '```' && !lines[i + 1]!.startsWith('$ ')) output.push(lines[++i]!);
    // A blank line separates the next command of the same block.
    while (output.at(-1) === '') output.pop();
    // `$ echo $?` then the exit code, where the README shows one.
    let code = 0;
    if (lines[i + 1] === '$ echo $?') {
      code = Number(lines[i + 2]);
      i += 2;
    }
    const prefix = output.at(-1) === '…';
    examples.push({ line, command, expected: prefix ? output.slice(0, -1) : output, prefix, code });
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

const examples = readmeExamples();
const run = examples.filter(({ command }) => !EXAMPLES_NOT_RUN.some(([start]) => command.startsWith(start)));

describe('the README examples print what the README shows', () => {
  it('finds the examples (the README has them in ```text blocks after "$ pnpm passk")', () => {
    expect(run.length).toBeGreaterThanOrEqual(10);
  });

  it.each(run.map((example) => [`README.md:${example.line} ${example.command}`, example] as const))(
    '%s',
    async (_name, example) => {
      const [invocation, filter, ...more] = example.command.split(' | ');
      expect(more).toEqual([]);
      // Plain or single-quoted words only: double quotes or a redirection would need more of a shell.
      expect(invocation!.replace(/'[^']*'/g, '')).not.toMatch(/["<>]/);
      const args = words(invocation!).slice(2);
      const { code, stdout } = await passk(...args);
      expect(code).toBe(example.code);
      const printed = filtered(stdout.replace(/\n$/, '').split('\n'), filter?.trim()).map((line) => line.trimEnd());
      const expected = example.expected.map((line) => line.trimEnd());
      expect(example.prefix ? printed.slice(0, expected.length) : printed).toEqual(expected);
    },
    120_000,
  );
});
