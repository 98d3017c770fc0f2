/** Exit status of a program whose reader went away (128 + SIGPIPE), as shells report it. */
export const BROKEN_PIPE_EXIT = 141;

/**
 * Failures of standard output end the process in the conventional way instead of with an
 * unhandled 'error' event: a reader that closed early (EPIPE: `passk … | head`) ends quietly with
 * status 141; any other write failure (ENOSPC on `> /dev/full`) is one line on stderr and exit 2.
 */
export function watchStandardOutput(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(BROKEN_PIPE_EXIT);
    process.stderr.write(`passk: standard output: cannot be written (${error.code ?? error.message})\n`);
    process.exit(2);
  });
}
