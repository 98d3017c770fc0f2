/**
 * The scenario FILE format (DESIGN §3) as TypeScript types: what a YAML/JSON scenario parses
 * to, what `DEFAULT_SCENARIO_INPUT` is and what `scenarioToInput` writes. Optional keys take
 * the defaults in scenarioDefaults.ts. `resolveScenario` accepts `unknown` and checks all of it.
 */

export type BetaInput =
  | { readonly dist: 'beta'; readonly mean: number; readonly concentration: number }
  | { readonly dist: 'beta'; readonly a: number; readonly b: number };

export type SuccessRateInput =
  | { readonly dist: 'fixed'; readonly values: readonly number[] }
  | { readonly dist: 'point'; readonly p: number }
  | BetaInput
  | { readonly dist: 'logitNormal'; readonly mu: number; readonly sigma: number }
  | { readonly dist: 'mixture'; readonly components: readonly MixtureComponentInput[] };

/** A mixture component: its weight and, inline, any success-rate dist but `fixed`. */
export type MixtureComponentInput = { readonly weight: number } & Exclude<SuccessRateInput, { dist: 'fixed' }>;

export type AmountInput =
  | number
  | { readonly dist: 'constant'; readonly value: number }
  | { readonly dist: 'lognormal'; readonly median: number; readonly sigma: number }
  | { readonly dist: 'empirical'; readonly values: readonly number[] };

export type RateInput = number | { readonly dist: 'point'; readonly p: number } | BetaInput;

export type CorrelationInput =
  | { readonly model: 'independent' }
  | { readonly model: 'exchangeable'; readonly icc: number }
  | { readonly model: 'markov'; readonly stickiness: number }
  | { readonly model: 'feedback'; readonly afterFailure: number };

export type SelectorInput =
  | { readonly kind: 'firstAccepted' | 'oracle' | 'random' }
  | { readonly kind: 'majorityVote'; readonly distinctWrong?: number; readonly concentration?: number }
  | { readonly kind: 'bestScore'; readonly separation?: number; readonly threshold?: number | null };

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
