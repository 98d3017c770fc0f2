import { binomialCdf } from '../math/binomialCdf.js';

/** A demonstration's design: `runs` single-attempt runs, passed with at most `failures` failures, for pass^k. */
export interface DemonstrationDesign {
  readonly runs: number;
  readonly failures: number;
  readonly k: number;
}

/** 1 − π^(1/k), the per-attempt failure rate at pass^k = π, kept exact near π = 1 (as `planDemonstration` does). */
function failureRateAt(passHatK: number, k: number): number {
  return -Math.expm1((passHatK >= 0.5 ? Math.log1p(passHatK - 1) : Math.log(passHatK)) / k);
}

/**
 * The chance that the design passes when the true pass^k is π: P(F ≤ f), F ~ Binomial(runs,
 * 1 − π^(1/k)) — the exact binomial test's power (at π = target it is at most 1 − confidence).
 * Example: 228 runs, no failure, k = 8, π = 0.95: 0.95^(228/8) = 0.2318 (the plan of pass^8 ≥ 90 %
 * passes an agent whose pass^8 is 95 % less than a quarter of the time).
 */
export function demonstrationPower(design: DemonstrationDesign, passHatK: number): number {
  if (passHatK === 1) return 1;
  return binomialCdf(design.failures, design.runs, failureRateAt(passHatK, design.k));
}

/**
 * The true pass^k at which the design passes with probability `power`: the root in q of
 * P(F ≤ f | runs, q) = power (decreasing in q; bisection on ln q, 200 steps reach the doubles),
 * π = (1 − q)^k. With no failure allowed it is power^(k/runs).
 */
export function passHatKForPower(design: DemonstrationDesign, power: number): number {
  let low = Math.log(Number.MIN_VALUE); // ln q where P(pass) ≈ 1 ≥ power
  let high = 0; // q = 1: P(pass) = 0 for failures < runs
  for (let step = 0; step < 200 && high - low > 1e-15 * Math.max(1, -low); step++) {
    const mid = (low + high) / 2;
    if (binomialCdf(design.failures, design.runs, Math.exp(mid)) >= power) low = mid;
    else high = mid;
  }
  return Math.exp(design.k * Math.log1p(-Math.exp((low + high) / 2)));
}
