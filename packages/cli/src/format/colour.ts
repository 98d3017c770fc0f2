/** ANSI SGR colours (ECMA-48 §8.3.117) for verdicts and signs; the text as it is when colour is off. */
const CODES = { green: 32, red: 31, yellow: 33, bold: 1 } as const;

/** A colour of `paint`. */
export type Colour = keyof typeof CODES;

/** `text` in `colour` when `on` (an SGR sequence and its reset), else as it is. */
export function paint(text: string, colour: Colour, on: boolean): string {
  return on ? `\u001b[${CODES[colour]}m${text}\u001b[0m` : text;
}

/**
 * A verdict line coloured: PASS (and a word of success such as `better`) green, FAIL (and
 * `worse`) red, `WARN` yellow; each signed number (`+3.7`, `−2.1`) green when positive, red when
 * negative. Off: the line as it is.
 */
export function paintVerdict(line: string, on: boolean): string {
  if (!on) return line;
  return line
    .replace(/\b(PASS|better)\b/g, (word) => paint(word, 'green', true))
    .replace(/\b(FAIL|worse)\b/g, (word) => paint(word, 'red', true))
    .replace(/\bWARN\b/g, (word) => paint(word, 'yellow', true))
    .replace(/(^|[\s([])([+−-]\d+(?:\.\d+)?)/g, (_, before: string, number: string) => before + paint(number, number.startsWith('+') ? 'green' : 'red', true));
}
