import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the benchmark scripts (built code; `pnpm test` builds first).
import { COMPARE_DEFAULTS, DEFAULTS, measureCell, measureCompareCell, ONE_SIDED } from '../../../bench/coverageCells.mjs';

// The coverage study (pnpm coverage-study, docs/uncertainty.md) in a reduced form: a few cells of
// the committed grid with enough datasets that a 90 % interval fails. Tolerance from the binomial
// SE of a coverage estimate: coverage ≥ 0.95 − 3·√(0.95·0.05/D) (0.917 at D = 400), which a method
// with true coverage 0.90 misses with probability ≈ 0.99 (checked below with the 90 % intervals).

const DATASETS = 400;
const FLOOR = 0.95 - 3 * Math.sqrt((0.95 * 0.05) / DATASETS);

type Cell = { population: string; n: number; T: number; ks: number[]; unequal?: boolean; oneSided?: boolean };
const CELLS: Cell[] = [
  // Every task's estimate equal (pass@8 of easy tasks): the naive interval has zero width here.
  { population: 'beta(4,1)', n: 8, T: 20, ks: [8] },
  // Skewed pass^k with rare tasks deciding the mean.
  { population: 'beta(0.3,0.7)', n: 30, T: 20, ks: [8] },
  // A central cell.
  { population: 'beta(0.5,0.5)', n: 8, T: 50, ks: [1] },
];

function run(cell: Cell, confidence: number) {
  return measureCell({ oneSided: false, ...cell, datasets: DATASETS, seed: 'ci', bootstrap: 0, confidence }) as Array<{
    k: number;
    metric: string;
    population: Record<string, { coverage: number }>;
    benchmark: Record<string, { coverage: number }>;
  }>;
}

// Each cell draws and fits 400 datasets (the this-benchmark interval fits its grid population per
// dataset, the compare cells also the parametric populations): seconds per cell, minutes on a loaded
// machine (100–250 s with six test runs on 2 cores).
const CELL_TIMEOUT = 400_000;

describe('coverage of the default benchmark-level intervals (reduced study)', { timeout: CELL_TIMEOUT }, () => {
  for (const cell of CELLS) {
    it(`${cell.population}, n ${cell.n}, T ${cell.T}, k ${cell.ks}: population interval ≥ ${(100 * FLOOR).toFixed(1)} %`, () => {
      for (const record of run(cell, 0.95)) {
        expect(record.population[DEFAULTS.population]!.coverage, record.metric).toBeGreaterThanOrEqual(FLOOR);
      }
    });
  }

  it('the this-benchmark interval holds in the central cell', () => {
    for (const record of run(CELLS[2]!, 0.95)) expect(record.benchmark[DEFAULTS.benchmark]!.coverage).toBeGreaterThanOrEqual(FLOOR);
  });

  it('the this-benchmark interval holds where the moment fit often finds no spread (pass@4, Beta(4, 1), n 8, T 20)', () => {
    // Before the fitted population's weight was limited to 2n this cell covered 90.8 % (docs/uncertainty.md).
    const [passAt4] = run({ population: 'beta(4,1)', n: 8, T: 20, ks: [4] }, 0.95);
    expect(passAt4!.benchmark[DEFAULTS.benchmark]!.coverage).toBeGreaterThanOrEqual(FLOOR);
  });

  it('the this-benchmark interval holds on tasks with point masses at 0 and 1 (pass@4, mixture, n 8, T 164)', () => {
    // A task at 0/8 or 8/8 carries the noise of the rates that give 0/8 or 8/8 in the fitted population
    // (npmlePrior, or the moment Beta's where that is larger: benchmarkTrialNoise); with a plain Beta
    // population this cell covered 98.3 % (docs/uncertainty-history.md).
    for (const record of run({ population: 'mix(0.3@0,0.2@1,0.5*beta(2,2))', n: 8, T: 164, ks: [4] }, 0.95)) {
      expect(record.benchmark[DEFAULTS.benchmark]!.coverage, record.metric).toBeGreaterThanOrEqual(FLOOR);
    }
  });

  // The audit of issue #42: a Beta population fitted by moments turned U-shaped on these populations and
  // put the tasks at n/n near p = 1 (75.6 % and 83.5 % there before, docs/uncertainty-history.md).
  it.each([
    [{ population: 'two-point(0.02,0.7)', n: 5, T: 300, ks: [5] }, 'passAtK'],
    [{ population: 'two-point(0.1,0.9)', n: 5, T: 300, ks: [5] }, 'passHatK'],
  ] as const)('the this-benchmark interval and its one-sided bound hold on the audit cell %j (%s)', (cell, metric) => {
    const record = run({ ...cell, ks: [...cell.ks], oneSided: true }, 0.95).find((r) => r.k === cell.n && r.metric === metric)!;
    expect(record.benchmark[DEFAULTS.benchmark]!.coverage).toBeGreaterThanOrEqual(FLOOR);
    expect(record.benchmark[ONE_SIDED.benchmark]!.coverage).toBeGreaterThanOrEqual(FLOOR);
  });

  it('the third audit cell: smooth bimodal ½Beta(18, 2) + ½Beta(2, 18), n 10, T 30, k 8 and 10', () => {
    // Where 2k > n the trial noise has no unbiased estimator (bench/coverageReasons.mjs) and the interval
    // rests on the fitted population: 93.1–94.4 % two-sided, 93.2–95.9 % one-sided on 1000 datasets of
    // this seed (`node bench/coverage.mjs --only benchmark --seed ci --datasets 1000 --workers 1
    // --filter bimodal:10:30`); the floor is 95 % − 3 SE at 400 datasets: the audit's 85.1 % fails it.
    for (const record of run({ population: 'bimodal(beta(18,2),beta(2,18))', n: 10, T: 30, ks: [8, 10], oneSided: true }, 0.95)) {
      expect(record.benchmark[DEFAULTS.benchmark]!.coverage, `k ${record.k} ${record.metric}`).toBeGreaterThanOrEqual(FLOOR);
      expect(record.benchmark[ONE_SIDED.benchmark]!.coverage, `k ${record.k} ${record.metric}, lower bound`).toBeGreaterThanOrEqual(FLOOR);
    }
  });

  it('held out of the grid (bench/coverageCells.mjs HELD_OUT_POPULATIONS): ½δ₀ + ½Beta(8, 2), n 10, T 10, k 10', () => {
    // The held-out cell where round 2 was lowest (pass^10 one-sided 91.5 % at 200 datasets, docs/uncertainty.md).
    for (const record of run({ population: 'mix(0.5@0,0.5*beta(8,2))', n: 10, T: 10, ks: [10], oneSided: true }, 0.95)) {
      expect(record.benchmark[DEFAULTS.benchmark]!.coverage, record.metric).toBeGreaterThanOrEqual(FLOOR);
      expect(record.benchmark[ONE_SIDED.benchmark]!.coverage, `${record.metric}, lower bound`).toBeGreaterThanOrEqual(FLOOR);
    }
  });

  it('unequal trials (half the tasks 10, half 5): pass@1 and pass@5 over all tasks', () => {
    for (const record of run({ population: 'beta(0.5,0.5)', n: 10, T: 30, ks: [1, 5], unequal: true, oneSided: true }, 0.95).filter((r) => r.k <= 5)) {
      expect(record.benchmark[DEFAULTS.benchmark]!.coverage, `k ${record.k} ${record.metric}`).toBeGreaterThanOrEqual(FLOOR);
      expect(record.benchmark[ONE_SIDED.benchmark]!.coverage, `k ${record.k} ${record.metric}, lower bound`).toBeGreaterThanOrEqual(FLOOR);
    }
  });

  it('the test has power: the naive interval fails the boundary cell, and 90 % intervals fail the floor', () => {
    const [passAt8] = run(CELLS[0]!, 0.95);
    expect(passAt8!.population.naive!.coverage).toBeLessThan(FLOOR);
    const central = run(CELLS[2]!, 0.9);
    for (const record of central) {
      expect(record.population[DEFAULTS.population]!.coverage).toBeLessThan(FLOOR);
      expect(record.benchmark[DEFAULTS.benchmark]!.coverage).toBeLessThan(FLOOR);
    }
  });
});

