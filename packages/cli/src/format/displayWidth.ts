/**
 * The East Asian Wide (W) and Fullwidth (F) characters of Unicode Standard Annex #11, "East Asian
 * Width" (https://www.unicode.org/reports/tr11/), by the main blocks of its data file
 * EastAsianWidth.txt: Hangul Jamo, the CJK radicals, punctuation, kana and ideographs, Yi, Hangul
 * syllables, the compatibility ideographs and forms, the fullwidth forms, the emoji blocks and the
 * ideographs of planes 2 and 3. Inclusive code point ranges.
 */
const WIDE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f], // Hangul Jamo (leading consonants)
  [0x2e80, 0x303e], // CJK radicals, Kangxi radicals, ideographic description, CJK symbols and punctuation
  [0x3041, 0x33ff], // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, enclosed and compatibility
  [0x3400, 0x4dbf], // CJK unified ideographs extension A
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xa000, 0xa4cf], // Yi syllables and radicals
  [0xac00, 0xd7a3], // Hangul syllables
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfe30, 0xfe4f], // CJK compatibility forms
  [0xff00, 0xff60], // fullwidth forms
  [0xffe0, 0xffe6], // fullwidth signs
  [0x1f300, 0x1f64f], // miscellaneous symbols and pictographs, emoticons
  [0x1f900, 0x1f9ff], // supplemental symbols and pictographs
  [0x20000, 0x2fffd], // CJK ideographs of plane 2
  [0x30000, 0x3fffd], // CJK ideographs of plane 3
];

const WIDE_CLASS = WIDE_RANGES.map(([first, last]) => `\\u{${first.toString(16)}}-\\u{${last.toString(16)}}`).join('');
/** One code point that takes two columns. */
const WIDE = new RegExp(`[${WIDE_CLASS}]`, 'u');
/** One code point that takes none: a combining mark (nonspacing Mn, enclosing Me) or the zero width joiner. */
const ZERO_WIDTH = /[\p{Mn}\p{Me}\u200d]/u;
/** Any code point that does not take exactly one column (text without one is counted by its code points). */
const NOT_ONE_COLUMN = new RegExp(`[${WIDE_CLASS}\\p{Mn}\\p{Me}\\u200d]`, 'u');

/**
 * The columns `text` takes in a monospaced terminal, for aligning text tables: East Asian Wide and
 * Fullwidth characters (Unicode Standard Annex #11, https://www.unicode.org/reports/tr11/; the
 * ranges above) count 2, combining marks (general category Mn or Me) and the zero width joiner
 * (U+200D) 0, every other code point 1 — Ambiguous characters ("—", "±", "≥", "─") as narrow, as
 * UAX #11 advises outside East Asian legacy contexts. A mark inside a wide range (the kana voicing
 * marks U+3099–U+309A, the ideographic tone marks U+302A–U+302D) counts 0: it combines with the
 * character before it.
 * Example: displayWidth('模型-甲') = 7, displayWidth('e\u0301') = 1, displayWidth('≥ 5 %') = 5.
 */
export function displayWidth(text: string): number {
  if (!NOT_ONE_COLUMN.test(text)) return codePoints(text);
  let width = 0;
  for (const char of text) width += ZERO_WIDTH.test(char) ? 0 : WIDE.test(char) ? 2 : 1;
  return width;
}

/** Code points in `text` (a surrogate pair is one). */
function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one: one code point in two units.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}
