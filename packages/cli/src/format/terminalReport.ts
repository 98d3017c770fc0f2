import { paintVerdict } from './colour.js';
import { layoutText, wrapLine } from './terminalLayout.js';
import type { TerminalView } from './terminalView.js';

/**
 * A command's text output in its parts, in the order they are printed: the answer and its tables
 * first, the method notes (only with `--explain`), warnings, and last one verdict line a user can
 * grep (like a test runner's summary).
 */
export interface TerminalReport {
  /** The answer, the tables and what was read, as the command words them. */
  readonly body: string;
  /** How the numbers were computed (papers, interval methods): printed with `--explain`. */
  readonly notes?: readonly string[];
  /** Cautions the reader should see before the verdict (a gate's design check). */
  readonly warnings?: readonly string[];
  /** The last line: `<command>: <answer>` in one line. */
  readonly verdict: string;
}

/**
 * The report as terminal text laid out for `view` (`layoutText`: compact or wide tables that fit,
 * prose wrapped at the width), the verdict last and coloured when the view has colour. Without
 * `--explain` the notes are replaced by one line saying where they are.
 */
export function renderTerminal(report: TerminalReport, view: TerminalView): string {
  const parts = [report.body.replace(/\n+$/, '')];
  const notes = report.notes ?? [];
  if (notes.length > 0) parts.push(view.explain ? notes.join('\n') : 'method notes: add --explain (they are also in --json)');
  if (report.warnings && report.warnings.length > 0) parts.push(report.warnings.join('\n'));
  const text = layoutText(parts.join('\n\n'), view.width, view.wide);
  const verdict = wrapLine(report.verdict, view.width).map((line) => paintVerdict(line, view.colour));
  return `${text}\n\n${verdict.join('\n')}\n`;
}
