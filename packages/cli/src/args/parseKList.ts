import { InputError } from '@passk/sim/errors';

/**
 * The `--k` option: one number (`8`), a list (`1,2,4,8`) or an inclusive range (`1..8`);
 * parts can be mixed (`1..4,8,16`). Returns the distinct values in increasing order.
 */
export function parseKList(text: string, where = '--k'): number[] {
  const values = new Set<number>();
  for (const part of String(text).split(',')) {
    const range = /^\s*(\d+)\s*\.\.\s*(\d+)\s*$/.exec(part);
    if (range) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      if (!(Number.isSafeInteger(to) && from >= 1 && to >= from && to - from <= 100_000)) {
        throw new InputError(where, 'must be a range a..b with 1 ≤ a ≤ b (at most 100 000 values)', text);
      }
      for (let k = from; k <= to; k++) values.add(k);
      continue;
    }
    if (!/^\s*\d+\s*$/.test(part) || !(Number(part) >= 1) || !Number.isSafeInteger(Number(part))) {
      throw new InputError(where, `must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}, a list like 1,2,4,8 or a range like 1..8`, text);
    }
    values.add(Number(part));
  }
  return [...values].sort((a, b) => a - b);
}
