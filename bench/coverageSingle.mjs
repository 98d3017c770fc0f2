// Exact coverage of the single-task intervals for p (and so for pass@k and pass^k, their monotone
// images): for each p on a grid, coverage = Σ_c P(C = c | n, p)·[L(c) ≤ p ≤ U(c)], no simulation.
import { proportionInterval, INTERVAL_METHODS } from '../packages/sim/dist/intervals/proportionInterval.js';
import { binomialPmf } from '../packages/sim/dist/math/binomialPmf.js';

export function singleTaskCoverage({ trials = [4, 8, 30], confidence = 0.95, points = 999 } = {}) {
  const rows = [];
  for (const n of trials) {
    for (const sides of [2, 1]) {
      for (const method of INTERVAL_METHODS) {
        const options = sides === 2 ? { method, confidence, sides } : { method, confidence, sides, tail: 'lower' };
        const bounds = Array.from({ length: n + 1 }, (_, c) => proportionInterval(n, c, options));
        let min = 1;
        let sum = 0;
        for (let i = 1; i <= points; i++) {
          const p = i / (points + 1);
          let covered = 0;
          for (let c = 0; c <= n; c++) if (bounds[c].lower <= p && p <= bounds[c].upper) covered += binomialPmf(c, n, p);
          min = Math.min(min, covered);
          sum += covered;
        }
        rows.push({ n, sides, method, min, mean: sum / points });
      }
    }
  }
  return rows;
}
