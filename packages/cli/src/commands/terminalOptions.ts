import type { Argv } from 'yargs';
import type { CliIo } from '../io/cliIo.js';
import { terminalView, type TerminalView } from '../format/terminalView.js';

/** The options of the terminal view (format/terminalView.ts), on every command with a text output. */
export interface TerminalArgs {
  wide?: boolean;
  explain?: boolean;
}

/** `--wide` and `--explain` added to a command's options. */
export function withTerminalOptions<T>(y: Argv<T>): Argv<T & TerminalArgs> {
  return y
    .option('wide', { type: 'boolean', global: true, describe: 'text output: every column of every table (default: compact, folded to the terminal width)' })
    .option('explain', { type: 'boolean', global: true, describe: 'text output: print the method notes (how the numbers and intervals were computed)' });
}

/** The terminal view of a run of a command with these options. */
export function viewOf(io: CliIo, args: TerminalArgs): TerminalView {
  return terminalView(io, { wide: args.wide, explain: args.explain });
}
