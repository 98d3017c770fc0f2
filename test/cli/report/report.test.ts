import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, passk, passkProcess, passkWide } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

// `passk report`: one self-contained page from result files. Expected numbers come from the seeds
// and from the CLI's own text output for the same inputs (the page must show the CLI's numbers).

const MALICIOUS_TASK = '<img src=x onerror=alert(1)>';
const MALICIOUS_SCRIPT_TASK = '</script><script>alert(2)</script>';
const MALICIOUS_NAME = '<img src=x onerror=alert(3)> & <b>bold</b>';

// Made here, not in beforeAll, so that it is removed after the file (test/helpers/tempDir.ts).
const dir = tempDir('report');
let page: string;
const files: Record<string, string> = {};
const results = {
  file: ['estimate', fixture('report/malicious-results.csv'), '--k', '1..4'],
  task: ['estimate', '--n', '30', '--c', '27', '--k', '1..8'],
  rate: ['estimate', '--p', '0.9', '--k', '1,3,8'],
  demonstrate: ['plan', 'demonstrate', '--target', '0.9', '--k', '8', '--failures', '2'],
  precision: ['plan', 'precision', '--metric', 'passHatK', '--k', '8', '--rate', '0.9', '--half-width', '0.1'],
  // Two power simulations: the page must show the CLI's figures, whatever their size (each costs ~0.07 s).
  compare: ['plan', 'compare', '--k', '4', '--mean', '0.6', '--delta', '0.15', '--trials', '4', '--simulations', '2'],
  simulate: ['simulate', fixture('report/malicious-scenario.yaml'), '--pilot-trials', '4', '--workers', '1'],
  sweep: ['sweep', fixture('report/malicious-scenario.yaml'), '--vary', 'policy.maxAttempts=1,2,4', '--workers', '1'],
  fit: ['fit', fixture('report/malicious-results.csv')],
} as const;

beforeAll(async () => {
  for (const [name, args] of Object.entries(results)) {
    const run = await passk(...args, '--json');
    expect(run.code, run.stderr).toBe(0);
    files[name] = join(dir, `${name}.json`);
    writeFileSync(files[name]!, run.stdout);
  }
  const out = join(dir, 'report.html');
  const run = await passk('report', ...Object.values(files), '--out', out, '--title', 'Review <of> "agents"');
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toBe(`passk: wrote ${out}\n`);
  page = readFileSync(out, 'utf8');
}, 60_000);

