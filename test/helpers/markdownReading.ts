// A Markdown document as GitHub would read it, for the checks that data in passk's Markdown is inert:
// parsed by micromark with micromark-extension-gfm (CommonMark plus GitHub's tables, autolink
// literals — www., https://, e-mail —, strikethrough, footnotes, task lists and the tag filter),
// an implementation independent of ours that follows the GFM spec GitHub's cmark-gfm implements.
// GitHub's own additions on top of the HTML (@mentions, #123 references) are checked on the text it
// renders, with the patterns GitHub matches (a mention: `@` after the start or a non-word character,
// then a letter or digit — html-pipeline's MentionFilter).
import { micromark, parse, postprocess, preprocess } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { expect } from 'vitest';

/** Tokens that make structure: what data must never add, remove or turn into something else. */
const STRUCTURE = new Set([
  'paragraph',
  'atxHeading',
  'setextHeading',
  'blockQuote',
  'listOrdered',
  'listUnordered',
  'codeFenced',
  'codeIndented',
  'codeText',
  'thematicBreak',
  'htmlFlow',
  'htmlText',
  'definition',
  'table',
  'tableRow',
  'tableHeader',
  'tableData',
  'link',
  'image',
  'autolink',
  'literalAutolink',
  'emphasis',
  'strong',
  'strikethrough',
  'hardBreakEscape',
  'hardBreakTrailing',
  'gfmFootnoteCall',
  'gfmFootnoteDefinition',
  'taskListCheck',
  'mathFlow',
  'mathText',
]);

/** Tokens that must never be in passk's Markdown at all. */
export const NEVER = ['link', 'image', 'autolink', 'literalAutolink', 'definition', 'gfmFootnoteCall', 'gfmFootnoteDefinition', 'codeText', 'codeFenced'];

export interface MarkdownReading {
  /** The structure tokens in document order (`htmlText` with its source, e.g. `htmlText <sub>`). */
  readonly structure: readonly string[];
  /** For each table, the number of cells of each row (the header row first). */
  readonly tables: readonly (readonly number[])[];
  /** The text a reader sees (the rendered HTML without tags, entities decoded). */
  readonly text: string;
}

/** Reads a document with micromark + GFM. */
export function readMarkdown(markdown: string): MarkdownReading {
  const events = postprocess(
    parse({ extensions: [gfm()] })
      .document()
      .write(preprocess()(markdown, undefined, true)),
  );
  const structure: string[] = [];
  const tables: number[][] = [];
  let cells = -1;
  for (const [kind, token] of events) {
    // A string: the GFM token names (table, tableRow, …) are typed only where that extension's types are loaded.
    const type: string = token.type;
    if (kind === 'enter' && STRUCTURE.has(type)) {
      structure.push(type === 'htmlText' || type === 'htmlFlow' ? `${type} ${markdown.slice(token.start.offset, token.end.offset)}` : type);
    }
    if (type === 'table' && kind === 'enter') tables.push([]);
    if (type === 'tableRow' && kind === 'enter') cells = 0;
    if ((type === 'tableHeader' || type === 'tableData') && kind === 'enter') cells++;
    if (type === 'tableRow' && kind === 'exit') tables[tables.length - 1]!.push(cells);
  }

  const html = micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
  const text = html
    .replace(/<[^>]*>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
  return { structure, tables, text };
}

/**
 * What in a rendered text GitHub would turn into a link or a notification: a mention (`@user`,
 * `@org/team`), an issue reference (`#12`), an autolink literal it would still find there
 * (`https://`, `www.`), or an e-mail address. Returns the first match, or null.
 */
export function liveReference(text: string): string | null {
  const patterns = [/(?:^|[^A-Za-z0-9_])@[A-Za-z0-9]/, /#\d/, /[a-z]:\/\//i, /www\./i, /[A-Za-z0-9.+_-]@[A-Za-z0-9_-]+\.[A-Za-z0-9_-]/];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return null;
}

/**
 * What in raw output a terminal or a CI log would act on: a control character (C0 but LF, DEL, C1,
 * U+2028/U+2029, the bidirectional controls), a line that starts with `::` after white space (a
 * GitHub Actions workflow command) or a legacy `##[` command anywhere. Returns what was found, or null.
 */
export function liveInLog(output: string): string | null {
  const control = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.exec(output);
  if (control) return `control character U+${control[0].charCodeAt(0).toString(16).padStart(4, '0')}`;
  const command = output.split('\n').find((line) => /^\s*::/.test(line));
  if (command !== undefined) return `workflow command line: ${command.slice(0, 60)}`;
  if (output.includes('##[')) return 'legacy workflow command ##[';
  return null;
}

/** GitHub's limit on a comment's body, in characters (its error: "Body is too long (maximum is 65536 characters)"). */
export const GITHUB_COMMENT_LIMIT = 65_536;

/**
 * The structure of a plain document, parsed once: the tests compare every attack with the same few
 * plain outputs, and parsing them again was half the parsing (micromark with GFM takes milliseconds
 * per kilobyte).
 */
const PLAIN_STRUCTURES = new Map<string, readonly string[]>();
function plainStructure(plain: string): readonly string[] {
  let structure = PLAIN_STRUCTURES.get(plain);
  if (structure === undefined) {
    structure = readMarkdown(plain).structure;
    if (PLAIN_STRUCTURES.size < 64) PLAIN_STRUCTURES.set(plain, structure);
  }
  return structure;
}

/**
 * Checks that Markdown made from hostile data is inert: the structure of the same output made from
 * plain data (`plain`), no link, image, autolink, definition, footnote or code from the data, every
 * table row as many cells as its header, nothing GitHub would link or notify in the text shown,
 * nothing a terminal or the Actions runner would act on, and within GitHub's comment limit.
 */
export function expectInertMarkdown(markdown: string, plain: string, context = markdown): void {
  const reading = readMarkdown(markdown);
  expect(reading.structure, context).toEqual(plainStructure(plain));
  for (const token of NEVER) expect(reading.structure, context).not.toContain(token);
  for (const table of reading.tables) expect(new Set(table).size, context).toBe(1);
  expect(liveReference(reading.text), context).toBeNull();
  expect(liveInLog(markdown), context).toBeNull();
  expect(markdown.length, context).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
}
