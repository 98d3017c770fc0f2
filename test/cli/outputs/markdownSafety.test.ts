import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../packages/cli/src/cli.js';
import type { CliRun } from '../../helpers/runPassk.js';
import { expectInertMarkdown as expectInert, GITHUB_COMMENT_LIMIT, liveInLog, liveReference, readMarkdown } from '../../helpers/markdownReading.js';

// Issue 43, the catalogue of hostile data in passk's outputs: task ids, model names (--by), --name
// and file names carrying an attack, run through compare --markdown, estimate --markdown and gate
// (its --markdown and what it appends to $GITHUB_STEP_SUMMARY), and through their text views. One
// test per attack. What must hold is checked independently of the escape: the Markdown is parsed by
// micromark + GFM (test/helpers/markdownReading.ts) and must have the structure of the same command
// on plain names (no heading, HTML, link, image, autolink, list or quote from data; every table row
// as many cells as its header), no mention, reference or autolink text GitHub would act on, and at
// most 65 536 characters (GitHub's limit for a comment); no output, Markdown or text, may hold a
// control character or a line the GitHub Actions runner takes as a command (`::` after white space
// at a line start, `##[` anywhere: actions/runner ActionCommand.cs).

const ATTACKS: ReadonlyArray<readonly [string, string]> = [
  ['a mention', '@octocat'],
  ['a team mention', '@github/security'],
  ['an e-mail address', 'ops@evil.example'],
  ['an image from a stranger’s server', '![x](https://evil.example/px.png)'],
  ['a link forging a verdict', '[PASS](https://evil.example)'],
  ['an autolink in angle brackets', '<https://evil.example>'],
  ['a bare URL', 'https://evil.example/x'],
  ['a www. autolink', 'www.evil.example'],
  ['an <img> tag', '<img src=https://evil.example/px.png>'],
  ['an HTML comment hiding the rest', '<!-- hidden'],
  ['a raw </sub>', 'x</sub> big'],
  ['a <details> block', '<details open>'],
  ['a forged heading', '### PASS: all requirements met'],
  ['a line feed and a forged heading', 'x\n### forged'],
  ['pipes breaking the table', 'a | b | c'],
  ['a line feed and a table row', 'a\n| x | y |'],
  ['a line feed and a workflow command', 'x\n::error title=forged::pwned'],
  ['a workflow command', '::error title=forged::pwned'],
  ['a legacy workflow command', 'x ##[error]forged'],
  ['stop-commands', '##[stop-commands]tok'],
  ['ANSI colours', 'red\u001b[31mX\u001b[0m'],
  ['a carriage return over the line', 'ok\rFAIL'],
  ['an OSC 8 terminal hyperlink', 'osc\u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007'],
  ['C1 controls (NEL, CSI)', 'nel\u0085x\u009b2J'],
  ['a right-to-left override', 'bidi\u202eexe.csv'],
  ['an entity decoding to @', '&#64;octocat'],
  ['an issue reference', '#1'],
  ['emphasis and code', '**x** `y` ~~z~~'],
  ['a list item', '- item'],
  ['a block quote', '> quote'],
];

