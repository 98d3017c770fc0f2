import { runCli } from './cli.js';
import { processIo } from './io/cliIo.js';
import { watchStandardOutput } from './io/standardOutput.js';

export { runCli };

/** Runs the CLI as the `passk` process: this process's arguments and streams; the exit code in `process.exitCode`. */
export function startCli(): void {
  watchStandardOutput();
  // Run as `pnpm passk …` (or `npm run passk`), the package manager starts us in the repository root;
  // paths on the command line mean what they meant where the user typed them (INIT_CWD).
  const started = process.env.npm_lifecycle_event === 'passk' && process.env.INIT_CWD ? startIn(process.env.INIT_CWD) : true;
  if (started) {
    runCli(process.argv.slice(2), processIo()).then((code) => {
      process.exitCode = code;
      // The command has written everything: a Ctrl-C from here on ends the process with its code. Without
      // a listener it would be killed by the signal while Node waits for V8's background jobs before
      // exiting (1–36 ms after `passk estimate` on a large file), a complete output reported as interrupted.
      process.on('SIGINT', () => process.exit(code));
    });
  }
}

/** Changes to the folder the user typed the command in; false (one line, exit 2) when that fails. */
function startIn(folder: string): boolean {
  try {
    process.chdir(folder);
    return true;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'cannot change to it';
    process.stderr.write(`passk: INIT_CWD: must be a folder passk can change to (${reason}), got ${JSON.stringify(folder)}\n`);
    process.exitCode = 2;
    return false;
  }
}
