import type { PlanGateDocument } from '../results/planGateSchema.js';
import { formatPercent } from './percent.js';
import { formatPoints } from './points.js';
import { renderTable, type Table } from './table.js';
import { terminalText } from './terminalText.js';
import type { TerminalReport } from './terminalReport.js';

/** A simulated share with its Monte Carlo SE: "75.5% ± 3.0". */
export function simulatedShare(rate: { readonly value: number; readonly se: number }): string {
  return `${formatPercent(rate.value)} ± ${(100 * rate.se).toFixed(1)}`;
}

/** What `plan gate` simulated, as a table: no change (FAIL) and each regression (PASS), one stage and with the confirmation rerun. */
export function planGateTable(plan: PlanGateDocument): Table {
  const confirm = plan.confirmedFalseFail !== null;
  const columns = [{ header: 'truth of the new run', align: 'left' as const }, { header: 'gate says' }, { header: 'how often' }];
  const rows = [
    ['no change', 'FAIL', simulatedShare(plan.falseFail), ...(confirm ? [simulatedShare(plan.confirmedFalseFail!)] : [])],
    ...plan.passUnderRegression.map((row) => [
      `${formatPoints(-row.regression)} mean success`,
      'PASS',
      simulatedShare(row.pass),
      ...(confirm ? [simulatedShare(row.confirmedPass!)] : []),
    ]),
  ];
  return {
    title: 'Operating characteristics (simulated; ± Monte Carlo SE, points)',
    columns: confirm ? [...columns, { header: 'confirmed by a rerun' }] : columns,
    rows,
  };
}

/** The fixes: a margin on every threshold, or more tasks, or more trials per task, each to the false-fail rate asked. */
export function planGateFixes(plan: PlanGateDocument): string[] {
  const asked = formatPercent(plan.maxFalseFail);
  if (plan.falseFail.value <= plan.maxFalseFail) return [`The design already FAILs at most ${asked} of unchanged runs.`];
  const margin = plan.margin;
  const regressionPasses = margin.passUnderRegression.map((row) => `${formatPoints(-row.regression)}: ${simulatedShare(row.pass)}`).join(', ');
  const lines = [
    `To FAIL at most ${asked} of unchanged runs (knobs searched: ${['margin', ...(plan.fewestTasks ? ['tasks'] : []), ...(plan.fewestTrials ? ['trials per task'] : [])].join(', ')}):`,
    `  margin: move every threshold ${formatPoints(margin.value).replace('+', '')} towards passing (false-fail ${simulatedShare(margin.falseFail)})`,
  ];
  if (regressionPasses !== '') lines.push(`    then PASS under regression ${regressionPasses}`);
  for (const [knob, search] of [
    ['tasks', plan.fewestTasks],
    ['trials', plan.fewestTrials],
  ] as const) {
    if (search === null) continue;
    const what = knob === 'tasks' ? 'tasks' : 'trials per task';
    lines.push(
      search.found === null
        ? `  ${knob}: none up to ${search.largest} ${what} (thresholds as asked)`
        : `  ${knob}: ${search.found.value} ${what} (false-fail ${simulatedShare(search.found.falseFail)}; thresholds as asked)`,
    );
  }
  return lines;
}

/** `plan gate`'s text view: the false-fail rate first, the table, the fixes; the method behind --explain. */
export function formatPlanGate(plan: PlanGateDocument): TerminalReport {
  const table = planGateTable(plan);
  const design = `${plan.tasks} tasks × ${plan.trials} trials, ${plan.simulations} simulations, seed ${String(plan.seed)}`;
  const lines = [
    `This gate FAILs ${simulatedShare(plan.falseFail)} of runs with no change (${design}).`,
    ...(plan.failByRequirement.length > 1
      ? plan.failByRequirement.map((row) => `  ${terminalText(row.requirement.trim())}: fails ${simulatedShare(row.fail)}`)
      : []),
    ...plan.failByRequirement
      .filter((row) => !row.holdsWithoutChange)
      .map(
        (row) =>
          `Note: ${terminalText(row.requirement.trim())} does not hold with no change (the pilot misses it, or it asks for a gain): its FAILs are right, not false.`,
      ),
    '',
    renderTable(table.columns, table.rows),
    '',
    ...planGateFixes(plan),
  ];
  return { body: `${lines.join('\n')}\n`, notes: [`Method: ${plan.method}`], verdict: planGateVerdict(plan) };
}

/**
 * `plan gate: false FAIL 23.5% ± 1.3 (asked ≤ 5.0%); fix: margin 2.0 pt or 160 tasks`:
 * the rate of FAILs of unchanged runs and, when over the rate asked, the fixes found.
 */
function planGateVerdict(plan: PlanGateDocument): string {
  const head = `plan gate: false FAIL ${simulatedShare(plan.falseFail)} (asked ≤ ${formatPercent(plan.maxFalseFail)})`;
  if (plan.falseFail.value <= plan.maxFalseFail) return `${head}: the design holds`;
  const fixes = [`margin ${formatPoints(plan.margin.value).replace('+', '')}`];
  if (plan.fewestTasks?.found) fixes.push(`${plan.fewestTasks.found.value} tasks`);
  if (plan.fewestTrials?.found) fixes.push(`${plan.fewestTrials.found.value} trials/task`);
  return `${head}; fix: ${fixes.join(' or ')}`;
}

/** The method in words (the document's `method`). */
export function planGateMethod(pilots: string, estimand: 'population' | 'benchmark', confidence: number): string {
  const bound = `one-sided ${formatPercent(confidence)} ${estimand === 'population' ? 'task-population' : 'this-benchmark'} bounds, the rule of passk gate`;
  return `task rates drawn from each task's posterior under the Beta fitted to ${pilots}; both runs on the same tasks; ${bound}; a regression of x shifts every task's log-odds alike so the mean success drops by x.`;
}
