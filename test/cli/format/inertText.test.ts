import { describe, expect, it } from 'vitest';
import { COMMENT_LIMIT, withinCommentLimit } from '../../../packages/cli/src/format/commentLimit.js';
import { inertMarkdown, MARKDOWN_VALUE_CAP } from '../../../packages/cli/src/format/inertMarkdown.js';
import { terminalText } from '../../../packages/cli/src/format/terminalText.js';
import { visibleControls } from '../../../packages/cli/src/format/visibleControls.js';
import { liveReference, readMarkdown } from '../../helpers/markdownReading.js';
import { checkInertPlaces } from './inertPlaces.js';

// Worked examples of the two escapes of data (issue 43). Expected strings are written out by hand
// from the rules in each doc comment; what they must achieve is checked independently: in Markdown
// by parsing with micromark + GFM (test/helpers/markdownReading.ts), on the terminal by the
// characters and line starts the GitHub Actions runner acts on (actions/runner ActionCommand.cs:
// `::` after TrimStart, `##[` anywhere).

describe('visibleControls: control characters written as a JavaScript string literal writes them', () => {
  it.each([
    ['ESC, then a CSI sequence', 'a\u001b[2Jb', 'a\\x1b[2Jb'],
    ['LF, CR, TAB', 'a\nb\rc\td', 'a\\nb\\rc\\td'],
    ['NUL, DEL, NEL and the 8-bit CSI (C1)', '\u0000\u007f\u0085\u009b', '\\x00\\x7f\\x85\\x9b'],
    ['line and paragraph separators, bidirectional override and isolate', '\u2028\u2029\u202e\u2066', '\\u2028\\u2029\\u202e\\u2066'],
    ['a lone surrogate (a valid JSON escape)', 'a\ud800b\udc00', 'a\\ud800b\\udc00'],
  ])('%s', (_, text, shown) => {
    expect(visibleControls(text)).toBe(shown);
  });

  it('keeps ordinary text as it is: letters, CJK, emoji (a surrogate pair), backslashes, no-break space', () => {
    for (const text of ['HumanEval/0', '模型-甲 한글', 'ok 👍 𠀀', 'C:\\runs\\a.csv', 'a\u00a0b', 'é', '']) expect(visibleControls(text)).toBe(text);
  });
});

describe('terminalText: data as one line that no terminal or CI runner acts on', () => {
  it.each([
    ['a colour sequence', 't\u001b[31m1', 't\\x1b[31m1'],
    ['a line feed before a forged annotation stays one line', 'x\n::error title=a::b', 'x\\n::error title=a::b'],
    ['a carriage return that would erase the line', 'ok\rFAIL', 'ok\\rFAIL'],
    ['a leading workflow command', '::error::b', '\\x3a:error::b'],
    ['after white space too (the runner trims it)', '  ::warning::b', '  \\x3a:warning::b'],
    ['the legacy command anywhere in the line', 'a ##[error]b', 'a #\\x23[error]b'],
    ['three hashes', '###[stop-commands]t', '##\\x23[stop-commands]t'],
    ['a single leading colon (our "name: " after it would make two)', ':', '\\x3a'],
  ])('%s', (_, data, shown) => {
    expect(terminalText(data)).toBe(shown);
  });

  it('keeps ids as they are: a Rust test path, a C# name, an issue-like id, a number', () => {
    for (const data of ['tests::unit::parse', 'C# [x]', '#12 fix', 'django__django-11099']) expect(terminalText(data)).toBe(data);
    expect(terminalText(42)).toBe('42');
  });
});

