import { open, type FileHandle } from 'node:fs/promises';
import { InputError } from '@passk/sim/errors';

const MIN_CAPACITY = 1 << 12;

/** Turns a Node file-system error into an InputError naming the file (where = the path as given). */
function fileError(file: string, error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return new InputError(file, 'must exist (file not found)');
  if (code === 'EACCES' || code === 'EPERM') return new InputError(file, 'must be readable (permission denied)');
  if (code === 'EISDIR') return new InputError(file, 'must be a file, not a directory');
  if (typeof code === 'string') return new InputError(file, `must be readable (${code})`);
  return error;
}

/** The name standing for standard input among the inputs (`-`); shown as `stdin` in messages. */
export const STDIN_NAME = 'stdin';

/** The path to open for an input as named in messages: standard input is `/dev/stdin`. */
export function sourcePath(file: string): string {
  return file === STDIN_NAME ? '/dev/stdin' : file;
}

/** A read in flight: resolves to the bytes read, or to the error (never rejects, so none goes unhandled). */
type PendingRead = Promise<{ bytes: number } | { error: unknown }>;

/**
 * A byte window over a file, read in chunks of `chunkSize` bytes. Parsers consume `buf[0, end)`
 * and call `refill(keep)` with the offset of the first byte they still need (a row split across
 * reads): those bytes move to offset 0 and the next chunk is appended after them. The next chunk
 * is always being read (into a spare buffer) while the parser works on this one, so the parser
 * rarely waits for the disk. The buffer grows only for a row longer than a chunk, so memory stays
 * at a few chunks plus the longest row. Bytes past `end` are stale and must not be read.
 */
export class FileWindow {
  /** The window's bytes; replaced (not resized) when it grows, so re-read it after each refill. */
  buf: Buffer;
  /** End of the valid bytes in `buf`. */
  end = 0;
  /** True once the file (or the range) has no more bytes: `buf[0, end)` is the rest of it. */
  eof = false;
  /** The file offset of `buf[0]`. */
  offset: number;
  private spare: Buffer;
  private pending: PendingRead | undefined;
  /** The file offset of the next read. */
  private position: number;
  /** False for a pipe or terminal (standard input, a named pipe): read on from where the last read ended. */
  private seekable = true;

  /** Standard input, read as a stream (a pipe, file or socket alike). */
  private stream: AsyncIterator<Buffer> | undefined;

  private constructor(
    private readonly handle: FileHandle | undefined,
    /** The file as the user named it; used as `where` in errors. */
    readonly file: string,
    private readonly chunkSize: number,
    start: number,
    /** The file offset where reading stops (exclusive). */
    private readonly limit: number,
  ) {
    this.buf = Buffer.allocUnsafe(Math.max(2 * chunkSize, MIN_CAPACITY));
    this.spare = Buffer.allocUnsafe(chunkSize);
    this.offset = start;
    this.position = start;
  }

  /** Opens `file` for reading from byte `start` (default 0) up to byte `end` (default: its end). */
  static async open(file: string, chunkSize: number, range: { start?: number; end?: number } = {}): Promise<FileWindow> {
    if (file === STDIN_NAME) {
      const window = new FileWindow(undefined, file, chunkSize, 0, Number.POSITIVE_INFINITY);
      window.stream = (process.stdin as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
      window.seekable = false;
      return window;
    }
    try {
      const handle = await open(sourcePath(file), 'r');
      const window = new FileWindow(handle, file, chunkSize, range.start ?? 0, range.end ?? Number.POSITIVE_INFINITY);
      window.seekable = (await handle.stat()).isFile();
      return window;
    } catch (error) {
      throw fileError(file, error);
    }
  }

  /** The file's size in bytes. */
  async size(): Promise<number> {
    try {
      return (await this.handle!.stat()).size;
    } catch (error) {
      throw fileError(this.file, error);
    }
  }

  /**
   * The offset just past the first line feed at or after file offset `from`, or -1 when the file
   * ends first. Reads on its own (the window's buffers and position are left alone).
   */
  async lineStartAfter(from: number): Promise<number> {
    const probe = Buffer.allocUnsafe(1 << 12);
    let at = from;
    for (;;) {
      let bytesRead: number;
      try {
        ({ bytesRead } = await this.handle!.read(probe, 0, probe.length, at));
      } catch (error) {
        throw fileError(this.file, error);
      }
      if (bytesRead === 0) return -1;
      const lf = probe.subarray(0, bytesRead).indexOf(0x0a);
      if (lf >= 0) return at + lf + 1;
      at += bytesRead;
    }
  }

  /**
   * Keeps `buf[keep, end)` (moved to offset 0) and appends the next chunk. The read started for
   * the chunk after that asks for `chunkSize` bytes, or as many as were kept when that is more,
   * so that a row longer than a chunk, which the parser rescans after each refill, costs time
   * linear in its length. Returns false, and sets `eof`, when the file has no more bytes.
   */
  async refill(keep: number): Promise<boolean> {
    const kept = this.end - keep;
    if (keep > 0 && kept > 0) this.buf.copyWithin(0, keep, this.end);
    this.offset += keep;
    this.end = kept;
    if (this.eof) return false;
    const outcome = await (this.pending ?? this.read(this.chunkSize));
    this.pending = undefined;
    if ('error' in outcome) throw fileError(this.file, outcome.error);
    const bytes = outcome.bytes;
    if (bytes === 0) {
      this.eof = true;
      return false;
    }
    if (kept + bytes > this.buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, kept + bytes));
      this.buf.copy(bigger, 0, 0, kept);
      this.buf = bigger;
    }
    this.spare.copy(this.buf, kept, 0, bytes);
    this.end = kept + bytes;
    this.pending = this.read(Math.max(this.chunkSize, kept));
    return true;
  }

  /** Closes the file (after any read still in flight). */
  async close(): Promise<void> {
    if (this.pending !== undefined) await this.pending;
    this.pending = undefined;
    await this.handle?.close();
  }

  private read(length: number): PendingRead {
    if (this.spare.length < length) this.spare = Buffer.allocUnsafe(length);
    if (this.stream !== undefined) {
      return this.stream.next().then(
        ({ done, value }) => {
          if (done) return { bytes: 0 };
          const chunk = Buffer.isBuffer(value) ? value : Buffer.from(value as string);
          if (this.spare.length < chunk.length) this.spare = Buffer.allocUnsafe(chunk.length);
          chunk.copy(this.spare, 0);
          return { bytes: chunk.length };
        },
        (error: unknown) => ({ error }),
      );
    }
    const wanted = Math.min(length, this.limit - this.position);
    if (wanted <= 0) return Promise.resolve({ bytes: 0 });
    return this.handle!.read(this.spare, 0, wanted, this.seekable ? this.position : null).then(
      ({ bytesRead }) => {
        this.position += bytesRead;
        return { bytes: bytesRead };
      },
      (error: unknown) => ({ error }),
    );
  }
}
