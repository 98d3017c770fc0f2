// Hostile strings for the property tests of passk's outputs (issue 43): pieces of attacks on
// GitHub-flavoured Markdown, HTML, GitHub's mentions and references, GitHub Actions workflow
// commands and terminals, run together, with single characters that mean something in one of them,
// arbitrary code points (lone surrogates included) and now and then a very long string.
import fc from 'fast-check';

/** Pieces of attacks: GitHub markup, HTML, workflow commands, control characters. */
const ATTACKS = [
  '@octocat',
  '@org/team',
  'x@evil.co',
  '![x](https://e.vil/px.png)',
  '[PASS](https://e.vil)',
  '[x][y]',
  '[^1]',
  '[x]: https://e.vil',
  '<https://e.vil>',
  '<a@b>',
  '<img src=x onerror=alert(1)>',
  '<!--',
  '-->',
  '</sub>',
  '<sub>',
  '<details>',
  '### forged',
  '# h',
  '\n### forged',
  '\n# PASS\n',
  '| a | b |',
  '|',
  '\n| --- |\n',
  '\n::error title=forged::pwned',
  '::error::x',
  ' ::warning file=a::x',
  '##[error]x',
  '##[stop-commands]tok',
  '\u001b[31mred\u001b[0m',
  '\u001b]8;;https://e.vil\u0007link\u001b]8;;\u0007',
  '\r',
  '\r\n',
  '\n',
  '\t',
  '\u0000',
  '\u0085',
  '\u009b2J',
  '\u2028',
  '\u202e',
  'https://evil.example',
  'www.evil.com',
  'HTTP://EVIL.COM',
  'mailto:a@b.co',
  '&#64;octocat',
  '&lt;img&gt;',
  '&amp;',
  '#12',
  '`code`',
  '```',
  '~~~',
  '**bold**',
  '_em_',
  '~~s~~',
  '$x$',
  '\\',
  '\\|',
  '- item',
  '* item',
  '+ item',
  '1. item',
  '1) item',
  '> quote',
  '===',
  '---',
  '    code',
  '- [ ] task',
  '  ',
];

/** Single characters with a meaning somewhere in Markdown, HTML, GFM or a terminal. */
const CHARACTERS = [...'@#[]()<>!|\\`*_~&;:/.=-+$^{}"\'\n\r\t\u001b 1aw'];

const piece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ATTACKS) },
  { weight: 3, arbitrary: fc.constantFrom(...CHARACTERS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
);

/** A hostile string: attack pieces run together, now and then a very long one. */
export const hostile: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 12, arbitrary: fc.array(piece, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join('')) },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(200_000), '@a '.repeat(20_000), '\u001b'.repeat(5000), '[x](https://e.vil)'.repeat(3000)) },
  )
  .filter((text) => text.trim() !== '');
