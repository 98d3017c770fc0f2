import { BENCHMARK_DIFFERENCE_METHOD, DIFFERENCE_INTERVAL_METHOD, type ManyComparison, type MetricComparison, type RunComparison } from '@passk/sim/internal';
import { COST_COMPARE_METHODS, type CompareCost } from '../commands/compareCosts.js';
import type { Estimands } from '../results/estimandSchema.js';
import { documentInterval } from '../results/intervalSchema.js';
import { describeCoverage } from './describe.js';
import { RESULT_KINDS, SCHEMA_VERSIONS, withKind } from './resultKinds.js';

/** Where one compared run came from: a file, or the rows of a file with one value of a column (--by). */
export interface CompareRunSource {
  readonly name: string;
  readonly file: string;
  readonly format: string;
  /** Attempts counted, and tasks. */
  readonly rows: number;
  readonly tasks: number;
  /** With --by: the column and the value these rows have. */
  readonly by: { readonly column: string; readonly value: string } | null;
  /** How the input was read, in words: the format and columns, and what happened to rows without an outcome. */
  readonly read: readonly string[];
}

/** The `passk.compare` document as compare builds it (its contract: results/compareSchema.ts). */
export interface CompareDocument {
  readonly kind: typeof RESULT_KINDS.compare;
  readonly schemaVersion: (typeof SCHEMA_VERSIONS)['passk.compare'];
  readonly runs: readonly CompareRunSource[];
  readonly baseline: string;
  readonly ks: readonly number[];
  readonly confidence: number;
  readonly sides: 1 | 2;
  readonly correction: ManyComparison['correction'];
  readonly method: Readonly<Record<'estimate' | 'pairing' | 'se' | 'interval' | 'benchmark' | 'bootstrap' | 'pValue' | 'correction', string>> & {
    readonly cost?: string;
  };
  /** The two estimands of a difference's intervals: the task population (`interval`) and this benchmark (`benchmark`). */
  readonly uncertainty: { readonly estimands: Estimands };
  /** Each comparison, its intervals with their level and method; `cost` where both logs record a cost (commands/compareCosts.ts). */
  readonly comparisons: readonly (RunComparison & { readonly cost?: CompareCost | null })[];
}

/** What each interval of a difference B − A is about, and how it is computed (the same for every comparison of a document). */
const COMPARE_ESTIMANDS: Estimands = {
  population: {
    field: 'interval',
    meaning: 'the task population: tasks like these, which tasks were sampled and the trials',
    method: `${DIFFERENCE_INTERVAL_METHOD}; unpaired: Welch t with Welch–Satterthwaite df`,
  },
  benchmark: {
    field: 'benchmark',
    meaning: "this benchmark: the same tasks rerun by both agents, only the trials random (unpaired: each run's own tasks)",
    method: `${BENCHMARK_DIFFERENCE_METHOD}; paired or unpaired alike`,
  },
};

