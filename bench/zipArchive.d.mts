/** Types of zipArchive.mjs (imported by a test). */
export function zipArchive(entries: Array<{ name: string; packed: Buffer; crc: number; size: number; method?: 0 | 8 }>): Buffer;
