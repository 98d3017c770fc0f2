import type { ComparePlan, DemonstratePlan, PrecisionPlan, TaskAssurance, TaskPlanAssurance, TaskPrecisionPlan } from '@passk/sim/internal';
import { describeLevel, methodName } from './describe.js';
import { metricLabel } from './metricLabel.js';
import { formatPercent, formatPercentInterval } from './percent.js';
import { compareTable, demonstrateTable, powerTable } from './planTables.js';
import { formatPoints } from './points.js';
import { renderTable } from './table.js';
import type { TerminalReport } from './terminalReport.js';

/** `plan demonstrate` for the terminal: the rate to reach, runs per failures allowed, the power; the method behind --explain. */
export function formatDemonstratePlan(plan: DemonstratePlan): TerminalReport {
  const table = demonstrateTable(plan);
  const lines = [
    `To show ${metricLabel('passHatK', plan.k)} ≥ ${nearOne(plan.target, 1 - plan.target)} at ${formatPercent(plan.confidence)} confidence (one-sided),`,
    `the single-attempt rate must be ≥ ${nearOne(plan.requiredRate, plan.failureRate)} (failure rate ≤ ${smallRate(plan.failureRate)}).`,
    '',
    renderTable(table.columns, table.rows),
    '',
    ...demonstratePower(plan),
  ];
  return {
    body: `${lines.join('\n')}\n`,
    notes: [`Exact binomial (Clopper–Pearson one-sided); the rule of three, 3/(1 − p), gives ≈ ${plan.ruleOfThree} runs (95%, no failure).`],
    verdict: demonstrateVerdict(plan),
  };
}

/** `plan demonstrate: 480 runs, ≤ 2 fail: pass^8 ≥ 90.0% at 95%, power 80% at 97.5%`. */
function demonstrateVerdict(plan: DemonstratePlan): string {
  const label = metricLabel('passHatK', plan.k);
  const power =
    plan.power.at === null || plan.power.probability === null
      ? `power ${formatPercent(plan.power.level, 0)} at ${nearOne(plan.power.passHatK, 1 - plan.power.passHatK)}`
      : `power ${formatPercent(plan.power.probability)} at ${nearOne(plan.power.at, 1 - plan.power.at)}`;
  const failing = plan.failures === 0 ? '0 fail' : `≤ ${plan.failures} fail`;
  return (
    `plan demonstrate: ${plan.runs} runs, ${failing}: ${label} ≥ ${nearOne(plan.target, 1 - plan.target)} ` + `at ${describeLevel(plan.confidence)}, ${power}`
  );
}

function failuresText(failures: number): string {
  return failures === 0 ? 'no failure' : `at most ${failures} failure${failures === 1 ? '' : 's'}`;
}

/** What the plan can show: the true pass^k it passes 80 % of the time, and its chance at --power-at. */
function demonstratePower(plan: DemonstratePlan): string[] {
  const label = metricLabel('passHatK', plan.k);
  const design = `${plan.runs} runs with ${failuresText(plan.failures)}`;
  const power = `Power: ${design} pass ${formatPercent(plan.power.level, 0)} of the time only if the true ${label} is ≥ ${nearOne(plan.power.passHatK, 1 - plan.power.passHatK)}`;
  if (plan.power.at === null || plan.power.probability === null) return [`${power};`, `  --power-at P gives their chance of passing at a true ${label} of P.`];
  return [`${power};`, `  at a true ${label} of ${nearOne(plan.power.at, 1 - plan.power.at)} they pass ${formatPercent(plan.power.probability)} of the time.`];
}

/** How often the task plan's half-width is reached in simulated benchmarks, and the tasks for the assurance asked. */
function taskAssuranceLines(simulated: TaskPlanAssurance, halfWidth: number): string[] {
  const share = (a: TaskAssurance) => `${formatPercent(a.assurance)} ±${(100 * a.se).toFixed(1)}`;
  const { planned, assured } = simulated;
  const where = `of ${simulated.datasets} simulated benchmarks (seed ${String(simulated.seed)})`;
  return [
    `  Reached (half-width ≤ ${formatPercent(halfWidth, 2)}) in ${share(planned)} ${where};`,
    assured === null
      ? `  The assurance asked, ${formatPercent(simulated.wanted)}, is not reached within the tasks searched (up to 64 times as many).`
      : `  ${assured.tasks} tasks reach it with the assurance asked, ${formatPercent(simulated.wanted)} (simulated ${share(assured)}).`,
  ];
}