describe('coverage of the compare intervals (both estimands)', { timeout: CELL_TIMEOUT }, () => {
  type CompareRecord = { metric: string; difference: Record<string, { coverage: number }>; benchmark: Record<string, { coverage: number }> };
  const runCompare = (cell: { population: string; n: number; T: number; ks: readonly number[] }, confidence = 0.95) =>
    measureCompareCell({ ...cell, ks: [...cell.ks], datasets: DATASETS, seed: 'ci', confidence }) as CompareRecord[];

  it.each([
    // Every task's pass@8 at 1 for both agents in most datasets: the naive paired interval has zero width.
    [{ population: 'beta(4,1)', n: 8, T: 20, ks: [8] }, true],
    [{ population: 'beta(0.5,0.5)', n: 30, T: 50, ks: [1] }, false],
    // pass@8 differs only on rare hard tasks: 91.8 % with the trial-noise floor alone, before the (σ_A − σ_B)² floor.
    [{ population: 'beta(4,1)', n: 30, T: 20, ks: [8] }, true],
  ] as const)('%j', (cell, naiveFails) => {
    const records = runCompare(cell);
    for (const record of records) {
      expect(record.difference[COMPARE_DEFAULTS.difference]!.coverage, `${record.metric}, task population`).toBeGreaterThanOrEqual(FLOOR);
      expect(record.benchmark[COMPARE_DEFAULTS.benchmark]!.coverage, `${record.metric}, this benchmark`).toBeGreaterThanOrEqual(FLOOR);
    }
    if (naiveFails) expect(records.find((r) => r.metric === 'passAtK')!.difference.naive!.coverage).toBeLessThan(FLOOR);
  });

  it('the test has power: 90 % intervals fail the floor where the trial-noise floor often binds (n 4, T 20)', () => {
    // There the paired interval's t quantile takes the floored variance's degrees of freedom (more than T − 1).
    // (This benchmark's difference is conservative in this cell since its grid population, issue #42:
    // 95 % at the 90 % level, docs/uncertainty.md; its power is checked on the single-run cells above.)
    for (const record of runCompare({ population: 'beta(0.5,0.5)', n: 4, T: 20, ks: [1] }, 0.9)) {
      expect(record.difference[COMPARE_DEFAULTS.difference]!.coverage).toBeLessThan(FLOOR);
    }
  });
});
