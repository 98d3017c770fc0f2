import type { TasksEstimateRow } from '@passk/sim/internal';
import type { Estimands } from '../results/estimandSchema.js';

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
  readonly rows: readonly TasksEstimateRow[];
}
