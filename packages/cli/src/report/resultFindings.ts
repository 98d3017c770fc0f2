import { requireNumber } from '../charts/requireNumber.js';
import { ERROR_BAR_Z } from '../charts/theme.js';
import { describeCoverage } from '../format/describe.js';
import { describeTrials } from '../format/describeTrials.js';
import { formatPercent, formatPercentInterval } from '../format/percent.js';
import { formatPoints } from '../format/points.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import type { Findings, KeyNumber } from './findings.js';
import type { Interval } from '@passk/sim/internal';

// What the summary says about the results whose sections used to open with a table: a question, an
// answer sentence and the key number with the interval the CLI prints for it (#45).

/** The largest k at which every task counts (no task left out for n < k) and the interval exists; else the first row. */
function headlineRow<R extends { readonly notEstimableTasks: number }>(rows: readonly R[], usable: (row: R) => boolean): R {
  return rows.filter((row) => row.notEstimableTasks === 0 && usable(row)).at(-1) ?? rows[0]!;
}

/** `estimate FILE`: pass^k and pass@k at the headline k with CI (tasks), the interval the CLI prints first. */
export function estimateFileFindings(result: ResultDocumentOf<'passk.estimate.file'>): Findings {
  const { confidence, sides } = result.uncertainty;
  const row = headlineRow(result.rows, (r) => r.passHatK !== null && r.interval.passHatK !== null);
  const { k } = row;
  const hat = row.passHatK;
  const at = row.passAtK;
  const hatInterval = row.interval.passHatK;
  const atInterval = row.interval.passAtK;
  const ci = `CI (tasks), ${describeCoverage(confidence, sides)}`;
  const judged = result.audit !== undefined ? ' (judge-corrected)' : '';
  const shown = (value: number | null, interval: Interval | null) =>
    `${formatPercent(value)}${interval === null ? '' : ` ${formatPercentInterval(interval.lower, interval.upper)}`}`;
  const keyNumbers: KeyNumber[] =
    hat === null || hatInterval === null
      ? []
      : [{ label: `pass^${k} of ${result.source.file}${judged}`, value: hat, lower: hatInterval.lower, upper: hatInterval.upper, interval: ci }];
  const benchmark = row.benchmark?.passHatK ?? null;
  return {
    question: `How reliable is the agent on tasks like those in ${result.source.file}: all ${k} attempts correct (pass^${k}), or at least one (pass@${k})?`,
    answers: [
      `${result.tasks} tasks, ${describeTrials(result.trials)}: pass^${k} is ${shown(hat, hatInterval)} and pass@${k} ${shown(at, atInterval)}${judged} (${ci}: tasks like these).`,
    ],
    rows: [],
    keyNumbers,
    caveats:
      benchmark === null || hatInterval === null
        ? []
        : [
            `CI (tasks) ${formatPercentInterval(hatInterval.lower, hatInterval.upper)} is about tasks like these; on these very tasks rerun (CI (trials)) pass^${k} is in ${formatPercentInterval(benchmark.lower, benchmark.upper)}.`,
          ],
  };
}

/** `estimate --p`: the closed forms at the largest k (exact; no sampling uncertainty). */
export function estimateRateFindings(result: ResultDocumentOf<'passk.estimate.rate'>): Findings {
  const row = result.rows.at(-1)!;
  return {
    question: `What do all ${row.k} attempts correct (pass^${row.k}) and at least one (pass@${row.k}) come to at a per-attempt success rate of ${formatPercent(result.p)}?`,
    answers: [
      `At p = ${formatPercent(result.p)}: pass^${row.k} = p^${row.k} = ${formatPercent(row.passHatK)}, pass@${row.k} = 1 − (1 − p)^${row.k} = ${formatPercent(row.passAtK)} (closed forms, independent attempts).`,
    ],
    rows: [],
    keyNumbers: [
      {
        label: `pass^${row.k} at p = ${formatPercent(result.p)}`,
        value: row.passHatK,
        lower: row.passHatK,
        upper: row.passHatK,
        interval: 'exact: p is given, not estimated',
        shown: { value: formatPercent(row.passHatK), bounds: '(no interval: exact)' },
      },
    ],
    caveats: [],
  };
}

