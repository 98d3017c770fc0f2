import { compareMany, ESTIMAND_METHODS, type Run } from '@passk/sim/internal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDocument, type CompareRunSource } from '../../../packages/cli/src/format/compareDocument.js';
import { formatCompare, formatCompareMarkdown } from '../../../packages/cli/src/format/compareOutput.js';
import { fileEstimateMarkdown } from '../../../packages/cli/src/format/estimateMarkdown.js';
import type { FileEstimate } from '../../../packages/cli/src/format/fileEstimate.js';
import { formatFileEstimate } from '../../../packages/cli/src/format/fileEstimateOutput.js';
import { renderTerminal } from '../../../packages/cli/src/format/terminalReport.js';

/** The text view as laid out at 80 columns (a wrapped line must not start a workflow command either), notes shown. */
const TERMINAL = { width: 80, wide: false, explain: true, colour: false };
import { formatGate, formatGateMarkdown, type GateResult } from '../../../packages/cli/src/format/gateOutput.js';
import { markdownTable } from '../../../packages/cli/src/format/markdownTable.js';
import { hostile } from '../../helpers/hostileStrings.js';
import { expectInertMarkdown as expectInert, liveInLog, readMarkdown } from '../../helpers/markdownReading.js';

// Issue 43: data in passk's Markdown (compare --markdown, estimate --markdown, gate --markdown and
// $GITHUB_STEP_SUMMARY) must be inert text. fast-check makes hostile task ids, run names and file
// names; each output is rendered twice, with the hostile data and with plain names of the same
// shape, and parsed by an independent GFM parser (micromark + micromark-extension-gfm,
// test/helpers/markdownReading.ts). The hostile document must have exactly the structure of the
// plain one (so no heading, HTML, list, quote or emphasis came from data), no link, image or
// autolink, every table row as many cells as the header, no mention, issue reference or autolink
// text GitHub would act on, no control character, no line a GitHub Actions runner would take as a
// command, and at most 65 536 characters. The terminal views of the same data must show no control
// character and no command line either.

/** Runs named `names`, tasks `ids`: the baseline lacks the last task, each candidate the first; counts by position. */
function comparisonOf(names: readonly string[], ids: readonly string[]): ReturnType<typeof compareDocument> {
  const runs: Run[] = names.map((name, r) => ({
    name,
    tasks: ids.map((id, i) => ({ id, n: 4, c: (i * (r + 2)) % 5 })).filter((_, i) => (r === 0 ? i !== ids.length - 1 : i !== 0)),
  }));
  const many = compareMany(runs, { ks: [1, 2], confidence: 0.95, sides: 2, bootstrap: 0, seed: '1', permutations: 200, exactLimit: 8, minOverlap: 0.5 });
  const sources: CompareRunSource[] = names.map((name, r) => ({
    name,
    file: `${name}.csv`,
    format: 'csv',
    rows: runs[r]!.tasks.length * 4,
    tasks: runs[r]!.tasks.length,
    by: r === 0 ? null : { column: name, value: name },
    read: [`read as csv (detected; --format forces another): task ${JSON.stringify(name)}`],
  }));
  return compareDocument(sources, [1, 2], many);
}

function gateOf(file: string, baseline: string | null, requirement: string): GateResult {
  const check = (pass: boolean) => ({
    requirement: { text: requirement, delta: false, metric: 'passHatK' as const, k: 2, op: '>=' as const, threshold: 0.5 },
    estimate: 0.6,
    bound: pass ? 0.55 : 0.4,
    side: 'lower' as const,
    method: 'task-population score interval, 12 tasks',
    pass,
  });
  return { file, baseline, confidence: 0.95, checks: [check(true), check(false)] };
}

