import { refuseDuplicateKeys } from './jsonDuplicateKeys.js';
import { InputError } from '@passk/sim/errors';
import type yauzl from 'yauzl';
import { STDIN_NAME, sizeText, sourcePath } from './fileWindow.js';
import { hasScores, inspectColumns, inspectSampleRecord, type InspectScoring } from './inspectSamples.js';
import { JsonRecordCounter } from './jsonRecordCounter.js';
import { withAmountColumns, type ResultsColumns } from './resultsColumns.js';
import type { ResultsFormat, ResultsFormatContext, ResultsFormatOutcome } from './resultsFormat.js';
import type { ResolvedResultsReadOptions } from './resultsReadOptions.js';
import { readDocument } from './documentFormat.js';

/** A zip archive's first bytes (local file header signature). */
export function isZip(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

const SAMPLE_ENTRY = /^samples\/(.+)_epoch_(\d+)\.json$/;

/** Opens a zip archive with yauzl (loaded only when an archive is read). */
async function openZip(path: string): Promise<yauzl.ZipFile> {
  const { default: unzip } = await import('yauzl');
  return new Promise((resolve, reject) => unzip.open(path, { lazyEntries: true, autoClose: false }, (error, zip) => (error ? reject(error) : resolve(zip))));
}

/** The central directory's entries (names and offsets only; no data is read). */
function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

/** The error for an entry that inflates to more than `max` bytes (a zip bomb, or a sample too large to read whole). */
function entryTooLarge(file: string, entry: yauzl.Entry, max: number): InputError {
  return new InputError(
    `${file} (${entry.fileName})`,
    `must inflate to at most ${sizeText(max)} (--max-document-bytes raises the limit)`,
    entry.uncompressedSize,
  );
}

/**
 * One entry's bytes, inflated; at most `max` bytes: an entry whose stated size is larger is refused
 * before it is read, and inflating stops as soon as more bytes come than that (yauzl also checks
 * the stated size against what it inflates).
 */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, file: string, max: number): Promise<Buffer> {
  if (entry.uncompressedSize > max) return Promise.reject(entryTooLarge(file, entry, max));
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
 * per (sample, epoch). Read with yauzl entry by entry: one sample is in memory at a time. Each
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
  let zip: yauzl.ZipFile;
  let entries: yauzl.Entry[];
  try {
    zip = await openZip(sourcePath(file));
    entries = await listEntries(zip);
  } catch (error) {
    throw zipProblem(file, error);
  }
  try {
    const headerEntry = entries.find((entry) => entry.fileName === 'header.json') ?? entries.find((entry) => entry.fileName === '_journal/start.json');
    const samples = entries.filter((entry) => SAMPLE_ENTRY.test(entry.fileName));
    if (headerEntry === undefined || samples.length === 0) {
      const names = entries.slice(0, 5).map((entry) => entry.fileName);
      throw new InputError(
        file,
        `is a zip archive but not an inspect_ai log (it needs header.json and samples/<id>_epoch_<n>.json; entries: ${names.join(', ') || 'none'})`,
      );
    }
    const header = (await entryJson(zip, headerEntry, file, options.maxDocumentBytes)) as Record<string, unknown>;
    const scoring = await chooseScoring(zip, samples, file, header, options);
    let counter: JsonRecordCounter | undefined;
    let columns: ResultsColumns | undefined;
    for (const [i, entry] of samples.entries()) {
      const where = `${file} (${entry.fileName})`;
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
          place: (_line, index) => `${file} (${samples[index - 1]!.fileName})`,
        });
      }
      counter.count(record, 0, i + 1);
    }
    return { format: 'inspect', columns: columns! };
  } finally {
    zip.close();
  }
}

/**
 * The scoring of a log, from its first sample that has scores (hasScores: an errored sample has
 * none), read ahead entry by entry; where none has any, from the first (which refuses it).
 */
async function chooseScoring(
  zip: yauzl.ZipFile,
  samples: readonly yauzl.Entry[],
  file: string,
  header: Record<string, unknown>,
  options: ResolvedResultsReadOptions,
): Promise<InspectScoring> {
  let first: Record<string, unknown> | undefined;
  for (const entry of samples) {
    const sample = await entryJson(zip, entry, file, options.maxDocumentBytes);
    if (typeof sample !== 'object' || sample === null || Array.isArray(sample))
      throw new InputError(`${file} (${entry.fileName})`, 'must be a JSON object (an inspect_ai sample)');
    first ??= sample as Record<string, unknown>;
    if (hasScores(sample as Record<string, unknown>)) return inspectColumns(sample as Record<string, unknown>, options, `${file} (${entry.fileName})`, header);
  }
  return inspectColumns(first!, options, `${file} (${samples[0]!.fileName})`, header);
}

/** inspect_ai logs: `.eval` archives (recognised by extension or by the zip signature) and, by name, `.json` logs. */
export const inspectFormat: ResultsFormat = {
  name: 'inspect',
  extensions: ['.eval'],
  sniff: isZip,
  read: readInspect,
};
