import { requireNumbers } from '../checkArgs.js';
import { InputError } from '../errors.js';
import type { Rng } from './rng.js';

const TWO_POW_32 = 4294967296;
const TWO_POW_53 = 9007199254740992;

/**
 * xoshiro128** 1.1 (Blackman & Vigna, "Scrambled linear pseudorandom number generators",
 * 2021; https://prng.di.unimi.it/xoshiro128starstar.c): 128-bit state, period 2^128 − 1,
 * no linear artefacts in its output (unlike xor128 / xorshift7).
 *
 * Hot loops may copy `s0..s3` into locals and step the generator inline (docs/design.md §6), then
 * write the state back; `step` below is the reference for that inlined code.
 */
export class Xoshiro128 implements Rng {
  s0: number;
  s1: number;
  s2: number;
  s3: number;

  constructor(state: ArrayLike<number>) {
    if (requireNumbers('state', state).length !== 4) throw new InputError('state', 'must be 4 numbers (the 128-bit state as 32-bit words)', state.length);
    this.s0 = state[0]! | 0;
    this.s1 = state[1]! | 0;
    this.s2 = state[2]! | 0;
    this.s3 = state[3]! | 0;
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1; // the all-zero state is a fixed point
  }

  /** One step; returns the output as an unsigned 32-bit integer. */
  uint32(): number {
    const s0 = this.s0,
      s1 = this.s1;
    let s2 = this.s2,
      s3 = this.s3;
    const r = Math.imul(rotl(Math.imul(s1, 5), 7), 9);
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    this.s1 = s1 ^ s2;
    this.s0 = s0 ^ s3;
    this.s2 = s2 ^ t;
    this.s3 = rotl(s3, 11);
    return r >>> 0;
  }

  /** Uniform double in [0, 1) built from 53 random bits (two steps). */
  uniform(): number {
    const hi = this.uint32() >>> 5; // 27 bits
    const lo = this.uint32() >>> 6; // 26 bits
    return (hi * 67108864 + lo) / TWO_POW_53;
  }

  /** Uniform double in [0, 1) with 32 random bits (one step): for hot loops comparing u < p. */
  uniform32(): number {
    return this.uint32() / TWO_POW_32;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
