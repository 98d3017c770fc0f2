/** 2^52 + 2^51: adding and subtracting it rounds a double of magnitude < 2^51 to the nearest integer, without a branch. */
export const ROUNDER = 6755399441055744;
export const STEPS = 256;
export const INVERSE_STEP = STEPS / Math.LN2;
/**
 * ln 2/256 split Cody–Waite style into a part with trailing zero bits (k·STEP_HIGH is exact for
 * |k| < 2^20) and the rest: ln 2 = 6.93147180369123816490e-1 + 1.90821492927058770002e-10 (the split
 * used by fdlibm's e_exp.c, Sun Microsystems 1993), each divided exactly by 256.
 */
export const STEP_HIGH = 6.9314718036912381649e-1 / STEPS;
export const STEP_LOW = 1.90821492927058770002e-10 / STEPS;
/** Smallest exponent in the power-of-two table: 2^−1074 is the smallest subnormal. */
export const LOWEST_EXPONENT = -1074;
/** Beyond |x| > 700 the table is not used (Math.exp handles overflow and subnormal results). */
export const TABLE_LIMIT = 700;
/** For |x| < NEAR_LIMIT (k = round(256x/ln 2) within ±NEAR_STEPS) one table holds 2^{k/256} whole. */
export const NEAR_LIMIT = 22;
export const NEAR_STEPS = 8192;

/**
 * Lookup tables of `tableExp`: 2^{j/256} for j = 0..255, 2^m for m = −1074..1023, and near[k + NEAR_STEPS]
 * = fractions[k mod 256]·powers[⌊k/256⌋] for |k| < NEAR_STEPS (the same doubles: a power of two scales exactly).
 */
export interface ExpTables {
  readonly fractions: Float64Array;
  readonly powers: Float64Array;
  readonly near: Float64Array;
}

/** Builds the tables of `tableExp` (kept by the caller: no module state). */
export function expTables(): ExpTables {
  const fractions = new Float64Array(STEPS);
  for (let j = 0; j < STEPS; j++) fractions[j] = 2 ** (j / STEPS);
  const powers = new Float64Array(1023 - LOWEST_EXPONENT + 1);
  for (let m = LOWEST_EXPONENT; m <= 1023; m++) powers[m - LOWEST_EXPONENT] = 2 ** m;
  const near = new Float64Array(2 * NEAR_STEPS);
  for (let k = -NEAR_STEPS; k < NEAR_STEPS; k++) near[k + NEAR_STEPS] = fractions[k & (STEPS - 1)] * powers[(k >> 8) - LOWEST_EXPONENT];
  return { fractions, powers, near };
}

/**
 * e^x without branches for |x| ≤ 700 (the exponential of a lognormal draw in a hot loop; V8's
 * Math.exp branches on the range of x, which costs mispredictions when x is random).
 *
 * Formula: x = (k/256)·ln 2 + r with k = round(256x/ln 2), |r| ≤ ln 2/512 (r in two steps, Cody & Waite 1980); e^x = 2^{⌊k/256⌋}·2^{(k mod 256)/256}·e^r,
 * e^r by its Taylor polynomial of degree 4 (remainder < r^5/120 < 4e-17 relative), evaluated as
 * f + f·(r + r²(1/2 + r/6 + r²/24)) with f = 2^{⌊k/256⌋}·2^{(k mod 256)/256} (Estrin's split: a short
 * dependency chain; the 1 added last, so its rounding does not cost an ulp). Table-driven method of
 * Tang (1989), "Table-driven implementation of the exponential function in IEEE floating-point
 * arithmetic", ACM TOMS 15(2):144–157. Relative error a few units in the last place.
 * Hot kernels too large for V8 to inline this call (EpisodeKernelRunner) repeat these lines with the
 * exported constants; their results are tested equal to this function's.
 * Example: tableExp(tables, 1) = Math.E to within 4e-16 relative (tested against Math.exp over ±700).
 */
export function tableExp(tables: ExpTables, x: number): number {
  if (!(x <= TABLE_LIMIT && x >= -TABLE_LIMIT)) return Math.exp(x);
  const rounded = x * INVERSE_STEP + ROUNDER - ROUNDER;
  const k = rounded | 0;
  const r = x - rounded * STEP_HIGH - rounded * STEP_LOW;
  const r2 = r * r;
  const f = x < NEAR_LIMIT && x > -NEAR_LIMIT ? tables.near[k + NEAR_STEPS] : tables.fractions[k & (STEPS - 1)] * tables.powers[(k >> 8) - LOWEST_EXPONENT];
  return f + f * (r + r2 * (0.5 + r * (1 / 6) + r2 * (1 / 24)));
}
