import { bestBudget } from '../charts/bestBudget.js';
import { costUnit } from '../charts/costUnit.js';
import { listAt, nullableNumberAt, numberAt, valueAt } from '../charts/resultFields.js';
import { seriesNames } from '../charts/seriesNames.js';
import { ERROR_BAR_Z } from '../charts/theme.js';
import { formatPercent, formatPercentInterval } from '../format/percent.js';
import { formatPoints, formatPointsInterval } from '../format/points.js';
import { RESULT_KINDS } from '../format/resultKinds.js';
import type { ReportInput } from './reportInput.js';

/** A headline number with its interval, e.g. 72.5 % [72.3 %, 72.7 %]. */
export interface KeyNumber {
  readonly label: string;
  readonly value: number;
  readonly lower: number;
  readonly upper: number;
  /** How the interval was made ("±1.96 SE over replicates", "95 % two-sided Wilson"). */
  readonly interval: string;
  /** A difference of two probabilities (shown in signed percentage points), not a share. */
  readonly difference?: boolean;
}

/** One policy or agent at its chosen budget: a row of the comparison table. */
export interface ComparisonRow {
  readonly name: string;
  readonly k: number | null;
  readonly deliveredCorrect: KeyNumber | null;
  readonly deliveredWrong: number | null;
  readonly abstained: number | null;
  readonly costPerCorrect: number | null;
  readonly costUnit: string;
  readonly latency: number | null;
}

/** What one result adds to the summary block: answer sentences, table rows, key numbers, caveats. */
export interface Findings {
  readonly question: string | null;
  readonly answers: readonly string[];
  readonly rows: readonly ComparisonRow[];
  readonly keyNumbers: readonly KeyNumber[];
  /** In order of importance; the first of all results' is "the caveat that matters". */
  readonly caveats: readonly string[];
}

export interface SummaryOptions {
  /** The limit on wrong delivery the best k must meet (else the best k maximises correct − wrong). */
  readonly maxWrongDelivery?: number | null;
}

type FindingsOf = (result: object, options: SummaryOptions, name: string) => Findings;

const NONE: Findings = { question: null, answers: [], rows: [], keyNumbers: [], caveats: [] };

/**
 * Per result kind, what the summary says about it. Kinds without an entry add nothing (their
 * sections still follow). A new kind (e.g. compare results) registers one line here.
 */
const FINDINGS: Partial<Record<string, FindingsOf>> = {
  [RESULT_KINDS.simulate]: simulateFindings,
  [RESULT_KINDS.estimateTask]: estimateTaskFindings,
  [RESULT_KINDS.planDemonstrate]: planDemonstrateFindings,
  [RESULT_KINDS.planPrecision]: planPrecisionFindings,
  [RESULT_KINDS.planCompare]: planCompareFindings,
  [RESULT_KINDS.sweep]: sweepFindings,
  [RESULT_KINDS.compare]: compareFindings,
};

/** Every result's findings, in input order; simulate results are named as on the charts. */
export function summaryFindings(inputs: readonly ReportInput[], options: SummaryOptions = {}): Findings[] {
  const simulations = inputs.filter((input) => input.result.kind === RESULT_KINDS.simulate).map((input) => input.result);
  const names = seriesNames(simulations);
  return inputs.map(({ result }) => {
    const findings = FINDINGS[result.kind];
    const index = simulations.indexOf(result);
    return findings ? findings(result, options, index >= 0 ? names[index]! : '') : NONE;
  });
}

/** A simulated share ±1.96 SE, clipped to [0, 1]. */
function simulatedShare(result: object, i: number, field: string, label: string): KeyNumber {
  const value = numberAt(result, ['rows', i, field, 'value']);
  const se = numberAt(result, ['rows', i, field, 'se']);
  return { label, value, lower: Math.max(0, value - ERROR_BAR_Z * se), upper: Math.min(1, value + ERROR_BAR_Z * se), interval: '±1.96 SE over replicates' };
}

/**
 * A simulation: its best budget (bestBudget) and what users get there; the caveats are the
 * pilot's gap to the truth (what an n-trial pilot would have said about pass^k) and the growth of
 * wrong delivery from the smallest to the largest budget.
 */
