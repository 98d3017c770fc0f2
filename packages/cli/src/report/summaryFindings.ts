import { independentPassAtK, independentPassHatK, InputError, observedBudget } from '@passk/sim/internal';
import { bestBudget } from '../charts/bestBudget.js';
import { COST_UNIT } from '../charts/costUnit.js';
import { requireNumber } from '../charts/requireNumber.js';
import { seriesNames } from '../charts/seriesNames.js';
import { ERROR_BAR_Z } from '../charts/theme.js';
import { answerSentence, headlineK } from '../format/compareAnswer.js';
import { gateViewOfComparison } from '../format/compareGateView.js';
import { describeCoverage } from '../format/describe.js';
import { pilotPlanAnswers, pilotPlanLead } from '../format/planComparePilotOutput.js';
import { precisionPilotAnswers } from '../format/planPrecisionPilotOutput.js';
import { metricLabel } from '../format/metricLabel.js';
import { formatPercent, formatPercentInterval } from '../format/percent.js';
import { RESULT_KINDS } from '../format/resultKinds.js';
import type { ReportInput } from './reportInput.js';
import type { ResultDocument, ResultDocumentOf } from '../results/resultSchemas.js';
import type { EstimateTaskDocument } from '../results/estimateTaskSchema.js';
import type { PlanCompareDocument, PlanDemonstrateDocument, PlanPrecisionDocument } from '../results/planSchemas.js';
import type { SimulateDocument } from '../results/simulateSchema.js';
import { perfectVerifierFollows } from '../format/summaryMeasured.js';
import type { Findings, KeyNumber } from './findings.js';
import {
  estimateFileFindings,
  estimateRateFindings,
  fitFindings,
  gateFindings,
  planAuditFindings,
  planGateFindings,
  sweepFindings,
  verifierFindings,
} from './resultFindings.js';

export type { ComparisonRow, Findings, KeyNumber } from './findings.js';

export interface SummaryOptions {
  /** The limit on wrong delivery the best k must meet (else the best k maximises correct − wrong). */
  readonly maxWrongDelivery?: number | null;
}

/** Every result's findings, in input order; simulate results are named as on the charts. */
export function summaryFindings(inputs: readonly ReportInput[], options: SummaryOptions = {}): Findings[] {
  const simulations = inputs.map((input) => input.result).filter((result): result is SimulateDocument => result.kind === RESULT_KINDS.simulate);
  const names = seriesNames(simulations);
  return inputs.map(({ result }) => findingsOf(result, options, (simulation) => names[simulations.indexOf(simulation)]!));
}

/**
 * Per result kind, what the summary says about it. Kinds that add nothing return NONE (their
 * sections still follow); a new kind gets a case here (the compiler asks for one).
 */
function findingsOf(result: ResultDocument, options: SummaryOptions, nameOf: (simulation: SimulateDocument) => string): Findings {
  switch (result.kind) {
    case RESULT_KINDS.simulate:
      return simulateFindings(result, options, nameOf(result));
    case RESULT_KINDS.estimateTask:
      return estimateTaskFindings(result);
    case RESULT_KINDS.planDemonstrate:
      return planDemonstrateFindings(result);
    case RESULT_KINDS.planPrecision:
      return planPrecisionFindings(result);
    case RESULT_KINDS.planCompare:
      return planCompareFindings(result);
    case RESULT_KINDS.planComparePilot:
      return planComparePilotFindings(result);
    case RESULT_KINDS.planPrecisionPilot:
      return planPrecisionPilotFindings(result);
    case RESULT_KINDS.sweep:
      return sweepFindings(result);
    case RESULT_KINDS.compare:
      return compareFindings(result);
    case RESULT_KINDS.estimateRate:
      return estimateRateFindings(result);
    case RESULT_KINDS.estimateFile:
      return estimateFileFindings(result);
    case RESULT_KINDS.fit:
      return fitFindings(result);
    case RESULT_KINDS.gate:
      return gateFindings(result);
    case RESULT_KINDS.planGate:
      return planGateFindings(result);
    case RESULT_KINDS.planAudit:
      return planAuditFindings(result);
    case RESULT_KINDS.verifier:
      return verifierFindings(result);
  }
}

