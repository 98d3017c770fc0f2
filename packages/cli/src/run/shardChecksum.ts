import { createHash } from 'node:crypto';
import { InputError } from '@passk/sim/errors';

/**
 * A shard file's checksum: SHA-256 (FIPS 180-4) of its canonical JSON without the checksum and
 * seconds fields (so a shard run twice has one checksum)
 * (keys sorted at every level, numbers as JSON.stringify writes them, which reads back to the same
 * double), as `sha256:HEX`. simulate and sweep --shard record it; merge recomputes it, so any edited
 * sum, replicate range, level, index or count is refused naming the file. It guards against edits
 * and corruption, not against someone who recomputes it: merge also checks the numbers' consistency.
 */
export function shardChecksum(document: object): string {
  const { checksum: _checksum, seconds: _seconds, ...rest } = document as Record<string, unknown>;
  return `sha256:${createHash('sha256').update(canonicalJson(rest)).digest('hex')}`;
}

/** The document with its checksum as the last field. */
export function withChecksum<T extends object>(document: T): T & { readonly checksum: string } {
  return { ...document, checksum: shardChecksum(document) };
}

/** Refuses a document whose recorded checksum is missing or differs from its content's. */
export function verifyChecksum(document: Record<string, unknown>, source: string): void {
  const recorded = document.checksum;
  if (typeof recorded !== 'string' || !/^sha256:[0-9a-f]{64}$/.test(recorded)) {
    throw new InputError(`${source}: checksum`, 'must be the sha256:… checksum passk simulate/sweep --shard records (run the shard again)', recorded);
  }
  if (shardChecksum(document) !== recorded) {
    throw new InputError(`${source}: checksum`, 'must match the shard’s content, but the content was changed after passk wrote it (run the shard again)');
  }
}

/** JSON with object keys in sorted order at every level (arrays keep their order). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
