/**
 * Text with its control characters written as visible escapes, as a JavaScript string literal
 * writes them: LF `\n`, CR `\r`, TAB `\t`; every other C0 control, DEL and C1 control `\xHH` (ESC
 * `\x1b`, NEL `\x85`, CSI `\x9b`); the characters that break or reorder lines without being
 * controls, U+2028, U+2029 and the bidirectional marks and overrides (U+061C, U+200E, U+200F,
 * U+202A–U+202E, U+2066–U+2069), `\uHHHH`; and a lone surrogate (valid in a JSON string, not in
 * UTF-8) `\uHHHH`. Everything else, backslashes included, is kept as it is, so an ordinary id reads
 * the same and only what would move the cursor, erase, colour, reorder or break a line is shown.
 * The one visible form of control characters in data, on the terminal (`terminalText`) and in
 * Markdown (`inertMarkdown`).
 * Example: "a\u001b[2Jb\nc" → "a\\x1b[2Jb\\nc" (shown as a\x1b[2Jb\nc).
 */
export function visibleControls(text: string): string {
  let out = '';
  let kept = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let shown: string | null = null;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) shown = SHORT[code] ?? `\\x${hex(code, 2)}`;
    else if (code < 0x61c) continue;
    else if (code === 0x61c || code === 0x200e || code === 0x200f || (code >= 0x2028 && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) {
      shown = `\\u${hex(code, 4)}`;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        i++; // a pair: one character beyond U+FFFF
        continue;
      }
      shown = `\\u${hex(code, 4)}`;
    } else continue;
    out += text.slice(kept, i) + shown;
    kept = i + 1;
  }
  return kept === 0 ? text : out + text.slice(kept);
}

/** Tab, line feed and carriage return by their codes (9, 10, 13). */
const SHORT: Readonly<Record<number, string>> = { 9: '\\t', 10: '\\n', 13: '\\r' };

function hex(code: number, digits: number): string {
  return code.toString(16).padStart(digits, '0');
}
