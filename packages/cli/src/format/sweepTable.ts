import type { Estimate, SummaryRow } from '@passk/sim/internal';
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
  // Over-cap columns only when some point has that cap (older sweep files lack the fields).
  const has = (metric: 'costOverCap' | 'latencyOverCap') => sweep.points.some((point) => (point.outcome[metric]?.value ?? null) !== null);
  const over = [
    ...(has('costOverCap') ? [{ header: 'P(cost > cap)', metric: 'costOverCap' as const }] : []),
    ...(has('latencyOverCap') ? [{ header: 'P(latency > cap)', metric: 'latencyOverCap' as const }] : []),
  ];
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
      ...over.map(({ header }) => ({ header })),
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
      ...over.map(({ metric }) => rate(point.outcome[metric])),
      [point.onFrontier ? 'frontier' : '', sweep.best === i ? '← best' : ''].filter(Boolean).join(' '),
    ]),
  };
}
