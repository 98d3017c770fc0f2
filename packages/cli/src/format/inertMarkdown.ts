import { visibleControls } from './visibleControls.js';

/** The most characters a value or table cell shows in Markdown: longer ones end in "…" at this length. */
export const MARKDOWN_VALUE_CAP = 100;

/** A zero-width space, as an entity: GitHub's mentions, references and autolinks do not match across it, and it shows as nothing. */
const BREAK = '&#8203;';

export interface InertMarkdownOptions {
  /** Longest value shown, in characters (default `MARKDOWN_VALUE_CAP`). */
  readonly cap?: number;
  /**
   * Whether the value may begin a line (default true): then a leading `-`, `+`, `=`, `>`, `:`, `[`,
   * `#` or `1.` is escaped too. Table cells (after `| `) never do.
   */
  readonly lineStart?: boolean;
}

/**
 * Data (a task id, a run or model name, `--name`, a file name, a value from a log) as inert
 * GitHub-flavoured Markdown text: it renders as the characters it holds, whatever it holds, inside
 * a line, a heading, bold text, `<sub>` or a table cell. The one escape every Markdown output
 * (`compare`, `estimate`, `gate` and `$GITHUB_STEP_SUMMARY`) puts data through; `markdownTable`
 * puts every cell through it.
 *
 * - Control characters are shown as in the terminal (`visibleControls`: `\x1b`, `\r`, `\n`, …), so
 *   no value can end a line, a table row or a block; then the value is cut to `cap` characters
 *   ("…" last).
 * - No HTML, no autolink in angle brackets: `<` is `&lt;` (but for `<` before white space, a
 *   digit or `=` with no `@` after it: `<0.1%`, `<= 0.5` cannot open a tag or an autolink), and
 *   `&` is `&amp;` (so `&#64;` stays text); `>` at a line start is `&gt;` (no block quote).
 * - No link or image: `]` before `(` or `[` is `\]`. (Every `[` of our own text is closed by our
 *   own `]` before any data follows, and no value can define a reference: see the line start.)
 * - White space at either end is a character reference (`&#32;`): kept, and it cannot end `**`
 *   bold or let a heading drop a trailing ` #`.
 * - No emphasis, code, strikethrough, math or table break: `\`, `` ` ``, `*`, `~`, `$` and `|` are
 *   backslash-escaped, `_` too unless between letters or digits (`my_task_id` stays as it is).
 * - No mention, issue reference or autolink literal (GFM's `www.`, `https://`, e-mail): a
 *   zero-width space (`&#8203;`, the entity GitHub users insert by hand) after an `@` that could
 *   start a mention (at the start or after a character other than a letter, digit or `_`, before a
 *   letter or digit) or an e-mail address (before `name.`); after a `#` before a digit, `#` or `[`
 *   (so also no `##[`, the runner's legacy command, anywhere in a line), or ending the value after
 *   white space (a heading's closing `#`); after `:` before `/`; and between `www` and `.`.
 *   `pass@k` and `delta(passHat@2)` stay as they are.
 * - At a line start (`lineStart`), also of a paragraph: no heading, list, block quote, setext
 *   underline, reference definition or workflow command: a leading `#` gets the zero-width space,
 *   a leading `-`, `+`, `=`, `[` or `:` (the `::` of `::error`) and the `.` or `)` after leading
 *   digits are backslash-escaped.
 *
 * Example: "@octocat [PASS](https://x.io) <img src=x>" →
 * "@&#8203;octocat [PASS\\](https:&#8203;//x.io) &lt;img src=x>", shown as "@octocat [PASS](https://x.io) <img src=x>".
 */
export function inertMarkdown(data: string | number, options: InertMarkdownOptions = {}): string {
  const text = shortened(String(data), options.cap ?? MARKDOWN_VALUE_CAP);
  const lead = text.length - text.trimStart().length;
  const tail = Math.max(lead, text.trimEnd().length);
  let out = '';
  let i = 0;
  for (; i < lead; i++) out += reference(text, i);
  const head = i < tail && options.lineStart !== false ? leading(text, i) : null;
  if (head !== null) {
    out += head.shown;
    i += head.length;
  }
  for (; i < tail; i++) out += escaped(text, i);
  for (; i < text.length; i++) out += reference(text, i);
  return out;
}

