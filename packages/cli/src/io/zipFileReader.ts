import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import { Readable } from 'node:stream';
import type yauzl from 'yauzl';

/** Bytes one window of the reader holds. */
const WINDOW_BYTES = 1 << 20;
/** Windows kept: the central directory (at the end) and the entries' data (from the start) are read in turn. */
const WINDOWS = 4;

interface Window {
  start: number;
  length: number;
  bytes: Buffer;
  used: number;
}

/**
 * Opens a zip archive for yauzl (lazy entries, closed by `zip.close()`) through a reader that serves
 * its small reads from a few 1 MiB windows of the file. yauzl reads each central directory record,
 * and each entry's local header and data, with a read of its own: two asynchronous reads a directory
 * entry made a walk over 400 000 entries take 30 s; from windows it takes a few hundred reads.
 * Reads larger than a window (an entry of more than 1 MiB packed) are streamed from the file.
 */
export async function openZipFile(path: string): Promise<yauzl.ZipFile> {
  const { default: unzip } = await import('yauzl');
  const fd = openSync(path, 'r');
  let size: number;
  try {
    size = fstatSync(fd).size;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  const reader = new (windowedReader(unzip))(fd);
  return new Promise((resolve, reject) =>
    unzip.fromRandomAccessReader(reader, size, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error) {
        reader.closeNow();
        reject(error);
      } else resolve(zip);
    }),
  );
}

/** The reader class, made from the yauzl module once it is loaded (it is loaded only when an archive is read). */
function windowedReader(unzip: typeof yauzl) {
  return class WindowedReader extends unzip.RandomAccessReader {
    private readonly windows: Window[] = [];
    private clock = 0;
    private closed = false;

    constructor(private readonly fd: number) {
      super();
    }

    override read(buffer: Buffer, offset: number, length: number, position: number, callback: (error: Error | null, bytesRead: number) => void): void {
      let bytesRead: number;
      try {
        bytesRead = this.copy(buffer, offset, length, position);
      } catch (error) {
        process.nextTick(callback, error as Error, 0);
        return;
      }
      process.nextTick(callback, null, bytesRead);
    }

    override _readStreamForRange(start: number, end: number): Readable {
      if (end - start > WINDOW_BYTES) return createReadStream('', { fd: this.fd, start, end: end - 1, autoClose: false });
      const bytes = Buffer.allocUnsafe(end - start);
      const read = this.copy(bytes, 0, bytes.length, start);
      let done = false;
      return new Readable({
        read() {
          if (done) return;
          done = true;
          this.push(bytes.subarray(0, read));
          this.push(null);
        },
      });
    }

    override close(callback: (error: Error | null) => void): void {
      try {
        this.closeNow();
      } catch (error) {
        callback(error as Error);
        return;
      }
      callback(null);
    }

    /** Closes the file (once). */
    closeNow(): void {
      if (this.closed) return;
      this.closed = true;
      closeSync(this.fd);
    }

    /** Copies `length` bytes at `position` (fewer at the end of the file) into `buffer`; returns how many. */
    private copy(buffer: Buffer, offset: number, length: number, position: number): number {
      if (length > WINDOW_BYTES) return readSync(this.fd, buffer, offset, length, position);
      let window = this.windows.find((w) => position >= w.start && position + length <= w.start + w.length);
      if (window === undefined) window = this.fill(position);
      window.used = ++this.clock;
      const available = Math.max(0, Math.min(length, window.start + window.length - position));
      window.bytes.copy(buffer, offset, position - window.start, position - window.start + available);
      return available;
    }

    /** Reads the window starting at `position` into the least recently used slot. */
    private fill(position: number): Window {
      let window: Window;
      if (this.windows.length < WINDOWS) {
        window = { start: 0, length: 0, bytes: Buffer.allocUnsafe(WINDOW_BYTES), used: 0 };
        this.windows.push(window);
      } else {
        window = this.windows.reduce((a, b) => (b.used < a.used ? b : a));
      }
      window.start = position;
      window.length = 0;
      window.length = readSync(this.fd, window.bytes, 0, WINDOW_BYTES, position);
      return window;
    }
  };
}
