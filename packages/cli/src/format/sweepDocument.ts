import type { Scenario, SummaryRow, SweepPoint } from '@passk/sim/internal';

/** One grid point's outcome: the policy with its own maxAttempts (the last row of its summary). */
export interface SweepPointResult {
  readonly values: SweepPoint;
  readonly outcome: SummaryRow;
  readonly onFrontier: boolean;
}

/** What `passk sweep` reports (the parts the text and HTML views read). */
export type SweepDocument = {
  readonly seed: number | string;
  /** The base scenario (the text reads its measured verifier, when there is one). */
  readonly scenario?: Scenario;
  readonly vary: readonly string[];
  readonly points: readonly SweepPointResult[];
  readonly frontier: readonly number[];
  readonly constraints: { readonly maxCost: number | null; readonly maxWrongDelivery: number | null };
  readonly best: number | null;
  /** Present when Ctrl-C stopped the sweep: the points are the first `pointsDone` of the grid. */
  readonly interrupted?: { readonly pointsDone: number; readonly pointsPlanned: number };
};
