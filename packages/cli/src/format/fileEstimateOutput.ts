import type { BootstrapInterval } from '@passk/sim';
import { describeCoverage } from './describe.js';
import { describeTrials } from './describeTrials.js';
import { fileEstimateTable } from './fileEstimateTable.js';
import { renderTable } from './table.js';

type Bounds = { readonly lower: number; readonly upper: number } | null;

/** One k of `estimate FILE` (the JSON contract's `rows[]`). */
export interface FileEstimateRow {
  readonly k: number;
  readonly passAtK: number | null;
  readonly passHatK: number | null;
  readonly estimableTasks: number;
  readonly notEstimableTasks: number;
  readonly plugin: { readonly passAtK: number; readonly passHatK: number } | null;
  readonly se: { readonly passAtK: number | null; readonly passHatK: number | null };
  /** Interval for the task population (other tasks, other trials). */
  readonly interval: { readonly passAtK: Bounds; readonly passHatK: Bounds };
  /** Interval for this benchmark (the same tasks, only the trials random). */
  readonly benchmark: { readonly passAtK: Bounds; readonly passHatK: Bounds };
  /** mean ± z·SE, the naive clustered-SE interval (comparison only). */
  readonly clusteredNormal: { readonly passAtK: Bounds; readonly passHatK: Bounds };
  readonly bootstrap: { readonly passAtK: BootstrapInterval | null; readonly passHatK: BootstrapInterval | null } | null;
}

export interface FileEstimate {
  readonly source: { readonly file: string; readonly format: string; readonly rows: number; readonly columns: object };
  readonly tasks: number;
  readonly trials: { readonly min: number; readonly max: number };
  readonly uncertainty: {
    readonly confidence: number;
    readonly sides: 1 | 2;
    readonly interval: string;
    readonly estimands: Readonly<Record<'population' | 'benchmark', { readonly field: string; readonly meaning: string; readonly method: string }>>;
    readonly clusteredNormal: string;
    readonly bootstrap: { readonly replicates: number; readonly seed: string; readonly method: string } | null;
  };
  readonly rows: readonly FileEstimateRow[];
}

/** Text view of `estimate FILE`: one row per k with both intervals, then the method notes. */
export function formatFileEstimate(result: FileEstimate): string {
  const { tasks, trials, uncertainty } = result;
  const header = `${result.source.file}: ${result.source.rows} attempts over ${tasks} tasks, ${describeTrials(trials)}`;
  const table = fileEstimateTable(result);
  const coverage = describeCoverage(uncertainty.confidence, uncertainty.sides);
  const notes = [
    'pass@k and pass^k: unbiased per-task estimates (Chen et al. 2021; Yao et al. 2024) averaged over tasks;',
    '  plug-in puts c/n into 1 − (1 − p)^k and p^k (biased for k > 1).',
    `CI (tasks): ${coverage} for ${uncertainty.estimands.population.meaning};`,
    `  ${uncertainty.estimands.population.method}.`,
    `CI (trials): ${coverage} for ${uncertainty.estimands.benchmark.meaning};`,
    `  ${uncertainty.estimands.benchmark.method}.`,
    '  Coverage of both, measured: docs/uncertainty.md (pnpm coverage-study).',
  ];
  if (uncertainty.bootstrap) {
    notes.push(
      `CI (bootstrap): ${coverage}, ${uncertainty.bootstrap.method}; ${uncertainty.bootstrap.replicates} replicates, seed ${uncertainty.bootstrap.seed} (conservative in most cells: docs/uncertainty.md).`,
    );
  }
  if (result.rows.some((row) => row.notEstimableTasks > 0)) {
    notes.push('tasks: where fewer than all, the others have n < k trials, where pass@k and pass^k are not estimable.');
  }
  return `${header}\n\n${renderTable(table.columns, table.rows)}\n\n${notes.join('\n')}\n`;
}
