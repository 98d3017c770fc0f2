import { taskAverageIntervals } from '../benchmark/taskAverageIntervals.js';
import { averageOverTasks, type TaskTrials } from '../estimators/taskAverage.js';
import type { FitModel } from './fitModels.js';
import type { FittedModel } from './fitResult.js';
import { leaveTrialsOut, LEAVE_TRIALS_OUT_LEVEL, type LeaveTrialsOut } from './leaveTrialsOut.js';
import { momentBounds } from './momentBounds.js';
import type { PredictionInterval } from './predictionIntervals.js';

/** Where a prediction row's value comes from: the trials themselves (k ≤ n) or the fitted model (k > n). */
export type PredictionBasis = 'observed' | 'model';

/** What the extrapolation check decided for a row beyond the trials. */
export type ExtrapolationDecision = 'passed' | 'widened' | 'refused';

/** One metric of a prediction row. */
export interface PredictedRate {
  /** Observed unbiased task average (basis 'observed') or the chosen model's prediction; null when refused. */
  readonly value: number | null;
  /** Observed: the population interval of `estimate`; model: delta method, or widened to the moment bounds; null when refused. */
  readonly interval: PredictionInterval | null;
}

/** pass@k and pass^k at one k, with where they come from. */
export interface PredictionRow {
  readonly k: number;
  readonly basis: PredictionBasis;
  /** For basis 'model': the check's decision; null for basis 'observed'. */
  readonly check: ExtrapolationDecision | null;
  readonly passAtK: PredictedRate;
  readonly passHatK: PredictedRate;
}

/** The check behind every row beyond the trials. */
export interface ExtrapolationCheck {
  /** The chosen model refitted to half the trials, predicting the other half (`leaveTrialsOut`). */
  readonly leaveTrialsOut: LeaveTrialsOut;
  /** The largest k the model interval is kept for: b·(b/m) when the check passed, else none (null). */
  readonly trustedUpTo: number | null;
  /** One line: what was decided for the ks beyond the trials, and why. */
  readonly reason: string;
}

/**
 * The answer of `fit` per k: k ≤ max n from the trials (basis 'observed': the unbiased task average
 * with the population interval of `estimate`), k > max n from the chosen model (basis 'model')
 * under a rule. The model is refitted to m = ⌊b/2⌋ trials of each task (b = min n) and its
 * prediction at b compared with the observed estimate (`leaveTrialsOut`, an extrapolation by the
 * factor b/m). Where it passes, the model's delta-method interval is kept for k up to b·(b/m) — as
 * far as the check extrapolated; beyond that, or where it failed or could not be made (b < 4), the
 * interval is widened to include the nonparametric moment bounds (`momentBounds`, valid for every
 * task population); with b < 2 there is no bound either and the row is refused (value null).
 * Coverage of the rule, measured on truncated public logs and on misspecified populations:
 * docs/extrapolation.md (bench/decisions/extrapolation.mjs).
 */
export function fitPredictions(
  tasks: readonly TaskTrials[],
  chosen: FittedModel,
  spec: FitModel,
  ks: readonly number[],
  confidence: number,
): { rows: PredictionRow[]; check: ExtrapolationCheck } {
  const maxN = tasks.reduce((m, t) => Math.max(m, t.n), 0);
  const observedKs = ks.filter((k) => k <= maxN);
  const modelKs = ks.filter((k) => k > maxN);
  const check = leaveTrialsOut(tasks, spec);
  const trustedUpTo = check.result === 'passed' ? Math.floor((check.comparedAt * check.comparedAt) / check.trialsFitted) : null;
  const bounds = momentBounds(tasks, modelKs, { confidence });
  const averages = observedKs.length === 0 ? [] : averageOverTasks(tasks, observedKs);
  const intervals = observedKs.length === 0 ? [] : taskAverageIntervals(tasks, observedKs, { confidence, sides: 2 });
  const observedRows = observedKs.map((k, i): PredictionRow => {
    const rate = (metric: 'passAtK' | 'passHatK'): PredictedRate => ({
      value: averages[i]![metric]?.value ?? null,
      interval: intervals[i]![metric].population,
    });
    return { k, basis: 'observed', check: null, passAtK: rate('passAtK'), passHatK: rate('passHatK') };
  });
  const modelRows = modelKs.map((k, i): PredictionRow => {
    const trusted = trustedUpTo !== null && k <= trustedUpTo;
    const rate = (metric: 'passAtK' | 'passHatK'): PredictedRate => {
      const value = chosen.predicted[metric][String(k)]!;
      const modelInterval = chosen.intervals?.[metric][String(k)] ?? null;
      if (trusted) return { value, interval: modelInterval };
      const bound = bounds[metric][i]!;
      const lower = Math.min(bound.lower, value, modelInterval?.lower ?? 1);
      const upper = Math.max(bound.upper, value, modelInterval?.upper ?? 0);
      return { value, interval: { lower, upper } };
    };
    if (!trusted && bounds.passAtK[i] === null) {
      return { k, basis: 'model', check: 'refused', passAtK: { value: null, interval: null }, passHatK: { value: null, interval: null } };
    }
    return { k, basis: 'model', check: trusted ? 'passed' : 'widened', passAtK: rate('passAtK'), passHatK: rate('passHatK') };
  });
  return { rows: [...observedRows, ...modelRows], check: { leaveTrialsOut: check, trustedUpTo, reason: reasonOf(check, trustedUpTo, bounds.base, modelKs) } };
}

function reasonOf(check: LeaveTrialsOut, trustedUpTo: number | null, base: number, modelKs: readonly number[]): string {
  const level = `${LEAVE_TRIALS_OUT_LEVEL * 100} %`;
  const tested =
    check.result === 'notPossible'
      ? `the model's extrapolation cannot be checked with ${base} trial${base === 1 ? '' : 's'} per task (the check fits ⌊n/2⌋ ≥ 2 trials)`
      : `fitted to ${check.trialsFitted} trials per task, the model predicts pass@${check.comparedAt} and pass^${check.comparedAt} ` +
        `${check.result === 'passed' ? 'within' : 'outside'} their uncertainty (max |z| = ${check.statistic!.toFixed(2)}, p = ${formatP(check.pValue!)}, ` +
        `${check.result === 'passed' ? 'not rejected' : 'rejected'} at ${level})`;
  if (modelKs.length === 0) return tested;
  const far = modelKs.filter((k) => trustedUpTo === null || k > trustedUpTo);
  if (far.length === 0) return `${tested}: the model's intervals are kept up to k = ${trustedUpTo}, the factor the check tested`;
  if (base < 2) return `${tested}, and one trial per task bounds nothing: extrapolation refused`;
  const where = trustedUpTo === null ? 'every k beyond the trials' : `k > ${trustedUpTo} (beyond the factor the check tested)`;
  return `${tested}: at ${where} the intervals are widened to the moment bounds, which hold for any task population`;
}

function formatP(p: number): string {
  return p < 0.001 ? '< 0.001' : p.toFixed(3);
}
