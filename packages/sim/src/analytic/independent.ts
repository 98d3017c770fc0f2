import { requireInteger, requireUnit } from '../checks.js';
import { atLeastOneSuccess } from '../math/atLeastOneSuccess.js';

/**
 * pass@k of one task with known success probability p and independent attempts:
 * 1 − (1 − p)^k (Kulal et al. 2019; Chen et al. 2021). Seeds: p = 0.3, k = 10 → 97.2 %.
 */
export function independentPassAtK(p: number, k: number): number {
  requireUnit('p', p);
  requireInteger('k', k, 1);
  return atLeastOneSuccess(p, k);
}

/** pass^k of one task with known p and independent attempts: p^k (Yao et al. 2024). Seeds: p = 0.9, k = 8 → 43.0 %. */
export function independentPassHatK(p: number, k: number): number {
  requireUnit('p', p);
  requireInteger('k', k, 1);
  return p ** k;
}

/** The single-attempt rate needed for pass^k ≥ target: p ≥ target^(1/k). Seeds: pass^8 ≥ 90 % needs p ≥ 98.7 %. */
export function rateForPassHatK(target: number, k: number): number {
  requireUnit('target', target);
  requireInteger('k', k, 1);
  return target ** (1 / k);
}
