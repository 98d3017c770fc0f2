import type { CorrelationInput, InputOf, ScenarioInput, SelectorInput } from './scenarioInput.js';
import type { SCENARIO_DEFS } from './scenarioFormat.js';

/**
 * The resolved scenario: what `resolveScenario` returns after validating a scenario file
 * (docs/design.md §3). Every field is filled in (defaults applied), every distribution is a tagged
 * object in one canonical form, and the whole object is deeply frozen. Where the canonical form is
 * the file's with every key given, the type is derived from the declaration (`Resolved`).
 */

/** A file form with every optional key filled in (each member of a union on its own). */
export type Resolved<T> = T extends unknown ? { readonly [K in keyof T]-?: Exclude<T[K], undefined> } : never;

/** Per-task single-attempt success probability p_t. Resolved forms only (beta always as a, b). */
export type SuccessRateDist =
  | { readonly dist: 'fixed'; readonly values: readonly number[] }
  | { readonly dist: 'point'; readonly p: number }
  | { readonly dist: 'beta'; readonly a: number; readonly b: number }
  | { readonly dist: 'logitNormal'; readonly mu: number; readonly sigma: number }
  | { readonly dist: 'mixture'; readonly components: readonly MixtureComponent[] };

/** A mixture component: weights are normalised to sum to 1 at resolve time. `fixed` is not allowed inside. */
export interface MixtureComponent {
  readonly weight: number;
  readonly dist: Exclude<SuccessRateDist, { dist: 'fixed' }>;
}

/** The resolved `tasks` section: how many tasks and the distribution of their success rates. */
export interface TasksSpec {
  /** Number of tasks; for `fixed` it equals values.length. */
  readonly count: number;
  readonly successRate: SuccessRateDist;
  /** false: one fixed benchmark of tasks drawn once per run; true: fresh tasks every replicate. */
  readonly resample: boolean;
  /** The per-task counts successRate was fitted to (`simulate --tasks-from`, `fit --out`); the engine then refits it per block of replicates (uncertainty/drawTaskPopulation). */
  readonly measured?: TaskMeasurement;
}

/** What a fitted task population rests on: task i had trials[i] attempts, successes[i] correct (docs/what-ifs.md). */
export interface TaskMeasurement {
  readonly trials: readonly number[];
  readonly successes: readonly number[];
  /** fitted: the refit population; perTask: each resampled task's posterior under the refit beta-binomial prior. */
  readonly population: 'fitted' | 'perTask';
  readonly source?: string;
  /** With attempt-ordered episodes in the log: the episodes and the retry-dependence model fitted to them (redrawn per block, uncertainty/drawDependencePopulation). */
  readonly episodes?: EpisodeMeasurement;
}

/**
 * The attempt-ordered episodes a retry-dependence model and its task population were fitted to
 * (`simulate --tasks-from` and `fit --out` on a log with episodes; docs/what-ifs.md).
 */
export interface EpisodeMeasurement {
  /** Per task (in the order of `trials`), its episodes in attempt order: '1' success, '0' failure, episodes separated by a space ('001 1'). */
  readonly outcomes: readonly string[];
  /** fixed: every planned attempt ran; untilSuccess: an episode stops at its first success. */
  readonly stopping: 'fixed' | 'untilSuccess';
  /** The within-episode model refitted per block, or aic: all four refitted per block, the lowest AIC kept. */
  readonly model: 'aic' | 'independent' | 'exchangeable' | 'markov' | 'feedback';
}

/** How the attempts at one task depend on each other (`attempts.correlation`): independent, exchangeable (intra-class correlation), Markov (stickiness) or feedback after a failure; as in the file. */
export type AttemptCorrelation = CorrelationInput;

/** A non-negative per-attempt amount (cost or latency): constant, or lognormal by median and sigma. */
export type Amount =
  | { readonly dist: 'constant'; readonly value: number }
  | { readonly dist: 'lognormal'; readonly median: number; readonly sigma: number }
  | { readonly dist: 'empirical'; readonly values: readonly number[] };

