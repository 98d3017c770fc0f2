import { metricLabel } from '../format/metricLabel.js';
import { formatPercent } from '../format/percent.js';
import { compareTable, powerTable } from '../format/planTables.js';
import { html } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import type { ResultSection } from './resultSection.js';

/** `plan compare --json`: tasks (and trials per task) to detect a difference between two agents. */
export function planCompareSection(result: ResultDocumentOf<'passk.plan.compare'>): ResultSection {
  const plan = result;
  const label = metricLabel(plan.metric, plan.k);
  const table = compareTable(plan);
  const power = powerTable(plan);
  const { a, b } = plan.taskDistribution;
  const body = html`<p class="lead">Detect ${label} ${formatPercent(plan.baseline)} → ${formatPercent(plan.comparison)} (Δ = ${formatPercent(plan.comparison - plan.baseline)}) with power ${formatPercent(plan.power)} at α = ${plan.alpha} (two-sided), same tasks for both agents.</p>
${htmlTable(table.columns, table.rows, table.title)}
${htmlTable(power.columns, power.rows, power.title)}`;
  return {
    title: `Plan: compare two agents on ${label}`,
    body,
    notes: [
      { label: 'Method', text: `${plan.method}.` },
      {
        label: 'Tasks',
        text: `p ~ Beta(${a.toFixed(3)}, ${b.toFixed(3)}) for agent A; agent B adds ${plan.logOddsShift.toFixed(3)} + ${plan.gainSpread}·Z to each task's log-odds (Z ~ N(0, 1): uneven gains).`,
      },
      { label: 'Significance', text: `α = ${plan.alpha}, two-sided` },
      { label: 'Power', text: formatPercent(plan.power) },
      {
        label: 'Simulated power',
        text:
          plan.simulation === null
            ? 'none: power was not simulated (--simulations 0); the powers shown are normal theory'
            : `${plan.simulation.datasets} simulated experiments per size, seed ${plan.simulation.seed}, ${plan.simulation.test} (± its binomial SE)`,
      },
    ],
    scenario: null,
  };
}
