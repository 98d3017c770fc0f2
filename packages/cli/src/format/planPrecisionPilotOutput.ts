import type { PlanPrecisionPilotDocument } from '../results/planSchemas.js';
import { metricLabel } from './metricLabel.js';
import { formatPercent } from './percent.js';
import { formatMoney } from './planComparePilotOutput.js';
import { renderTable, type Table } from './table.js';
import { wrap } from './verifierOutput.js';

/** `plan precision --pilot`: per trials per task, the tasks CI (tasks) needs, its simulated assurance and the cost. */
export function precisionPilotTable(plan: PlanPrecisionPilotDocument): Table {
  const priced = plan.costs !== null;
  return {
    title: `Tasks needed for each number of trials per task (P(CI (tasks) ≤ ±${plan.halfWidth}), simulated)`,
    columns: [
      { header: 'trials per task' },
      { header: 'tasks needed' },
      { header: 'attempts' },
      { header: 'simulated assurance' },
      { header: 'trials from', align: 'left' },
      ...(priced ? [{ header: 'cost' }] : []),
    ],
    rows: plan.rows.map((row) => [
      String(row.trials),
      row.tasks === null ? '> the search limit' : String(row.tasks),
      row.attempts === null ? '—' : String(row.attempts),
      `${formatPercent(row.simulatedAssurance.value)} ±${(100 * row.simulatedAssurance.se).toFixed(1)}`,
      row.trialsFrom === 'subsample' ? 'pilot subsample' : 'posterior rates',
      ...(priced ? [row.cost === null ? '—' : formatMoney(row.cost)] : []),
    ]),
  };
}

/** The lead sentence: the target and the pilot it is planned from. */
export function precisionPilotLead(plan: PlanPrecisionPilotDocument): string {
  return (
    `CI (tasks) of ${metricLabel(plan.metric, plan.k)} at most ±${plan.halfWidth} (${formatPercent(plan.confidence)} confidence) ` +
    `with assurance ${formatPercent(plan.assurance)},\nfrom the pilot ${plan.source.name}: ${formatPercent(plan.pilot.estimate)} over ` +
    `${plan.pilot.tasks} tasks × ${trialsText(plan.pilot.trials)} trials (sd over tasks ${plan.pilot.sdTasks.toFixed(3)}).`
  );
}

/** The answer lines: the fixed-tasks answer and the cheapest design. */
export function precisionPilotAnswers(plan: PlanPrecisionPilotDocument): string[] {
  const lines: string[] = [];
  if (plan.fixedTasks !== null) {
    const { tasks, trials, simulatedAssurance } = plan.fixedTasks;
    lines.push(
      trials === null
        ? `With ${tasks} tasks no number of trials up to 1000 reaches it (assurance ${formatPercent(simulatedAssurance.value)} at 1000).`
        : `With ${tasks} tasks: ${trials} trial${trials === 1 ? '' : 's'} per task ` +
            `(simulated assurance ${formatPercent(simulatedAssurance.value)} ±${(100 * simulatedAssurance.se).toFixed(1)}).`,
    );
  }
  if (plan.costs?.cheapest) {
    const { trials, tasks, cost } = plan.costs.cheapest;
    lines.push(`Cheapest design: ${tasks} tasks × ${trials} trial${trials === 1 ? '' : 's'}, ${formatMoney(cost)}.`);
  }
  return lines;
}

/** The terminal text of `plan precision --pilot`. */
export function formatPrecisionPilotPlan(plan: PlanPrecisionPilotDocument): string {
  const table = precisionPilotTable(plan);
  const lead = precisionPilotLead(plan)
    .split('\n')
    .map((line) => wrap(line, 100));
  const notes = [
    `Method: ${plan.method}.`,
    `Simulated assurance: ${plan.simulation.datasets} benchmarks per size, seed ${plan.simulation.seed} (± its binomial SE).`,
    ...(plan.costs === null ? [] : [`Cost per attempt: ${formatMoney(plan.costs.perAttempt)} (${plan.costs.from}).`]),
  ].map((line) => wrap(line, 100));
  const lines = [...lead, ...precisionPilotAnswers(plan), '', renderTable(table.columns, table.rows), '', ...notes];
  return `${lines.join('\n')}\n`;
}

function trialsText(trials: { min: number; max: number }): string {
  return trials.min === trials.max ? String(trials.min) : `${trials.min}–${trials.max}`;
}
