import type { ScenarioTasksInput } from './fitScenarioTasks.js';
import type { FitModelName } from './fitModels.js';
import type { ExtrapolationCheck, PredictionRow } from './extrapolationTypes.js';
import type { GoodnessOfFit } from './goodnessOfFit.js';
import type { ReportedParameter } from './reportedParameters.js';
import type { Interval } from '../intervals/interval.js';

/** One fitted model, as `fitTasks` reports it. */
export interface FittedModel {
  readonly name: FitModelName;
  /** Parameters counted by AIC. */
  readonly parameterCount: number;
  /** a, b, mean, concentration, taskCorrelation (and π0, π1 for the inflated model), each with its SE. */
  readonly params: Readonly<Record<string, ReportedParameter>>;
  readonly logLik: number;
  /** 2·parameterCount − 2·logLik. */
  readonly aic: number;
  /** Parameters that went to a limit, in words (empty for an interior fit). */
  readonly boundary: readonly string[];
  /** False when the optimiser stopped on its evaluation budget. */
  readonly converged: boolean;
  /** The optimiser's coordinates: the free ones with their estimate and covariance, the rest at a limit. */
  readonly unconstrained: {
    readonly coordinates: readonly string[];
    readonly estimate: readonly number[];
    /** Inverse observed information; null when it is not positive definite. */
    readonly covariance: readonly (readonly number[])[] | null;
    /** The coordinates at a limit: ±Infinity (null in JSON). */
    readonly fixed: Readonly<Record<string, number>>;
  };
  /** The fitted task distribution as a scenario `tasks` block. */
  readonly scenarioTasks: ScenarioTasksInput;
  /** Model-based pass@k and pass^k by k ("1", "2", …): every k ≤ max n and every extrapolated k. */
  readonly predicted: {
    readonly passAtK: Readonly<Record<string, number>>;
    readonly passHatK: Readonly<Record<string, number>>;
  };
  /** Delta-method intervals for the same ks (null at a prediction of exactly 0 or 1); null without a covariance. */
  readonly intervals: {
    readonly passAtK: Readonly<Record<string, Interval | null>>;
    readonly passHatK: Readonly<Record<string, Interval | null>>;
  } | null;
}

/** What `fitTasks` returns. */
export interface TaskFit {
  /** Number of tasks fitted. */
  readonly tasks: number;
  readonly trials: { readonly min: number; readonly max: number; readonly total: number };
  readonly models: readonly FittedModel[];
  readonly chosen: FitModelName;
  /** ΔAIC (other − chosen) and the sentence that explains the choice. */
  readonly choice: { readonly aicDifference: number; readonly reason: string };
  /** The chosen model's distribution as a scenario `tasks` block, ready for `simulate`. */
  readonly scenarioTasks: ScenarioTasksInput;
  readonly goodnessOfFit: GoodnessOfFit;
  /** The ks beyond the largest n, and how their intervals were made. */
  readonly extrapolation: {
    readonly ks: readonly number[];
    readonly method: string;
    readonly confidence: number;
    /** The leave-trials-out check of the chosen model and the rule it sets for the ks beyond the trials. */
    readonly check: ExtrapolationCheck;
  };
  /** The answer per k (every k ≤ max n up to 100, and the extrapolated ks): observed or model-based, with the check's decision. */
  readonly predictions: readonly PredictionRow[];
  /** Caveats about the data or the fit, in words. */
  readonly notes: readonly string[];
}
