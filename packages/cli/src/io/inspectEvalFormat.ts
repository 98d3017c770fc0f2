import { refuseDuplicateKeys } from './jsonDuplicateKeys.js';
import { InputError } from '@passk/sim/errors';
import type yauzl from 'yauzl';
import { kMaxLength } from 'node:buffer';
import { crc32, inflateRawSync } from 'node:zlib';
import { STDIN_NAME, sizeText, sourcePath } from './fileWindow.js';
import { hasScores, inspectColumns, inspectSampleRecord, type InspectScoring } from './inspectSamples.js';
import { JsonRecordCounter } from './jsonRecordCounter.js';
import { withAmountColumns, type ResultsColumns } from './resultsColumns.js';
import { openZipFile } from './zipFileReader.js';
import type { ResultsFormat, ResultsFormatContext, ResultsFormatOutcome } from './resultsFormat.js';
import type { ResolvedResultsReadOptions } from './resultsReadOptions.js';
import { readDocument } from './documentFormat.js';

/** A zip archive's first bytes (local file header signature). */
export function isZip(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

const SAMPLE_ENTRY = /^samples\/(.+)_epoch_(\d+)\.json$/;

/**
 * The central directory's entries one at a time (yauzl's lazyEntries: names and offsets only, no
 * data read), none kept: an archive of 400 000 samples held them all, 401 MB (issue 43). A damaged
 * directory is an InputError; an early `break` stops reading it.
 */
async function* entriesOf(zip: yauzl.ZipFile, file: string): AsyncGenerator<yauzl.Entry> {
  const iterator = zip.eachEntry();
  try {
    for (;;) {
      let step: IteratorResult<yauzl.Entry>;
      try {
        step = await iterator.next();
      } catch (error) {
        throw zipProblem(file, error);
      }
      if (step.done) return;
      yield step.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/** The error for an entry that inflates to more than `max` bytes (a zip bomb, or a sample too large to read whole). */
function entryTooLarge(file: string, entry: yauzl.Entry, max: number): InputError {
  return new InputError(
    `${file} (${entry.fileName})`,
    `must inflate to at most ${sizeText(max)} (--max-document-bytes raises the limit)`,
    entry.uncompressedSize,
  );
}

/** CRC-32 as the error shows it: `0x0123abcd`. */
function crcText(crc: number): string {
  return `0x${(crc >>> 0).toString(16).padStart(8, '0')}`;
}

/** Entries packed in at most this many bytes are read whole and inflated in one synchronous step. */
const SMALL_ENTRY_BYTES = 1 << 20;

/**
 * One entry's bytes, inflated; at most `max` bytes: an entry whose stated size is larger is refused
 * before it is read, and inflating stops as soon as more bytes come than that. What it inflates to
 * must be the size the archive states (yauzl checks that on its stream; `readSmall` itself), and its
 * CRC-32 the one the archive states, stored or deflated (yauzl checks none): a damaged entry is
 * refused, not read.
 */
async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, file: string, max: number): Promise<Buffer> {
  if (entry.uncompressedSize > max) throw entryTooLarge(file, entry, max);
  const small = entry.compressedSize <= SMALL_ENTRY_BYTES && !entry.isEncrypted() && (entry.compressionMethod === 0 || entry.compressionMethod === 8);
  const bytes = small ? await readSmall(zip, entry, file, max) : await readStreamed(zip, entry, file, max);
  const crc = crc32(bytes);
  if (crc >>> 0 !== entry.crc32 >>> 0) {
    throw new InputError(
      `${file} (${entry.fileName})`,
      `must have the CRC-32 the archive states for it, ${crcText(entry.crc32)} (the entry is damaged or was altered)`,
      `CRC-32 ${crcText(crc)}`,
    );
  }
  return bytes;
}

/** The packed bytes of an entry (as stored in the archive, not inflated). */
function packedBytes(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, { decodeFileData: false }, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
      stream.once('error', reject);
    });
  });
}

