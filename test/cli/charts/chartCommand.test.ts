// `passk chart KIND --from RESULT.json … --out FILE` end to end: writes .svg, .png and .vl.json;
// bad input is one line on stderr, exit code 2, and no file left behind (not even a .tmp).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHART_KINDS } from '../../../packages/cli/src/charts/chartKinds.js';
import { buildChart } from '../../../packages/cli/src/charts/chartsFor.js';
import { fixture, passk, passkProcess } from '../../helpers/runPassk.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'passk-chart-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const from = (name: string) => fixture(`charts/${name}.json`);

describe('passk chart writes', () => {
  it('an SVG', async () => {
    const out = join(dir, 'curves.svg');
    const run = await passk('chart', 'pass-curves', '--from', from('estimate-task'), '--out', out);
    expect(run).toEqual({ code: 0, stdout: '', stderr: `passk: wrote ${out} (pass-curves)\n` });
    const svg = readFileSync(out, 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('pass@k and pass^k from 27 of 30 trials');
    expect(readdirSync(dir)).toEqual(['curves.svg']);
  });

  it('a PNG twice the size of the SVG', async () => {
    const png = join(dir, 'delivery.png');
    const svg = join(dir, 'delivery.svg');
    expect((await passk('chart', 'delivery', '--from', from('simulate-refund'), '--out', png)).code).toBe(0);
    expect((await passk('chart', 'delivery', '--from', from('simulate-refund'), '--out', svg)).code).toBe(0);
    const bytes = readFileSync(png);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]); // PNG signature
    const width = bytes.readUInt32BE(16); // IHDR width
    const svgWidth = Number(/^<svg[^>]* width="(\d+)"/.exec(readFileSync(svg, 'utf8'))![1]);
    expect(width).toBe(2 * svgWidth);
  });

  it('the vega-lite spec itself (.vl.json), the same as buildChart gives', async () => {
    const out = join(dir, 'frontier.vl.json');
    const run = await passk('chart', 'cost-frontier', '--from', from('simulate-pilot'), '--from', from('simulate-refund'), '--out', out);
    expect(run.code).toBe(0);
    const results = ['simulate-pilot', 'simulate-refund'].map((name) => JSON.parse(readFileSync(from(name), 'utf8')));
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(buildChart('cost-frontier', results).spec);
  });

  it('every kind from a result it fits', async () => {
    const inputs: Record<string, string> = {
      'pass-curves': 'estimate-rate',
      delivery: 'simulate-pilot',
      'cost-frontier': 'simulate-parallel',
      planning: 'plan-demonstrate',
      'task-rates': 'estimate-file',
      'estimator-check': 'simulate-pilot',
      'task-interval': 'estimate-task-k8',
      'fit-counts': 'fit-mixed-n',
      'fit-pass-rates': 'fit-tau-bench',
      'attempt-success': 'fit-episodes-ldb',
      'sweep-frontier': 'sweep-constrained',
      'demonstrate-failures': 'plan-demonstrate',
      'precision-width': 'plan-precision',
      'plan-compare-power': 'plan-compare',
      'compare-curves': 'compare',
      'compare-difference': 'compare',
      'compare-tasks': 'compare',
      'verifier-rates': 'verifier-tau2',
    };
    for (const kind of CHART_KINDS) {
      const run = await passk('chart', kind, '--from', from(inputs[kind]!), '--out', join(dir, `${kind}.svg`));
      expect(run.code, run.stderr).toBe(0);
      // An image with an accessible name and description.
      expect(readFileSync(join(dir, `${kind}.svg`), 'utf8')).toMatch(
        /^<svg[^>]* role="img" aria-labelledby="chart-title chart-desc"><title id="chart-title">[^<]+<\/title><desc id="chart-desc">[^<]+<\/desc>/,
      );
    }
    expect(readdirSync(dir).sort()).toEqual(CHART_KINDS.map((kind) => `${kind}.svg`).sort());
  });
});

