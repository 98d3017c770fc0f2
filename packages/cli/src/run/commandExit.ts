/**
 * Thrown by a command that has printed its result and must end with a particular exit code (e.g.
 * `passk gate`: 1 when a requirement fails). Not an error of the run: runCli returns the code quietly.
 */
export class CommandExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}
