// Every `@example` in the doc comments of the public entry's sources (the files packages/sim/src/index.ts
// exports from) runs (issue #44): its TypeScript stripped of types (vite's transformWithOxc), its
// imports of `@passk/sim` and `@passk/sim/internal` pointed at the built package (packages/sim/dist,
// which `pnpm build` makes), run by node in its own process; it must not throw, and what it prints
// must be, line by line, the values its `// → …` comments state. An example without such a comment
// is only run. The values in the comments come from the sources each function's doc comment cites
// (seed documents, closed forms), not from running the example.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transformWithOxc } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = join(ROOT, 'packages/sim/src');
const DIST = join(ROOT, 'packages/sim/dist');

/** The source files the public entry exports from (runtime and type exports alike). */
function publicSources(): string[] {
  const index = readFileSync(join(SRC, 'index.ts'), 'utf8');
  const files = new Set<string>();
  for (const match of index.matchAll(/from '(\.\/[^']+)\.js'/g)) files.add(join(SRC, `${match[1]}.ts`));
  return [...files].sort();
}

interface Example {
  readonly where: string;
  readonly code: string;
}

/** The ```ts blocks after each `@example` tag of a file's doc comments, with the comment's leading ` * ` removed. */
function examplesOf(file: string): Example[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const examples: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*\*\s*@example\s*$/.test(lines[i]!)) continue;
    const open = lines.findIndex((line, j) => j > i && /^\s*\*\s*```ts\s*$/.test(line));
    const close = lines.findIndex((line, j) => j > open && /^\s*\*\s*```\s*$/.test(line));
    expect(open, `${file}:${i + 1}: an @example needs a \`\`\`ts block`).toBeGreaterThan(i);
    const body = lines.slice(open + 1, close).map((line) => line.replace(/^\s*\* ?/, ''));
    examples.push({ where: `${file.slice(ROOT.length + 1)}:${i + 1}`, code: body.join('\n') });
  }
  return examples;
}

/** The values an example's `// → value` comments state, in order. */
function statedValues(code: string): string[] {
  return [...code.matchAll(/\/\/ → (.*)$/gm)].map((match) => match[1]!.trim());
}

const examples = publicSources().flatMap(examplesOf);
const dir = mkdtempSync(join(tmpdir(), 'passk-examples-'));

/**
 * Runs each example as its own ES module, one after the other, in one node process (starting a
 * process per example took 25 s): what each printed (console.log, captured) or the error it threw.
 */
async function runAll(): Promise<Record<string, { printed: string[]; error: string | null }>> {
  const files: Record<string, string> = {};
  for (const example of examples) {
    const pointed = example.code
      .replaceAll("'@passk/sim/internal'", `'${pathToFileURL(join(DIST, 'internal.js')).href}'`)
      .replaceAll("'@passk/sim'", `'${pathToFileURL(join(DIST, 'index.js')).href}'`);
    const file = join(dir, `${example.where.replace(/[^a-zA-Z0-9]/g, '_')}.mjs`);
    writeFileSync(file, (await transformWithOxc(pointed, 'example.ts')).code);
    files[example.where] = pathToFileURL(file).href;
  }
  const runner = join(dir, 'runner.mjs');
  writeFileSync(
    runner,
    `import { format } from 'node:util';
const files = ${JSON.stringify(files)};
const results = {};
const log = console.log;
for (const [where, file] of Object.entries(files)) {
  const printed = [];
  console.log = (...args) => printed.push(format(...args));
  let error = null;
  try { await import(file); } catch (e) { error = String(e && e.stack || e); }
  results[where] = { printed: printed.flatMap((text) => text.split(String.fromCharCode(10))), error };
}
console.log = log;
process.stdout.write(JSON.stringify(results));
`,
  );
  const run = spawnSync(process.execPath, [runner], { encoding: 'utf8', timeout: 120_000 });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as Record<string, { printed: string[]; error: string | null }>;
}

describe('the @example of every public function runs', () => {
  let results: Awaited<ReturnType<typeof runAll>>;
  beforeAll(async () => {
    expect(existsSync(join(DIST, 'index.js')), 'run pnpm build first').toBe(true);
    results = await runAll();
  }, 120_000);

  it('the public entry has examples, each a module that imports the package as a user would', () => {
    // One per job function and building block at least (index.ts exports 24 runtime names, some of them DEFAULTS objects).
    expect(examples.length).toBeGreaterThanOrEqual(14);
    for (const example of examples) expect(example.code, example.where).toMatch(/from '@passk\/sim(\/internal)?'/);
  });

  it.each(examples.map((example) => [example.where, example] as const))('%s', (where, example) => {
    const result = results[where]!;
    expect(result.error).toBeNull();
    const stated = statedValues(example.code);
    if (stated.length > 0) expect(result.printed).toEqual(stated);
  });
});
