import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { SCHEMA_VERSIONS } from '../../../packages/cli/src/format/resultKinds.js';
import { checkResultDocument } from '../../../packages/cli/src/results/checkResultDocument.js';
import { checkWrittenDocument } from '../../../packages/cli/src/results/checkWrittenDocument.js';
import { resultsMarkdown } from '../../../packages/cli/src/results/resultsMarkdown.js';
import { fixture, passk, REPO_ROOT } from '../../helpers/runPassk.js';

// The contract of result documents: one schema per kind (packages/cli/src/results/), checked once
// where a document is read; docs/results.md generated from the schemas.

const dir = mkdtempSync(join(tmpdir(), 'passk-contracts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CHART_FIXTURES = readdirSync(fixture('charts')).filter((name) => name.endsWith('.json'));
const load = (name: string) => JSON.parse(readFileSync(fixture(`charts/${name}`), 'utf8')) as Record<string, unknown>;

/** Every object with bounds in a document, with its path. */
function intervalsIn(value: unknown, path = ''): Array<{ path: string; keys: string[] }> {
  if (Array.isArray(value)) return value.flatMap((item, i) => intervalsIn(item, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  const own = 'lower' in value && 'upper' in value ? [{ path, keys: Object.keys(value) }] : [];
  return [...own, ...Object.entries(value).flatMap(([key, item]) => intervalsIn(item, `${path}.${key}`))];
}

/** Every string value of a document. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsIn);
  return [];
}

/** Every key of a document, at any depth. */
function keysIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysIn);
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => [key, ...keysIn(item)]);
  return [];
}

describe('result documents written by passk fit their schema', () => {
  it('the chart fixtures cover every kind', () => {
    const kinds = new Set(CHART_FIXTURES.map((name) => load(name).kind));
    expect([...kinds].sort()).toEqual(Object.keys(SCHEMA_VERSIONS).sort());
  });

  it.each(CHART_FIXTURES)('%s: valid, with its kind and schemaVersion', (name) => {
    const document = load(name);
    expect(() => checkResultDocument(document, name)).not.toThrow();
    expect(document.schemaVersion).toBe(SCHEMA_VERSIONS[document.kind as keyof typeof SCHEMA_VERSIONS]);
  });

  it.each(CHART_FIXTURES)('%s: every interval is {lower, upper, level, method}; no infinity as a string; pass^k is passHatK', (name) => {
    const document = load(name);
    for (const { path, keys } of intervalsIn(document)) expect(keys, path).toEqual(expect.arrayContaining(['lower', 'upper', 'level', 'method']));
    expect(stringsIn(document).filter((text) => /^[+−-]?∞$/.test(text))).toEqual([]);
    expect(keysIn(document)).not.toContain('passHat');
  });

  it('estimate --k 8 (one k) has the rows of estimate --k 1..8, one row', () => {
    const one = load('estimate-task-k8.json') as { rows: Array<Record<string, unknown>> };
    const many = load('estimate-task.json') as { rows: Array<Record<string, unknown>> };
    expect(one.rows).toHaveLength(1);
    expect(one.rows[0]).toEqual(many.rows[7]);
    expect(Object.keys(one).sort()).toEqual(Object.keys(many).sort());
  });

  it("fit: the beta-binomial's fixed coordinates (at −∞) are null", () => {
    const fit = load('fit-tau-bench.json') as { models: Array<{ name: string; unconstrained: { fixed: Record<string, unknown> } }> };
    const beta = fit.models.find((model) => model.name === 'betaBinomial')!;
    expect(beta.unconstrained.fixed).toEqual({ logOddsZero: null, logOddsOne: null });
  });

  it('merge writes a checked passk.simulate document', async () => {
    const parts = join(dir, 'parts');
    for (const i of [1, 2]) {
      const run = await passk('simulate', fixture('scenarios-cli/small.yaml'), '--replicates', '64', '--workers', '1', '--shard', `${i}/2`, '--out', parts);
      expect(run.code, run.stderr).toBe(0);
    }
    const merged = await passk('merge', parts, '--json');
    expect(merged.code, merged.stderr).toBe(0);
    const document = checkResultDocument(JSON.parse(merged.stdout), 'merged');
    expect(document.kind).toBe('passk.simulate');
  });
});

describe('reading a document of another kind or version: one line naming the file', () => {
  const task = load('estimate-task.json');
  const cases: Array<[string, unknown, RegExp]> = [
    [
      'no schemaVersion (an earlier passk)',
      { ...task, schemaVersion: undefined },
      /^doc\.json: must be a passk\.estimate\.task document of schemaVersion 3 .*, but its schemaVersion is none/,
    ],
    [
      'another version',
      { ...task, schemaVersion: 4 },
      /^doc\.json: must be a passk\.estimate\.task document of schemaVersion 3 .*, but its schemaVersion is 4$/,
    ],
    [
      'an unknown kind',
      { ...task, kind: 'passk.estimate.tasks' },
      /^doc\.json: must be a passk result with a known "kind" \(passk\.estimate\.task, .*\), got "passk\.estimate\.tasks"$/,
    ],
    [
      'a shard',
      { format: 'passk-shard/4' },
      /^doc\.json: must be a passk result .*\(a shard: combine the shards with passk merge --json first\); found an object without "kind"$/,
    ],
    ['an array', [], /^doc\.json: must be a passk result .*; found an array$/],
    [
      'a field of the wrong type, named by its path',
      { ...task, rows: [{ ...(task.rows as object[])[0], k: 'one' }] },
      /^doc\.json: rows\[0\]\.k: must be as in a passk\.estimate\.task document \(docs\/results\.md\): expected integer, got "one"$/,
    ],
    [
      'a missing field',
      { ...task, n: undefined },
      /^doc\.json: n: must be as in a passk\.estimate\.task document \(docs\/results\.md\): expected required property$/,
    ],
  ];
  it.each(cases)('%s', (_, value, message) => {
    const parsed: unknown = JSON.parse(JSON.stringify(value));
    let error: unknown;
    try {
      checkResultDocument(parsed, 'doc.json');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(message);
  });

  it('passk chart and passk report refuse a version-1 document: exit 2, one stderr line, nothing written', async () => {
    const old = join(dir, 'old.json');
    const { schemaVersion: _, ...v1 } = load('plan-demonstrate.json');
    writeFileSync(old, JSON.stringify(v1));
    for (const args of [
      ['chart', 'planning', '--from', old, '--out', join(dir, 'x.svg')],
      ['report', old, '--out', join(dir, 'x.html')],
    ]) {
      const run = await passk(...args);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^passk: .*old\.json: must be a passk\.plan\.demonstrate document of schemaVersion 3 .*\n$/);
      expect(run.stderr.split('\n')).toHaveLength(2);
      expect(existsSync(args.at(-1)!)).toBe(false);
    }
  });

  it('a document passk is about to write that misses its schema is a bug (a plain Error), not bad input', () => {
    const text = JSON.stringify({ ...load('simulate-refund.json'), rows: [] });
    expect(() => checkWrittenDocument(text)).toThrow(/^passk wrote a document that does not fit its schema \(a bug\): the document written: rows: /);
    expect(() => checkWrittenDocument(text)).not.toThrow(InputError);
  });
});

describe('docs/results.md', () => {
  it('is the page generated from the schemas (run pnpm docs:results after changing one)', () => {
    expect(readFileSync(join(REPO_ROOT, 'docs/results.md'), 'utf8')).toBe(resultsMarkdown());
  });

  it('documents every kind with its version and the shared interval shape', () => {
    const page = resultsMarkdown();
    for (const [kind, version] of Object.entries(SCHEMA_VERSIONS)) {
      expect(page).toContain(`## ${kind}\n\n`);
      expect(page).toContain(`Schema version ${version}.`);
    }
    expect(page).toMatch(/### Interval\n[\s\S]*\| `level` \| number in \(0, 1\) \| yes \|/);
  });
});