/** A simulated share ±1.96 SE, clipped to [0, 1] (with a measured verifier, its interval). */
function simulatedShare(result: SimulateDocument, i: number, field: 'deliveredCorrect', label: string): KeyNumber {
  const value = requireNumber(result.rows[i]!.deliveredCorrect.value, `rows[${i}].${field}.value`);
  // A measured verifier, or tasks fitted to a log: the interval that includes what was measured, not the Monte Carlo noise alone.
  const measured = result.rows[i]!.deliveredCorrect.interval;
  if (measured?.method.startsWith('observed')) {
    // Within a log's episodes (observedEpisodeInterval): the log's own share, not the model's draws.
    return { label, value, lower: measured.lower, upper: measured.upper, interval: "95 %, from the log's own episodes (task-population interval)" };
  }
  if (measured !== undefined) {
    const what = [
      ...(result.scenario.verifier.measured !== undefined ? ["the measured verifier's"] : []),
      ...(result.scenario.tasks.measured?.episodes !== undefined
        ? ["the fitted retry dependence's and tasks'"]
        : result.scenario.tasks.measured !== undefined
          ? ["the fitted tasks'"]
          : []),
    ].join(' and ');
    return { label, value, lower: measured.lower, upper: measured.upper, interval: `95 %, ${what} uncertainty included` };
  }
  const se = requireNumber(result.rows[i]!.deliveredCorrect.se, `rows[${i}].${field}.se`);
  return { label, value, lower: Math.max(0, value - ERROR_BAR_Z * se), upper: Math.min(1, value + ERROR_BAR_Z * se), interval: '±1.96 SE over replicates' };
}

/**
 * A simulation: its best budget (bestBudget) and what users get there; the caveats are the
 * pilot's gap to the truth (what an n-trial pilot would have said about pass^k) and the growth of
 * wrong delivery from the smallest to the largest budget.
 */