/** `fit`: what fit answers at its largest k (model-based beyond n, with the interval fit prints), and the check. */
export function fitFindings(result: ResultDocumentOf<'passk.fit'>): Findings {
  const usable = result.predictions.filter((row) => row.passHatK.value !== null && row.passHatK.interval !== null);
  const row = usable.at(-1) ?? null;
  const maxN = result.trials.max;
  const question = `What pass^k can be expected of the agent beyond the ${maxN} trials per task measured in ${result.source.file}?`;
  if (row === null) {
    return { question, answers: [`fit gives no pass^k with an interval: ${result.notes[0] ?? 'see its section'}`], rows: [], keyNumbers: [], caveats: [] };
  }
  const value = row.passHatK.value!;
  const interval = row.passHatK.interval!;
  const modelBased = row.basis === 'model';
  const how = modelBased
    ? `model-based (${result.chosen}${row.check === 'widened' ? ', widened' : ''}): the chosen model's interval${row.check === 'widened' ? ' joined with bounds that hold for any task population' : ''}`
    : 'observed: CI (tasks) of the unbiased task average';
  const check = result.extrapolation.check;
  return {
    question,
    answers: [
      `${result.tasks} tasks, ${describeTrials(result.trials)}: pass^${row.k} is ${formatPercent(value)} ${formatPercentInterval(interval.lower, interval.upper)}, ${how}; pass@${row.k} ${formatPercent(row.passAtK.value)}.`,
    ],
    rows: [],
    keyNumbers: [
      {
        label: `pass^${row.k} (${modelBased ? 'model-based' : 'observed'})`,
        value,
        lower: interval.lower,
        upper: interval.upper,
        interval: `${formatPercent(interval.level, 0)}, ${how}`,
      },
    ],
    caveats: modelBased
      ? [
          `k = ${row.k} is beyond the ${maxN} trials per task: the value comes from the fitted ${result.chosen} model, not from trials; its leave-trials-out check ${check.check === 'passed' ? 'passed' : check.check === 'failed' ? 'FAILED' : 'could not be made'}.`,
        ]
      : [],
  };
}

/** A gate requirement's number as the gate prints it: a share, a difference in points, or an amount. */
function gateNumber(requirement: ResultDocumentOf<'passk.gate'>['requirements'][number], value: number): string {
  if (requirement.metric === 'costPerSolved' || requirement.metric === 'costPerAttempt') return value.toPrecision(3);
  return requirement.delta ? formatPoints(value) : formatPercent(value);
}

/** `gate`: the verdict, each requirement with its one-sided bound, and the first failing one (else the first) as the key number. */
export function gateFindings(result: ResultDocumentOf<'passk.gate'>): Findings {
  const level = formatPercent(result.confidence, 0);
  const answers = [
    `${result.verdict.toUpperCase()}: ${result.passed} of ${result.requirements.length} requirements met by ${result.file}${result.baseline === null ? '' : ` (against ${result.baseline})`}.`,
    ...result.requirements.map(
      (r) =>
        `\`${r.requirement}\`: ${r.pass ? 'PASS' : 'FAIL'}, estimate ${gateNumber(r, r.value)}, one-sided ${level} ${r.side} bound ${gateNumber(r, r.bound)} against ${gateNumber(r, r.threshold)}.`,
    ),
  ];
  const key = result.requirements.find((r) => !r.pass) ?? result.requirements[0]!;
  const bound = `${key.side} bound ${gateNumber(key, key.bound)}`;
  return {
    question: `Does ${result.file} meet the release requirements${result.baseline === null ? '' : ` against ${result.baseline}`}?`,
    answers,
    rows: [],
    keyNumbers: [
      {
        label: `${key.requirement} (${key.pass ? 'PASS' : 'FAIL'})`,
        value: key.value,
        lower: key.interval.lower,
        upper: key.interval.upper,
        interval: `one-sided ${level}, ${result.estimand === 'population' ? 'CI (tasks)' : 'CI (trials)'}: the bound the gate judges by`,
        shown: { value: gateNumber(key, key.value), bounds: bound },
      },
    ],
    caveats: [],
  };
}

/** A simulated share with the interval the CLI prints: the measured one where the row has it, else ±1.96 SE over replicates. */
function simulatedShare(
  share: { readonly value: number | null; readonly se: number | null; readonly interval?: Interval },
  where: string,
  label: string,
): KeyNumber {
  const value = requireNumber(share.value, `${where}.value`);
  if (share.interval !== undefined)
    return { label, value, lower: share.interval.lower, upper: share.interval.upper, interval: '95 %, measured uncertainty included' };
  const se = requireNumber(share.se, `${where}.se`);
  return { label, value, lower: Math.max(0, value - ERROR_BAR_Z * se), upper: Math.min(1, value + ERROR_BAR_Z * se), interval: '±1.96 SE over replicates' };
}

