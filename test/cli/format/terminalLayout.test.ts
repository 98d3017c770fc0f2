// The terminal layout (format/terminalLayout.ts), view (format/terminalView.ts) and colour
// (format/colour.ts). Expected values are written from the rules themselves: words kept in order,
// every line within the width, every cell of a folded table present once.
import { describe, expect, it } from 'vitest';
import { paintSigns, paintVerdict } from '../../../packages/cli/src/format/colour.js';
import { displayWidth } from '../../../packages/cli/src/format/displayWidth.js';
import { renderTable } from '../../../packages/cli/src/format/table.js';
import { layoutText, wrapLine } from '../../../packages/cli/src/format/terminalLayout.js';
import { renderTerminal } from '../../../packages/cli/src/format/terminalReport.js';
import { terminalView } from '../../../packages/cli/src/format/terminalView.js';

const PROSE =
  'answer: No clear difference between terminal-bench-orchestrator-claude-4.1-opus and terminal-bench-orchestrator-claude-4-sonnet at pass^5: B − A = +7.5 pt (95% paired interval [−1.1, +16.7] pt, p = 0.146, 80 tasks).';

describe('wrapLine', () => {
  it('keeps a line that fits as it is', () => {
    expect(wrapLine('short line', 80)).toEqual(['short line']);
  });

  for (const width of [40, 57, 80]) {
    it(`wraps at spaces within ${width} columns, the words in order, continuations indented two more`, () => {
      const lines = wrapLine(`  ${PROSE}`, width);
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      expect(lines[0]!.startsWith('  answer:')).toBe(true);
      for (const line of lines.slice(1)) expect(line).toMatch(/^ {4}\S/);
      // A word longer than the line (a run name at 40 columns) is cut: the text is the same without spaces.
      const words = (text: string) => text.replaceAll(' ', '');
      expect(words(lines.join(''))).toBe(words(PROSE));
      if (width >= 57) expect(lines.map((line) => line.trim()).join(' ')).toBe(PROSE);
    });
  }

  it('cuts a word longer than the line (a path) and counts wide characters as two columns', () => {
    const path = `/data/${'模型'.repeat(30)}/run.json`;
    const lines = wrapLine(`file ${path}: 400 attempts`, 40);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(40);
    expect(lines.join('').replaceAll(' ', '')).toBe(`file${path}:400attempts`);
  });
});

const COLUMNS = [{ header: 'k' }, { header: 'pass@k' }, { header: 'CI (tasks)' }, { header: 'CI (trials)' }, { header: 'plug-in' }];
const ROWS = [
  ['1', '36.00%', '[27.9%, 44.9%]', '[32.7%, 39.3%]', '36.0%'],
  ['2', '46.25%', '[36.8%, 56.0%]', '[42.0%, 50.5%]', '44.2%'],
];