/** A rate near 1 with the decimals that tell it from 1 (two significant digits of the complement: 99.9999990% for 1 − 10⁻⁸, 98.7% for 1 − 0.013). */
function nearOne(rate: number, complement: number): string {
  const digits = complement > 0 ? Math.min(14, Math.max(1, Math.ceil(-Math.log10(complement)) - 1)) : 1;
  return formatPercent(rate, digits);
}

/** A small rate in percent, or in scientific notation below 0.1 % (1.000e-14). */
function smallRate(rate: number): string {
  return rate >= 0.001 || rate === 0 ? formatPercent(rate) : rate.toExponential(3);
}

/** `plan precision` (from a rate) for the terminal: the trials per task and, with --trials, the tasks; the delta-method check behind --explain. */
export function formatPrecisionPlan(
  plan: PrecisionPlan,
  tasks: (TaskPrecisionPlan & { readonly simulated?: TaskPlanAssurance | null }) | null = null,
): TerminalReport {
  const label = metricLabel(plan.metric, plan.k);
  const interval = `${formatPercent(plan.confidence)} two-sided ${methodName(plan.method)} interval`;
  const lines =
    plan.assurance === null
      ? [
          `${plan.trials} trials per task give ${label} a ${interval} of half-width ${formatPercent(plan.achievedHalfWidth, 2)} ` +
            `(target ${formatPercent(plan.halfWidth, 2)}) when p = ${formatPercent(plan.rate)} and c = round(p·n):`,
          `  ${label} ∈ ${formatPercentInterval(plan.interval.lower, plan.interval.upper)}; at other counts it is that narrow with probability ${formatPercent(plan.achievedAssurance)}.`,
        ]
      : [
          `${plan.trials} trials per task give ${label} a ${interval} of half-width ≤ ${formatPercent(plan.halfWidth, 2)} ` +
            `with probability ${formatPercent(plan.achievedAssurance)} (assurance asked: ${formatPercent(plan.assurance)}) when p = ${formatPercent(plan.rate)},`,
          `  exact over the count c ~ Binomial(${plan.trials}, ${plan.rate}). At the expected count: ${label} ∈ ${formatPercentInterval(plan.interval.lower, plan.interval.upper)}.`,
        ];
  const approximation = plan.normalApproximation;
  // The delta method linearises the metric at p: where the curve is nearly flat or strongly bent
  // (pass@k near 1, pass^k near 0) its answer is far from the exact one and is no plan.
  const off =
    approximation < plan.trials / 2 || approximation > plan.trials * 2
      ? ` — not a plan: ${label} is too curved at p = ${formatPercent(plan.rate)} for the linear approximation`
      : '';
  const notes = [`Normal approximation (delta method, at the expected count): ${approximation} trial${approximation === 1 ? '' : 's'}${off}.`];
  if (tasks) {
    const { a, b } = tasks.taskDistribution;
    lines.push(
      '',
      `Benchmark level: ${tasks.tasks} tasks × ${tasks.trials} trials give the task-population interval of ${label} (${formatPercent(tasks.value)}) a half-width of about ${formatPercent(tasks.halfWidth, 2)},`,
      `  for tasks p ~ Beta(${a.toFixed(3)}, ${b.toFixed(3)}) (--concentration ${a + b}); sd of one task's estimate ${tasks.sdPerTask.toFixed(4)}; at the expected spread.`,
    );
    if (tasks.simulated === null) lines.push('  Not simulated: too many tasks × trials to check how often the half-width is reached.');
    else if (tasks.simulated) lines.push(...taskAssuranceLines(tasks.simulated, plan.halfWidth));
  }
  return { body: `${lines.join('\n')}\n`, notes, verdict: precisionVerdict(plan, tasks) };
}