/** `sweep`: the question its constraints ask, and the best grid point with its delivered correct and interval. */
export function sweepFindings(result: ResultDocumentOf<'passk.sweep'>): Findings {
  const axes = result.vary.map((v) => v.replace(/=.*$/, '')).join(' and ');
  const { maxCost, maxWrongDelivery } = result.constraints;
  const limits = [
    ...(maxWrongDelivery === null || maxWrongDelivery === undefined ? [] : [`at most ${formatPercent(maxWrongDelivery)} delivered wrong`]),
    ...(maxCost === null || maxCost === undefined ? [] : [`a mean cost of at most ${maxCost}`]),
  ];
  const question = `Which ${axes} delivers the most correct answers${limits.length === 0 ? '' : ` with ${limits.join(' and ')}`}?`;
  const best = result.best === null ? undefined : result.points[result.best];
  if (best === undefined)
    return { question, answers: [`No grid point of the sweep meets ${limits.join(' and ') || 'the constraints'}.`], rows: [], keyNumbers: [], caveats: [] };
  const setting = Object.entries(best.values)
    .map(([path, value]) => `${path} = ${String(value)}`)
    .join(', ');
  const where = `points[${result.best}].outcome`;
  const correct = simulatedShare(best.outcome.deliveredCorrect, `${where}.deliveredCorrect`, `delivered correct at ${setting}`);
  const wrong = requireNumber(best.outcome.deliveredWrong.value, `${where}.deliveredWrong.value`);
  return {
    question,
    answers: [
      `Best of ${result.points.length} points: ${setting} — ${formatPercent(correct.value)} ${formatPercentInterval(correct.lower, correct.upper)} delivered correct, ${formatPercent(wrong)} wrong.`,
    ],
    rows: [],
    keyNumbers: [correct],
    caveats: [],
  };
}

/** `verifier`: the pooled false-accept and false-reject rates with their exact intervals. */
export function verifierFindings(result: ResultDocumentOf<'passk.verifier'>): Findings {
  const { falseAccept, falseReject } = result.pooled ?? result.rows[0]!;
  const rate = (r: typeof falseAccept) =>
    r === null ? '—' : `${formatPercent(r.rate)} ${formatPercentInterval(r.interval.lower, r.interval.upper)} (${r.errors} of ${r.of})`;
  const groups = result.rows.length > 1 ? ` over ${result.rows.length} groups` : '';
  return {
    question: 'How often does the verifier accept wrong answers, and reject right ones?',
    answers: [
      `Pooled${groups}: false accept ${rate(falseAccept)}, false reject ${rate(falseReject)} (${formatPercent(result.confidence, 0)} Clopper–Pearson).`,
    ],
    rows: [],
    keyNumbers:
      falseAccept === null
        ? []
        : [
            {
              label: 'false accept, P(accept | wrong), pooled',
              value: falseAccept.rate,
              lower: falseAccept.interval.lower,
              upper: falseAccept.interval.upper,
              interval: `${formatPercent(result.confidence, 0)} Clopper–Pearson`,
            },
          ],
    caveats: [],
  };
}

/** `plan gate`: how often the gate fails an unchanged candidate at the design, with its Monte Carlo interval. */
export function planGateFindings(result: ResultDocumentOf<'passk.plan.gate'>): Findings {
  const share = simulatedShare(result.falseFail, 'falseFail', `false FAIL at ${result.tasks} tasks × ${result.trials} trials`);
  const ok = share.upper <= result.maxFalseFail;
  return {
    question: `How often would the gate ${result.requirements.map((r) => `\`${r}\``).join(', ')} fail a candidate that did not change?`,
    answers: [
      `At ${result.tasks} tasks × ${result.trials} trials: ${formatPercent(share.value)} ${formatPercentInterval(share.lower, share.upper)} of unchanged candidates FAIL (asked: at most ${formatPercent(result.maxFalseFail)})${ok ? '' : ': above what was asked'}.`,
    ],
    rows: [],
    keyNumbers: [{ ...share, interval: `±1.96 SE over ${result.simulations} simulations` }],
    caveats: [],
  };
}

/** `plan audit`: the audit size for a judge-corrected estimate of the half-width asked. */
export function planAuditFindings(result: ResultDocumentOf<'passk.plan.audit'>): Findings {
  const metric = result.metric === 'passHatK' ? `pass^${result.k}` : `pass@${result.k}`;
  const audited = result.audited;
  const alone = result.auditOnly === null ? `more than the ${result.tasks} tasks` : String(result.auditOnly);
  if (audited === null) {
    return {
      question: `How many of ${result.tasks} tasks must be audited for a judge-corrected ${metric} within ±${formatPercent(result.halfWidth)}?`,
      answers: [`Not reachable: auditing all ${result.tasks} tasks gives ±${formatPercent(result.achievedHalfWidth)}.`],
      rows: [],
      keyNumbers: [],
      caveats: [],
    };
  }
  return {
    question: `How many of ${result.tasks} tasks must be audited for a judge-corrected ${metric} within ±${formatPercent(result.halfWidth)}?`,
    answers: [
      `Audit ${audited} tasks (λ = ${result.lambda.toFixed(2)}): the ${formatPercent(result.confidence, 0)} interval is then ±${formatPercent(result.achievedHalfWidth)}; the audit alone would need ${alone}.`,
    ],
    rows: [],
    keyNumbers: [
      {
        label: `tasks to audit for ${metric}`,
        value: audited,
        lower: audited,
        upper: audited,
        interval: `planned half-width of the ${formatPercent(result.confidence, 0)} interval`,
        shown: { value: String(audited), bounds: `(interval ±${formatPercent(result.achievedHalfWidth)})` },
      },
    ],
    caveats: [],
  };
}
