import { expect } from 'vitest';

/** One cell of a what-if coverage tally (bench/decisions/whatIfCoverage.mjs): runs, runs covered, runs the fixed fit covered. */
interface TallyCell {
  readonly runs: number;
  readonly covered: number;
  readonly beforeCovered: number;
}

/**
 * The checks the reduced what-if coverage studies share: every cell ran `runs` logs, and the cells are
 * `keys`; each cell's coverage is at least 95 % less 4 binomial SE of a coverage estimated on `runs`
 * logs (4·√(0.95·0.05/runs)); the summary before (the fit fixed at its MLE, ± Monte Carlo alone)
 * covered less than that over all cells.
 */
export function expectCoverageNearNominal(tally: Record<string, TallyCell>, runs: number, keys: readonly string[]): void {
  const slack = 4 * Math.sqrt((0.95 * 0.05) / runs);
  let before = 0;
  let total = 0;
  for (const [key, cell] of Object.entries(tally)) {
    expect(cell.runs, key).toBe(runs);
    expect(cell.covered / cell.runs, key).toBeGreaterThanOrEqual(0.95 - slack);
    before += cell.beforeCovered;
    total += cell.runs;
  }
  expect(Object.keys(tally).sort()).toEqual([...keys].sort());
  expect(before / total).toBeLessThan(0.95 - slack);
}
