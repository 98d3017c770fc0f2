import type { Estimate, SummaryRow } from '@passk/sim';
import { formatPercent } from '../format/percent.js';
import { html } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { PasskResult } from './reportInput.js';
import type { ResultSection } from './resultSection.js';

interface SweepResult {
  readonly seed: number | string;
  readonly scenario: { readonly name?: string | null };
  readonly vary: readonly string[];
  readonly commonRandomNumbers?: string;
  readonly points: readonly { readonly values: Readonly<Record<string, unknown>>; readonly outcome: SummaryRow; readonly onFrontier: boolean }[];
  readonly constraints: { readonly maxCost: number | null; readonly maxWrongDelivery: number | null };
  readonly best: number | null;
}

// The same cells as the CLI's sweep table (format/sweepOutput.ts).
const rate = (e: Estimate | undefined) => (!e || e.value === null ? '—' : `${formatPercent(e.value, 2)} ±${((e.se ?? 0) * 100).toFixed(2)}`);
const amount = (e: Estimate | undefined) => (!e || e.value === null ? '—' : Number(e.value.toPrecision(4)).toString());

/** `sweep --json`: every grid point's outcome, the cost / delivery frontier and the best point under the constraints. */
export function sweepSection(result: PasskResult): ResultSection {
  const sweep = result as unknown as SweepResult;
  const paths = Object.keys(sweep.points[0]?.values ?? {});
  const limits = [
    sweep.constraints?.maxCost == null ? null : `cost ≤ ${sweep.constraints.maxCost}`,
    sweep.constraints?.maxWrongDelivery == null ? null : `wrong delivery ≤ ${formatPercent(sweep.constraints.maxWrongDelivery, 2)}`,
  ].filter((limit): limit is string => limit !== null);
  const best = sweep.best === null ? null : sweep.points[sweep.best];
  const bestText = best
    ? `Best${limits.length > 0 ? ` with ${limits.join(' and ')}` : ''}: ${Object.entries(best.values).map(([path, value]) => `${path} = ${String(value)}`).join(', ')} (highest delivered-correct rate).`
    : limits.length > 0
      ? `No point meets ${limits.join(' and ')}.`
      : '';
  const body = html`<p class="lead">Sweep of ${sweep.points.length} points of ${sweep.scenario?.name ?? 'a scenario'}, seed ${String(sweep.seed)}. ${bestText}</p>
${htmlTable(
  [
    ...paths.map((path) => ({ header: path })),
    { header: 'delivered correct' },
    { header: 'wrong' },
    { header: 'abstained' },
    { header: 'attempts' },
    { header: 'cost' },
    { header: 'cost per correct' },
    { header: '', align: 'left' as const },
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
  'Each row is the policy at its own maxAttempts; "frontier": no other point is both cheaper and delivers more correct answers',
)}`;
  return {
    title: `Sweep: ${sweep.vary.join('; ')}`,
    body,
    notes: [
      { label: 'Method', text: 'Monte Carlo at every grid point; values ±1 SE over replicates.' },
      { label: 'Seed', text: `${String(sweep.seed)}; ${sweep.commonRandomNumbers ?? 'every point uses the seed of the scenario'}` },
      { label: 'Constraints', text: limits.length > 0 ? limits.join(', ') : 'none' },
    ],
    scenario: sweep.scenario ?? null,
  };
}
