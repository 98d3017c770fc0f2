import type { SweepDocument } from './sweepDocument.js';
import { formatPercent } from './percent.js';
import { sweepTable } from './sweepTable.js';
import { renderTable } from './table.js';
import type { TerminalReport } from './terminalReport.js';
import { measuredVerifierLines } from './summaryMeasured.js';

/** Text view of a sweep: one row per grid point, the frontier marked, the best point named. */
export function formatSweep(sweep: SweepDocument): TerminalReport {
  const table = sweepTable(sweep);
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
  const body = [
    `Sweep of ${sweep.points.length} points, seed ${String(sweep.seed)}; every point shares the same random streams, so differences between points are not noise between runs.`,
    // Ctrl-C: which points the table holds, and that the best point is only the best of those.
    ...(sweep.interrupted === undefined
      ? []
      : [
          `PARTIAL (interrupted): ${sweep.interrupted.pointsDone} of ${sweep.interrupted.pointsPlanned} grid points finished; frontier and best are among them.`,
        ]),
    `${table.title}.`,
    // A measured verifier: its counts, and where the intervals that include their uncertainty are.
    ...((sweep.scenario && measuredVerifierLines(sweep.scenario)?.slice(0, -2)) ?? []),
    ...(sweep.scenario?.verifier.measured === undefined
      ? []
      : ["± is Monte Carlo alone; 95 % intervals with the rates' uncertainty: --json (points[].outcome)."]),
    '',
    renderTable(table.columns, table.rows),
    '',
    bestLine,
  ]
    .join('\n')
    .trimEnd()
    .concat('\n');
  return { body, verdict: sweepVerdict(sweep, limits) };
}

/**
 * The last line of a sweep: the best point's values and its delivered-correct rate, or
 * that no point meets the limits. Example: `sweep: best policy.maxAttempts=4, verifier.falseAccept=0.05 → 92.11% correct`.
 */
function sweepVerdict(sweep: SweepDocument, limits: readonly (string | null)[]): string {
  if (sweep.best === null) return `sweep: ${limits.length > 0 ? `no point meets ${limits.join(' and ')}` : 'no best point'}`;
  const point = sweep.points[sweep.best]!;
  const values = Object.entries(point.values)
    .map(([path, value]) => `${path}=${String(value)}`)
    .join(', ');
  return `sweep: best ${values} → ${formatPercent(point.outcome.deliveredCorrect.value, 2)} correct`;
}