const dir = mkdtempSync(join(tmpdir(), 'passk-markdown-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** A CSV field, quoted (RFC 4180: quotes doubled; commas, line breaks and quotes kept inside). */
const field = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** C0 controls a CSV reader takes for a binary file (LF, CR and TAB it reads inside quotes): such data goes in JSONL, as JSON escapes. */
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Results of two models, `base` and `name`, in one CSV (JSONL when the data holds control
 * characters): tasks t1–t12 in both, `id` only in base, c13 only in the other (so the pairing line
 * lists `id`); `name` clearly better, so the answer's sentences begin with it (`name is better
 * than base …`), at the start of a line.
 */
function runsCsv(name: string, id: string): string {
  const json = BINARY.test(name + id);
  const rows = json ? [] : ['model,task_id,success'];
  const add = (model: string, task: string, outcomes: readonly number[]) => {
    for (const success of outcomes)
      rows.push(json ? JSON.stringify({ model, task_id: task, success: success === 1 }) : `${field(model)},${field(task)},${success}`);
  };
  for (let task = 1; task <= 12; task++) {
    add('base', `t${task}`, [task % 4 === 0 ? 1 : 0, 0, 0]);
    add(name, `t${task}`, [1, 1, task % 3 === 0 ? 0 : 1]);
  }
  add('base', id, [0, 0, 1]);
  add(name, 'c13', [1, 1, 1]);
  const path = join(dir, `runs-${files++}.${json ? 'jsonl' : 'csv'}`);
  writeFileSync(path, `${rows.join('\n')}\n`);
  return path;
}

/** One model's results in a CSV file named `name` (a file name can hold anything but / and NUL). */
function resultsFile(name: string, outcomes: readonly number[]): string {
  const path = join(dir, `${files++}-${name.replaceAll('/', '∕').replaceAll('\u0000', '')}.csv`);
  writeFileSync(path, `task_id,success\n${['t1', 't2', 't3', 't4', 't5'].flatMap((task, i) => outcomes.map((o) => `${task},${(o + i) % 2}`)).join('\n')}\n`);
  return path;
}

/** The CLI in-process; GITHUB_STEP_SUMMARY set to `summary` when given (in the environment gate reads, and in process.env for a gate that reads that). */
async function passk(args: readonly string[], summary?: string): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const env = { ...process.env, GITHUB_STEP_SUMMARY: summary };
  if (summary === undefined) delete env.GITHUB_STEP_SUMMARY;
  const before = process.env.GITHUB_STEP_SUMMARY;
  if (summary === undefined) delete process.env.GITHUB_STEP_SUMMARY;
  else process.env.GITHUB_STEP_SUMMARY = summary;
  try {
    const code = await runCli([...args], { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), stderrIsTTY: false, cwd: dir, env });
    return { code, stdout, stderr };
  } finally {
    if (before === undefined) delete process.env.GITHUB_STEP_SUMMARY;
    else process.env.GITHUB_STEP_SUMMARY = before;
  }
}

/**
 * The same command on plain names, whose output every attack of a describe is compared with: run
 * on the first call, the same promise after (it was run once per attack, half the file's time).
 */
function once<T>(run: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= run());
}

/** A text view: no control character, no command line. */
function expectPlainText(run: CliRun, context: string): void {
  expect(run.stderr, context).toBe('');
  expect(run.code, context).toBe(0);
  expect(liveInLog(run.stdout), context).toBeNull();
}

describe('compare --markdown and its text view: a model name (--by) and a task id carry the attack', () => {
  const args = (file: string) => ['compare', file, '--by', 'model', '--baseline', 'base', '--k', '1,2', '--bootstrap', '0'];
  const plain = once(() => passk([...args(runsCsv('cand', 'only')), '--markdown']));
  it.each(ATTACKS)('%s', async (_, attack) => {
    const hostile = runsCsv(attack, attack);
    const markdown = await passk([...args(hostile), '--markdown']);
    expect(markdown.code).toBe(0);
    expectInert(markdown.stdout, (await plain()).stdout, markdown.stdout);
    expectPlainText(await passk(args(hostile)), attack);
  });
});

describe('compare --name … --markdown: the run name carries the attack', () => {
  const base = resultsFile('base', [1, 0]);
  const candidate = resultsFile('cand', [1, 1]);
  const args = (name: string) => ['compare', base, candidate, '--name=base', `--name=${name}`, '--k', '1', '--bootstrap', '0', '--markdown'];
  const plain = once(() => passk(args('cand')));
  it.each(ATTACKS)('%s', async (_, attack) => {
    const markdown = await passk(args(attack));
    expect(markdown.code, markdown.stderr).toBe(0);
    expectInert(markdown.stdout, (await plain()).stdout, markdown.stdout);
  });
});

describe('estimate --by model --markdown and its text view: the model name carries the attack', () => {
  const args = (file: string) => ['estimate', file, '--by', 'model', '--k', '1,2'];
  const plain = once(() => passk([...args(runsCsv('cand', 'only')), '--markdown']));
  it.each(ATTACKS)('%s', async (_, attack) => {
    const hostile = runsCsv(attack, attack);
    const markdown = await passk([...args(hostile), '--markdown']);
    expect(markdown.code, markdown.stderr).toBe(0);
    expectInert(markdown.stdout, (await plain()).stdout, markdown.stdout);
    expectPlainText(await passk(args(hostile)), attack);
  });
});

describe('estimate FILE --markdown and gate (--markdown, $GITHUB_STEP_SUMMARY, text): the file name carries the attack', () => {
  const gate = (file: string, baseline: string) => ['gate', file, '--baseline', baseline, '--require', 'delta(pass@1) >= -1', '--require', 'pass@1 >= 0.99'];
  const plainEstimate = once(() => passk(['estimate', resultsFile('new', [1, 1, 0]), '--k', '1,2', '--markdown']));
  /** The plain gate's --markdown and what it appended to $GITHUB_STEP_SUMMARY. */
  const plainGate = once(async () => {
    const plainSummary = join(dir, `summary-${files++}.md`);
    writeFileSync(plainSummary, '');
    const run = await passk([...gate(resultsFile('new', [1, 1, 0]), resultsFile('old', [1, 0, 0])), '--markdown'], plainSummary);
    return { markdown: run.stdout, summary: readFileSync(plainSummary, 'utf8') };
  });
  it.each(ATTACKS)('%s', async (_, attack) => {
    const hostile = resultsFile(attack, [1, 1, 0]);
    const estimate = await passk(['estimate', hostile, '--k', '1,2', '--markdown']);
    expect(estimate.code, estimate.stderr).toBe(0);
    expectInert(estimate.stdout, (await plainEstimate()).stdout, estimate.stdout);
    expectPlainText(await passk(['estimate', hostile, '--k', '1,2']), attack);

    const base = resultsFile(`${attack} base`, [1, 0, 0]);
    const summary = join(dir, `summary-${files++}.md`);
    writeFileSync(summary, '');
    const markdown = await passk([...gate(hostile, base), '--markdown'], summary);
    expect(markdown.code, markdown.stderr).toBe(1);
    const plain = await plainGate();
    expectInert(markdown.stdout, plain.markdown, markdown.stdout);
    const written = readFileSync(summary, 'utf8');
    expectInert(written, plain.summary, written);
    const text = await passk(gate(hostile, base));
    expect(text.code).toBe(1);
    expect(liveInLog(text.stdout), text.stdout).toBeNull();
  });
});

describe('a 1 MB task id and a 1 MB model name', () => {
  it('compare --markdown and estimate --markdown stay under 65 536 characters, cut values ending in "…"', async () => {
    const huge = `@octocat ${'x'.repeat(1 << 20)}`;
    const file = runsCsv(huge, huge);
    const compare = await passk(['compare', file, '--by', 'model', '--baseline', 'base', '--k', '1,2', '--bootstrap', '0', '--markdown']);
    expect(compare.code, compare.stderr).toBe(0);
    expect(compare.stdout.length).toBeLessThan(GITHUB_COMMENT_LIMIT);
    expect(compare.stdout).toContain('x…');
    expectInert(
      compare.stdout,
      (await passk(['compare', runsCsv('cand', 'only'), '--by', 'model', '--baseline', 'base', '--k', '1,2', '--bootstrap', '0', '--markdown'])).stdout,
      'compare',
    );
    const estimate = await passk(['estimate', file, '--by', 'model', '--k', '1', '--markdown']);
    expect(estimate.code, estimate.stderr).toBe(0);
    expect(estimate.stdout.length).toBeLessThan(GITHUB_COMMENT_LIMIT);
    expect(liveReference(readMarkdown(estimate.stdout).text)).toBeNull();
  });

  it('80 models against one: compare --markdown is cut at a line within the limit, and says so', async () => {
    const rows = ['model,task_id,success'];
    for (let m = 0; m <= 80; m++) for (let t = 0; t < 6; t++) rows.push(`${m === 0 ? 'base' : `@model-${m}-${'z'.repeat(90)}`},t${t},${(m + t) % 2}`);
    const file = join(dir, 'many-models.csv');
    writeFileSync(file, `${rows.join('\n')}\n`);
    const run = await passk(['compare', file, '--by', 'model', '--baseline', 'base', '--k', '1', '--bootstrap', '0', '--permutations', '100', '--markdown']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.length).toBeLessThan(GITHUB_COMMENT_LIMIT);
    expect(run.stdout).toMatch(
      /\n\n\*\*passk: cut here: the last [\d,]+ characters of [\d,]+ left out, to stay within GitHub's limit of 65,536 characters for a comment; without --markdown passk prints all of it\.\*\*\n$/,
    );
    const reading = readMarkdown(run.stdout);
    for (const table of reading.tables) expect(new Set(table).size).toBe(1);
    expect(liveReference(reading.text)).toBeNull();
  });

  it('many long task ids: compare --markdown lists a few, each cut, within the limit', async () => {
    const rows = ['model,task_id,success'];
    for (let i = 0; i < 400; i++) rows.push(`base,${'b'.repeat(5000)}${i},1`, `cand,${'c'.repeat(5000)}${i},0`);
    for (let i = 0; i < 800; i++) rows.push(`base,t${i},1`, `cand,t${i},0`);
    const file = join(dir, 'long-ids.csv');
    writeFileSync(file, `${rows.join('\n')}\n`);
    const run = await passk(['compare', file, '--by', 'model', '--baseline', 'base', '--k', '1', '--bootstrap', '0', '--markdown']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.length).toBeLessThan(GITHUB_COMMENT_LIMIT);
    expect(run.stdout).toMatch(/only in base: b{99}…, b{99}…/);
  });
});

describe('the terminal: task ids with ESC, CR and LF (JSON escapes in a JSONL file) print escaped, never raw', () => {
  const ids = ['t\u001b[2J\u001b[31mred', 'ok\rFAIL', 'x\n::error title=forged::pwned', '::warning::x', 'y ##[error]z'];
  const jsonl = (outcomes: readonly boolean[]) => {
    const path = join(dir, `ids-${files++}.jsonl`);
    writeFileSync(
      path,
      `${ids.flatMap((task, i) => outcomes.map((o, j) => JSON.stringify({ task_id: task, success: (i + j) % 2 === 0 ? o : !o }))).join('\n')}\n`,
    );
    return path;
  };

  it('compare (per-task lines and largest changes list the ids)', async () => {
    const run = await passk(['compare', jsonl([false, false, false]), jsonl([true, true, true]), '--k', '1', '--bootstrap', '0']);
    expectPlainText(run, run.stdout);
    expect(run.stdout).not.toContain('\u001b');
    expect(run.stdout).not.toContain('\r');
    expect(run.stdout).toContain('t\\x1b[2J\\x1b[31mred');
    expect(run.stdout).toContain('x\\n::error title=forged::pwned');
    expect(run.stdout).toMatch(/(^|[ ,(:])\\x3a:warning::x/);
  });

  it('estimate --by task_id (the group lines) and an error line naming a file with a line feed stay one line each', async () => {
    const run = await passk(['estimate', jsonl([true, false]), '--by', 'task_id', '--k', '1']);
    expectPlainText(run, run.stdout);
    expect(run.stdout).toContain('== task_id=ok\\rFAIL ==');
    const missing = await passk(['estimate', join(dir, 'gone\n::error title=forged::x.csv')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.split('\n')).toHaveLength(2); // one line and its end
    expect(liveInLog(missing.stderr)).toBeNull();
  });
});
