import type { PlanComparePilotDocument } from '../results/planSchemas.js';
import { metricLabel } from './metricLabel.js';
import { formatPercent } from './percent.js';
import { renderTable, type Table } from './table.js';
import type { TerminalReport } from './terminalReport.js';

/** `plan compare --pilot`: per trials per task, the tasks compare's verdict needs, its simulated power and the cost. */
export function pilotPlanTable(plan: PlanComparePilotDocument): Table {
  const priced = plan.costs !== null;
  const level = plan.rows.find((row) => row.powerInterval !== null)?.powerInterval?.level;
  const alternative = plan.gain?.alternative;
  return {
    title: "Tasks needed for each number of trials per task (power of compare's verdict, simulated)",
    columns: [
      { header: 'trials per task' },
      { header: 'tasks needed' },
      { header: 'attempts A+B' },
      { header: 'simulated power' },
      ...(level === undefined ? [] : [{ header: `${formatPercent(level)} interval` }]),
      ...(alternative === undefined ? [] : [{ header: `tasks if ${alternative.model}` }]),
      { header: 'trials from', align: 'left' },
      ...(priced ? [{ header: 'cost' }] : []),
    ],
    rows: plan.rows.map((row) => [
      String(row.trials),
      row.tasks === null ? `> ${MAX_TASKS_TEXT}` : String(row.tasks),
      row.attempts === null ? '—' : String(row.attempts),
      `${formatPercent(row.simulatedPower.value)} ±${(100 * row.simulatedPower.se).toFixed(1)}`,
      ...(level === undefined ? [] : [intervalText(row.powerInterval)]),
      ...(alternative === undefined ? [] : [tasksText(alternative.rows.find((other) => other.trials === row.trials)?.tasks ?? null)]),
      row.trialsFrom === 'subsample' ? 'subsample' : 'posterior',
      ...(priced ? [row.cost === null ? '—' : formatMoney(row.cost)] : []),
    ]),
  };
}

const MAX_TASKS_TEXT = 'the search limit';

function tasksText(tasks: number | null): string {
  return tasks === null ? `> ${MAX_TASKS_TEXT}` : String(tasks);
}

/** How B's rate on a task relates to A's under a gain model, in words. */
const GAIN_MODEL_TEXT = {
  shift: "B gains evenly (one log-odds shift on A's tasks)",
  independent: "B's task-by-task results are unrelated to A's",
} as const;

/**
 * One run: the tasks under both gain models at the first row with an answer, and which one sized
 * the plan (`80.0% power at 1 trial needs 63 tasks if B gains evenly …, 95 if …; sized for the latter`).
 */
function gainModelLine(plan: PlanComparePilotDocument): string | null {
  const gain = plan.gain;
  if (gain === null) return null;
  const row = plan.rows.find((r) => r.tasks !== null) ?? plan.rows[0]!;
  const other = gain.alternative.rows.find((r) => r.trials === row.trials)?.tasks ?? null;
  const tasks = { [gain.model]: row.tasks, [gain.alternative.model]: other } as Record<'shift' | 'independent', number | null>;
  const needs = (model: 'shift' | 'independent', first: boolean) =>
    `${tasks[model] === null ? `more tasks than ${MAX_TASKS_TEXT}` : `${tasks[model]}${first ? ' tasks' : ''}`} if ${GAIN_MODEL_TEXT[model]}`;
  const trials = `${row.trials} trial${row.trials === 1 ? '' : 's'}`;
  return (
    `${formatPercent(plan.power)} power at ${trials} needs ${needs('shift', true)}, ${needs('independent', false)}; ` +
    `sized for the ${gain.model === 'shift' ? 'former (--gain-model shift)' : 'latter (--gain-model shift for the former)'}.`
  );
}

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
  const models = gainModelLine(plan);
  if (models !== null) lines.push(models);
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
        (plan.mode === 'oneRun' ? "; with one run it leaves out the gain model, which one run cannot check (the other model's tasks are beside)." : '.'),
    );
  }
  if (plan.costs !== null) {
    notes.push(`Cost per attempt: ${plan.costs.perAttempt.map((run) => `${run.name} ${formatMoney(run.cost)} (${run.from})`).join(', ')}.`);
    notes.push(`Costs: ${plan.costs.assumption}.`);
  }
  return notes;
}

/** The terminal text of `plan compare --pilot`: the answers and the table; the method behind --explain. */
export function formatComparePilotPlan(plan: PlanComparePilotDocument): TerminalReport {
  const table = pilotPlanTable(plan);
  const lines = [...pilotPlanLead(plan).split('\n'), ...pilotPlanAnswers(plan), '', renderTable(table.columns, table.rows)];
  return { body: `${lines.join('\n')}\n`, notes: pilotPlanNotes(plan), verdict: comparePilotVerdict(plan) };
}

/**
 * `plan compare: 83 tasks × 1 trial (power 80.4% ±1.3, simulated)`: the --tasks answer, else the
 * cheapest design, else the design with the fewest attempts.
 */
function comparePilotVerdict(plan: PlanComparePilotDocument): string {
  const design = (tasks: number, trials: number) => `${tasks} tasks × ${trials} trial${trials === 1 ? '' : 's'}`;
  const power = (p: { value: number; se: number }) => `power ${formatPercent(p.value)} ±${(100 * p.se).toFixed(1)}`;
  const fixed = plan.fixedTasks;
  if (fixed !== null) {
    return fixed.trials === null
      ? `plan compare: no trials up to 1000 with ${fixed.tasks} tasks reach power ${formatPercent(plan.power)} (${power(fixed.simulatedPower)} at 1000)`
      : `plan compare: ${design(fixed.tasks, fixed.trials)} (${power(fixed.simulatedPower)})`;
  }
  const cheapest = plan.costs?.cheapest;
  if (cheapest) {
    const row = plan.rows.find((r) => r.trials === cheapest.trials);
    return `plan compare: ${design(cheapest.tasks, cheapest.trials)}, the cheapest (${formatMoney(cheapest.cost)}${row ? `; ${power(row.simulatedPower)}` : ''})`;
  }
  const found = plan.rows.filter((row) => row.tasks !== null && row.attempts !== null);
  if (found.length === 0) return `plan compare: no design up to the search limit reaches power ${formatPercent(plan.power)}`;
  const best = found.reduce((a, b) => (b.attempts! < a.attempts! ? b : a));
  return `plan compare: ${design(best.tasks!, best.trials)} (${power(best.simulatedPower)})`;
}

/** An amount of money in the log's unit, to 4 significant figures. */
export function formatMoney(value: number): string {
  return value >= 1000 ? value.toFixed(0) : value.toPrecision(4);
}
