// Types of retry dependence measured from attempt-ordered logs (issue #40). The single source of the
// library/CLI contract: the CLI codes against these; the implementations live beside this file.
import type { Seed } from '../rng/streams.js';
import type { AttemptCorrelation } from '../scenario/types.js';
import type { Interval } from '../intervals/interval.js';

/** One task's attempt-ordered episodes; each episode its outcomes in attempt order (true = success). */
export interface TaskEpisodes {
  readonly id?: string;
  readonly episodes: readonly (readonly boolean[])[];
}

/**
 * 'fixed': every planned attempt ran whatever the outcomes; 'untilSuccess': an episode stops at its
 * first success (or at its length cap) — Aider's 2 tries, LDB's debug loop.
 */
export type EpisodeStopping = 'fixed' | 'untilSuccess';

/** A test of independence (within episodes, or of drift with run order). */
export interface DependenceTest {
  /** e.g. 'conditional permutation (exact)', 'likelihood ratio, feedback against independent'. */
  method: string;
  statistic: number;
  pValue: number;
  /** True when the p-value is exact (full enumeration, or no Monte Carlo error). */
  exact: boolean;
  /** How much data the test had: tasks that carried information, episodes and attempts used. */
  tasks: number;
  episodes: number;
  attempts: number;
  /** One sentence for users: what the test detects and what it cannot. */
  meaning: string;
}

/** The within-episode models, as the scenario format's `attempts.correlation.model` names them. */
export type DependenceModelName = 'independent' | 'exchangeable' | 'markov' | 'feedback';

/** A maximum-likelihood estimate with its interval at the fit's confidence. */
export interface FittedParameter extends Interval {
  estimate: number;
}

/** One within-episode model fitted by maximum likelihood with its task population (fitDependenceModel). */
export interface FittedDependenceModel {
  model: DependenceModelName;
  /**
   * Named as in the scenario format — icc, stickiness, afterFailure — plus the task population's
   * `mean` and `taskCorrelation` = 1/(1 + s) (p_t ~ Beta(mean·s, (1 − mean)·s); as `passk fit` names it).
   */
  parameters: Record<string, FittedParameter>;
  /** The fitted within-episode dependence as the scenario format writes it (`attempts.correlation`). */
  correlation: AttemptCorrelation;
  /** The fitted task population: p_t ~ Beta(alpha, beta) (both Infinity: every task has p = mean). */
  population: { alpha: number; beta: number };
  logLikelihood: number;
  aic: number;
  parametersCount: number;
  /**
   * Model hazard: hazard[j − 1] = P(success at attempt j | attempts 1..j − 1 of the episode all failed),
   * averaged over the task population, for j = 1..maxLength of the data (for the chart).
   */
  hazard: number[];
  /** For the predictions' intervals: the fit's coordinates (logit mean, ln s, model coordinate), the
   *  free ones not at a limit, and the inverse observed information over those (null if singular). */
  coordinates: number[];
  freeCoordinates: number[];
  covariance: number[][] | null;
}

/** Observed success at attempt j among episodes whose attempts 1..j − 1 all failed (j = attempt). */
export interface HazardRow {
  attempt: number;
  atRisk: number;
  successes: number;
}

/** Retry dependence measured from attempt-ordered episodes: the test, the four fitted models, the choice. */
export interface DependenceFit {
  stopping: EpisodeStopping;
  confidence: number;
  /** null when no test applies; `testReason` then says why. */
  test: DependenceTest | null;
  testReason?: string;
  models: FittedDependenceModel[];
  /** Lowest AIC. */
  chosen: DependenceModelName;
  /** e.g. "feedback: AIC 12.3 lower than independent (LR test p = 0.0004)". */
  evidence: string;
  /** The data's size and the observed hazard (success by attempt given earlier failures). */
  tasks: number;
  episodes: number;
  attempts: number;
  maxLength: number;
  hazard: HazardRow[];
}

/** Options of testEpisodeIndependence. */
export interface EpisodeIndependenceOptions {
  stopping: EpisodeStopping;
  seed: Seed;
  /** Monte Carlo permutations when full enumeration is too large (default 9999). */
  permutations?: number;
}

/** Options of testRunOrderDrift. */
export interface RunOrderDriftOptions {
  seed: Seed;
  permutations?: number;
}

/** Options of fitDependence. */
export interface FitDependenceOptions {
  stopping: EpisodeStopping;
  /** Interval level, e.g. 0.95. */
  confidence: number;
  seed: Seed;
  /** Monte Carlo permutations of the independence test (default 9999). */
  permutations?: number;
}

/** pass@k = P(at least one success in k attempts of one episode), pass^k = P(all k succeed), task-averaged. */
export interface DependentPassAtK {
  k: number;
  passAtK: number;
  passHatK: number;
  /** At the fit's confidence (delta method, logit scale); absent when the fit's information is singular. */
  passAtKInterval?: [number, number];
  passHatKInterval?: [number, number];
}

// Signatures of the functions (exported from the package index once implemented, in this folder):
/** testEpisodeIndependence.ts */
export type TestEpisodeIndependence = (tasks: readonly TaskEpisodes[], options: EpisodeIndependenceOptions) => DependenceTest;
/** testRunOrderDrift.ts — per task, its separate trials in run order (one outcome per run). */
export type TestRunOrderDrift = (tasks: readonly (readonly boolean[])[], options: RunOrderDriftOptions) => DependenceTest;
/** fitDependence.ts — throws InputError when too few episodes to fit. */
export type FitDependence = (tasks: readonly TaskEpisodes[], options: FitDependenceOptions) => DependenceFit;
/**
 * predictDependentPassAtK.ts — model-based pass@k and pass^k averaged over the fitted task population,
 * for any k (beyond the observed length too), under a fitted model (use 'independent' for the what-if).
 */
export type PredictDependentPassAtK = (fit: DependenceFit, model: DependenceModelName, ks: readonly number[]) => DependentPassAtK[];
