import type { Estimate } from '@passk/sim';
import type { SweepDocument } from '../commands/sweep.js';
import { formatPercent } from './percent.js';
import { renderTable } from './table.js';

/** Text view of a sweep: one row per grid point, the frontier marked, the best point named. */
export function formatSweep(sweep: SweepDocument): string {
  const paths = Object.keys(sweep.points[0]?.values ?? {});
  const rate = (e: Estimate) => (e.value === null ? '—' : `${formatPercent(e.value, 2)} ±${((e.se ?? 0) * 100).toFixed(2)}`);
  const amount = (e: Estimate) => (e.value === null ? '—' : Number(e.value.toPrecision(4)).toString());
  const table = renderTable(
    [
      ...paths.map((path) => ({ header: path, align: 'right' as const })),
      { header: 'delivered correct', align: 'right' },
      { header: 'wrong', align: 'right' },
      { header: 'abstained', align: 'right' },
      { header: 'attempts', align: 'right' },
      { header: 'cost', align: 'right' },
      { header: 'cost per correct', align: 'right' },
      { header: '', align: 'left' },
    ],
    sweep.points.map((point, i) => [
      ...paths.map((path) => String(point.values[path])),
      rate(point.outcome.deliveredCorrect),
      rate(point.outcome.deliveredWrong),
      rate(point.outcome.abstained),
      amount(point.outcome.attempts),
      amount(point.outcome.cost),
      amount(point.outcome.costPerCorrect),
      [point.onFrontier ? 'frontier' : '', sweep.best === i ? '← best' : ''].filter(Boolean).join(' '),
    ]),
  );
  const limits = [
    sweep.constraints.maxCost === null ? null : `cost ≤ ${sweep.constraints.maxCost}`,
    sweep.constraints.maxWrongDelivery === null ? null : `wrong delivery ≤ ${formatPercent(sweep.constraints.maxWrongDelivery, 2)}`,
  ].filter(Boolean);
  const bestLine =
    sweep.best === null
      ? limits.length > 0
        ? `No point meets ${limits.join(' and ')}.`
        : ''
      : `Best${limits.length > 0 ? ` with ${limits.join(' and ')}` : ''}: ${Object.entries(sweep.points[sweep.best]!.values)
          .map(([path, value]) => `${path} = ${String(value)}`)
          .join(', ')} (highest delivered-correct rate).`;
  return [
    `Sweep of ${sweep.points.length} points, seed ${String(sweep.seed)}; every point shares the same random streams, so differences between points are not noise between runs.`,
    'Each row is the policy at its own maxAttempts; "frontier": no other point is both cheaper and delivers more correct answers.',
    '',
    table,
    '',
    bestLine,
  ]
    .join('\n')
    .trimEnd()
    .concat('\n');
}
