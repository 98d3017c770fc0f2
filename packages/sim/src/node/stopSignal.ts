/**
 * A stop request shared with worker threads: one Int32 in a SharedArrayBuffer, so a worker busy in
 * the engine's synchronous loop sees it at its next block boundary (Atomics.load).
 */
export class StopSignal {
  readonly buffer: SharedArrayBuffer;
  private readonly flag: Int32Array;

  constructor(buffer = new SharedArrayBuffer(4)) {
    this.buffer = buffer;
    this.flag = new Int32Array(buffer);
  }

  stop(): void {
    Atomics.store(this.flag, 0, 1);
  }

  get stopped(): boolean {
    return Atomics.load(this.flag, 0) === 1;
  }
}
