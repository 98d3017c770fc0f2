import type { PlanPrecisionPilotDocument } from '../results/planSchemas.js';
import { metricLabel } from './metricLabel.js';
import { formatPercent } from './percent.js';
import { formatMoney } from './planComparePilotOutput.js';
import { renderTable, type Table } from './table.js';
import type { TerminalReport } from './terminalReport.js';

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

/** The terminal text of `plan precision --pilot`: the answers and the table; the method behind --explain. */
export function formatPrecisionPilotPlan(plan: PlanPrecisionPilotDocument): TerminalReport {
  const table = precisionPilotTable(plan);
  const notes = [
    `Method: ${plan.method}.`,
    `Simulated assurance: ${plan.simulation.datasets} benchmarks per size, seed ${plan.simulation.seed} (± its binomial SE).`,
    ...(plan.costs === null ? [] : [`Cost per attempt: ${formatMoney(plan.costs.perAttempt)} (${plan.costs.from}).`]),
  ];
  const lines = [...precisionPilotLead(plan).split('\n'), ...precisionPilotAnswers(plan), '', renderTable(table.columns, table.rows)];
  return { body: `${lines.join('\n')}\n`, notes, verdict: precisionPilotVerdict(plan) };
}

/**
 * `plan precision: 120 tasks × 2 trials: pass@1 ± 0.05 (assurance 81.2% ±1.2)`:
 * the --tasks answer, else the cheapest design, else the design with the fewest attempts.
 */
function precisionPilotVerdict(plan: PlanPrecisionPilotDocument): string {
  const target = `${metricLabel(plan.metric, plan.k)} ± ${plan.halfWidth}`;
  const design = (tasks: number, trials: number) => `${tasks} tasks × ${trials} trial${trials === 1 ? '' : 's'}: ${target}`;
  const assurance = (a: { value: number; se: number }) => `assurance ${formatPercent(a.value)} ±${(100 * a.se).toFixed(1)}`;
  const fixed = plan.fixedTasks;
  if (fixed !== null) {
    return fixed.trials === null
      ? `plan precision: no trials up to 1000 with ${fixed.tasks} tasks give ${target} (${assurance(fixed.simulatedAssurance)} at 1000)`
      : `plan precision: ${design(fixed.tasks, fixed.trials)} (${assurance(fixed.simulatedAssurance)})`;
  }
  const cheapest = plan.costs?.cheapest;
  if (cheapest) return `plan precision: ${design(cheapest.tasks, cheapest.trials)}, the cheapest (${formatMoney(cheapest.cost)})`;
  const found = plan.rows.filter((row) => row.tasks !== null && row.attempts !== null);
  if (found.length === 0) return `plan precision: no design up to the search limit gives ${target}`;
  const best = found.reduce((a, b) => (b.attempts! < a.attempts! ? b : a));
  return `plan precision: ${design(best.tasks!, best.trials)} (${assurance(best.simulatedAssurance)})`;
}

function trialsText(trials: { min: number; max: number }): string {
  return trials.min === trials.max ? String(trials.min) : `${trials.min}–${trials.max}`;
}
