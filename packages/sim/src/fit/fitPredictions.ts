import { taskAverageIntervals } from '../taskAverage/taskAverageIntervals.js';
import { averageOverTasks, type TaskTrials } from '../estimators/taskAverage.js';
import type { FitModel } from './fitModels.js';
import type { FittedModel } from './fitResult.js';
import { leaveTrialsOut, LEAVE_TRIALS_OUT_LEVEL } from './leaveTrialsOut.js';
import type { ExtrapolationCheck, LeaveTrialsOut, PredictedRate, PredictionRow } from './extrapolationTypes.js';
import { momentBounds } from './momentBounds.js';
import type { TrialOrderTest } from './trialOrderTest.js';

/**
 * The answer of `fit` per k: k ≤ max n from the trials (basis 'observed': the unbiased task average
 * with the population interval of `estimate`), k > max n from the chosen model (basis 'model'). Beyond
 * n the model's delta-method interval is joined with the nonparametric moment bounds (`momentBounds`),
 * which hold for every task population: 'passed' where the leave-trials-out check (`leaveTrialsOut`)
 * did not reject the model and the bounds lie inside its interval (nothing changed), 'widened' where
 * the join widened it or the check rejected or could not be made, 'refused' (no value) where the
 * log's trial order shows runs (`trialOrderTest` at 5 %, two-sided: neighbouring trials are not
 * exchangeable, so the trials seen are no sample of further ones). Why every k > n and not only a
 * far one: measured, a model that passes the check can still miss at k = 2n (a two-point
 * population, 200 tasks × 5 trials: 44.5 % coverage of 95 % intervals), so no extrapolation factor
 * above 1 is safe for the model alone (docs/extrapolation.md, bench/decisions/extrapolation.mjs).
 */
export function fitPredictions(
  tasks: readonly TaskTrials[],
  chosen: FittedModel,
  spec: FitModel,
  ks: readonly number[],
  confidence: number,
  trialOrder: TrialOrderTest | null = null,
): { rows: PredictionRow[]; check: ExtrapolationCheck } {
  const runs = trialOrder !== null && trialOrder.pValue < TRIAL_ORDER_LEVEL;
  const maxN = tasks.reduce((m, t) => Math.max(m, t.n), 0);
  const observedKs = ks.filter((k) => k <= maxN);
  const modelKs = ks.filter((k) => k > maxN);
  const check = leaveTrialsOut(tasks, spec);
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
    if (runs) {
      return { k, basis: 'model', check: 'refused', passAtK: { value: null, interval: null }, passHatK: { value: null, interval: null } };
    }
    let changed = false;
    const rate = (metric: 'passAtK' | 'passHatK'): PredictedRate => {
      const value = chosen.predicted[metric][String(k)]!;
      const model = chosen.intervals?.[metric][String(k)] ?? null;
      const bound = bounds[metric][i]!;
      const lower = Math.min(bound.lower, value, model?.lower ?? 1);
      const upper = Math.max(bound.upper, value, model?.upper ?? 0);
      if (model === null || lower < model.lower || upper > model.upper) changed = true;
      return { value, interval: { lower, upper } };
    };
    const passAtK = rate('passAtK');
    const passHatK = rate('passHatK');
    return { k, basis: 'model', check: check.result === 'passed' && !changed ? 'passed' : 'widened', passAtK, passHatK };
  });
  return {
    rows: [...observedRows, ...modelRows],
    check: { leaveTrialsOut: check, trialOrder, reason: runs ? runsReason(trialOrder!) : reasonOf(check, bounds.base, modelKs) },
  };
}

function reasonOf(check: LeaveTrialsOut, base: number, modelKs: readonly number[]): string {
  const level = `${LEAVE_TRIALS_OUT_LEVEL * 100} %`;
  const tested =
    check.result === 'notPossible'
      ? `the model's extrapolation cannot be checked with ${base} trial${base === 1 ? '' : 's'} in the task with the fewest (the check fits ⌊n/2⌋ ≥ 2 trials)`
      : `fitted to ${check.trialsFitted} trials per task, the model predicts pass@${check.comparedAt} and pass^${check.comparedAt} ` +
        `${check.result === 'passed' ? 'within' : 'outside'} their uncertainty (max |z| = ${check.statistic!.toFixed(2)}, ${formatP(check.pValue!)}, ` +
        `${check.result === 'passed' ? 'not rejected' : 'rejected'} at ${level})`;
  if (modelKs.length === 0) return tested;
  return `${tested}; beyond n every interval also spans the moment bounds, which hold for any task population`;
}

/** The trial-order test refuses the ks beyond n below this p-value (two-sided). */
const TRIAL_ORDER_LEVEL = 0.05;

function runsReason(test: TrialOrderTest): string {
  const how = test.statistic < 0 ? 'neighbouring trials agree more than chance' : 'neighbouring trials alternate more than chance';
  return (
    `the trials of a task are not exchangeable in the log's order (${how}: ${test.changes} changes between consecutive trials ` +
    `where random order gives ${test.expected.toFixed(1)}, z = ${test.statistic.toFixed(2)}, ${formatP(test.pValue)}): ` +
    'pass@k beyond n depends on how further trials continue, which the counts cannot show — extrapolation refused'
  );
}

/** `p = 0.071` or `p < 0.001`. */
function formatP(p: number): string {
  return p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`;
}
