import { open, stat, type FileHandle } from 'node:fs/promises';
import { fileError, openFifo } from './openInput.js';
import { InputError } from '@passk/sim/errors';

const MIN_CAPACITY = 1 << 12;

/** How much a window may hold and wait for; unlimited when omitted (internal reads of files passk wrote). */
export interface WindowLimits {
  /** Most bytes of one unfinished record (a line) `refill` keeps; beyond, it throws `RecordTooLong`. */
  readonly maxLineBytes?: number;
  /** Most bytes read from an input that is not a regular file (stdin, pipe, FIFO, device). */
  readonly maxStreamBytes?: number;
  /** Milliseconds to wait for a writer when the input is a named pipe (FIFO). */
  readonly openTimeoutMs?: number;
}

/**
 * Thrown by `refill` when the record being read (the bytes kept from `offset` on) already needs
 * more than `limit` bytes: readTaskCounts names its line (`--max-line-bytes`).
 */
export class RecordTooLong extends Error {
  constructor(
    readonly file: string,
    /** File offset where the record starts. */
    readonly offset: number,
    readonly limit: number,
    /** The record's first bytes (for the message). */
    readonly head: string,
    /** False for a pipe or stream, whose bytes cannot be read again to count lines. */
    readonly seekable: boolean,
  ) {
    super(`record at byte ${offset} of ${file} is longer than ${limit} bytes`);
  }
}

