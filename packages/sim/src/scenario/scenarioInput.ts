import type { SCENARIO_DEFS, SCENARIO_FORMAT } from './scenarioFormat.js';

/**
 * The scenario FILE format as TypeScript types, derived from its declaration (scenarioFormat.ts):
 * what a YAML/JSON scenario parses to, what `DEFAULT_SCENARIO_INPUT` is and what
 * `scenarioToInput` writes. Keys with a default (or required only under a condition) are
 * optional. `resolveScenario` accepts `unknown` and checks all of it.
 */

/** The named parts of the scenario declaration (`SCENARIO_DEFS`) as a type. */
export type Defs = typeof SCENARIO_DEFS;

/** The value a declared node accepts. */
export type InputOf<N> = N extends { readonly type: 'ref'; readonly name: infer R extends keyof Defs }
  ? InputOf<Defs[R]>
  : N extends { readonly type: 'number' }
    ? number | (N extends { readonly nullable: true } ? null : never)
    : N extends { readonly type: 'string' }
      ? string | (N extends { readonly nullable: true } ? null : never)
      : N extends { readonly type: 'boolean' }
        ? boolean
        : N extends { readonly type: 'enum'; readonly values: readonly (infer V)[] }
          ? V
          : N extends { readonly type: 'seed' }
            ? number | string
            : N extends { readonly type: 'list'; readonly item: infer I }
              ? readonly InputOf<I>[]
              : N extends { readonly type: 'object'; readonly fields: infer F }
                ? FieldsOf<F>
                : N extends { readonly type: 'tagged' }
                  ? TaggedOf<N>
                  : never;

/** An intersection of object types shown as one object type (for readable hovers and docs). */
export type Simplify<T> = { readonly [K in keyof T]: T[K] } & {};

/** An object's keys: required ones (required: true) as such, the others optional. */
export type FieldsOf<F> = Simplify<
  { readonly [K in keyof F as F[K] extends { readonly required: true } ? K : never]: F[K] extends { readonly node: infer N } ? InputOf<N> : never } & {
    readonly [K in keyof F as F[K] extends { readonly required: true } ? never : K]?: F[K] extends { readonly node: infer N } ? InputOf<N> : never;
  }
>;

/** One of a tagged node's variants (each form of it, for beta), or its number shorthand. */
export type TaggedOf<N> = N extends { readonly tag: infer T extends string; readonly variants: infer V }
  ? // biome-ignore lint/complexity/noBannedTypes: {} is the identity of the intersection when a variant has no common keys
      | { [Tag in keyof V & string]: VariantOf<T, Tag, V[Tag], N extends { readonly common: infer C } ? C : {}> }[keyof V & string]
      | (N extends { readonly shorthand: { readonly node: infer S } } ? InputOf<S> : never)
  : never;

/** One variant of a tagged node: its tag key with the variant's name, its own keys and the keys common to all variants. */
export type VariantOf<T extends string, Tag extends string, V, C> = V extends {
  readonly forms: infer Forms extends readonly (readonly string[])[];
  readonly fields: infer F;
}
  ? {
      [I in keyof Forms]: Simplify<
        FieldsOf<C> & { readonly [K in T]: Tag } & { readonly [K in Forms[I][number] & keyof F]: F[K] extends { readonly node: infer N } ? InputOf<N> : never }
      >;
    }[number]
  : V extends { readonly fields: infer F }
    ? Simplify<FieldsOf<C> & { readonly [K in T]: Tag } & FieldsOf<F>>
    : never;

/** A scenario as a user writes it (YAML or JSON): every key optional; `resolveScenario` checks it and fills the defaults. */
export type ScenarioInput = InputOf<typeof SCENARIO_FORMAT>;
/** `tasks.successRate` as written: fixed per-task rates, one rate for all, Beta, logit-normal or a mixture. */
export type SuccessRateInput = InputOf<Defs['successRate']>;
/** A mixture component: its weight and, inline, any success-rate dist but `fixed`. */
export type MixtureComponentInput = InputOf<Defs['mixtureComponent']>;
/** A Beta distribution as a scenario file writes it: by mean and concentration, or by a and b. */
export type BetaInput = Extract<SuccessRateInput, { readonly dist: 'beta' }>;
/** A cost or latency per attempt as written: a number, a constant, a lognormal or an empirical list. */
export type AmountInput = InputOf<Defs['amount']>;
/** A verifier's error rate as written: a number, a point value or a Beta distribution over tasks. */
export type RateInput = InputOf<Defs['rate']>;
/** `attempts.correlation` as written (see `AttemptCorrelation`). */
export type CorrelationInput = InputOf<Defs['attempts']['fields']['correlation']['node']>;
/** `selector` as written: first accepted, oracle, random, majority vote or best score, with their parameters. */
export type SelectorInput = InputOf<Defs['selector']>;
