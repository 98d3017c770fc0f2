import type { ExactMetrics } from '@passk/sim/internal';
import type { ExplorerSeed } from './explorerSeed.js';
import { policyOf, type PolicySettings, type PolicySide } from './policySettings.js';
import { differenceText, policyCurves, policyReadout, policyTexts, type PolicyReadout, type PolicyTexts, type ReadoutMetric } from './policyValues.js';
import { POLICY_IDS as ID } from './policyIds.js';

/** One policy of the two side by side: its settings, curves over k, read-out at its k and the read-out's texts. */
export interface PolicyColumn {
  readonly settings: PolicySettings;
  readonly curves: readonly ExactMetrics[];
  readonly readout: PolicyReadout;
  readonly texts: PolicyTexts;
}

/** A row of the read-out table: its label, policy A's cell id (B's and the difference's follow, sideId), and its metric. */
export interface ReadoutRow {
  readonly label: string;
  readonly id: string;
  readonly text: keyof PolicyTexts;
  /** The metric behind the row (null: the budget k, which has no difference). */
  readonly metric: ReadoutMetric | null;
}

/** The read-out table's rows, in order. */
export const READOUT_ROWS: readonly ReadoutRow[] = [
  { label: 'at k =', id: ID.readoutK, text: 'k', metric: null },
  { label: 'coverage (pass@k)', id: ID.coverage, text: 'coverage', metric: 'coverage' },
  { label: 'pass^k', id: ID.passHatK, text: 'passHatK', metric: 'passHatK' },
  { label: 'delivered correct', id: ID.deliveredCorrect, text: 'deliveredCorrect', metric: 'deliveredCorrect' },
  { label: 'delivered wrong', id: ID.deliveredWrong, text: 'deliveredWrong', metric: 'deliveredWrong' },
  { label: 'abstained', id: ID.abstained, text: 'abstained', metric: 'abstained' },
  { label: 'cost per correct', id: ID.costPerCorrect, text: 'costPerCorrect', metric: 'costPerCorrect' },
  { label: 'over the cost budget', id: ID.overBudget, text: 'overBudget', metric: 'costOverCap' },
  { label: 'latency per episode', id: ID.latency, text: 'latency', metric: 'latency' },
  { label: 'over the latency budget', id: ID.overLatency, text: 'overLatency', metric: 'latencyOverCap' },
];

/** Policy A's or B's column: policyCurves, policyReadout (closed forms, else the library's simulation, put off while `simulateNow` is false) and their texts. */
export function policyColumn(settings: PolicySettings, side: PolicySide, seed: ExplorerSeed | null, simulateNow = true): PolicyColumn {
  const own = policyOf(settings, side);
  const curves = policyCurves(own, seed);
  const readout = policyReadout(own, curves, seed, simulateNow);
  return { settings: own, curves, readout, texts: policyTexts(own, curves, seed, readout) };
}

/** B − A per row, as text ("" for the budget k). */
export function differenceTexts(a: PolicyColumn, b: PolicyColumn): Record<string, string> {
  return Object.fromEntries(
    READOUT_ROWS.map((row) => [row.id, row.metric === null ? '' : differenceText(row.metric, a.readout[row.metric], b.readout[row.metric])]),
  );
}

/**
 * A read-out text split for its cell: the value ("≈93.0%") in the cell's output, its standard
 * error ("SE 0.17%") on a line of its own below, so a phone's narrow column stays readable.
 */
export function splitSe(text: string): { readonly main: string; readonly se: string } {
  const at = text.indexOf(' (SE ');
  return at < 0 ? { main: text, se: '' } : { main: text.slice(0, at), se: text.slice(at + 2, -1) };
}

/** The id of a read-out cell's standard-error line. */
export function seId(id: string): string {
  return `${id}-se`;
}
