import { requireRng } from '../checkArgs.js';
import { requireInteger, requireUnit } from '../checks.js';
import { stirlingError } from '../math/stirlingError.js';
import type { Rng } from '../rng/rng.js';

/**
 * One binomial variate X ~ Binomial(n, p), exact, in O(1) expected time for any n.
 *
 * Formula: with p̃ = min(p, 1 − p) (X = n − X̃ when p > ½):
 * - n·p̃ < 10: inversion by sequential search from 0, P(0) = (1 − p̃)^n,
 *   P(x) = P(x − 1)·(n − x + 1)/x·p̃/(1 − p̃) (at most ~n·p̃ + 1 steps on average);
 * - otherwise BTRD, "binomial, transformed rejection with decomposition": Hörmann (1993),
 *   "The generation of binomial random variates", J. Statist. Comput. Simul. 46:101–110.
 * Example: binomial(rng, 1e9, 0.3) has mean 3e8 and sd √(1e9·0.21) ≈ 14491 (tested; the
 * probabilities of small n against scipy.stats.binom.pmf by chi-square).
 */
export function binomial(rng: Rng, n: number, p: number): number {
  requireRng('rng', rng);
  requireInteger('n', n, 0);
  requireUnit('p', p);
  if (n === 0 || p === 0) return 0;
  if (p === 1) return n;
  const flip = p > 0.5;
  const q = flip ? 1 - p : p;
  const x = n * q < 10 ? inversion(rng, n, q) : btrd(rng, n, q);
  return flip ? n - x : x;
}

/** Sequential-search inversion for n·p < 10, 0 < p ≤ ½ (unchecked). */
function inversion(rng: Rng, n: number, p: number): number {
  const ratio = p / (1 - p);
  const first = Math.exp(n * Math.log1p(-p)); // P(X = 0) ≥ e^{−2 ln 2 · n·p} > e^{−14} here
  for (;;) {
    let u = rng.uniform();
    let x = 0;
    let prob = first;
    // prob reaches 0 only past x = n or after underflow deep in the tail (rounding left u > 0): redraw.
    while (u >= prob && prob > 0) {
      u -= prob;
      x++;
      prob *= ((n - x + 1) / x) * ratio;
    }
    if (prob > 0) return x;
  }
}

/**
 * BTRD for n·p ≥ 10, 0 < p ≤ ½ (unchecked). Steps and constants as numbered in Hörmann (1993),
 * §3, algorithm BTRD: a transformed-rejection hat with a region of immediate acceptance, then
 * a recursive pmf ratio near the mode, a squeeze, and the exact log-pmf test with Hörmann's Stirling
 * correction f_c(k) = ln k! − (k + ½)·ln(k + 1) + (k + 1) − ½·ln 2π, which is `stirlingError(k + 1)`.
 */
function btrd(rng: Rng, n: number, p: number): number {
  // Setup (step 0).
  const m = Math.floor((n + 1) * p);
  const r = p / (1 - p);
  const nr = (n + 1) * r;
  const npq = n * p * (1 - p);
  const sqrtNpq = Math.sqrt(npq);
  const b = 1.15 + 2.53 * sqrtNpq;
  const a = -0.0873 + 0.0248 * b + 0.01 * p;
  const c = n * p + 0.5;
  const alpha = (2.83 + 5.1 / b) * sqrtNpq;
  const vr = 0.92 - 4.2 / b;
  const urvr = 0.86 * vr;
  for (;;) {
    // Step 1: immediate acceptance.
    let v = rng.uniform();
    let u: number;
    if (v <= urvr) {
      u = v / vr - 0.43;
      return Math.floor(((2 * a) / (0.5 - Math.abs(u)) + b) * u + c);
    }
    // Step 2: draw (u, v) for the rest of the hat.
    if (v >= vr) {
      u = rng.uniform() - 0.5;
    } else {
      u = v / vr - 0.93;
      u = (u < 0 ? -0.5 : 0.5) - u;
      v = rng.uniform() * vr;
    }
    // Step 3.0
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + c);
    if (k < 0 || k > n) continue;
    v = (v * alpha) / (a / (us * us) + b);
    const km = Math.abs(k - m);
    if (km <= 15) {
      // Step 3.1: f(k)/f(m) by the recursion f(i)/f(i − 1) = (n + 1 − i)/i · r = nr/i − r.
      let f = 1;
      if (m < k) {
        for (let i = m + 1; i <= k; i++) f *= nr / i - r;
      } else if (m > k) {
        for (let i = k + 1; i <= m; i++) v *= nr / i - r;
      }
      if (v <= f) return k;
      continue;
    }
    // Step 3.2: squeeze on ln v.
    v = Math.log(v);
    const rho = (km / npq) * (((km / 3 + 0.625) * km + 1 / 6) / npq + 0.5);
    const t = (-km * km) / (2 * npq);
    if (v < t - rho) return k;
    if (v > t + rho) continue;
    // Step 3.3: exact test, ln f(k)/f(m) through Stirling's formula.
    const nm = n - m + 1;
    const h = (m + 0.5) * Math.log((m + 1) / (r * nm)) + stirlingError(m + 1) + stirlingError(n - m + 1);
    const nk = n - k + 1;
    const bound = h + (n + 1) * Math.log(nm / nk) + (k + 0.5) * Math.log((nk * r) / (k + 1)) - stirlingError(k + 1) - stirlingError(n - k + 1);
    if (v <= bound) return k;
  }
}