/**
 * A small entry (≤ 1 MiB packed, stored or deflated): its packed bytes read whole and inflated in one
 * step, at most `max` bytes. An inflating stream per entry (yauzl's own way) cost a zlib context and
 * a trip through the thread pool each: most of the time of an archive of 400 000 samples.
 */
async function readSmall(zip: yauzl.ZipFile, entry: yauzl.Entry, file: string, max: number): Promise<Buffer> {
  const packed = await packedBytes(zip, entry);
  let bytes: Buffer;
  if (entry.compressionMethod === 0) bytes = packed;
  else {
    try {
      bytes = inflateRawSync(packed, { maxOutputLength: Math.min(max, kMaxLength) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw entryTooLarge(file, entry, max);
      throw error;
    }
  }
  if (bytes.length !== entry.uncompressedSize)
    throw new Error(`entry ${entry.fileName} inflates to ${bytes.length} bytes, not the ${entry.uncompressedSize} it states`);
  return bytes;
}

/** A larger entry through yauzl's inflating stream, stopped as soon as it passes `max` bytes. */
function readStreamed(zip: yauzl.ZipFile, entry: yauzl.Entry, file: string, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > max) {
          stream.destroy();
          reject(entryTooLarge(file, entry, max));
          return;
        }
        chunks.push(chunk);
      });
      stream.once('end', () => resolve(Buffer.concat(chunks)));
      stream.once('error', reject);
    });
  });
}

function zipProblem(file: string, error: unknown): InputError {
  const detail = error instanceof Error ? error.message : String(error);
  return new InputError(file, `must be a complete zip archive (an inspect_ai .eval log) but cannot be read: ${detail}; truncated?`);
}

async function entryJson(zip: yauzl.ZipFile, entry: yauzl.Entry, file: string, max: number): Promise<unknown> {
  let bytes: Buffer;
  try {
    bytes = await readEntry(zip, entry, file, max);
  } catch (error) {
    throw error instanceof InputError ? error : zipProblem(file, error);
  }
  const text = bytes.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InputError(`${file} (${entry.fileName})`, 'must be valid JSON');
  }
  refuseDuplicateKeys(text, value, (line) => `${file} (${entry.fileName}):${line}`);
  return value;
}

/**
 * An inspect_ai `.eval` log: a zip archive with `header.json` and one `samples/<id>_epoch_<n>.json`
 * per (sample, epoch). Read with yauzl entry by entry: one sample and one directory entry are in
 * memory at a time, whatever the number of samples. Each
 * sample is one trial of task `id` (trial = epoch); its outcome is the chosen scorer's value
 * (see inspectSamples.ts). A `.json` log (named with --format inspect) is read whole.
 */
async function readInspect(context: ResultsFormatContext): Promise<ResultsFormatOutcome> {
  const { window, options, counts, dropped, trials, state } = context;
  const file = window.file;
  if (!isZip(window.buf.subarray(context.start, window.end))) return readDocument(context);
  if (file === STDIN_NAME || !window.isSeekable)
    throw new InputError(
      file,
      'is a zip archive: an inspect_ai .eval log must be a regular file (zip archives cannot be streamed from standard input or a pipe)',
    );
  // Three walks over the central directory, an entry at a time: the header (which inspect writes
  // after the samples), the scorer (from the first scored sample), then the samples counted.
  const { header, samples } = await withZip(file, (zip) => readHeader(zip, file, options));
  const scoring = await withZip(file, (zip) => chooseScoring(zip, file, header, options));
  return withZip(file, async (zip) => {
    let counter: JsonRecordCounter | undefined;
    let columns: ResultsColumns | undefined;
    let i = 0;
    let name = '';
    for await (const entry of entriesOf(zip, file)) {
      if (!SAMPLE_ENTRY.test(entry.fileName)) continue;
      name = entry.fileName;
      const where = `${file} (${name})`;
      const sample = await entryJson(zip, entry, file, options.maxDocumentBytes);
      if (typeof sample !== 'object' || sample === null || Array.isArray(sample)) throw new InputError(where, 'must be a JSON object (an inspect_ai sample)');
      const record = inspectSampleRecord(sample as Record<string, unknown>, header, scoring, where);
      if (counter === undefined) {
        columns = withAmountColumns(scoring.columns, options, Object.keys(record), record, {
          tokens: ['input_tokens', 'output_tokens'],
          latency: 'total_time',
        });
        counter = new JsonRecordCounter({
          file,
          columns,
          outcome: { kind: 'inspect', threshold: options.threshold },
          counts,
          dropped,
          trials,
          infoError: false,
          state,
          // The record being counted is always the entry read last.
          place: () => `${file} (${name})`,
        });
      }
      counter.count(record, 0, ++i);
    }
    if (i !== samples)
      throw new InputError(file, `must list the same entries on every read (${samples} samples, then ${i}); the file changed while it was read`);
    return { format: 'inspect', columns: columns! };
  });
}