describe('layoutText: tables', () => {
  const table = renderTable(COLUMNS, ROWS);

  it('--wide and wide enough: the table as renderTable drew it', () => {
    expect(layoutText(table, 120, true)).toBe(table);
  });

  it('compact: CI (trials) and plug-in left out, the value and its CI (tasks) in one cell', () => {
    expect(layoutText(table, 120, false).split('\n')).toEqual([
      'k    pass@k [CI (tasks)]',
      '─  ─────────────────────',
      '1  36.00% [27.9%, 44.9%]',
      '2  46.25% [36.8%, 56.0%]',
    ]);
  });

  it('too narrow: one block per row, every cell once, within the width', () => {
    // The table takes 50 columns; 45 holds two pairs a line.
    const folded = layoutText(table, 45, true);
    for (const line of folded.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(45);
    for (const row of ROWS) for (const cell of row.slice(1)) expect(folded.split(cell).length - 1).toBeGreaterThanOrEqual(1);
    expect(folded).toContain('k 1\n  pass@k 36.00%  CI (tasks) [27.9%, 44.9%]');
  });

  it('a line of prose right after a table is not taken for a row', () => {
    const text = `${table}\nper solved task: Σ k·c̄_t / Σ pass@k_t, an explanation long enough to wrap at forty columns.`;
    const out = layoutText(text, 120, true).split('\n');
    expect(out.slice(0, 4)).toEqual(table.split('\n'));
    expect(out[4]).toMatch(/^per solved task:/);
  });

  it('units written once when a value and its interval share one (compare: pt)', () => {
    const delta = renderTable([{ header: 'B − A' }, { header: 'CI (tasks)' }], [['+3.7 pt', '[−1.3, +8.8] pt']]);
    expect(layoutText(delta, 80, false).split('\n')[2]).toBe('+3.7 [−1.3, +8.8] pt');
  });

  it('compact: value [lo, hi] cells of different widths line up on the `[`; a cell without one right-aligned on the values', () => {
    const delta = renderTable(
      [{ header: 'k' }, { header: 'B − A' }, { header: 'CI (tasks)' }, { header: 'p' }],
      [
        ['1', '+3.7 pt', '[−1.3, +8.8] pt', '0.165'],
        ['2', '+5.1 pt', '[−1.0, +11.7] pt', '0.106'],
        ['3', '+12.5 pt', '[+2.0, +23.0] pt', '0.020'],
        ['4', '—', '', '—'],
      ],
    );
    const lines = layoutText(delta, 80, false).split('\n');
    // Written by hand from the rule: values right-aligned to the widest (+12.5), intervals left-aligned after one space.
    expect(lines.slice(2)).toEqual([
      '1   +3.7 [−1.3, +8.8] pt   0.165',
      '2   +5.1 [−1.0, +11.7] pt  0.106',
      '3  +12.5 [+2.0, +23.0] pt  0.020',
      '4      —                       —',
    ]);
    const brackets = lines.slice(2, 5).map((line) => line.indexOf('['));
    expect(new Set(brackets).size).toBe(1);
  });

  it("folded: a blank key is the row above's, but not in a row whose second key is under one key only", () => {
    // compare's table: pass@k and pass^k at each k, then "mean success", which is at no k.
    const rows = [
      ['1', 'pass@k', '36.0%', 'a long cell to make the table fold at forty'],
      ['', 'pass^k', '36.0%', 'a long cell to make the table fold at forty'],
      ['5', 'pass@k', '57.5%', 'a long cell to make the table fold at forty'],
      ['', 'pass^k', '15.0%', 'a long cell to make the table fold at forty'],
      ['', 'mean success', '36.0%', 'a long cell to make the table fold at forty'],
    ];
    const table = renderTable([{ header: 'k' }, { header: 'metric', align: 'left' }, { header: 'A' }, { header: 'note', align: 'left' }], rows);
    const heads = layoutText(table, 40, false)
      .split('\n')
      .filter((line) => !line.startsWith(' '));
    expect(heads).toEqual(['k 1, metric pass@k', 'k 1, metric pass^k', 'k 5, metric pass@k', 'k 5, metric pass^k', 'metric mean success']);
  });
});

describe('terminalView', () => {
  const io = (env: Record<string, string>, tty = false, columns?: number) => ({
    stdout: () => {},
    stderr: () => {},
    stderrIsTTY: false,
    stdoutIsTTY: tty,
    ...(columns === undefined ? {} : { stdoutColumns: columns }),
    cwd: '/',
    env,
  });

  it('width: the TTY columns, else COLUMNS, else 80; never below 40', () => {
    expect(terminalView(io({ COLUMNS: '100' }, true, 132)).width).toBe(132);
    expect(terminalView(io({ COLUMNS: '100' })).width).toBe(100);
    expect(terminalView(io({})).width).toBe(80);
    expect(terminalView(io({ COLUMNS: 'wide' })).width).toBe(80);
    expect(terminalView(io({ COLUMNS: '20' })).width).toBe(40);
  });

  it('colour: on a TTY; never in a pipe unless FORCE_COLOR; NO_COLOR (not empty) wins', () => {
    expect(terminalView(io({}, true, 80)).colour).toBe(true);
    expect(terminalView(io({})).colour).toBe(false);
    expect(terminalView(io({ FORCE_COLOR: '1' })).colour).toBe(true);
    expect(terminalView(io({ FORCE_COLOR: '0' }, true, 80)).colour).toBe(false);
    expect(terminalView(io({ NO_COLOR: '1' }, true, 80)).colour).toBe(false);
    expect(terminalView(io({ NO_COLOR: '1', FORCE_COLOR: '1' })).colour).toBe(false);
    expect(terminalView(io({ NO_COLOR: '' }, true, 80)).colour).toBe(true);
  });
});

describe('verdict colour', () => {
  const ESC = '\u001b[';
  const green = (text: string) => `${ESC}32m${text}${ESC}0m`;
  const red = (text: string) => `${ESC}31m${text}${ESC}0m`;
  const yellow = (text: string) => `${ESC}33m${text}${ESC}0m`;

  it('PASS green, FAIL red, signed numbers by their sign, interval bounds plain; nothing when off', () => {
    expect(paintVerdict('PASS 3/3 requirements met', true)).toBe(`${green('PASS')} 3/3 requirements met`);
    expect(paintVerdict('FAIL 1/3 requirements failed', true)).toBe(`${red('FAIL')} 1/3 requirements failed`);
    expect(paintVerdict('verdict: B better on pass^5 (+7.5 pt [−1.1, +16.7])', true)).toBe(
      `verdict: B ${green('better')} on pass^5 (${green('+7.5')} pt [−1.1, +16.7])`,
    );
    expect(paintVerdict('PASS 3/3 requirements met', false)).toBe('PASS 3/3 requirements met');
  });

  it('paintSigns: verdict words and signed differences in tables and prose; data and raw values left alone', () => {
    // A compare row, a gate row, the per-task line, a warning: each coloured word or sign by the rule.
    expect(paintSigns('5  pass^k  15.0%  22.5%  +7.5 [−1.1, +16.7] pt  0.146', true)).toBe(`5  pass^k  15.0%  22.5%  ${green('+7.5')} [−1.1, +16.7] pt  0.146`);
    expect(paintSigns('2  pass@k  46.2%  44.1%  −2.1 [−8.0, +3.6] pt', true)).toBe(`2  pass@k  46.2%  44.1%  ${red('−2.1')} [−8.0, +3.6] pt`);
    expect(paintSigns('FAIL    delta(pass^5) >= 0   −7.5 pt  lower −15.3 pt', true)).toBe(
      `${red('FAIL')}    delta(pass^5) >= 0   ${red('−7.5')} pt  lower ${red('−15.3')} pt`,
    );
    expect(paintSigns('21 improved, 13 worsened; 2 fixed, 1 regressed', true)).toBe(
      `21 ${green('improved')}, 13 ${red('worsened')}; 2 ${green('fixed')}, 1 ${red('regressed')}`,
    );
    expect(paintSigns('warning: the bound is below its level', true)).toBe(`${yellow('warning')}: the bound is below its level`);
    // An ASCII hyphen is a raw value (logLik -78.9, a threshold -0.02), a word inside a task id is data.
    const plain = 'logLik -78.975  delta(pass@1) >= -0.02  task fixed-point-iter-3 and PASS_RATE';
    expect(paintSigns(plain, true)).toBe(plain);
    expect(paintSigns('FAIL +7.5 improved', false)).toBe('FAIL +7.5 improved');
  });

  it('stripping the escape codes gives the uncoloured text back, line by line', () => {
    const text = 'answer: B better at pass^5: +7.5 pt [−1.1, +16.7]\nPASS  delta  +0.3 pt\n1 regressed, warning: WARN −2.0';
    const painted = paintSigns(text, true);
    expect(painted).not.toBe(text);
    expect(painted.replace(/\u001b\[\d+m/g, '')).toBe(text);
  });

  it('renderTerminal: notes only with explain, warnings before the verdict, the verdict last', () => {
    const report = { body: 'answer', notes: ['how'], warnings: ['careful'], verdict: 'PASS 1/1 requirement met' };
    const view = { width: 80, wide: false, explain: false, colour: false };
    expect(renderTerminal(report, view)).toBe('answer\n\nmethod notes: add --explain (they are also in --json)\n\ncareful\n\nPASS 1/1 requirement met\n');
    expect(renderTerminal(report, { ...view, explain: true, colour: true })).toBe(`answer\n\nhow\n\ncareful\n\n${green('PASS')} 1/1 requirement met\n`);
  });

  it('renderTerminal: parts marked wide only with --wide, one line says how many; --wide prints every part in order', () => {
    const report = {
      body: [{ text: 'answer\n\n' }, { text: 'detail table\n\n', wide: true }, { text: 'notes on the data\n\n' }, { text: 'what was read\n', wide: true }],
      verdict: 'fit: done',
    };
    const view = { width: 80, wide: false, explain: false, colour: false };
    expect(renderTerminal(report, view)).toBe('answer\n\nnotes on the data\n\n2 more sections and every column: add --wide\n\nfit: done\n');
    expect(renderTerminal(report, { ...view, wide: true })).toBe('answer\n\ndetail table\n\nnotes on the data\n\nwhat was read\n\nfit: done\n');
  });

  it('renderTerminal with colour: the signs of the body coloured after the layout, widths measured without escape codes', () => {
    const body = `${'B − A '.repeat(10)}+7.5 pt and 3 regressed`;
    const view = { width: 40, wide: false, explain: false, colour: true };
    const text = renderTerminal({ body, verdict: 'verdict: B better' }, view);
    expect(text).toContain(green('+7.5'));
    expect(text).toContain(red('regressed'));
    const plain = text.replace(/\u001b\[\d+m/g, '');
    expect(plain).toBe(renderTerminal({ body, verdict: 'verdict: B better' }, { ...view, colour: false }));
    for (const line of plain.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(40);
  });
});

describe('no break inside a number and its unit', () => {
  // Sentences as the commands print them: a unit after a number, a relation and its value.
  const SENTENCES = [
    'p = 1.000, not rejected at 5 %); beyond n every interval also spans the moment bounds at 95 % two-sided',
    'answer: B − A = +7.5 pt (95% paired interval [−1.1, +16.7] pt, p = 0.146, 80 tasks) at k = 8 for the runs',
    'plan gate: false FAIL 84.5% ± 1.8 (asked ≤ 5.0%); fix: margin 8.6 pt, or 2 × the tasks: 80 tasks × 5 trials',
  ];
  const together = ['5 %', '95 %', '+7.5 pt', '+16.7] pt', 'k = 8', 'p = 0.146', 'p = 1.000', '± 1.8', '≤ 5.0%', '8.6 pt', '2 ×', '× 5'];

  for (const width of [40, 60, 80]) {
    it(`at ${width} columns no line ends inside one, the words in order, every line within the width`, () => {
      for (const sentence of SENTENCES) {
        const lines = wrapLine(sentence, width);
        for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(width);
        expect(lines.map((line) => line.trim()).join(' ')).toBe(sentence);
        // Each unit stays on the line of its number: found whole in one line.
        for (const unit of together.filter((u) => sentence.includes(u)))
          expect(
            lines.some((line) => line.includes(unit)),
            `${unit} at ${width}`,
          ).toBe(true);
      }
    });
  }

  it('a break that would fall inside "5 %" moves the number to the next line', () => {
    // 12 columns: "rejected at 5" fits 13 — one less, and the break would split "5 %".
    expect(wrapLine('rejected at 5 % level', 13)).toEqual(['rejected at', '  5 % level']);
    expect(wrapLine('at k = 8 now', 7)).toEqual(['at', '  k = 8', '  now']);
  });
});
