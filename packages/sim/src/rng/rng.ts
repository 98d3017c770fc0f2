/**
 * The random source every sampler takes as an argument (never a global generator).
 * `uniform()` is a double in [0, 1) with 53 random bits; `uint32()` a raw 32-bit word.
 */
export interface Rng {
  /** A double in [0, 1) with 53 random bits. */
  uniform(): number;
  /** A raw unsigned 32-bit word. */
  uint32(): number;
}