function simulateFindings(result: SimulateDocument, options: SummaryOptions, name: string): Findings {
  const limit = options.maxWrongDelivery ?? null;
  const best = bestBudget(result, limit);
  const unit = COST_UNIT;
  const { rows } = result;
  const caveats: string[] = [];
  const pilotRows = result.pilot?.rows ?? [];
  const lastPilot = pilotRows.at(-1);
  if (result.pilot !== undefined && lastPilot !== undefined) {
    const { k } = lastPilot;
    const estimate = lastPilot.passHatK.value;
    const truth = lastPilot.truth?.passHatK.value ?? null;
    const trials = result.pilot.trials;
    if (truth !== null) {
      caveats.push(
        `${name}: a pilot of ${trials} trials per task would have estimated pass^${k} at ${formatPercent(estimate)} against a true ${formatPercent(truth)} ` +
          `(${(Math.abs(estimate - truth) * 100).toFixed(1)} points ${estimate < truth ? 'too low' : 'too high'}): with so few trials per task, read pass^k estimates with their intervals.`,
      );
    }
  }
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  const firstWrong = requireNumber(first.deliveredWrong.value, 'rows[0].deliveredWrong.value');
  const lastWrong = requireNumber(last.deliveredWrong.value, `rows[${rows.length - 1}].deliveredWrong.value`);
  const lastCoverage = last.coverage.value;
  const lastCorrect = last.deliveredCorrect.value;
  if (result.scenario.verifier.measured !== undefined && perfectVerifierFollows(result.scenario) && lastCoverage !== null && lastCorrect !== null) {
    caveats.push(
      `${name}: the verifier is measured, not perfect: at k = ${last.k} it delivers ${formatPercent(lastCorrect)} correct where a perfect one would deliver ${formatPercent(lastCoverage)}.`,
    );
  }
  if (rows.length > 1 && lastWrong > firstWrong * 1.5) {
    caveats.push(
      `${name}: wrong delivery grows with the budget, from ${formatPercent(firstWrong)} at k = ${first.k} to ${formatPercent(lastWrong)} at k = ${last.k}: retrying until the verifier accepts turns abstentions into wrong answers.`,
    );
  }
  if (best.index === null) {
    return {
      question: null,
      answers: [`${name}: no budget keeps wrong delivery ≤ ${formatPercent(limit)} (at k = ${first.k} it is already ${formatPercent(firstWrong)}).`],
      rows: [{ name, k: null, deliveredCorrect: null, deliveredWrong: null, abstained: null, costPerCorrect: null, costUnit: unit, latency: null }],
      keyNumbers: [],
      caveats,
    };
  }
  const i = best.index;
  const row = rows[i]!;
  const correct = simulatedShare(result, i, 'deliveredCorrect', `${name}: delivered correct at k = ${best.k}`);
  const wrong = requireNumber(row.deliveredWrong.value, `rows[${i}].deliveredWrong.value`);
  const abstained = requireNumber(row.abstained.value, `rows[${i}].abstained.value`);
  const costPerCorrect = row.costPerCorrect.value;
  const latency = row.latency.value;
  // Tasks fitted to a log: a k beyond its trials is the fitted model's extrapolation, and cost or latency not in the log are assumptions.
  const measuredTasks = result.scenario.tasks.measured;
  const basis =
    row.basis === 'model' && measuredTasks !== undefined
      ? measuredTasks.episodes !== undefined
        ? ` (model-based: k = ${best.k} is beyond the ${observedBudget(measuredTasks)} attempts of the log's longest episode)`
        : ` (model-based: k = ${best.k} is beyond the ${observedBudget(measuredTasks)} trials per task the log observed)`
      : row.basis === 'observed'
        ? measuredTasks?.episodes !== undefined
          ? " (within the log's longest episode)"
          : ' (within the trials the log observed)'
        : '';
  if (measuredTasks !== undefined) {
    const assumed = (['cost', 'latency'] as const).filter((amount) => result.scenario.attempts[amount].dist !== 'empirical');
    if (assumed.length > 0) {
      caveats.push(
        `${name}: ${assumed.join(' and ')} per attempt ${assumed.length > 1 ? 'are' : 'is'} the scenario's ${assumed.length > 1 ? 'assumptions' : 'assumption'}, not measured (the log records none).`,
      );
    }
  }
  const answer =
    `${name}: best at k = ${best.k}${basis} — ${formatPercent(correct.value)} ${formatPercentInterval(correct.lower, correct.upper)} of episodes delivered correct, ` +
    `${formatPercent(wrong)} wrong, ${formatPercent(abstained)} abstained${costPerCorrect === null ? '' : `, ${costPerCorrect.toPrecision(3)} ${unit} per correct answer`}.`;
  return {
    question:
      limit === null
        ? 'Which retry policy should the agent use, and with how many attempts?'
        : `Which retry policy delivers the most correct answers with at most ${formatPercent(limit)} delivered wrong, and with how many attempts?`,
    answers: [answer],
    rows: [{ name, k: best.k, deliveredCorrect: correct, deliveredWrong: wrong, abstained, costPerCorrect, costUnit: unit, latency }],
    keyNumbers: [correct],
    caveats,
  };
}

