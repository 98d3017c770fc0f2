/// <reference path="./seedrandomAlea.d.ts" />
import alea from 'seedrandom/lib/alea.js';
import { Xoshiro128 } from './xoshiro128.js';
import { requireSeed } from '../checkArgs.js';

/** A seed as users give it: a non-negative integer or a string. */
export type Seed = number | string;

/**
 * The generator for one stream, derived from (seed, path) — e.g. `streamRng(42, 'task', 17)`.
 * Results therefore depend only on what is simulated, never on how the work is split across
 * workers or shards (docs/design.md §5.2). The 128-bit state comes from seedrandom's Alea, keyed by
 * the seed and the path; Alea is used only to seed, never in hot loops.
 */
export function streamRng(seed: Seed, ...path: Array<string | number>): Xoshiro128 {
  requireSeed('seed', seed);
  const key = `passk/${String(seed)}${path.map((part) => `/${String(part)}`).join('')}`;
  const seeded = alea(key);
  const state = [seeded.int32(), seeded.int32(), seeded.int32(), seeded.int32()];
  const rng = new Xoshiro128(state);
  // Discard a few outputs so nearby keys decorrelate fully (xoshiro's first words echo the state).
  for (let i = 0; i < 8; i++) rng.uint32();
  return rng;
}