describe('inertMarkdown: data as inert GitHub-flavoured Markdown text', () => {
  it.each([
    ['a mention', '@octocat', '@&#8203;octocat'],
    ['an e-mail autolink whose domain label is empty (fast-check found it)', '@octocat@.a@octocat', '@&#8203;octocat@&#8203;.a@octocat'],
    ['a team mention', 'see @org/team', 'see @&#8203;org/team'],
    ['an e-mail address (GFM autolink)', 'x@y.co', 'x@&#8203;y.co'],
    ['a link and an autolink literal', 'see [PASS](https://x.io)', 'see [PASS\\](https:&#8203;//x.io)'],
    ['a reference definition at a line start', '[x]: https://x.io', '\\[x]: https:&#8203;//x.io'],
    ['an image', '![x](https://e.vil/p.png)', '![x\\](https:&#8203;//e.vil/p.png)'],
    ['a www. autolink literal', 'www.evil.com', 'www&#8203;.evil.com'],
    ['HTML', '<img src=x>', '&lt;img src=x>'],
    ['an HTML comment and a closing tag', '<!-- </sub>', '&lt;!-- &lt;/sub>'],
    ['an entity that would decode to @', '&#64;octocat', '&amp;#&#8203;64;octocat'],
    ['an issue reference', 'fixes #12', 'fixes #&#8203;12'],
    ['a heading at a line start', '### forged', '#&#8203;#&#8203;# forged'],
    ['a pipe and a backslash', 'a|b\\', 'a\\|b\\\\'],
    ['a line feed before a forged annotation', 'x\n::error title=a::b', 'x\\\\n::error title=a::b'],
    ['a leading workflow command', '::error::x', '\\::error::x'],
    ['the legacy command', '##[error]x', '#&#8203;#&#8203;[error]x'],
    ['ESC', 'a\u001b[31m', 'a\\\\x1b[31m'],
    ['emphasis, code, strikethrough, math', '*a* `b` ~c~ $d$', '\\*a\\* \\`b\\` \\~c\\~ \\$d\\$'],
    ['underscores that can emphasise', '__init__ _x_', '\\_\\_init\\_\\_ \\_x\\_'],
    ['a list item at a line start', '- item', '\\- item'],
    ['an ordered list item at a line start', '12) item', '12\\) item'],
    ['a block quote at a line start', '> q', '&gt; q'],
    ['a setext underline at a line start', '===', '\\==='],
    ['white space at either end (it would end ** bold)', ' @octocat\u00a0', '&#32;@&#8203;octocat&#160;'],
    ['a trailing hash (a heading would drop it)', 'x #', 'x #&#8203;'],
  ])('%s', (_, data, shown) => {
    expect(inertMarkdown(data)).toBe(shown);
  });

  it('keeps our own cells and ordinary ids as they are', () => {
    const cells = [
      'pass@k',
      'delta(passHat@2) >= 0.10',
      '[−5.7, +21.1] pt',
      '[12.3%, 45.6%]',
      '<0.1%',
      '>99.9%',
      'pass@1 <= 0.5',
      'p (Holm)',
      'B − A',
      '≈0.165',
    ];
    // A table cell never begins a line (it follows `| `).
    for (const text of cells) expect(inertMarkdown(text, { lineStart: false })).toBe(text);
    const ids = ['my_task_id', 'django__django-11099', 'HumanEval/0', 'gpt-4o', 'small-a.csv', 'tests::unit::parse', 'C#', '模型-甲', 'pass@k', '<0.1%'];
    for (const text of ids) expect(inertMarkdown(text)).toBe(text);
    // Where a value may begin a line, a leading > or [ is escaped: no block quote, no reference definition.
    expect(inertMarkdown('>99.9%')).toBe('&gt;99.9%');
    expect(inertMarkdown('[1, 2]')).toBe('\\[1, 2]');
  });

  it(`cuts a value at ${MARKDOWN_VALUE_CAP} characters, "…" last, never inside an escape`, () => {
    expect(inertMarkdown('x'.repeat(1_000_000))).toBe(`${'x'.repeat(MARKDOWN_VALUE_CAP - 1)}…`);
    expect(inertMarkdown('x'.repeat(MARKDOWN_VALUE_CAP))).toBe('x'.repeat(MARKDOWN_VALUE_CAP));
    // 26 ESC are 104 characters as \x1b: 24 of them (96) and the ellipsis fit in 100.
    expect(inertMarkdown('\u001b'.repeat(26))).toBe(`${'\\\\x1b'.repeat(24)}…`);
    expect(inertMarkdown('ab', { cap: 1 })).toBe('…');
  });

  it('renders as the characters it holds (micromark + GFM), and GitHub finds nothing to link or notify in them', () => {
    const data = '@octocat [PASS](https://x.io) ![i](https://e.vil/p.png) <img src=x> www.e.vil a@b.co #1 `c` *e* | x';
    const reading = readMarkdown(
      `| run |\n| :--- |\n| ${inertMarkdown(data, { lineStart: false })} |\n\n**${inertMarkdown(data)}** and <sub>${inertMarkdown(data)}</sub>`,
    );
    expect(reading.structure).toEqual([
      'table',
      'tableRow',
      'tableHeader',
      'tableRow',
      'tableData',
      'paragraph',
      'strong',
      'htmlText <sub>',
      'htmlText </sub>',
    ]);
    expect(reading.tables).toEqual([[1, 1]]);
    // What is shown is the data, with zero-width spaces where a mention, reference or autolink would start.
    expect(reading.text.replaceAll('\u200b', '')).toContain(data);
    expect(liveReference(reading.text)).toBeNull();
  });
});

describe("inertMarkdown, property: hostile data in every place passk's Markdown puts it (fast-check, parsed by micromark + GFM)", () => {
  // 100 runs here (the fixed seed); inertText.slow.test.ts draws 500 more from the next seed.
  it('inertMarkdown in every place our Markdown puts data: a paragraph start, a line start, bold, a heading, <sub>, a table cell', () => {
    checkInertPlaces(100);
  });
});

describe('withinCommentLimit: the whole document within GitHub comment limit', () => {
  it('leaves a document within the limit as it is', () => {
    const markdown = '### a\n\n| k |\n| ---: |\n| 1 |\n';
    expect(withinCommentLimit(markdown)).toBe(markdown);
  });

  it('keeps whole lines, then says what was cut', () => {
    // Long rows: past the limit in 1 200 rows (parsing a table takes time per row and cell).
    const row = `| ${'1'.repeat(20)} | ${'2'.repeat(20)} | ${'3'.repeat(20)} |`;
    const markdown = `**lead**\n\n| a | b | c |\n| ---: | ---: | ---: |\n${Array.from({ length: 1200 }, () => row).join('\n')}\n`;
    const cut = withinCommentLimit(markdown);
    expect(markdown.length).toBeGreaterThan(COMMENT_LIMIT);
    expect(cut.length).toBeLessThan(COMMENT_LIMIT);
    const [kept, note] = cut.split('\n\n**passk: cut here: ');
    expect(markdown.startsWith(`${kept!}\n`)).toBe(true);
    expect(note).toMatch(
      new RegExp(`^the last [\\d,]+ characters of ${markdown.length.toLocaleString('en-US')} left out, to stay within GitHub's limit of 65,536 characters`),
    );
    expect(readMarkdown(cut).tables[0]!.every((cells) => cells === 3)).toBe(true);
  });
});