describe('passk chart: bad input → one line, exit 2, nothing written', () => {
  const cases: Array<[string, () => string[], RegExp]> = [
    [
      'a kind that does not fit the result',
      () => ['delivery', '--from', from('estimate-task'), '--out', join(dir, 'x.svg')],
      /^passk: delivery: needs a passk\.simulate result \(or several\), not passk\.estimate\.task; for that result use pass-curves or task-interval$/,
    ],
    [
      'an unknown kind',
      () => ['pie', '--from', from('estimate-task'), '--out', join(dir, 'x.svg')],
      /^passk: KIND: must be one of pass-curves, .*, got "pie"$/,
    ],
    [
      'a missing --from file',
      () => ['planning', '--from', join(dir, 'nope.json'), '--out', join(dir, 'x.svg')],
      /^passk: .*nope\.json: must exist \(file not found\)$/,
    ],
    [
      'a JSON file that is not a result',
      () => ['planning', '--from', fixture('peer/numpy-peer-exact.json'), '--out', join(dir, 'x.svg')],
      /^passk: .*numpy-peer-exact\.json: must be a passk result with a known "kind" \(passk\.estimate\.task, .*\); found an object without "kind"$/,
    ],
    [
      'a scenario file, not a result (io/fileKind.ts)',
      () => ['planning', '--from', fixture('scenarios-cli/small.yaml'), '--out', join(dir, 'x.svg')],
      /^passk: .*small\.yaml: this is a passk scenario file, not a passk result: run `passk simulate .*small\.yaml`/,
    ],
    [
      'a file that is not JSON',
      () => ['planning', '--from', fixture('results/err-bad-success.tsv'), '--out', join(dir, 'x.svg')],
      /^passk: .*err-bad-success\.tsv: this is a results log, not a passk result/,
    ],
    [
      'a text file of no known kind that is not JSON',
      () => ['planning', '--from', fixture('charts/README.md'), '--out', join(dir, 'x.svg')],
      /^passk: .*README\.md: must be a passk result \(written with --json\) in JSON, but it is not valid JSON$/,
    ],
    [
      'a plan chart from another plan',
      () => ['planning', '--from', from('plan-precision'), '--out', join(dir, 'x.svg')],
      /^passk: planning: needs a passk\.plan\.demonstrate result, not passk\.plan\.precision; for that result use precision-width$/,
    ],
    [
      'an unknown extension',
      () => ['planning', '--from', from('plan-demonstrate'), '--out', join(dir, 'x.pdf')],
      /^passk: --out: must end in \.svg, \.png or \.vl\.json \(the extension chooses the format\), got ".*x\.pdf"$/,
    ],
    ['no --out', () => ['planning', '--from', from('plan-demonstrate')], /^passk: --out: required$/],
    [
      'a limit on wrong delivery above 1',
      () => ['delivery', '--from', from('simulate-pilot'), '--max-wrong-delivery', '2', '--out', join(dir, 'x.svg')],
      /^passk: --max-wrong-delivery: must be a number between 0 and 1, got 2$/,
    ],
    ['no --from', () => ['planning', '--out', join(dir, 'x.svg')], /^passk: --from: required$/],
  ];

  it.each(cases)('%s', async (_label, args, message) => {
    const run = await passk('chart', ...args());
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr.trimEnd()).toMatch(message);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('an --out path below a regular file', async () => {
    writeFileSync(join(dir, 'file'), 'x');
    const out = join(dir, 'file', 'chart.svg');
    const run = await passk('chart', 'planning', '--from', from('plan-demonstrate'), '--out', out);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^passk: .*file\/chart\.svg: must be a writable path \(E[A-Z]+(: [a-z ,]+)?\)\n$/);
    expect(readdirSync(dir)).toEqual(['file']);
  });

  it('an --out path that is a folder: no .tmp file left beside it', async () => {
    mkdirSync(join(dir, 'chart.svg'));
    const run = await passk('chart', 'planning', '--from', from('plan-demonstrate'), '--out', join(dir, 'chart.svg'));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^passk: .*chart\.svg: must be a writable path \(E[A-Z]+(: [a-z ,]+)?\)\n$/);
    expect(readdirSync(dir)).toEqual(['chart.svg']);
    expect(readdirSync(join(dir, 'chart.svg'))).toEqual([]);
  });

  // The schema check where the file is read is the only check: a damaged field is one line naming the
  // file and the field's path (the charts then read typed fields, and check nothing again).
  it.each([
    [
      'a field of the wrong type',
      (result: any) => ({ ...result, rows: result.rows.map((row: any, i: number) => (i === 2 ? { ...row, coverage: { ...row.coverage, value: 'x' } } : row)) }),
      /^passk: .*damaged\.json: rows\[2\]\.coverage\.value: must be as in a passk\.simulate document \(docs\/results\.md\): .*, got "x"$/,
    ],
    [
      'a missing field',
      (result: any) => ({ ...result, rows: result.rows.map(({ deliveredWrong: _, ...row }: any) => row) }),
      /^passk: .*damaged\.json: rows\[0\]\.deliveredWrong: must be as in a passk\.simulate document \(docs\/results\.md\): expected required property$/,
    ],
    [
      'a document of another schemaVersion',
      (result: any) => ({ ...result, schemaVersion: 1 }),
      /^passk: .*damaged\.json: must be a passk\.simulate document of schemaVersion 4 .*, but its schemaVersion is 1$/,
    ],
  ])('a damaged result file (%s): one line naming the file and the field', async (_label, damage, message) => {
    const input = mkdtempSync(join(tmpdir(), 'passk-chart-input-'));
    try {
      const file = join(input, 'damaged.json');
      writeFileSync(file, JSON.stringify(damage(JSON.parse(readFileSync(from('simulate-pilot'), 'utf8')))));
      const run = await passk('chart', 'delivery', '--from', file, '--out', join(dir, 'x.svg'));
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stderr.trimEnd()).toMatch(message);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(input, { recursive: true, force: true });
    }
  });

  it('as a real process: exit code 2 and one line', () => {
    const run = passkProcess(['chart', 'estimator-check', '--from', from('simulate-parallel'), '--out', join(dir, 'x.png')]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^passk: estimator-check: needs a passk\.simulate result with a pilot .*\n$/);
    expect(readdirSync(dir)).toEqual([]);
  });
});
