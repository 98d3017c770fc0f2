/** An unevaluated sum hi + lo, hi = fl(hi + lo). */
export interface DoubleDouble {
  hi: number;
  lo: number;
}

/** Veltkamp's splitting constant 2^27 + 1. */
const SPLITTER = 134217729;

/**
 * The exact product of two doubles as hi + lo with hi = fl(p·q):
 * p·q = hi + lo exactly (Dekker 1971, "A floating-point technique for extending the available
 * precision", mul12; Veltkamp splitting). Valid while |p·q| < 2^996 and no intermediate underflows.
 * Internal. Example: twoProduct(0.1, 3) = { hi: 0.30000000000000004, lo: −2.7755575615628914e-17 }.
 */
export function twoProduct(p: number, q: number): DoubleDouble {
  const hi = p * q;
  let t = SPLITTER * p;
  const pHi = t - (t - p);
  const pLo = p - pHi;
  t = SPLITTER * q;
  const qHi = t - (t - q);
  const qLo = q - qHi;
  const lo = pHi * qHi - hi + pHi * qLo + pLo * qHi + pLo * qLo;
  return { hi, lo };
}