/**
 * `plan precision: 524 trials/task: pass^8 ± 10.0% (95% Wilson, assurance 80.4%)`; with --trials the
 * tasks for CI (tasks) instead (`plan precision: 88 tasks × 8 trials: pass^8 ± 10.0% (assurance 82.4%)`) (those reaching the assurance asked when simulated), the question asked.
 */
function precisionVerdict(plan: PrecisionPlan, tasks: (TaskPrecisionPlan & { readonly simulated?: TaskPlanAssurance | null }) | null): string {
  const target = `${metricLabel(plan.metric, plan.k)} ± ${formatPercent(plan.halfWidth)}`;
  if (!tasks) {
    const reach = plan.assurance === null ? `half-width ${formatPercent(plan.achievedHalfWidth, 2)}` : `assurance ${formatPercent(plan.achievedAssurance)}`;
    return `plan precision: ${plan.trials} trials/task: ${target} (${describeLevel(plan.confidence)} ${methodName(plan.method)}, ${reach})`;
  }
  const assured = tasks.simulated?.assured;
  const design = (n: number) => `plan precision: ${n} tasks × ${tasks.trials} trials: ${target}`;
  return assured === undefined || assured === null
    ? `${design(tasks.tasks)} (expected spread)`
    : `${design(assured.tasks)} (assurance ${formatPercent(assured.assurance)})`;
}

export function formatComparePlan(plan: ComparePlan): TerminalReport {
  const label = metricLabel(plan.metric, plan.k);
  const { a, b } = plan.taskDistribution;
  const table = compareTable(plan);
  const power = powerTable(plan);
  const first = plan.rows[0]!;
  const lines = [
    `Detect ${label} ${formatPercent(plan.baseline)} → ${formatPercent(plan.comparison)} (Δ = ${formatPercent(plan.comparison - plan.baseline)}) ` +
      `with power ${formatPercent(plan.power)} at α = ${plan.alpha} (two-sided), same tasks for both agents.`,
    `Tasks: p ~ Beta(${a.toFixed(3)}, ${b.toFixed(3)}) for agent A; agent B adds ${plan.logOddsShift.toFixed(3)} + ${plan.gainSpread}·Z to each task's log-odds`,
    `  (Z ~ N(0, 1): the gain varies across tasks; --gain-spread ${plan.gainSpread}${plan.gainSpread === 0.5 ? ', the default, a moderate spread' : ''}).`,
    '',
    renderTable(table.columns, table.rows),
    '',
    `${power.title} (${first.tasks} tasks × ${first.trials} trials; same Δ):`,
    renderTable(power.columns, power.rows),
  ];
  const notes = [
    `Method: ${plan.method}.`,
    plan.simulation
      ? `Simulated power: ${plan.simulation.datasets} experiments per size, seed ${plan.simulation.seed}, ${plan.simulation.test} (± its binomial SE).`
      : "Simulated power: off (--simulations 0): tasks are the z-test's, compare's verdict is not checked.",
  ];
  return { body: `${lines.join('\n')}\n`, notes, verdict: comparePlanVerdict(plan) };
}

/** `plan compare: 316 tasks × 8 trials: Δ +5.0 pt on pass^4 (power 80.0%, z-test)`: the design with the fewest attempts (simulated power ± its SE when simulated). */
function comparePlanVerdict(plan: ComparePlan): string {
  const best = plan.rows.reduce((a, b) => (b.attempts < a.attempts ? b : a));
  const power = best.simulatedPower
    ? `power ${formatPercent(best.simulatedPower.value)} ±${(100 * best.simulatedPower.se).toFixed(1)}`
    : `power ${formatPercent(plan.power)}, z-test`;
  return (
    `plan compare: ${best.tasks} tasks × ${best.trials} trial${best.trials === 1 ? '' : 's'}: ` +
    `Δ ${formatPoints(plan.comparison - plan.baseline)} on ${metricLabel(plan.metric, plan.k)} (${power})`
  );
}