function simulateFindings(result: object, options: SummaryOptions, name: string): Findings {
  const limit = options.maxWrongDelivery ?? null;
  const best = bestBudget(result, limit);
  const unit = costUnit(result);
  const rows = listAt(result, ['rows']);
  const caveats: string[] = [];
  const pilotRows = valueAt(result, ['pilot', 'rows']);
  if (Array.isArray(pilotRows) && pilotRows.length > 0) {
    const last = pilotRows.length - 1;
    const k = numberAt(result, ['pilot', 'rows', last, 'k']);
    const estimate = nullableNumberAt(result, ['pilot', 'rows', last, 'passHatK', 'value']);
    const truth = nullableNumberAt(result, ['pilot', 'rows', last, 'truth', 'passHatK', 'value']);
    const trials = numberAt(result, ['pilot', 'trials']);
    if (estimate !== null && truth !== null) {
      caveats.push(
        `${name}: a pilot of ${trials} trials per task would have estimated pass^${k} at ${formatPercent(estimate)} against a true ${formatPercent(truth)} ` +
          `(${(Math.abs(estimate - truth) * 100).toFixed(1)} points ${estimate < truth ? 'too low' : 'too high'}): with so few trials per task, read pass^k estimates with their intervals.`,
      );
    }
  }
  const firstWrong = numberAt(result, ['rows', 0, 'deliveredWrong', 'value']);
  const lastWrong = numberAt(result, ['rows', rows.length - 1, 'deliveredWrong', 'value']);
  if (rows.length > 1 && lastWrong > firstWrong * 1.5) {
    caveats.push(
      `${name}: wrong delivery grows with the budget, from ${formatPercent(firstWrong)} at k = ${numberAt(result, ['rows', 0, 'k'])} to ${formatPercent(lastWrong)} at k = ${numberAt(result, ['rows', rows.length - 1, 'k'])}: retrying until the verifier accepts turns abstentions into wrong answers.`,
    );
  }
  if (best.index === null) {
    return {
      question: null,
      answers: [
        `${name}: no budget keeps wrong delivery ≤ ${formatPercent(limit)} (at k = ${numberAt(result, ['rows', 0, 'k'])} it is already ${formatPercent(firstWrong)}).`,
      ],
      rows: [{ name, k: null, deliveredCorrect: null, deliveredWrong: null, abstained: null, costPerCorrect: null, costUnit: unit, latency: null }],
      keyNumbers: [],
      caveats,
    };
  }
  const i = best.index;
  const correct = simulatedShare(result, i, 'deliveredCorrect', `${name}: delivered correct at k = ${best.k}`);
  const wrong = numberAt(result, ['rows', i, 'deliveredWrong', 'value']);
  const abstained = numberAt(result, ['rows', i, 'abstained', 'value']);
  const costPerCorrect = nullableNumberAt(result, ['rows', i, 'costPerCorrect', 'value']);
  const latency = nullableNumberAt(result, ['rows', i, 'latency', 'value']);
  const answer =
    `${name}: best at k = ${best.k} — ${formatPercent(correct.value)} ${formatPercentInterval(correct.lower, correct.upper)} of episodes delivered correct, ` +
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
function estimateTaskFindings(result: object): Findings {
  const n = numberAt(result, ['n']);
  const c = numberAt(result, ['c']);
  const path = ['rows', listAt(result, ['rows']).length - 1];
  const k = numberAt(result, [...path, 'k']);
  const hat = numberAt(result, [...path, 'passHatK']);
  const lower = numberAt(result, [...path, 'interval', 'passHatK', 'lower']);
  const upper = numberAt(result, [...path, 'interval', 'passHatK', 'upper']);
  const confidence = numberAt(result, ['p', 'level']);
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
      `${c} of ${n} trials correct: pass^${k} (all ${k} attempts correct) is ${formatPercent(hat)} ${formatPercentInterval(lower, upper)}, pass@${k} ${formatPercent(numberAt(result, [...path, 'passAtK']))}.`,
    ],
    rows: [],
    keyNumbers: [key],
    caveats: [
      `${n} trials leave pass^${k} anywhere in ${formatPercentInterval(lower, upper)}, ${formatPercent(upper - lower)} wide: one point estimate would hide that.`,
    ],
  };
}

