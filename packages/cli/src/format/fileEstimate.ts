import type { BootstrapInterval, Interval } from '@passk/sim/internal';
import type { Estimands } from '../results/estimandSchema.js';

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
  readonly interval: { readonly passAtK: Interval | null; readonly passHatK: Interval | null };
  /** Interval for this benchmark (the same tasks, only the trials random). */
  readonly benchmark: { readonly passAtK: Interval | null; readonly passHatK: Interval | null };
  /** mean ± z·SE, the naive clustered-SE interval (comparison only). */
  readonly clusteredNormal: { readonly passAtK: Interval | null; readonly passHatK: Interval | null };
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
    readonly estimands: Estimands;
    readonly clusteredNormal: string;
    readonly bootstrap: { readonly replicates: number; readonly seed: string; readonly method: string } | null;
  };
  readonly rows: readonly FileEstimateRow[];
}
