/** Thrown after a run stopped by Ctrl-C has written its (partial) result: exit code 130, no message. */
export class Interrupted extends Error {
  constructor() {
    super('interrupted');
  }
}
