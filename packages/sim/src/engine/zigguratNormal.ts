import type { Xoshiro128 } from '../rng/xoshiro128.js';

/** Right edge r of the base layer and common layer area v of the 128-layer normal ziggurat (Marsaglia & Tsang 2000, §3). */
const R = 3.442619855899;
const AREA = 9.91256303526217e-3;
const LAYERS = 128;
/** The value part of a draw is a signed 25-bit integer (the word's top bits); the layer is its low 7 bits. */
const SCALE = 16777216; // 2^24
const TWO_POW_MINUS_32 = 1 / 4294967296;

/**
 * Tables of the ziggurat for the standard normal: 128 horizontal layers of equal area under
 * f(x) = e^{−x²/2} (Marsaglia & Tsang 2000, "The Ziggurat Method for Generating Random Variables",
 * J. Stat. Softw. 5(8)). Layer i spans heights [fn[i], fn[i − 1]] with half-width wn[i]·2^24; a draw
 * whose value part v satisfies |v| < kn[i] lies under the curve for sure (fast accept).
 */
export interface ZigguratTables {
  readonly kn: Int32Array;
  readonly wn: Float64Array;
  readonly fn: Float64Array;
}

/**
 * Builds the tables: x_127 = r, and going up, x_{i−1} = √(−2 ln(v/x_i + f(x_i))) so that each
 * layer x_i·(f(x_{i−1}) − f(x_i)) has area v; the base layer is the rectangle [0, r] × [0, f(r)]
 * plus the tail beyond r, with the same area v (so its pseudo-width is q = v/f(r)).
 * Example: kn[1] = 0 (the top layer has no sure region) and fn[0] = 1 (tested).
 */
export function zigguratTables(): ZigguratTables {
  const kn = new Int32Array(LAYERS);
  const wn = new Float64Array(LAYERS);
  const fn = new Float64Array(LAYERS);
  let x = R;
  let previous = R;
  const q = AREA / Math.exp(-0.5 * x * x);
  kn[0] = Math.floor((x / q) * SCALE);
  kn[1] = 0;
  wn[0] = q / SCALE;
  wn[LAYERS - 1] = x / SCALE;
  fn[0] = 1;
  fn[LAYERS - 1] = Math.exp(-0.5 * x * x);
  for (let i = LAYERS - 2; i >= 1; i--) {
    x = Math.sqrt(-2 * Math.log(AREA / x + Math.exp(-0.5 * x * x)));
    kn[i + 1] = Math.floor((x / previous) * SCALE);
    previous = x;
    fn[i] = Math.exp(-0.5 * x * x);
    wn[i] = x / SCALE;
  }
  return { kn, wn, fn };
}

/**
 * The normal variate of a 32-bit word `word` whose fast test failed, continuing with fresh words
 * from `rng` (the rare path, ≈ 1.2 % of draws): the wedge test f(layer bottom) + U·(f(top) − f(bottom))
 * < f(x), or Marsaglia's tail method beyond r: x = −ln(U1)/r, y = −ln(U2) until 2y > x², return r + x.
 * Hot loops test the fast case inline: layer = word & 127, v = word >> 7, |v| < kn[layer] ⇒ Z = v·wn[layer].
 */
export function zigguratSlow(tables: ZigguratTables, rng: Xoshiro128, word: number): number {
  const { kn, wn, fn } = tables;
  let hz = word;
  for (;;) {
    const layer = hz & (LAYERS - 1);
    const v = hz >> 7;
    const x = v * wn[layer];
    if (Math.abs(v) < kn[layer]) return x;
    if (layer === 0) {
      let tail: number;
      let y: number;
      do {
        tail = -Math.log(openUniform(rng)) / R;
        y = -Math.log(openUniform(rng));
      } while (y + y < tail * tail);
      return v > 0 ? R + tail : -R - tail;
    }
    if (fn[layer] + openUniform(rng) * (fn[layer - 1] - fn[layer]) < Math.exp(-0.5 * x * x)) return x;
    hz = rng.uint32() | 0;
  }
}

/** A standard normal variate from `rng` (reference form of the inlined draw). */
export function zigguratNormal(tables: ZigguratTables, rng: Xoshiro128): number {
  const word = rng.uint32() | 0;
  const layer = word & (LAYERS - 1);
  const v = word >> 7;
  if (Math.abs(v) < tables.kn[layer]) return v * tables.wn[layer];
  return zigguratSlow(tables, rng, word);
}

/** Uniform on (0, 1): (n + ½)/2^32 for a 32-bit n (never 0 or 1, so logarithms stay finite). */
function openUniform(rng: Xoshiro128): number {
  return (rng.uint32() + 0.5) * TWO_POW_MINUS_32;
}