/** The document of `passk compare --json`: the runs, the method in words, and every comparison. */
export function compareDocument(
  runs: readonly CompareRunSource[],
  ks: readonly number[],
  many: ManyComparison,
  costs?: readonly (CompareCost | null)[],
): CompareDocument {
  const first = many.comparisons[0]!;
  const coverage = describeCoverage(first.confidence, first.sides);
  const permutations = first.permutations;
  return withKind(RESULT_KINDS.compare, {
    runs,
    baseline: many.baseline,
    ks,
    confidence: first.confidence,
    sides: first.sides,
    correction: many.correction,
    method: {
      estimate:
        'unbiased per-task pass@k = 1 − C(n−c,k)/C(n,k) (Chen et al. 2021), pass^k = C(c,k)/C(n,k) (Yao et al. 2024) and mean success c/n, averaged over the compared tasks',
      pairing: `tasks matched by id; at each k only tasks in both runs with n ≥ k in both are compared (the rest counted and listed); paired when the runs share at least ${percent(first.pairing.minOverlap)} of all their tasks, otherwise an unpaired comparison of each run's own tasks`,
      se: 'paired: sd of the per-task differences (B − A) / √T; unpaired: √(SE_A² + SE_B²)',
      interval: `${coverage} ${COMPARE_ESTIMANDS.population.method}`,
      benchmark: `${coverage} ${COMPARE_ESTIMANDS.benchmark.method}`,
      bootstrap: first.bootstrap
        ? `${coverage} percentile interval of a paired two-stage bootstrap (T tasks with replacement, then c* ~ Binomial(n, c/n) per task and run), re-centred on the estimate; ${first.bootstrap.replicates} replicates, seed ${String(first.bootstrap.seed)}`
        : 'off (--bootstrap 0)',
      pValue: `two-sided sign-flip permutation test over tasks: exact over all 2^m sign patterns when m ≤ ${permutations.exactLimit} tasks differ, else ${permutations.replicates} random patterns (seed ${String(permutations.seed)}) with p = (b + 1)/(R + 1) and its Monte Carlo SE; where a task has different trial counts in the two runs, a trial-permutation test instead (pValue.test: each task's trials relabelled between the runs, c_B hypergeometric given its successes; exact up to 2^20 splits, else as many random relabellings); unpaired: Welch t-test`,
      correction:
        many.correction === 'holm'
          ? 'Holm (1979) over the comparisons with the baseline, separately at each k and metric (adjustedPValue)'
          : 'none (one comparison)',
      ...(costs === undefined
        ? {}
        : {
            cost:
              `where both logs record a cost, over the tasks in both runs priced in both with n ≥ k: per attempt, B − A of the task-averaged cost per attempt (${COST_COMPARE_METHODS.perAttempt}); ` +
              `per solved task, each run's Σ k·c̄_t / Σ pass@k_t (${COST_COMPARE_METHODS.perSolved}) and B − A (${COST_COMPARE_METHODS.difference}); ${coverage} intervals (docs/costs.md)`,
          }),
    },
    uncertainty: { estimands: COMPARE_ESTIMANDS },
    comparisons: many.comparisons.map((comparison, i) => ({
      ...comparisonWithIntervals(comparison),
      ...(costs === undefined ? {} : { cost: costs[i] ?? null }),
    })),
  });
}

/** The method of a paired comparison's task-population interval, in a phrase (`pairedDifferenceInterval`). */
export const PAIRED_INTERVAL = 'paired-difference score';

/** The method of each run's own CI (tasks) in a comparison, in a phrase (`groupsPopulationInterval`, as `estimate`). */
export const RUN_INTERVAL = 'score interval with a design effect (CI (tasks), as estimate)';

/** The method of a comparison's this-benchmark interval, in a phrase (`benchmarkDifferenceInterval`). */
export const BENCHMARK_INTERVAL = 'this-benchmark t (trial noise only)';

/** A comparison with every interval in the document shape (level and method named). */
function comparisonWithIntervals(comparison: RunComparison): RunComparison {
  const level = comparison.confidence;
  const tMethod = comparison.pairing.mode === 'paired' ? PAIRED_INTERVAL : 'Welch t';
  const metric = (m: MetricComparison) => ({
    ...m,
    baseline: { ...m.baseline, interval: m.baseline.interval && documentInterval(m.baseline.interval, level, RUN_INTERVAL) },
    candidate: { ...m.candidate, interval: m.candidate.interval && documentInterval(m.candidate.interval, level, RUN_INTERVAL) },
    interval: m.interval && documentInterval(m.interval, level, tMethod),
    benchmark: m.benchmark && { ...documentInterval(m.benchmark, level, BENCHMARK_INTERVAL), se: m.benchmark.se },
    bootstrap: m.bootstrap && { ...documentInterval(m.bootstrap, level, 'paired two-stage bootstrap, percentile, re-centred'), se: m.bootstrap.se },
  });
  return {
    ...comparison,
    meanSuccess: metric(comparison.meanSuccess),
    rows: comparison.rows.map((row) => ({ ...row, passAtK: row.passAtK && metric(row.passAtK), passHatK: row.passHatK && metric(row.passHatK) })),
  };
}

function percent(share: number): string {
  return `${Number((share * 100).toFixed(1))}%`;
}
