import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../../packages/cli/src/format/displayWidth.js';
import { renderTable } from '../../../packages/cli/src/format/table.js';
import { shortName } from '../../../packages/cli/src/format/runComparisonTable.js';
import { passkWide } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

// Text tables align by display columns (issue 37: CJK names misaligned). Expected widths from
// Unicode's EastAsianWidth.txt (UAX #11): W and F count 2, Na, H, N and A 1; nonspacing (Mn) and
// enclosing (Me) marks from UnicodeData.txt count 0, as does U+200D ZERO WIDTH JOINER.

describe('displayWidth: columns in a monospaced terminal (UAX #11)', () => {
  const cases: Array<[string, string, number]> = [
    ['ASCII (Na)', 'pass@k 45.8%', 12],
    ['empty', '', 0],
    ['CJK ideographs (6A21, 578B, 7532: W) and a hyphen (Na)', '模型-甲', 7],
    ['Hangul syllables (D55C, AE00: W)', '한글', 4],
    ['Hangul Jamo leading consonant (1100: W)', '\u1100', 2],
    ['hiragana and katakana (3072, 30AB: W)', 'ひカ', 4],
    ['halfwidth katakana (FF71: H)', 'ｱ', 1],
    ['fullwidth Latin (FF21: F)', 'Ａ', 2],
    ['ideographic space (3000: F)', '\u3000', 2],
    ['an ideograph of plane 2 (20000: W), one surrogate pair', '𠀀', 2],
    ['an emoji (1F44D: W)', '👍', 2],
    ['a combining acute (0301: Mn) after e', 'e\u0301', 1],
    ['an enclosing circle (20DD: Me)', 'a\u20dd', 1],
    ['a kana voicing mark (3099: Mn inside a W range) counts 0', 'か\u3099', 2],
    ['the zero width joiner (200D)', 'a\u200db', 2],
    ['Ambiguous signs the tables use (2014, 00B1, 2265, 2212, 2500: A, narrow)', '—±≥−─', 5],
    ['Latin with precomposed accents (00E9: A, 00FC: A)', 'éü', 2],
  ];
  it.each(cases)('%s', (_, text, width) => {
    expect(displayWidth(text)).toBe(width);
  });
});

/** Columns of one code point of the tables below: ideographs 4E00–9FFF are W (EastAsianWidth.txt), the rest narrow. */
const columnsOf = (char: string): number => (/[\u4e00-\u9fff]/u.test(char) ? 2 : 1);

/** A line as display cells: a wide character fills two (its second cell is ''). */
function cells(line: string): string[] {
  return [...line].flatMap((char) => (columnsOf(char) === 2 ? [char, ''] : [char]));
}

/**
 * Every line of a rendered table lines up with its rule (the second line): in each gap between the
 * rule's dashes every line has a space, no line is wider than the rule, and a right-aligned cell
 * ends at its column's last display column.
 */
function expectAligned(table: string, rightAligned: readonly boolean[]): void {
  const [header, rule, ...rows] = table.split('\n');
  const ruleCells = cells(rule!);
  const spans: Array<[number, number]> = [];
  ruleCells.forEach((cell, at) => {
    if (cell !== '─') return;
    if (at > 0 && ruleCells[at - 1] === '─') spans.at(-1)![1] = at;
    else spans.push([at, at]);
  });
  expect(spans).toHaveLength(rightAligned.length);
  for (const line of [header!, ...rows]) {
    const lineCells = cells(line);
    expect(lineCells.length, line).toBeLessThanOrEqual(ruleCells.length);
    ruleCells.forEach((cell, at) => {
      if (cell === ' ') expect(lineCells[at] ?? ' ', `${line} at column ${at}`).toBe(' ');
    });
    spans.forEach(([first, last], i) => {
      // A right-aligned cell's last character (a wide one fills last − 1 and last) sits at the column's edge.
      if (rightAligned[i] && lineCells.slice(first, last + 1).some((cell) => cell !== ' ')) expect(lineCells[last], `${line}: column ${i}`).not.toBe(' ');
    });
  }
}

describe('renderTable: columns padded to display width', () => {
  it('CJK task ids and model names: every separator at the same display column', () => {
    const table = renderTable(
      [{ header: 'task', align: 'left' }, { header: '模型-甲' }, { header: 'model', align: 'left' }, { header: 'n' }],
      [
        ['任务一', '45.8%', '模型-乙', '4'],
        ['t2', '100.0%', 'gpt', '12'],
        ['任务十二号', '—', '模型', '4'],
      ],
    );
    expectAligned(table, [false, true, false, true]);
    // Column widths in display columns: task 10 (任务十二号), 模型-甲 7, model 7 (模型-乙), n 2.
    expect(table.split('\n')[1]).toBe(`${'─'.repeat(10)}  ${'─'.repeat(7)}  ${'─'.repeat(7)}  ──`);
    expect(table.split('\n')[2]).toBe(`任务一${' '.repeat(8)}45.8%  模型-乙   4`);
  });

  it('combining marks take no column', () => {
    const table = renderTable(
      [{ header: 'name', align: 'left' }, { header: 'x' }],
      [
        ['cafe\u0301', '1'],
        ['cafe', '22'],
      ],
    );
    expect(table.split('\n')).toEqual(['name   x', '────  ──', 'cafe\u0301   1', 'cafe  22']);
  });
});

describe('shortName: a header name fits by display width', () => {
  it('16 columns fit, 17 do not (8 ideographs are 16 columns, 9 are 18)', () => {
    expect(shortName('模型模型模型模型', 'A')).toBe('模型模型模型模型');
    expect(shortName('模型模型模型模型甲', 'A')).toBe('A');
    expect(shortName('a'.repeat(16), 'B')).toBe('a'.repeat(16));
  });
});

describe('passk compare --by model with CJK model names and task ids', () => {
  const dir = tempDir('cjk-tables');
  it('the table lines up: every row’s separators at the same display columns', async () => {
    const rows = ['model,task_id,trial,success'];
    // Model A succeeds on trials 0..(t mod 3), model B on 0..(t mod 4): fixed counts, no randomness.
    for (const [model, modulus] of [
      ['模型-甲', 3],
      ['模型-乙', 4],
    ] as const) {
      for (let t = 0; t < 12; t++) for (let trial = 0; trial < 4; trial++) rows.push(`${model},任务${t},${trial},${trial <= t % modulus ? 1 : 0}`);
    }
    const file = join(dir, 'runs.csv');
    writeFileSync(file, `${rows.join('\n')}\n`);
    const run = await passkWide('compare', file, '--by', 'model', '--k', '1..2', '--bootstrap', '0'); // every column, one row per line
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    const start = lines.findIndex((line) => /^k\s+metric\s+tasks\s+模型-甲\s+模型-乙/.test(line));
    expect(start, run.stdout).toBeGreaterThan(0);
    const end = lines.indexOf('', start);
    const table = lines.slice(start, end).join('\n');
    // k right, metric left, then numbers right (runComparisonTable).
    const columnCount = lines[start + 1]!.split(/ {2}/).length;
    expectAligned(table, [true, false, ...Array.from({ length: columnCount - 2 }, () => true)]);
  });
});