/** One task's counts: pass^k at the largest k with its interval; the caveat is the interval's width. */
function estimateTaskFindings(result: EstimateTaskDocument): Findings {
  const { n, c } = result;
  const row = result.rows[result.rows.length - 1]!;
  const { k, passHatK: hat } = row;
  const { lower, upper } = row.interval.passHatK;
  const confidence = result.p.level;
  const key: KeyNumber = {
    label: `pass^${k} from ${c} of ${n} trials`,
    value: hat,
    lower,
    upper,
    interval: `${formatPercent(confidence, 0)} interval for p mapped through p^k`,
  };
  return {
    question: `How reliable is the agent on a task it got right ${c} times in ${n}?`,
    answers: [
      `${c} of ${n} trials correct: pass^${k} (all ${k} attempts correct) is ${formatPercent(hat)} ${formatPercentInterval(lower, upper)}, pass@${k} ${formatPercent(row.passAtK)}.`,
    ],
    rows: [],
    keyNumbers: [key],
    caveats: [
      `${n} trials leave pass^${k} anywhere in ${formatPercentInterval(lower, upper)}, ${formatPercent(upper - lower)} wide: one point estimate would hide that.`,
    ],
  };
}

/** The demonstration plan: runs needed. */
function planDemonstrateFindings(result: PlanDemonstrateDocument): Findings {
  const { runs, target, k, confidence, failures, requiredRate: rate } = result;
  return {
    question: `How many runs does it take to show pass^${k} ≥ ${formatPercent(target)}?`,
    answers: [
      `To show pass^${k} ≥ ${formatPercent(target)} at ${formatPercent(confidence, 0)} confidence: ${runs} runs with ${failures === 0 ? 'no failure' : `at most ${failures} failure${failures === 1 ? '' : 's'}`} (the single-attempt rate must be at least ${formatPercent(rate)}).`,
    ],
    rows: [],
    keyNumbers: [],
    caveats: [],
  };
}

/** `plan precision`: the trials that reach the interval width. */
function planPrecisionFindings(result: PlanPrecisionDocument): Findings {
  const { metric, k, halfWidth, trials, confidence } = result;
  const name = metric === 'passHatK' ? `pass^${k}` : metric === 'passAtK' ? `pass@${k}` : 'p';
  return {
    question: `How many trials pin ${name} down to ±${formatPercent(halfWidth)}?`,
    answers: [
      `${trials} trials per task give a ${formatPercent(confidence, 0)} interval for ${name} of ±${formatPercent(halfWidth)} at a single-attempt rate of ${formatPercent(result.rate)}.`,
    ],
    rows: [],
    keyNumbers: [
      {
        label: `${name} at a rate of ${formatPercent(result.rate)}, and the interval ${trials} trials would give it`,
        value: metric === 'passHatK' ? independentPassHatK(result.rate, k) : metric === 'passAtK' ? independentPassAtK(result.rate, k) : result.rate,
        lower: result.interval.lower,
        upper: result.interval.upper,
        interval: `${formatPercent(confidence, 0)} ${result.interval.method} interval at c = ${formatPercent(result.rate)} of ${trials}, mapped to ${name}`,
      },
    ],
    caveats: [],
  };
}

/** `plan compare`: tasks needed per trials per task. */
function planCompareFindings(result: PlanCompareDocument): Findings {
  const { k, power } = result;
  const name = result.metric === 'passAtK' ? `pass@${k}` : `pass^${k}`;
  const delta = result.comparison - result.baseline;
  const plans = result.rows.map((row) => `${row.tasks} tasks at ${row.trials} trials`);
  return {
    question: `How many tasks does it take to see a ${formatPercent(Math.abs(delta))} difference in ${name} between two agents?`,
    answers: [`For ${formatPercent(power, 0)} power: ${plans.join(', ')} per task (both agents on the same tasks).`],
    rows: [],
    keyNumbers: [],
    caveats: [],
  };
}

