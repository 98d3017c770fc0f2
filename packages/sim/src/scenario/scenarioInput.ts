/**
 * The scenario FILE format (DESIGN §3) as TypeScript types: what a YAML/JSON scenario parses
 * to, what `DEFAULT_SCENARIO_INPUT` is and what `scenarioToInput` writes. Optional keys take
 * the defaults in scenarioDefaults.ts. `resolveScenario` accepts `unknown` and checks all of it.
 */

/** A Beta distribution as a scenario file writes it: by mean and concentration, or by a and b. */
export type BetaInput =
  | { readonly dist: 'beta'; readonly mean: number; readonly concentration: number }
  | { readonly dist: 'beta'; readonly a: number; readonly b: number };

/** `tasks.successRate` as written: fixed per-task rates, one rate for all, Beta, logit-normal or a mixture. */
export type SuccessRateInput =
  | { readonly dist: 'fixed'; readonly values: readonly number[] }
  | { readonly dist: 'point'; readonly p: number }
  | BetaInput
  | { readonly dist: 'logitNormal'; readonly mu: number; readonly sigma: number }
  | { readonly dist: 'mixture'; readonly components: readonly MixtureComponentInput[] };

/** A mixture component: its weight and, inline, any success-rate dist but `fixed`. */
export type MixtureComponentInput = { readonly weight: number } & Exclude<SuccessRateInput, { dist: 'fixed' }>;

/** A cost or latency per attempt as written: a number, a constant, a lognormal or an empirical list. */
export type AmountInput =
  | number
  | { readonly dist: 'constant'; readonly value: number }
  | { readonly dist: 'lognormal'; readonly median: number; readonly sigma: number }
  | { readonly dist: 'empirical'; readonly values: readonly number[] };

/** A verifier's error rate as written: a number, a point value or a Beta distribution over tasks. */
export type RateInput = number | { readonly dist: 'point'; readonly p: number } | BetaInput;

/** `attempts.correlation` as written (see `AttemptCorrelation`). */
export type CorrelationInput =
  | { readonly model: 'independent' }
  | { readonly model: 'exchangeable'; readonly icc: number }
  | { readonly model: 'markov'; readonly stickiness: number }
  | { readonly model: 'feedback'; readonly afterFailure: number };

/** `selector` as written: first accepted, oracle, random, majority vote or best score, with their parameters. */
export type SelectorInput =
  | { readonly kind: 'firstAccepted' | 'oracle' | 'random' }
  | { readonly kind: 'majorityVote'; readonly distinctWrong?: number; readonly concentration?: number }
  | { readonly kind: 'bestScore'; readonly separation?: number; readonly threshold?: number | null };

/** A scenario as a user writes it (YAML or JSON): every key optional; `resolveScenario` checks it and fills the defaults. */
export interface ScenarioInput {
  /** Ignored: lets a JSON file name its schema for editors. */
  readonly $schema?: string;
  readonly seed?: number | string;
  readonly name?: string | null;
  readonly tasks: {
    /** Required unless successRate is `fixed` (then it must equal values.length). */
    readonly count?: number;
    readonly successRate: SuccessRateInput;
    readonly resample?: boolean;
  };
  readonly attempts?: {
    readonly correlation?: CorrelationInput;
    readonly cost?: { readonly perAttempt?: AmountInput };
    readonly latency?: { readonly perAttempt?: AmountInput };
  };
  /** Omitted: the perfect verifier. */
  readonly verifier?: {
    readonly falseAccept?: RateInput;
    readonly falseReject?: RateInput;
    readonly cost?: number;
  };
  readonly selector?: SelectorInput;
  readonly policy: {
    readonly maxAttempts: number;
    readonly mode?: 'sequential' | 'parallel' | 'batches';
    /** Required in mode batches; if given in sequential it must be 1, in parallel maxAttempts. */
    readonly batchSize?: number;
    readonly onNoAccept?: 'abstain' | 'deliverLast';
    readonly budget?: { readonly cost?: number | null; readonly latency?: number | null; readonly mode?: 'soft' | 'hard' };
  };
  readonly run?: { readonly replicates?: number };
}