/** The demonstration plan: runs needed. */
function planDemonstrateFindings(result: object): Findings {
  const runs = numberAt(result, ['runs']);
  const target = numberAt(result, ['target']);
  const k = numberAt(result, ['k']);
  const confidence = numberAt(result, ['confidence']);
  const failures = numberAt(result, ['failures']);
  const rate = numberAt(result, ['requiredRate']);
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
function planPrecisionFindings(result: object): Findings {
  const metric = valueAt(result, ['metric']);
  const k = numberAt(result, ['k']);
  const name = metric === 'passHatK' ? `pass^${k}` : metric === 'passAtK' ? `pass@${k}` : 'p';
  const halfWidth = numberAt(result, ['halfWidth']);
  const trials = numberAt(result, ['trials']);
  const confidence = numberAt(result, ['confidence']);
  return {
    question: `How many trials pin ${name} down to ±${formatPercent(halfWidth)}?`,
    answers: [
      `${trials} trials per task give a ${formatPercent(confidence, 0)} interval for ${name} of ±${formatPercent(halfWidth)} at a single-attempt rate of ${formatPercent(numberAt(result, ['rate']))}.`,
    ],
    rows: [],
    keyNumbers: [],
    caveats: [],
  };
}

/** `plan compare`: tasks needed per trials per task. */
function planCompareFindings(result: object): Findings {
  const k = numberAt(result, ['k']);
  const name = valueAt(result, ['metric']) === 'passAtK' ? `pass@${k}` : `pass^${k}`;
  const delta = numberAt(result, ['comparison']) - numberAt(result, ['baseline']);
  const power = numberAt(result, ['power']);
  const plans = listAt(result, ['rows']).map((_, i) => `${numberAt(result, ['rows', i, 'tasks'])} tasks at ${numberAt(result, ['rows', i, 'trials'])} trials`);
  return {
    question: `How many tasks does it take to see a ${formatPercent(Math.abs(delta))} difference in ${name} between two agents?`,
    answers: [`For ${formatPercent(power, 0)} power: ${plans.join(', ')} per task (both agents on the same tasks).`],
    rows: [],
    keyNumbers: [],
    caveats: [],
  };
}

/** `sweep`: the best grid point under the constraints. */
function sweepFindings(result: object): Findings {
  const best = nullableNumberAt(result, ['best']);
  if (best === null) return { question: null, answers: ['The sweep: no grid point meets the constraints.'], rows: [], keyNumbers: [], caveats: [] };
  const values = valueAt(result, ['points', best, 'values']) as Record<string, unknown>;
  const setting = Object.entries(values)
    .map(([path, value]) => `${path} = ${String(value)}`)
    .join(', ');
  const correct = numberAt(result, ['points', best, 'outcome', 'deliveredCorrect', 'value']);
  const wrong = numberAt(result, ['points', best, 'outcome', 'deliveredWrong', 'value']);
  return {
    question: null,
    answers: [`The sweep's best point: ${setting} — ${formatPercent(correct)} delivered correct, ${formatPercent(wrong)} wrong.`],
    rows: [],
    keyNumbers: [],
    caveats: [],
  };
}

/**
 * `passk compare`: per comparison, the difference candidate − baseline in pass^k at the largest k
 * with its interval and p-value; the caveat when the interval includes 0 (no difference shown).
 */
function compareFindings(result: object): Findings {
  const comparisons = listAt(result, ['comparisons']);
  const answers: string[] = [];
  const keyNumbers: KeyNumber[] = [];
  const caveats: string[] = [];
  const confidence = numberAt(result, ['confidence']);
  comparisons.forEach((_, i) => {
    const at = ['comparisons', i] as const;
    const baseline = String(valueAt(result, [...at, 'baseline']));
    const candidate = String(valueAt(result, [...at, 'candidate']));
    const rows = listAt(result, [...at, 'rows']);
    const row = [...at, 'rows', rows.length - 1] as const;
    const k = numberAt(result, [...row, 'k']);
    const difference = numberAt(result, [...row, 'passHatK', 'difference']);
    const lower = numberAt(result, [...row, 'passHatK', 'interval', 'lower']);
    const upper = numberAt(result, [...row, 'passHatK', 'interval', 'upper']);
    const p = nullableNumberAt(result, [...row, 'passHatK', 'pValue', 'value']);
    answers.push(
      `${candidate} against ${baseline}: pass^${k} ${formatPercent(numberAt(result, [...row, 'passHatK', 'candidate', 'value']))} against ${formatPercent(numberAt(result, [...row, 'passHatK', 'baseline', 'value']))}, ` +
        `a difference of ${formatPoints(difference)} ${formatPointsInterval(lower, upper)}${p === null ? '' : ` (p = ${p.toPrecision(2)})`}.`,
    );
    keyNumbers.push({
      label: `pass^${k}: ${candidate} − ${baseline}`,
      value: difference,
      lower,
      upper,
      interval: `${formatPercent(confidence, 0)} interval`,
      difference: true,
    });
    if (lower <= 0 && upper >= 0)
      caveats.push(
        `${candidate} against ${baseline}: the ${formatPercent(confidence, 0)} interval for the difference in pass^${k} includes 0, so these runs do not show a difference.`,
      );
  });
  return { question: 'Is one agent more reliable than the other (pass^k), task by task?', answers, rows: [], keyNumbers, caveats };
}