/** Opens the archive, runs `use` on it, and closes it; an archive yauzl cannot open is an InputError. */
async function withZip<T>(file: string, use: (zip: yauzl.ZipFile) => Promise<T>): Promise<T> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZipFile(sourcePath(file));
  } catch (error) {
    throw zipProblem(file, error);
  }
  try {
    return await use(zip);
  } finally {
    zip.close();
  }
}

/**
 * The log's header (`header.json`, else `_journal/start.json`, wherever it is in the archive) and
 * its number of sample entries, from one walk over the central directory that keeps only those
 * two entries and the first five names (for the error when it is not an inspect_ai log).
 */
async function readHeader(
  zip: yauzl.ZipFile,
  file: string,
  options: ResolvedResultsReadOptions,
): Promise<{ header: Record<string, unknown>; samples: number }> {
  let headerEntry: yauzl.Entry | undefined;
  let journalEntry: yauzl.Entry | undefined;
  let samples = 0;
  const names: string[] = [];
  for await (const entry of entriesOf(zip, file)) {
    if (names.length < 5) names.push(entry.fileName);
    if (entry.fileName === 'header.json') headerEntry ??= entry;
    else if (entry.fileName === '_journal/start.json') journalEntry ??= entry;
    else if (SAMPLE_ENTRY.test(entry.fileName)) samples++;
  }
  const chosen = headerEntry ?? journalEntry;
  if (chosen === undefined || samples === 0) {
    throw new InputError(
      file,
      `is a zip archive but not an inspect_ai log (it needs header.json and samples/<id>_epoch_<n>.json; entries: ${names.join(', ') || 'none'})`,
    );
  }
  return { header: (await entryJson(zip, chosen, file, options.maxDocumentBytes)) as Record<string, unknown>, samples };
}

/**
 * The scoring of a log, from its first sample that has scores (hasScores: an errored sample has
 * none), read ahead entry by entry; where none has any, from the first (which refuses it).
 */
async function chooseScoring(zip: yauzl.ZipFile, file: string, header: Record<string, unknown>, options: ResolvedResultsReadOptions): Promise<InspectScoring> {
  let first: { sample: Record<string, unknown>; name: string } | undefined;
  for await (const entry of entriesOf(zip, file)) {
    if (!SAMPLE_ENTRY.test(entry.fileName)) continue;
    const sample = await entryJson(zip, entry, file, options.maxDocumentBytes);
    if (typeof sample !== 'object' || sample === null || Array.isArray(sample))
      throw new InputError(`${file} (${entry.fileName})`, 'must be a JSON object (an inspect_ai sample)');
    first ??= { sample: sample as Record<string, unknown>, name: entry.fileName };
    if (hasScores(sample as Record<string, unknown>)) return inspectColumns(sample as Record<string, unknown>, options, `${file} (${entry.fileName})`, header);
  }
  return inspectColumns(first!.sample, options, `${file} (${first!.name})`, header);
}

/** inspect_ai logs: `.eval` archives (recognised by extension or by the zip signature) and, by name, `.json` logs. */
export const inspectFormat: ResultsFormat = {
  name: 'inspect',
  extensions: ['.eval'],
  sniff: isZip,
  read: readInspect,
};
