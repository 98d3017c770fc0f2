import { paintSigns, paintVerdict } from './colour.js';
import { layoutText, wrapLine } from './terminalLayout.js';
import type { TerminalView } from './terminalView.js';

/** A piece of a command's body: its text as written (with its own line breaks); `wide`: printed only with `--wide`. */
export interface TerminalPart {
  /** The text, printed as it is between the parts before and after it. */
  readonly text: string;
  /** A table or section most readers do not need for the answer: shown only with `--wide`. */
  readonly wide?: boolean;
}

/**
 * A command's text output in its parts, in the order they are printed: the answer and its tables
 * first, the method notes (only with `--explain`), warnings, and last one verdict line a user can
 * grep (like a test runner's summary).
 */
export interface TerminalReport {
  /**
   * The answer, the tables and what was read, as the command words them: one text, or parts
   * concatenated in order, those marked `wide` left out of the compact view (one screen).
   */
  readonly body: string | readonly TerminalPart[];
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
 * `--wide` the parts marked `wide` are left out, and without `--explain` the notes; one line says
 * how to see them. With colour, signs and verdict words in the body and warnings are coloured too
 * (`paintSigns`), after the layout, so widths are measured without escape codes.
 */
export function renderTerminal(report: TerminalReport, view: TerminalView): string {
  const parts = bodyParts(report);
  const shown = parts.filter((part) => view.wide || part.wide !== true);
  const hidden = parts.length - shown.length;
  const sections = [
    shown
      .map((part) => part.text)
      .join('')
      .replace(/\n+$/, ''),
  ];
  const notes = report.notes ?? [];
  const more = [
    ...(notes.length > 0 && !view.explain ? ['method notes: add --explain (they are also in --json)'] : []),
    ...(hidden > 0 ? [`${hidden} more ${hidden === 1 ? 'section' : 'sections'} and every column: add --wide`] : []),
  ];
  if (notes.length > 0 && view.explain) sections.push(notes.join('\n'));
  if (more.length > 0) sections.push(more.join('\n'));
  if (report.warnings && report.warnings.length > 0) sections.push(report.warnings.join('\n'));
  const text = layoutText(sections.join('\n\n'), view.width, view.wide);
  const verdict = wrapLine(report.verdict, view.width).map((line) => paintVerdict(line, view.colour));
  return `${paintSigns(text, view.colour)}\n\n${verdict.join('\n')}\n`;
}

/** A report's body as parts (a body of one text: one part, always shown). */
export function bodyParts(report: Pick<TerminalReport, 'body'>): readonly TerminalPart[] {
  return typeof report.body === 'string' ? [{ text: report.body }] : report.body;
}

/** A report's whole body as text, every part included (what `--wide` prints before the layout). */
export function fullBody(report: Pick<TerminalReport, 'body'>): string {
  return bodyParts(report)
    .map((part) => part.text)
    .join('');
}
