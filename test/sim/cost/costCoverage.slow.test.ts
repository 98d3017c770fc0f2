import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the study scripts (built code; `pnpm test` builds first).
import { runCell } from '../../../bench/decisions/costCoverage.mjs';

// The cost study (pnpm decision-study:cost, docs/costs.md) in a reduced form. Tolerance from the
// binomial SE of a coverage estimate over R benchmarks: coverage ≥ 0.95 − 3·√(0.95·0.05/R)
// (0.923 at R = 600); a cell where the study found the plain delta interval short (75.8 % at 20 tasks,
// 3 % success) is checked to fall below it, so the check can tell a short interval apart.
const REPLICATES = 600;
const FLOOR = 0.95 - 3 * Math.sqrt((0.95 * 0.05) / REPLICATES);

type Row = { coverage: Record<'fieller' | 'delta' | 'log', number>; difference: number; withEstimate: number };
const run = (cell: { tasks: number; n: number; k: number; mean: number }) => runCell(cell, REPLICATES, 'ci') as Row;

describe('coverage of cost per solved task and of the B − A difference (reduced study)', { timeout: 120_000 }, () => {
  for (const cell of [
    { tasks: 50, n: 5, k: 1, mean: 0.3 },
    { tasks: 50, n: 5, k: 3, mean: 0.1 },
    { tasks: 200, n: 1, k: 1, mean: 0.1 },
  ]) {
    it(`T ${cell.tasks}, n ${cell.n}, k ${cell.k}, mean success ${cell.mean}: log interval and difference ≥ ${(100 * FLOOR).toFixed(1)} %`, () => {
      const row = run(cell);
      expect(row.withEstimate).toBe(REPLICATES);
      expect(row.coverage.log).toBeGreaterThanOrEqual(FLOOR);
      expect(row.difference).toBeGreaterThanOrEqual(FLOOR);
    });
  }

  it('the plain delta interval at 20 tasks and 3 % success falls below the floor (the check discriminates)', () => {
    const row = run({ tasks: 20, n: 1, k: 1, mean: 0.03 });
    // Over the benchmarks with anything solved; the SE of that share is larger, so the floor is too.
    const floor = 0.95 - 3 * Math.sqrt((0.95 * 0.05) / row.withEstimate);
    expect(row.coverage.delta).toBeLessThan(floor);
  });
});
