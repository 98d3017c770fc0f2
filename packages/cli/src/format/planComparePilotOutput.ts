import type { PlanComparePilotDocument } from '../results/planSchemas.js';
import { metricLabel } from './metricLabel.js';
import { formatPercent } from './percent.js';
import { renderTable, type Table } from './table.js';
import { wrap } from './verifierOutput.js';

/** `plan compare --pilot`: per trials per task, the tasks compare's verdict needs, its simulated power and the cost. */
export function pilotPlanTable(plan: PlanComparePilotDocument): Table {
  const priced = plan.costs !== null;
  const level = plan.rows.find((row) => row.powerInterval !== null)?.powerInterval?.level;
  return {
    title: "Tasks needed for each number of trials per task (power of compare's verdict, simulated)",
    columns: [
      { header: 'trials per task' },
      { header: 'tasks needed' },
      { header: 'attempts A+B' },
      { header: 'simulated power' },
      ...(level === undefined ? [] : [{ header: `${formatPercent(level)} interval` }]),
      { header: 'trials from', align: 'left' },
      ...(priced ? [{ header: 'cost' }] : []),
    ],
    rows: plan.rows.map((row) => [
      String(row.trials),
      row.tasks === null ? `> ${MAX_TASKS_TEXT}` : String(row.tasks),
      row.attempts === null ? '—' : String(row.attempts),
      `${formatPercent(row.simulatedPower.value)} ±${(100 * row.simulatedPower.se).toFixed(1)}`,
      ...(level === undefined ? [] : [intervalText(row.powerInterval)]),
      row.trialsFrom === 'subsample' ? 'subsample' : 'posterior',
      ...(priced ? [row.cost === null ? '—' : formatMoney(row.cost)] : []),
    ]),
  };
}

const MAX_TASKS_TEXT = 'the search limit';

/** The power's interval from the pilot's sampling error, as `[lower, upper]`. */
function intervalText(interval: PlanComparePilotDocument['rows'][number]['powerInterval']): string {
  if (interval === null) return '—';
  // The pilot's sampling error no larger than the draws' Monte Carlo noise: the bounds meet.
  if (interval.sdBetweenDraws <= interval.sdMonteCarlo) return '< MC noise';
  return `[${formatPercent(interval.lower)}, ${formatPercent(interval.upper)}]`;
}

/** The lead sentence: what is to be detected, from which pilot (names on their own line). */
export function pilotPlanLead(plan: PlanComparePilotDocument): string {
  const label = metricLabel(plan.metric, plan.k);
  const [a, b] = plan.sources.map((source) => source.name);
  const difference = plan.pilot.comparison - plan.pilot.baseline;
  const target = `with power ${formatPercent(plan.power)} at α = ${plan.alpha}`;
  if (plan.mode === 'pair') {
    return (
      `compare's verdict on B − A at ${label} ${target}\nfrom the pilot (A = ${a}, B = ${b}): ` +
      `${formatPercent(plan.pilot.baseline)} → ${formatPercent(plan.pilot.comparison)} (Δ = ${formatPercent(difference)}), ${plan.pairedTasks} paired tasks.`
    );
  }
  return (
    `compare's verdict on a gain of ${formatPercent(difference)} at ${label} ${target},\n` +
    `from one pilot run (${a}: ${formatPercent(plan.pilot.baseline)}, ${plan.pilot.tasks} tasks) and an assumed gain.`
  );
}

/** The answer lines: the fixed-tasks answer and the cheapest design. */
export function pilotPlanAnswers(plan: PlanComparePilotDocument): string[] {
  const lines: string[] = [];
  if (plan.fixedTasks !== null) {
    const { tasks, trials, simulatedPower } = plan.fixedTasks;
    lines.push(
      trials === null
        ? `With ${tasks} tasks no number of trials up to 1000 reaches it (power ${formatPercent(simulatedPower.value)} at 1000).`
        : `With ${tasks} tasks: ${trials} trial${trials === 1 ? '' : 's'} per task (simulated power ${formatPercent(simulatedPower.value)} ±${(100 * simulatedPower.se).toFixed(1)}` +
            (plan.fixedTasks.powerInterval === null
              ? ').'
              : `; ${formatPercent(plan.fixedTasks.powerInterval.level)} interval from the pilot ${intervalText(plan.fixedTasks.powerInterval)}).`),
    );
  }
  if (plan.costs?.cheapest) {
    const { trials, tasks, cost } = plan.costs.cheapest;
    lines.push(`Cheapest design: ${tasks} tasks × ${trials} trial${trials === 1 ? '' : 's'}, ${formatMoney(cost)} (both agents).`);
  }
  return lines;
}

/** The method lines: how experiments were simulated, and where the costs come from. */
export function pilotPlanNotes(plan: PlanComparePilotDocument): string[] {
  const notes = [
    `Method: ${plan.method}.`,
    `Simulated power: ${plan.simulation.datasets} experiments per size, seed ${plan.simulation.seed}, ${plan.simulation.test} (± its binomial SE).`,
  ];
  const interval = [...plan.rows.map((row) => row.powerInterval), plan.fixedTasks?.powerInterval ?? null].find((found) => found !== null);
  if (interval != null) {
    notes.push(
      `Power interval: how far the pilot's own sampling error moves the power (${interval.method}); ` +
        'its coverage on real pilots is measured in docs/planning.md' +
        (plan.mode === 'oneRun' ? '; with one run it leaves out the gain model, which one run cannot check.' : '.'),
    );
  }
  if (plan.costs !== null) {
    notes.push(`Cost per attempt: ${plan.costs.perAttempt.map((run) => `${run.name} ${formatMoney(run.cost)} (${run.from})`).join(', ')}.`);
    notes.push(`Costs: ${plan.costs.assumption}.`);
  }
  return notes;
}

/** The terminal text of `plan compare --pilot`. */
export function formatComparePilotPlan(plan: PlanComparePilotDocument): string {
  const table = pilotPlanTable(plan);
  const lead = pilotPlanLead(plan)
    .split('\n')
    .map((line) => wrap(line, 100));
  const notes = pilotPlanNotes(plan).map((line) => wrap(line, 100));
  const answers = pilotPlanAnswers(plan).map((line) => wrap(line, 100));
  const lines = [...lead, ...answers, '', renderTable(table.columns, table.rows), '', ...notes];
  return `${lines.join('\n')}\n`;
}

/** An amount of money in the log's unit, to 4 significant figures. */
export function formatMoney(value: number): string {
  return value >= 1000 ? value.toFixed(0) : value.toPrecision(4);
}
