import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deliveryChart } from '../../packages/cli/src/charts/deliveryChart.js';
import { sweepFrontierChart } from '../../packages/cli/src/charts/sweepFrontierChart.js';
import type { SimulateDocument } from '../../packages/cli/src/results/simulateSchema.js';
import { fixture, passk, passkWith } from '../helpers/runPassk.js';

// `passk simulate` with a measured verifier (verifier.measured, or --verifier-from a fragment as
// `passk verifier --out` writes it): the text says so in its lead lines and answers with intervals
// that include the rates' uncertainty, beside a perfect judge; --json carries interval and drawn;
// the CSV _lower/_upper. A scenario without a measurement keeps its shape. In-process, from source.
const SMALL = fixture('scenarios-cli/small.yaml');
const MEASURED = fixture('scenarios-cli/measured.yaml');
const JUDGE = fixture('scenarios-cli/judge-fragment.yaml');

interface Row {
  k: number;
  coverage: { value: number; se: number; interval?: { lower: number; upper: number; level: number; method: string } };
  deliveredCorrect: Row['coverage'];
  deliveredWrong: Row['coverage'];
}

describe('simulate with a measured verifier', () => {
  it('text: the measurement in the lead lines, then what users get with intervals and the judge beside a perfect one (lines ≤ 100)', async () => {
    // A 100-column terminal, every column and the notes: the layout wraps the prose to the width.
    const { code, stdout, stderr } = await passkWith({ COLUMNS: '100', NO_COLOR: '1' }, 'simulate', MEASURED, '--workers', '1', '--wide', '--explain');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('verifier measured.');
    expect(stdout).toContain('Verifier measured: false accept 30/200 (15.0%), false reject 12/150 (8.0%).');
    expect(stdout).toContain('Measured on: hand-made counts');
    expect(stdout).toContain("What users get with at most k attempts, the verifier's uncertainty included (95 % interval):");
    expect(stdout).toContain('Retry until the judge accepts: the measured judge beside a perfect one:');
    // The intervals come before the Monte Carlo tables: the answer first.
    expect(stdout.indexOf('uncertainty included')).toBeLessThan(stdout.indexOf('The attempt process'));
    const mine = stdout.split('\n').slice(2, stdout.split('\n').indexOf('The attempt process (the truth that pass@k and pass^k estimate):'));
    for (const line of mine) expect(line.length).toBeLessThanOrEqual(100);
    expect(mine.some((line) => /^1 +\d+\.\d% \[\d+\.\d%, \d+\.\d%\]/.test(line))).toBe(true);
  });

  it('--json: every metric of every row carries an interval (level 0.95) around its value; drawn names the rates and the blocks', async () => {
    const doc = JSON.parse((await passk('simulate', SMALL, '--verifier-from', JUDGE, '--workers', '1', '--json')).stdout) as {
      drawn: unknown;
      scenario: { verifier: { measured: unknown } };
      rows: Row[];
    };
    expect(doc.drawn).toEqual({ parameters: ['verifier.falseAccept', 'verifier.falseReject'], blocks: 33, prior: 'jeffreys' });
    expect(doc.scenario.verifier.measured).toEqual({
      falseAccept: { accepted: 30, wrong: 200 },
      falseReject: { rejected: 12, right: 150 },
      source: 'hand-made counts',
    });
    for (const row of doc.rows) {
      for (const metric of ['coverage', 'deliveredCorrect', 'deliveredWrong'] as const) {
        const { value, interval } = row[metric];
        expect(interval?.level).toBe(0.95);
        expect(interval!.lower).toBeLessThanOrEqual(value);
        expect(interval!.upper).toBeGreaterThanOrEqual(value);
      }
      // The verifier's uncertainty widens delivered wrong far beyond its Monte Carlo error; coverage (no verifier in it) stays near it.
      const wrong = row.deliveredWrong;
      expect(wrong.interval!.upper - wrong.interval!.lower).toBeGreaterThan(8 * wrong.se);
    }
  });

  it('--csv: <metric>_lower and <metric>_upper at the end; a scenario without a measurement keeps its shape (no interval, no drawn)', async () => {
    const csv = (await passk('simulate', MEASURED, '--workers', '1', '--csv')).stdout.split('\n');
    expect(csv[0]).toMatch(/,deliveredCorrect_lower,deliveredCorrect_upper,/);
    expect(csv[1]!.split(',')).toHaveLength(csv[0]!.split(',').length);
    const plain = JSON.parse((await passk('simulate', SMALL, '--workers', '1', '--json')).stdout) as { drawn?: unknown; rows: Row[] };
    expect(plain.drawn).toBeUndefined();
    expect(plain.rows[0]!.deliveredCorrect.interval).toBeUndefined();
    expect((await passk('simulate', SMALL, '--workers', '1', '--csv')).stdout).not.toContain('_lower');
  });

  it('report: the simulate section shows the measurement, the intervals and the judge beside a perfect one; the key number is the interval with the uncertainty', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'passk-measured-report-'));
    try {
      expect((await passk('simulate', MEASURED, '--workers', '1', '--out', join(dir, 'sim'))).code).toBe(0);
      const doc = JSON.parse(readFileSync(join(dir, 'sim', 'summary.json'), 'utf8')) as { rows: Row[] };
      expect((await passk('report', join(dir, 'sim', 'summary.json'), '--out', join(dir, 'report.html'))).code).toBe(0);
      const page = readFileSync(join(dir, 'report.html'), 'utf8');
      expect(page).toContain('Retry until the judge accepts: the measured judge beside a perfect one');
      expect(page).toContain('Verifier measured: false accept 30/200 (15.0%), false reject 12/150 (8.0%).');
      expect(page).toContain('the measured verifier&#39;s uncertainty included');
      expect(page).toMatch(/the verifier is measured, not perfect: at k = 6 it delivers \d+\.\d% correct where a perfect one would deliver \d+\.\d%/);
      // The key number's interval is the row's own (k = 6 is the best budget here), not ±1.96 SE.
      const { interval } = doc.rows[5]!.deliveredCorrect;
      expect(page).toContain(`[${(interval!.lower * 100).toFixed(1)}%, ${(interval!.upper * 100).toFixed(1)}%]`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sweep --verifier-from: the text says the verifier is measured (lines ≤ 100); every point of --json carries intervals', async () => {
    const text = await passkWith(
      { COLUMNS: '100', NO_COLOR: '1' },
      'sweep',
      SMALL,
      '--verifier-from',
      JUDGE,
      '--vary',
      'policy.maxAttempts=1,3',
      '--workers',
      '1',
      '--replicates',
      '640',
      '--wide',
    );
    expect(text.code).toBe(0);
    const lines = text.stdout.split('\n');
    expect(lines).toContain('Verifier measured: false accept 30/200 (15.0%), false reject 12/150 (8.0%).');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
    const doc = JSON.parse(
      (await passk('sweep', SMALL, '--verifier-from', JUDGE, '--vary', 'policy.maxAttempts=1,3', '--workers', '1', '--replicates', '640', '--json')).stdout,
    ) as { points: Array<{ outcome: Row }> };
    for (const point of doc.points) expect(point.outcome.deliveredWrong.interval?.level).toBe(0.95);
    // The frontier chart's bars are those intervals.
    const spec = JSON.stringify(sweepFrontierChart(doc as unknown as Parameters<typeof sweepFrontierChart>[0]));
    expect(spec).toContain("95 % intervals with the measured verifier's uncertainty");
    const bars = findBars(JSON.parse(spec));
    expect(bars.map((bar) => bar.correctLower)).toEqual(doc.points.map((point) => point.outcome.deliveredCorrect.interval!.lower));
  });

  it("the delivery chart's bars are the intervals that include the verifier's uncertainty, and its caption says so", async () => {
    const doc = JSON.parse((await passk('simulate', MEASURED, '--workers', '1', '--json')).stdout) as SimulateDocument;
    const spec = JSON.stringify(deliveryChart([doc]));
    expect(spec).toContain("95 % intervals that include the measured verifier's uncertainty");
    const points = findPoints(JSON.parse(spec));
    const wrong = points.filter((point) => point.measure === 'delivered wrong');
    expect(wrong).toHaveLength(6);
    for (const point of wrong) {
      const { interval } = doc.rows[point.k - 1]!.deliveredWrong;
      expect([point.lower, point.upper]).toEqual([interval!.lower, interval!.upper]);
    }
  });
});

/** The chart's data points (objects with measure, k, lower, upper), wherever the spec keeps them. */
function findPoints(node: unknown): Array<{ measure: string; k: number; lower: number; upper: number }> {
  if (Array.isArray(node)) return node.flatMap(findPoints);
  if (typeof node !== 'object' || node === null) return [];
  const record = node as Record<string, unknown>;
  if (typeof record.measure === 'string' && typeof record.lower === 'number') return [record as never];
  return Object.values(record).flatMap(findPoints);
}

/** The sweep chart's grid points (objects with correctLower), in the order the spec keeps them, each once. */
function findBars(node: unknown): Array<{ index: number; correctLower: number }> {
  const found: Array<{ index: number; correctLower: number }> = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      if (typeof record.correctLower === 'number' && typeof record.index === 'number') found.push(record as never);
      else Object.values(record).forEach(walk);
    }
  };
  walk(node);
  return [...new Map(found.map((bar) => [bar.index, bar])).values()].sort((a, b) => a.index - b.index);
}