/** White space at either end as a character reference: kept, and never taken for the space that ends `**` or a heading. */
function reference(text: string, i: number): string {
  return `&#${text.charCodeAt(i)};`;
}

/** The value with visible control characters, cut to `cap` characters with "…" last (never inside an escape). */
function shortened(data: string, cap: number): string {
  const pieces: string[] = [];
  let length = 0;
  for (const char of data) {
    const piece = visibleControls(char);
    pieces.push(piece);
    length += characters(piece);
    if (length > cap) {
      while (length > cap - 1) length -= characters(pieces.pop()!);
      return `${pieces.join('')}…`;
    }
  }
  return pieces.join('');
}

/** Characters (code points) of a piece: one for a character, the length of an escape. */
function characters(piece: string): number {
  return piece.length === 2 && piece.charCodeAt(0) >= 0xd800 && piece.charCodeAt(0) <= 0xdbff ? 1 : piece.length;
}

/** The escape of the start of a value at a line start (what it shows, and how many characters it stands for), or null when the rules inside a line are enough. */
function leading(text: string, i: number): { readonly shown: string; readonly length: number } | null {
  const char = text[i]!;
  if (char === '-' || char === '+' || char === '=' || char === ':' || char === '[') return { shown: `\\${char}`, length: 1 };
  if (char === '>') return { shown: '&gt;', length: 1 };
  if (char === '#') return { shown: `#${BREAK}`, length: 1 };
  // An ordered-list marker (`1.`, `2)`): the digits as they are, the `.` or `)` escaped.
  const marker = /^\d{1,9}[.)]/.exec(text.slice(i, i + 10));
  if (marker) return { shown: `${marker[0].slice(0, -1)}\\${marker[0].slice(-1)}`, length: marker[0].length };
  return null;
}

const BACKSLASHED = new Set(['\\', '`', '*', '~', '$', '|']);
const WORD = /[\p{L}\p{N}]/u;
const MENTION_BEFORE = /[A-Za-z0-9_]/;
const ALNUM = /[A-Za-z0-9]/;
/** What follows the @ of an e-mail autolink: a domain label, possibly empty (micromark links `a@.b`), then a dot. */
const EMAIL_DOMAIN = /^[A-Za-z0-9_-]*\./;

/** The escape of one character inside a line. */
function escaped(text: string, i: number): string {
  const char = text[i]!;
  const next = text[i + 1] ?? '';
  if (BACKSLASHED.has(char)) return `\\${char}`;
  switch (char) {
    case '_':
      return intraword(text, i) ? '_' : '\\_';
    case '&':
      return '&amp;';
    case '<':
      return /^[\s\d=]$/.test(next) && !text.includes('@', i) ? '<' : '&lt;';
    case ']':
      return next === '(' || next === '[' ? '\\]' : ']';
    case '#':
      return /^[\d#[]$/.test(next) || closingSequence(text, i) ? `#${BREAK}` : '#';
    case '@': {
      const mention = (i === 0 || !MENTION_BEFORE.test(text[i - 1]!)) && ALNUM.test(next);
      return mention || EMAIL_DOMAIN.test(text.slice(i + 1, i + 258)) ? `@${BREAK}` : '@';
    }
    case ':':
      return next === '/' ? `:${BREAK}` : ':';
    case '.':
      return i >= 3 && text.slice(i - 3, i).toLowerCase() === 'www' ? `${BREAK}.` : '.';
    default:
      return char;
  }
}

/** Whether the `#` at i ends the value in a run of `#` after white space or the start: a heading's closing sequence, which GFM drops. */
function closingSequence(text: string, i: number): boolean {
  if (i !== text.length - 1) return false;
  let start = i;
  while (start > 0 && text[start - 1] === '#') start--;
  return start === 0 || /\s/.test(text[start - 1]!);
}

/** Whether the run of `_` around i lies between letters or digits, where it can neither open nor close emphasis. */
function intraword(text: string, i: number): boolean {
  let start = i;
  while (start > 0 && text[start - 1] === '_') start--;
  let end = i;
  while (end < text.length && text[end] === '_') end++;
  return start > 0 && end < text.length && WORD.test(text[start - 1]!) && WORD.test(text[end]!);
}
