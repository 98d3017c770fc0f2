import type { CliIo } from '../io/cliIo.js';

/** How the text view of a command is laid out on the terminal (JSON, Markdown and CSV ignore it). */
export interface TerminalView {
  /** Columns a line may take: the terminal's on a TTY, else `COLUMNS`, else 80. */
  readonly width: number;
  /** Every column of every table (the output before terminal layout); the default is compact. */
  readonly wide: boolean;
  /** Method notes printed (behind `--explain`; always in `--json` and in the docs). */
  readonly explain: boolean;
  /** ANSI colour for verdicts and signs. */
  readonly colour: boolean;
}

/** The narrowest width laid out (a narrower terminal gets 40-column lines and wraps them itself). */
const MIN_WIDTH = 40;
/** Where nothing says how wide the terminal is (a pipe, a file, CI without `COLUMNS`). */
const DEFAULT_WIDTH = 80;

/**
 * The terminal view of a command's text output. Width: the terminal's columns when stdout is a
 * TTY, else the `COLUMNS` environment variable (a pipe, CI), else 80; never below 40. Colour
 * (https://no-color.org, https://force-color.org): off when `NO_COLOR` is set and not empty; on
 * when `FORCE_COLOR` is set (and not `0` or `false`); else on only when stdout is a TTY, so a pipe
 * or a file never gets escape codes unasked.
 */
export function terminalView(io: CliIo, options: { readonly wide?: boolean; readonly explain?: boolean } = {}): TerminalView {
  const env = io.env ?? process.env;
  const columns = io.stdoutIsTTY && io.stdoutColumns ? io.stdoutColumns : Number.parseInt(env.COLUMNS ?? '', 10);
  const width = Number.isFinite(columns) && columns > 0 ? Math.max(MIN_WIDTH, columns) : DEFAULT_WIDTH;
  return { width, wide: options.wide === true, explain: options.explain === true, colour: wantsColour(env, io.stdoutIsTTY === true) };
}

function wantsColour(env: Readonly<Record<string, string | undefined>>, tty: boolean): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  return tty;
}
