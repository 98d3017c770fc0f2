import { visibleControls } from './visibleControls.js';

/**
 * Data (a task id, a run or model name, a file name, a value from a log) as text for the terminal
 * and for a CI log: its control characters shown as visible escapes (`visibleControls`: ESC as
 * `\x1b`, CR as `\r`, LF as `\n`, …), so it can neither colour, move the cursor, erase a line nor
 * start a new one; and no GitHub Actions workflow command: the runner takes a line that starts with
 * `::` after leading white space, and a legacy `##[command]` anywhere in a line
 * (actions/runner, ActionCommand.cs), so a leading `:` is written `\x3a` (also a single one: our
 * text after it may begin with `:`, as in `name: …`) and every `##[` as `#\x23[`.
 * Nothing is cut: the JSON output has every value as read.
 * Examples: "t\u001b[31m1" → "t\\x1b[31m1"; "x\n::error title=a::b" → "x\\n::error title=a::b" (one line);
 * "::error::b" → "\\x3a:error::b"; ":" → "\\x3a"; "a ##[error]b" → "a #\\x23[error]b".
 */
export function terminalText(data: string | number): string {
  const text = visibleControls(String(data));
  const noLegacy = text.includes('##[') ? text.replaceAll('##[', '#\\x23[') : text;
  return LEADING_COLON.test(noLegacy) ? noLegacy.replace(LEADING_COLON, '$1\\x3a') : noLegacy;
}

/** A `:` after leading white space (.NET's TrimStart: any Unicode white space). */
const LEADING_COLON = /^(\s*):/;
