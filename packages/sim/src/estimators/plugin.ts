import { requireCounts, requireInteger } from '../checks.js';
import { InputError } from '../errors.js';
import { atLeastOneSuccess } from '../math/atLeastOneSuccess.js';

/**
 * Plug-in (biased) pass@k: 1 − (1 − c/n)^k — what you get by treating the observed rate as p.
 * Biased low for k > 1 (seeds: n = 10, c = 3, k = 5 → 83.19 % against the unbiased 91.67 %).
 */
export function pluginPassAtK(n: number, c: number, k: number): number {
  checkPlugin(n, c, k);
  return pluginValues(n, c, k).passAtK;
}

/**
 * Plug-in (biased) pass^k: (c/n)^k. Biased high for k > 1
 * (seeds: 27 of 30, k = 8 → 43.05 % against the unbiased 37.9 %).
 */
export function pluginPassHatK(n: number, c: number, k: number): number {
  checkPlugin(n, c, k);
  return pluginValues(n, c, k).passHatK;
}

/** Both plug-in values for already validated counts (n ≥ 1). */
export function pluginValues(n: number, c: number, k: number): { passAtK: number; passHatK: number } {
  const rate = c / n;
  return { passAtK: atLeastOneSuccess(rate, k), passHatK: rate ** k };
}

function checkPlugin(n: number, c: number, k: number): void {
  requireCounts(n, c);
  if (n === 0) throw new InputError('n', 'must be ≥ 1 for a plug-in estimate', n);
  requireInteger('k', k, 1);
}