/** Text of every table row of the page: cells with tags stripped and entities decoded. */
function pageRows(html: string): string[][] {
  const decode = (s: string) =>
    s
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .trim();
  return [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => [...row[1]!.matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map((cell) => decode(cell[1]!)));
}

/** The rows of the CLI's text tables (lines under a ─── rule), split into cells. */
function cliRows(text: string): string[][] {
  const rows: string[][] = [];
  let inTable = false;
  for (const line of text.split('\n')) {
    if (/^\s*─/.test(line)) inTable = true;
    else if (line.trim() === '' || !/^\s*\d/.test(line)) inTable = false;
    else if (inTable) rows.push(line.trim().split(/\s{2,}/));
  }
  return rows;
}

describe('passk report: content', () => {
  it('has a section per result, each with method notes, and the explorer', () => {
    const headings = [...page.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1]);
    // The policies compared, one per result, the explorer, how the report was made (the summary's h2 has an id).
    expect(headings).toHaveLength(Object.keys(results).length + 3);
    expect(headings).toContain('One task: 27 of 30 trials correct');
    expect(headings.slice(-2)).toEqual(['Explorer: what-if retry policies, pass@k and the calculator', 'How this report was made']);
    expect(page).toContain('<h2 id="summary-heading">Summary</h2>');
    expect(page.match(/<h3>Method notes<\/h3>/g)).toHaveLength(Object.keys(results).length);
    for (const label of ['Estimator', 'Interval', 'Confidence', 'Sidedness', 'Bootstrap', 'Seed']) expect(page).toContain(`<dt>${label}</dt>`);
    expect(page).toContain('<summary>Scenario (YAML)</summary>');
  });

  it('shows the numbers the CLI prints for the same inputs, cell for cell', async () => {
    // Trailing empty cells (an unmarked sweep point) are trimmed as the CLI trims its lines.
    const shown = new Set(pageRows(page).map((row) => row.join(' | ').replace(/( \| )+$/, '')));
    for (const name of ['file', 'task', 'rate', 'demonstrate', 'compare', 'simulate', 'sweep', 'fit'] as const) {
      const text = (await passkWide(...results[name])).stdout; // every column, as the report's tables
      // fit: the pass-rate and extrapolation tables (its count tables are not in the page).
      const rows = cliRows(text).filter((row) => name !== 'fit' || row.some((cell) => cell.includes('%')));
      expect(rows.length, name).toBeGreaterThan(0);
      for (const row of rows) expect(shown, `${name}: ${row.join(' | ')}`).toContain(row.join(' | '));
    }
  });

  it("shows the seeds' figures: 27 of 30 → pass^8 37.9 % in [9.4 %, 75.4 %]; pass^8 ≥ 90 % → 228 runs (seed 000, §5)", () => {
    const rows = pageRows(page).map((row) => row.join(' | '));
    expect(rows).toContain('8 | 100.0% | >99.9% | [>99.9%, >99.9%] | 37.9% | 43.0% | [9.4%, 75.4%]');
    expect(rows).toContain('0 | 228');
    expect(rows).toContain('8 | >99.9% | 43.0% | 57.0%');
  });

  it('escapes every user-supplied text: task ids, scenario names, the title', () => {
    expect(page).not.toContain(MALICIOUS_TASK);
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).not.toContain(MALICIOUS_SCRIPT_TASK);
    expect(page).toContain('&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<b>bold</b>');
    expect(page).toContain('&lt;img src=x onerror=alert(3)&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(page).toContain('<title>Review &lt;of&gt; &quot;agents&quot;</title>');
    expect(page.match(/<script/gi)).toHaveLength(1);
    expect(MALICIOUS_NAME).toContain('<b>');
  });

  it('is self-contained: no external URL, no resource attribute, a CSP that allows only its own script', () => {
    const urls = [...page.matchAll(/\b(?:https?:)?\/\/[\w.-]+[^\s"')<]*/g)].map((m) => m[0]);
    // The only URLs are XML namespace names (identifiers, never fetched).
    expect(new Set(urls.filter((url) => /^https?:/.test(url)))).toEqual(
      new Set(['http://www.w3.org/2000/svg', ...(page.includes('http://www.w3.org/1999/xlink') ? ['http://www.w3.org/1999/xlink'] : [])]),
    );
    // Every tag and attribute name outside the script and style (attribute values are skipped whole).
    const markup = page.replace(/<script>[\s\S]*?<\/script>|<style>[\s\S]*?<\/style>/g, '');
    const attribute = /\s+([\w:-]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?/g;
    const tags = [...markup.matchAll(new RegExp(`<([a-zA-Z][\\w:-]*)((?:${attribute.source})*)\\s*\\/?>`, 'g'))];
    const names = new Set(tags.map((tag) => tag[1]!.toLowerCase()));
    const attributes = new Set(tags.flatMap((tag) => [...tag[2]!.matchAll(attribute)].map((m) => m[1]!.toLowerCase())));
    expect(names).toContain('svg');
    expect(attributes).toContain('aria-label');
    for (const name of ['link', 'img', 'iframe', 'object', 'embed', 'image', 'audio', 'video', 'source', 'base']) expect(names, name).not.toContain(name);
    for (const name of ['src', 'srcset', 'background', 'poster', 'action', 'formaction']) expect(attributes, name).not.toContain(name);
    expect([...attributes].filter((name) => name.startsWith('on'))).toEqual([]);
    expect(page).not.toMatch(/@import|url\(\s*['"]?(?:https?:|\/\/)/i);
    const script = /<script>([\s\S]*)<\/script>/.exec(page)![1]!;
    const hash = createHash('sha256').update(script, 'utf8').digest('base64');
    expect(page).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;; script-src &#39;sha256-${hash}&#39;;`,
    );
  });

  it('inlines every chart as a non-empty SVG with its caption under it, ids unique across charts', () => {
    const figures = [...page.matchAll(/<figure class="chart" data-chart="([\w-]+)">([\s\S]*?)<\/figure>/g)];
    expect(figures.map((m) => m[1])).toEqual(
      expect.arrayContaining(['pass-curves', 'task-interval', 'planning', 'delivery', 'cost-frontier', 'estimator-check', 'task-rates']),
    );
    for (const [, kind, body] of figures) {
      expect(body, kind).toMatch(/<svg[^>]*>[\s\S]*<(path|rect|line|text)[\s\S]*<\/svg>/);
      expect(body, kind).toMatch(/<figcaption><strong class="chart-title">[^<]+<\/strong> [^<]+<\/figcaption>/);
      // Each drawing (wide and narrow) is an image named by its own title and description.
      expect(
        body.match(
          /<svg[^>]* role="img" aria-labelledby="(c\d+(wide|narrow))-title \1-desc"><title id="\1-title">[^<]+<\/title><desc id="\1-desc">[^<]+<\/desc>/g,
        ),
        kind,
      ).toHaveLength(2);
      expect(body, kind).toMatch(/<details class="chart-data"><summary>Data table \(\d+ rows\)<\/summary>/);
    }
    const ids = [...page.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is the same bytes for the same inputs', async () => {
    // The same --out too: the page lists the command that made it.
    const again = await passk('report', ...Object.values(files), '--out', join(dir, 'report.html'), '--title', 'Review <of> "agents"');
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toBe(page);
  });
});

describe('passk report: bad input → one line, exit 2, nothing half-written', () => {
  const oneLine = (run: { code: number; stdout: string; stderr: string }, message: RegExp) => {
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr.trimEnd()).toMatch(message);
  };

  // In-process but for --out (the built binary's exit 2 and stderr; runCli makes the message either way).
  it('a result file of the wrong kind names the file; the old report stays as it was', async () => {
    const out = join(dir, 'kept.html');
    writeFileSync(out, 'old report');
    oneLine(
      await passk('report', files.task!, fixture('report/unknown-kind.json'), '--out', out),
      /^passk: .*unknown-kind\.json: must be a passk result with a known "kind"/,
    );
    oneLine(
      await passk('report', fixture('report/malicious-results.csv'), '--out', out),
      /^passk: .*malicious-results\.csv: this is a results log, not a passk result: `passk estimate .*malicious-results\.csv`/,
    );
    oneLine(
      await passk('report', fixture('report/missing-rows.json'), '--out', out),
      /^passk: .*missing-rows\.json: rows: must be as in a passk\.simulate document/,
    );
    expect(readFileSync(out, 'utf8')).toBe('old report');
  });

  it('an unwritable output path: one line naming it, no file and no temporary file left', async () => {
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, 'x');
    oneLine(
      await passk('report', files.task!, '--out', join(blocker, 'report.html')),
      /^passk: .*not-a-folder\/report\.html: must be a writable path \((ENOTDIR|EEXIST)(: [a-z ,]+)?\)$/,
    );
    const folder = tempDir('report-dir');
    oneLine(await passk('report', files.task!, '--out', folder), /: must be a writable path \(E\w+(: [a-z ,]+)?\)$/);
    expect(readdirSync(folder)).toEqual([]);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('--out is required', () => {
    oneLine(passkProcess(['report', files.task!]), /^passk: --out: required$/);
  });

  it('a limit on wrong delivery outside [0, 1], as typed; nothing written', async () => {
    const out = join(dir, 'never.html');
    oneLine(
      await passk('report', files.task!, '--max-wrong-delivery', '-0.5', '--out', out),
      /^passk: --max-wrong-delivery: must be a number between 0 and 1, got -0\.5$/,
    );
    expect(existsSync(out)).toBe(false);
  });
});