/** The resolved `attempts` section: correlation between attempts, cost and latency per attempt. */
export interface AttemptsSpec {
  readonly correlation: AttemptCorrelation;
  readonly cost: Amount;
  readonly latency: Amount;
}

/** An error rate of the verifier: the same for every task, or drawn per task from a Beta. */
export type RateSpec = { readonly dist: 'point'; readonly p: number } | { readonly dist: 'beta'; readonly a: number; readonly b: number };

/** The resolved `verifier` section: the check that accepts or rejects each attempt, with its error rates and cost. */
export interface VerifierSpec {
  /** True when the file omitted `verifier`: it accepts exactly the correct attempts, for free. */
  readonly perfect: boolean;
  /** P(accept | wrong attempt). */
  readonly falseAccept: RateSpec;
  /** P(reject | correct attempt). */
  readonly falseReject: RateSpec;
  /** Cost of one verification (added per attempt). */
  readonly cost: number;
  /** The counts the rates were measured on (`passk verifier --out`), when the file gives them; the engine then draws the rates per block of replicates (uncertainty/blockScenario). */
  readonly measured?: VerifierMeasurement;
}

/**
 * What a measured verifier's rates rest on: false accept = accepted/wrong, false reject =
 * rejected/right (docs/verifiers.md); `source` describes the logs in words.
 */
export interface VerifierMeasurement {
  readonly falseAccept: { readonly accepted: number; readonly wrong: number };
  readonly falseReject: { readonly rejected: number; readonly right: number };
  readonly source?: string;
}

/**
 * firstAccepted, oracle, random; majorityVote {distinctWrong, concentration} (wrong answers fall on
 * `distinctWrong` values with Dirichlet(`concentration`) weights, so wrong answers can agree);
 * bestScore {separation, threshold} (reward-model score: correct ~ N(separation, 1), wrong ~ N(0, 1);
 * deliver the top score if ≥ threshold, null: no threshold). The resolved `selector`: how the
 * delivered answer is picked among the attempts, every parameter filled in.
 */
export type SelectorSpec = Resolved<SelectorInput>;

/** The resolved `policy` section: the attempt budget, how attempts are scheduled (sequential, parallel, batches) and when to stop. */
export interface PolicySpec {
  readonly maxAttempts: number;
  readonly mode: InputOf<(typeof SCENARIO_DEFS)['policy']['fields']['mode']['node']>;
  /** Attempts per round: 1 for sequential, maxAttempts for parallel, as given for batches. */
  readonly batchSize: number;
  readonly onNoAccept: InputOf<(typeof SCENARIO_DEFS)['policy']['fields']['onNoAccept']['node']>;
  /** Caps per episode (engine semantics, "Budgets"). */
  readonly budget: BudgetSpec;
}

/**
 * Per-episode caps on spend and elapsed latency (null: none). `soft`: an attempt (a round, for
 * latency) starts while the spend (the elapsed latency) is below the cap and is then completed in
 * full, so an episode may end above the cap. `hard`: an attempt that would cross a cap is cut off
 * at the cap and counts as not accepted.
 */
export type BudgetSpec = Resolved<NonNullable<NonNullable<ScenarioInput['policy']>['budget']>>;

/** The resolved `run` section: how many Monte Carlo replicates to simulate. */
export type RunSpec = Resolved<NonNullable<ScenarioInput['run']>>;

/** A scenario with every default filled in and every value checked, as `resolveScenario` returns it; the engine takes only this. */
export interface Scenario {
  readonly seed: number | string;
  readonly name: string | null;
  readonly tasks: TasksSpec;
  readonly attempts: AttemptsSpec;
  readonly verifier: VerifierSpec;
  readonly selector: SelectorSpec;
  readonly policy: PolicySpec;
  readonly run: RunSpec;
}