/** `plan compare --pilot`: the tasks compare's verdict needs per trials per task, and the cheapest design. */
function planComparePilotFindings(result: ResultDocumentOf<'passk.plan.compare-pilot'>): Findings {
  const uncertain = result.rows.find((row) => row.tasks !== null && row.powerInterval !== null);
  const plans = result.rows.filter((row) => row.tasks !== null).map((row) => `${row.tasks} tasks at ${row.trials} trials`);
  return {
    question: `How many tasks and trials for ${pilotPlanLead(result)
      .replace(/\n.*$/s, '')
      .replace(/,? from .*$/, '')
      .replace(/:$/, '')}?`,
    answers: [
      plans.length === 0 ? 'No design up to the search limit reaches the power asked.' : `From the pilot: ${plans.join(', ')} per task.`,
      ...pilotPlanAnswers(result),
    ],
    rows: [],
    keyNumbers: [],
    caveats: uncertain === undefined ? [] : [pilotPowerCaveat(uncertain)],
  };
}

/** The pilot's sampling error on the power of a planned design, in one sentence. */
function pilotPowerCaveat(row: ResultDocumentOf<'passk.plan.compare-pilot'>['rows'][number]): string {
  const interval = row.powerInterval!;
  return (
    `The pilot is a sample: at ${row.tasks} tasks × ${row.trials} trials the power is ` +
    `${formatPercent(row.simulatedPower.value)}, ${formatPercent(interval.level)} interval ${formatPercent(interval.lower)} to ${formatPercent(interval.upper)} from its sampling error.`
  );
}

/** `plan precision --pilot`: the tasks CI (tasks) needs per trials per task, and the cheapest design. */
function planPrecisionPilotFindings(result: ResultDocumentOf<'passk.plan.precision-pilot'>): Findings {
  const plans = result.rows.filter((row) => row.tasks !== null).map((row) => `${row.tasks} tasks at ${row.trials} trials`);
  return {
    question: `How many tasks and trials for CI (tasks) of ${metricLabel(result.metric, result.k)} at most ±${result.halfWidth}?`,
    answers: [
      plans.length === 0 ? 'No design up to the search limit reaches the assurance asked.' : `From the pilot: ${plans.join(', ')} per task.`,
      ...precisionPilotAnswers(result),
    ],
    rows: [],
    keyNumbers: [],
    caveats: [],
  };
}

/**
 * `passk compare`: per comparison, the CLI's own answer for pass^k at the k it leads with
 * (`answerSentence` at `headlineK`: the verdict, its interval, p-value and, where it applies, what
 * this benchmark's interval adds), then what a gate `delta(pass^k) >= 0` would conclude on the
 * same pair (`gateViewOfComparison`), so that the report, the CLI and `gate` read as one verdict.
 */
function compareFindings(result: ResultDocumentOf<'passk.compare'>): Findings {
  const answers: string[] = [];
  const keyNumbers: KeyNumber[] = [];
  const { confidence } = result;
  result.comparisons.forEach((comparison, i) => {
    const { baseline, candidate, rows } = comparison;
    const at = Math.max(
      0,
      rows.findIndex((candidateRow) => candidateRow.k === headlineK(comparison)),
    );
    const row = rows[at]!;
    const { k } = row;
    const where = `comparisons[${i}].rows[${at}].passHatK`;
    const hat = row.passHatK;
    if (hat === null || hat.interval === null)
      throw new InputError('--from', `must have pass^k and its interval at ${where} (the k the comparison's answer leads with)`, null);
    answers.push(answerSentence(comparison, 'passHatK', k, result.correction === 'holm'));
    const gate = gateViewOfComparison(comparison, 'passHatK', k, confidence, result.sides);
    if (gate !== null) answers.push(gate);
    keyNumbers.push({
      label: `pass^${k}: ${candidate} − ${baseline}`,
      value: hat.difference,
      lower: hat.interval.lower,
      upper: hat.interval.upper,
      interval: `CI (tasks), ${describeCoverage(confidence, result.sides)}, paired difference`,
      difference: true,
    });
  });
  return { question: 'Is one agent more reliable than the other (pass^k), task by task?', answers, rows: [], keyNumbers, caveats: [] };
}
