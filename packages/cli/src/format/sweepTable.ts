import type { Estimate, SummaryRow } from '@passk/sim';
import { formatPercent } from './percent.js';
import type { Table } from './table.js';

/** What the sweep table reads from a sweep (the CLI's document or a `sweep --json` file). */
export interface SweepTableInput {
  readonly points: readonly { readonly values: Readonly<Record<string, unknown>>; readonly outcome: SummaryRow; readonly onFrontier: boolean }[];
  readonly best: number | null;
}

/** A sweep: one row per grid point (its values, outcome and cost), the frontier marked and the best point named. */
export function sweepTable(sweep: SweepTableInput): Table {
  const paths = Object.keys(sweep.points[0]?.values ?? {});
  const rate = (e: Estimate | undefined) => (!e || e.value === null ? '—' : `${formatPercent(e.value, 2)} ±${((e.se ?? 0) * 100).toFixed(2)}`);
  const amount = (e: Estimate | undefined) => (!e || e.value === null ? '—' : Number(e.value.toPrecision(4)).toString());
  return {
    title: 'Each row is the policy at its own maxAttempts; "frontier": no other point is both cheaper and delivers more correct answers',
    columns: [
      ...paths.map((path) => ({ header: path })),
      { header: 'delivered correct' },
      { header: 'wrong' },
      { header: 'abstained' },
      { header: 'attempts' },
      { header: 'cost' },
      { header: 'cost per correct' },
      { header: '', align: 'left' },
    ],
    rows: sweep.points.map((point, i) => [
      ...paths.map((path) => String(point.values[path])),
      rate(point.outcome.deliveredCorrect),
      rate(point.outcome.deliveredWrong),
      rate(point.outcome.abstained),
      amount(point.outcome.attempts),
      amount(point.outcome.cost),
      amount(point.outcome.costPerCorrect),
      [point.onFrontier ? 'frontier' : '', sweep.best === i ? '← best' : ''].filter(Boolean).join(' '),
    ]),
  };
}
