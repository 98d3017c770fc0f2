import type { CompareOptions } from '../../../packages/sim/src/planning/compare.js';

// The plan options of compare.test.ts and comparePower.slow.test.ts.
// gainSpread 0: the same log-odds gain on every task (the references below); simulations 0: no built-in power check.
export const hatOptions: CompareOptions = {
  metric: 'passHatK',
  k: 4,
  mean: 0.6,
  concentration: 4,
  delta: 0.1,
  power: 0.8,
  alpha: 0.05,
  trials: [4, 8],
  gainSpread: 0,
  simulations: 0,
};
export const atOptions: CompareOptions = {
  metric: 'passAtK',
  k: 3,
  mean: 0.3,
  concentration: 2,
  delta: 0.1,
  power: 0.8,
  alpha: 0.05,
  trials: [3, 6],
  gainSpread: 0,
  simulations: 0,
};
// Uneven gains: each task's log-odds gain is δ + 1·Z.
export const unevenOptions: CompareOptions = { ...atOptions, metric: 'passAtK', k: 3, trials: [6], gainSpread: 1 };