/** A size as the messages show it: `16 MiB` when a whole number of KiB, MiB, … (as --max-line-bytes 16M writes it), else `1500 bytes`. */
export function sizeText(bytes: number): string {
  for (const [unit, size] of [
    ['TiB', 2 ** 40],
    ['GiB', 2 ** 30],
    ['MiB', 2 ** 20],
    ['KiB', 2 ** 10],
  ] as const)
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  return `${bytes} bytes`;
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
 * The first read asks for at most this many bytes: the format is sniffed and the first rows counted
 * without waiting for a whole chunk, and a parser's first call ends (V8 has seen its way out) before
 * the parser is hot enough to be optimised.
 */
const FIRST_READ = 1 << 16;

/** Room before each read's bytes for the unfinished row kept from the read before (grown for a longer one). */
const MAX_RESERVE = 1 << 20;

/**
 * A byte window over a file, read in chunks of `chunkSize` bytes. Parsers consume `buf[0, end)`
 * and call `refill(keep)` with the offset of the first byte they still need (a row split across
 * reads): those bytes come first in the new window, the next chunk right after them. The next chunk
 * is always being read while the parser works on this one, so the parser rarely waits for the disk;
 * it is read into the other of two buffers, after `reserve` bytes of room into which `refill`
 * copies the kept bytes (a part of a row, usually), so a chunk's bytes are not copied again. A row
 * longer than the room is joined with the chunk in a buffer of its own, and the room grows for the
 * reads after. So memory stays at two chunks plus a few times the longest row. `buf` is a view of those
 * buffers, replaced at each refill.
 */
export class FileWindow {
  /** The window's bytes (`buf.length === end`); replaced at each refill, so re-read it after one. */
  buf: Buffer;
  /** End of the valid bytes in `buf`. */
  end = 0;
  /** True once the file (or the range) has no more bytes: `buf[0, end)` is the rest of it. */
  eof = false;
  /** The file offset of `buf[0]`. */
  offset: number;
  /** The buffer `buf` views, and the one the next read goes into (at offset `reserve`). */
  private held: Buffer;
  private free: Buffer;
  /** Room before a read's bytes in `free` for the bytes a refill keeps. */
  private reserve: number;
  private pending: PendingRead | undefined;
  /** The file offset of the next read. */
  private position: number;
  /** False for a pipe or terminal (standard input, a named pipe): read on from where the last read ended. */
  private seekable = true;

  /** Standard input, read as a stream (a pipe, file or socket alike). */
  private stream: AsyncIterator<Buffer> | undefined;
  /** Bytes read so far from a non-seekable input (checked against `limits.maxStreamBytes`). */
  private streamed = 0;
  /** Most bytes of an unfinished record `refill` keeps (Infinity: no limit). */
  readonly maxKeep: number;

  private constructor(
    private readonly handle: FileHandle | undefined,
    /** The file as the user named it; used as `where` in errors. */
    readonly file: string,
    private readonly chunkSize: number,
    start: number,
    /** The file offset where reading stops (exclusive). */
    private readonly limit: number,
    private readonly limits: WindowLimits,
  ) {
    this.maxKeep = limits.maxLineBytes ?? Number.POSITIVE_INFINITY;
    this.reserve = Math.max(MIN_CAPACITY, Math.min(chunkSize, MAX_RESERVE));
    this.held = Buffer.allocUnsafe(0);
    this.buf = this.held;
    this.free = Buffer.allocUnsafe(this.reserve + chunkSize);
    this.offset = start;
    this.position = start;
  }

  /** Opens `file` for reading from byte `start` (default 0) up to byte `end` (default: its end). */
  static async open(file: string, chunkSize: number, range: { start?: number; end?: number } = {}, limits: WindowLimits = {}): Promise<FileWindow> {
    // A line limit below the chunk size reads in smaller chunks, so that a longer line is always caught.
    if (limits.maxLineBytes !== undefined) chunkSize = Math.min(chunkSize, Math.max(limits.maxLineBytes, 1 << 16));
    if (file === STDIN_NAME) {
      const window = new FileWindow(undefined, file, chunkSize, 0, Number.POSITIVE_INFINITY, limits);
      window.stream = (process.stdin as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
      window.seekable = false;
      return window;
    }
    try {
      const path = sourcePath(file);
      const fifo = limits.openTimeoutMs !== undefined && (await stat(path)).isFIFO();
      const handle = fifo ? await openFifo(path, file, limits.openTimeoutMs!, '--open-timeout SECONDS waits longer') : await open(path, 'r');
      const window = new FileWindow(handle, file, chunkSize, range.start ?? 0, range.end ?? Number.POSITIVE_INFINITY, limits);
      window.seekable = (await handle.stat()).isFile();
      return window;
    } catch (error) {
      throw error instanceof InputError ? error : fileError(file, error);
    }
  }

  /** False for standard input, a pipe, a FIFO or a device: its bytes cannot be read a second time. */
  get isSeekable(): boolean {
    return this.seekable;
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
   * Keeps `buf[keep, end)` (now at offset 0) and appends the next chunk. The read started for
   * the chunk after that asks for `chunkSize` bytes, or as many as were kept when that is more,
   * so that a row longer than a chunk, which the parser rescans after each refill, costs time
   * linear in its length. Returns false, and sets `eof`, when the file has no more bytes.
   */
  async refill(keep: number): Promise<boolean> {
    const kept = this.end - keep;
    if (kept > this.maxKeep && !this.eof) {
      const head = this.buf.toString('utf8', keep, keep + Math.min(kept, 60));
      throw new RecordTooLong(this.file, this.offset + keep, this.maxKeep, head, this.seekable);
    }
    if (!this.eof) {
      const outcome = await (this.pending ?? this.read(Math.min(this.chunkSize, FIRST_READ)));
      this.pending = undefined;
      if ('error' in outcome) throw fileError(this.file, outcome.error);
      const bytes = outcome.bytes;
      if (bytes > 0) {
        this.checkStreamed(bytes);
        this.append(keep, kept, bytes);
        this.pending = this.read(Math.max(this.chunkSize, kept));
        return true;
      }
      this.eof = true;
    }
    this.buf = this.buf.subarray(keep, this.end);
    this.offset += keep;
    this.end = kept;
    return false;
  }

  /** Throws once more than `limits.maxStreamBytes` were read from a non-seekable input. */
  private checkStreamed(bytes: number): void {
    if (this.seekable) return;
    this.streamed += bytes;
    const max = this.limits.maxStreamBytes;
    if (max !== undefined && this.streamed > max) {
      throw new InputError(
        this.file,
        `must end within ${sizeText(max)} when read as a stream (standard input, a pipe, a FIFO or a device): it goes on (--max-stream-bytes raises the limit)`,
      );
    }
  }

  /** The window becomes `buf[keep, keep + kept)` then the `bytes` just read into `free` (after its reserve). */
  private append(keep: number, kept: number, bytes: number): void {
    const reserve = this.reserve;
    const read = this.free;
    if (kept <= reserve) {
      this.buf.copy(read, reserve - kept, keep, keep + kept);
      this.buf = read.subarray(reserve - kept, reserve + bytes);
      this.free = this.held;
      this.held = read;
    } else {
      // A row longer than the room: joined with the chunk in a buffer of its own; more room for the next ones.
      const joined = Buffer.allocUnsafe(kept + bytes);
      this.buf.copy(joined, 0, keep, keep + kept);
      read.copy(joined, kept, reserve, reserve + bytes);
      this.buf = joined;
      this.held = joined;
      this.reserve = Math.min(Math.max(2 * reserve, kept), this.maxKeep);
    }
    this.offset += keep;
    this.end = kept + bytes;
  }

  /** Closes the file (after any read still in flight). */
  async close(): Promise<void> {
    if (this.pending !== undefined) await this.pending;
    this.pending = undefined;
    await this.handle?.close();
  }

  /** Starts reading up to `length` bytes into `free` at offset `reserve` (grown to hold them). */
  private read(length: number): PendingRead {
    if (this.free.length < this.reserve + length) this.free = Buffer.allocUnsafe(this.reserve + length);
    const into = this.free;
    const at = this.reserve;
    if (this.stream !== undefined) {
      return this.stream.next().then(
        ({ done, value }) => {
          if (done) return { bytes: 0 };
          const chunk = Buffer.isBuffer(value) ? value : Buffer.from(value as string);
          // A stream chunk larger than asked for: `free` grows to hold it (it is the buffer `append` takes).
          if (into.length < at + chunk.length) {
            this.free = Buffer.allocUnsafe(at + chunk.length);
            chunk.copy(this.free, at);
          } else {
            chunk.copy(into, at);
          }
          return { bytes: chunk.length };
        },
        (error: unknown) => ({ error }),
      );
    }
    const wanted = Math.min(length, this.limit - this.position);
    if (wanted <= 0) return Promise.resolve({ bytes: 0 });
    return this.handle!.read(into, at, wanted, this.seekable ? this.position : null).then(
      ({ bytesRead }) => {
        this.position += bytesRead;
        return { bytes: bytesRead };
      },
      (error: unknown) => ({ error }),
    );
  }
}