function estimateOf(file: string): FileEstimate {
  const bounds = { lower: 0.3, upper: 0.7, level: 0.95, method: ESTIMAND_METHODS.population };
  const benchmarkBounds = { ...bounds, method: ESTIMAND_METHODS.benchmark, se: 0.1 };
  const row = (k: number) => ({
    k,
    passAtK: 0.5,
    passHatK: 0.4,
    estimableTasks: 10,
    notEstimableTasks: k > 1 ? 2 : 0,
    plugin: { passAtK: 0.5, passHatK: 0.4 },
    se: { passAtK: 0.1, passHatK: 0.1 },
    interval: { passAtK: bounds, passHatK: bounds },
    benchmark: { passAtK: benchmarkBounds, passHatK: benchmarkBounds },
    clusteredNormal: { passAtK: bounds, passHatK: bounds },
    bootstrap: null,
  });
  return {
    source: { file, format: 'csv', rows: 40, columns: {} },
    tasks: 12,
    trials: { min: 1, max: 4 },
    uncertainty: {
      confidence: 0.95,
      sides: 2,
      interval: ESTIMAND_METHODS.population,
      estimands: {
        population: { field: 'interval', meaning: 'the task population', method: ESTIMAND_METHODS.population },
        benchmark: { field: 'benchmark', meaning: 'this benchmark', method: ESTIMAND_METHODS.benchmark },
      },
      clusteredNormal: 'mean ± z·SE',
      bootstrap: null,
    },
    rows: [row(1), row(2)],
  };
}

describe('Markdown outputs keep data inert (property, parsed by micromark + GFM)', () => {
  it('compare --markdown: hostile run names and task ids; the text view shows them escaped', () => {
    const names = fc.uniqueArray(hostile, { minLength: 2, maxLength: 3 });
    const ids = fc.uniqueArray(hostile, { minLength: 3, maxLength: 7 });
    fc.assert(
      fc.property(names, ids, (names, ids) => {
        const plainNames = names.map((_, i) => `run${i}`);
        const plainIds = ids.map((_, i) => `t${i}`);
        const document = comparisonOf(names, ids);
        expectInert(formatCompareMarkdown(document), formatCompareMarkdown(comparisonOf(plainNames, plainIds)));
        expect(liveInLog(renderTerminal(formatCompare(document), TERMINAL))).toBeNull();
        // --wide prints the runs read (their names and files) too.
        expect(liveInLog(renderTerminal(formatCompare(document), { ...TERMINAL, wide: true }))).toBeNull();
      }),
      { numRuns: 150 },
    );
    // 28 s without the terminal layout on a loaded 2-core machine (200 000-character names), ~38 s with it.
  }, 90_000);

  it('gate --markdown and $GITHUB_STEP_SUMMARY: hostile file names and requirement text; the text view too', () => {
    fc.assert(
      fc.property(hostile, fc.option(hostile), hostile, (file, baseline, requirement) => {
        const result = gateOf(file, baseline, requirement);
        expectInert(formatGateMarkdown(result), formatGateMarkdown(gateOf('new.jsonl', baseline === null ? null : 'old.jsonl', 'passHat@2 >= 0.5')));
        expect(liveInLog(renderTerminal(formatGate(result), TERMINAL))).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('estimate FILE --markdown: a hostile file name; the text view too', () => {
    fc.assert(
      fc.property(hostile, (file) => {
        expectInert(fileEstimateMarkdown(estimateOf(file)), fileEstimateMarkdown(estimateOf('runs.csv')));
        expect(liveInLog(renderTerminal(formatFileEstimate(estimateOf(file)), TERMINAL))).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('markdownTable: hostile cells and headers keep every row at the header count', () => {
    const table = fc
      .integer({ min: 1, max: 4 })
      .chain((columns) =>
        fc.tuple(
          fc.array(hostile, { minLength: columns, maxLength: columns }),
          fc.array(fc.array(hostile, { minLength: columns, maxLength: columns }), { maxLength: 4 }),
        ),
      );
    fc.assert(
      fc.property(table, ([headers, rows]) => {
        const markdown = markdownTable({ columns: headers.map((header) => ({ header, align: 'left' })), rows });
        const plain = markdownTable({ columns: headers.map(() => ({ header: 'h', align: 'left' })), rows: rows.map((row) => row.map(() => 'c')) });
        expectInert(`**lead**\n\n${markdown}\n`, `**lead**\n\n${plain}\n`);
        expect(readMarkdown(markdown).tables).toEqual([Array.from({ length: rows.length + 1 }, () => headers.length)]);
      }),
      { numRuns: 300 },
    );
  });
});
