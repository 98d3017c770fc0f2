import type { TrialOrderTest } from './trialOrderTest.js';
import type { Interval } from '../intervals/interval.js';

/** The leave-trials-out check of a model's extrapolation (`leaveTrialsOut`). */
export interface LeaveTrialsOut {
  /** 'passed' / 'failed' at the 5 % level; 'notPossible' when the tasks have fewer than 4 trials. */
  readonly result: 'passed' | 'failed' | 'notPossible';
  /** m = ⌊b/2⌋: the trials per task the model was fitted to (b = min n, the trials every task has). */
  readonly trialsFitted: number;
  /** b: where the prediction was compared with the observed estimate. */
  readonly comparedAt: number;
  /** max |z| over pass@b and pass^b (null when not possible). */
  readonly statistic: number | null;
  /** Two-sided normal p-value of the larger |z|, Bonferroni over the two metrics (null when not possible). */
  readonly pValue: number | null;
}

/** Where a prediction row's value comes from: the trials themselves (k ≤ n) or the fitted model (k > n). */
export type PredictionBasis = 'observed' | 'model';

/** For a row beyond the trials: the model interval kept ('passed'), joined with the moment bounds ('widened'), or no value ('refused'). */
export type ExtrapolationDecision = 'passed' | 'widened' | 'refused';

/** One metric of a prediction row. */
export interface PredictedRate {
  /** Observed unbiased task average (basis 'observed') or the chosen model's prediction; null when refused. */
  readonly value: number | null;
  /** Observed: the population interval of `estimate`; model: delta method joined with the moment bounds; null when refused. */
  readonly interval: Interval | null;
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
  /** The runs test of the log's trial order, when the log keeps it (`trialOrderTest`); null otherwise. */
  readonly trialOrder: TrialOrderTest | null;
  /** One line: what was decided for the ks beyond the trials, and why. */
  readonly reason: string;
}
