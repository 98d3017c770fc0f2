/** ANSI SGR colours (ECMA-48 §8.3.117) for verdicts and signs; the text as it is when colour is off. */
const CODES = { green: 32, red: 31, yellow: 33, bold: 1 } as const;

/** A colour of `paint`. */
export type Colour = keyof typeof CODES;

/** `text` in `colour` when `on` (an SGR sequence and its reset), else as it is. */
export function paint(text: string, colour: Colour, on: boolean): string {
  return on ? `\u001b[${CODES[colour]}m${text}\u001b[0m` : text;
}

/** Words that carry a verdict, and their colour: success green, failure red, caution yellow. */
const WORDS: ReadonlyArray<readonly [RegExp, Colour]> = [
  [/(?<![\w-])(PASS|better|improved|fixed)(?![\w-])/g, 'green'],
  [/(?<![\w-])(FAIL|worse|worsened|regressed)(?![\w-])/g, 'red'],
  [/(?<![\w-])(WARN|warning|UNPAIRED)(?![\w-])/g, 'yellow'],
];

/**
 * A signed difference as passk writes them (`formatPoints`: an explicit `+` or a true minus `−`,
 * U+2212, then a digit; a raw value such as `logLik -78.9` has an ASCII hyphen and is left alone),
 * at the start of a word.
 */
const SIGNED = /(^|[\s(])([+−]\d+(?:[.,]\d+)*)/g;

/**
 * Terminal text coloured where colour carries meaning (on a TTY or with FORCE_COLOR; `on` false: the
 * text as it is): the verdict words PASS, better, improved, fixed green; FAIL, worse, worsened,
 * regressed red; WARN, warning, UNPAIRED yellow; a signed difference (`+3.7`, `−2.1`) green when
 * positive, red when negative, except the bounds of an interval (`[−1.3, +8.8]`: an interval's sign
 * is not a verdict). Applied after the layout, so widths are measured without escape codes, and
 * only SGR codes are added: stripping them gives the text back.
 */
export function paintSigns(text: string, on: boolean): string {
  if (!on) return text;
  return text
    .split('\n')
    .map((line) => paintLine(line))
    .join('\n');
}

function paintLine(line: string): string {
  let out = '';
  // Outside brackets: a line's text between `[` … `]` is an interval and keeps its signs plain.
  for (const piece of line.split(/(\[[^\]\n]*\]?)/)) {
    if (piece.startsWith('[')) {
      out += piece;
      continue;
    }
    let painted = piece.replace(SIGNED, (_, before: string, number: string) => before + paint(number, number.startsWith('+') ? 'green' : 'red', true));
    for (const [pattern, colour] of WORDS) painted = painted.replace(pattern, (word) => paint(word, colour, true));
    out += painted;
  }
  return out;
}

/**
 * A verdict line coloured as `paintSigns` colours text (PASS and `better` green, FAIL and `worse`
 * red, `WARN` yellow, signed numbers outside intervals by their sign). Off: the line as it is.
 */
export function paintVerdict(line: string, on: boolean): string {
  return paintSigns(line, on);
}
