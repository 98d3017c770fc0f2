import { formatPercent } from '../format/percent.js';
import { sweepTable } from '../format/sweepTable.js';
import { html } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import type { ResultSection } from './resultSection.js';

/** `sweep --json`: every grid point's outcome, the cost / delivery frontier and the best point under the constraints. */
export function sweepSection(result: ResultDocumentOf<'passk.sweep'>): ResultSection {
  const sweep = result;
  const table = sweepTable(sweep);
  const limits = [
    sweep.constraints?.maxCost == null ? null : `cost ≤ ${sweep.constraints.maxCost}`,
    sweep.constraints?.maxWrongDelivery == null ? null : `wrong delivery ≤ ${formatPercent(sweep.constraints.maxWrongDelivery, 2)}`,
  ].filter((limit): limit is string => limit !== null);
  const best = sweep.best === null ? null : sweep.points[sweep.best];
  const bestText = best
    ? `Best${limits.length > 0 ? ` with ${limits.join(' and ')}` : ''}: ${Object.entries(best.values)
        .map(([path, value]) => `${path} = ${String(value)}`)
        .join(', ')} (highest delivered-correct rate).`
    : limits.length > 0
      ? `No point meets ${limits.join(' and ')}.`
      : '';
  const body = html`<p class="lead">Sweep of ${sweep.points.length} points of ${sweep.scenario?.name ?? 'a scenario'}, seed ${String(sweep.seed)}. ${bestText}</p>
${htmlTable(table.columns, table.rows, table.title)}`;
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
