import { SCENARIO_DEFAULTS } from './scenarioDefaults.js';
import {
  BUDGET_MODES,
  AMOUNT_DISTS,
  CORRELATION_MODELS,
  MAX_ATTEMPTS_LIMIT,
  NO_ACCEPT_ACTIONS,
  POLICY_MODES,
  RATE_DISTS,
  SELECTOR_KINDS,
  SUCCESS_RATE_DISTS,
} from './scenarioKinds.js';

/** A JSON Schema document or subschema (plain JSON data). */
export type JsonSchema = { readonly [keyword: string]: unknown };

/**
 * A JSON Schema (draft 2020-12) of the scenario FILE format (DESIGN §3), with descriptions and
 * defaults, for editors to complete and check scenario files (YAML via the YAML language server,
 * JSON via `"$schema"`). It accepts the same input forms as `resolveScenario`; rules a schema
 * cannot state (batchSize ≤ maxAttempts, tasks.count = number of fixed values, batchSize =
 * maxAttempts in mode parallel, NaN) are only checked by `resolveScenario`. Returns a fresh object.
 */
export function scenarioJsonSchema(): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'passk scenario',
    description:
      'A Monte Carlo scenario for passk: tasks with per-task success rates, how attempts behave, the verifier, the selector and the retry policy.',
    type: 'object',
    additionalProperties: false,
    required: ['tasks', 'policy'],
    properties: {
      $schema: { type: 'string', description: 'The schema of this file (ignored by passk).' },
      seed: {
        description: 'Seed of every random stream: the same seed gives the same results.',
        default: SCENARIO_DEFAULTS.seed,
        oneOf: [
          { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
          { type: 'string', minLength: 1 },
        ],
      },
      name: { type: ['string', 'null'], description: 'A label shown in reports.', default: SCENARIO_DEFAULTS.name },
      tasks: { $ref: '#/$defs/tasks' },
      attempts: { $ref: '#/$defs/attempts' },
      verifier: { $ref: '#/$defs/verifier' },
      selector: { $ref: '#/$defs/selector' },
      policy: { $ref: '#/$defs/policy' },
      run: {
        type: 'object',
        description: 'How much to simulate.',
        additionalProperties: false,
        properties: {
          replicates: {
            type: 'integer',
            minimum: 1,
            description: 'Monte Carlo repetitions of all episodes.',
            default: SCENARIO_DEFAULTS.replicates,
          },
        },
      },
    },
    allOf: [
      {
        description: 'Mode sequential delivers the first accepted attempt: its selector must be firstAccepted.',
        if: {
          required: ['policy'],
          properties: { policy: { required: ['mode'], properties: { mode: { enum: ['parallel', 'batches'] } } } },
        },
        else: { properties: { selector: { properties: { kind: { const: 'firstAccepted' } } } } },
      },
    ],
    $defs: {
      tasks: tasksSchema(),
      successRate: {
        description: `Distribution of the per-task single-attempt success rate p_t: one of ${SUCCESS_RATE_DISTS.join(', ')}.`,
        oneOf: successRateForms(false),
      },
      mixtureComponent: {
        description: 'A mixture component: its weight (> 0; weights are normalised) and, inline, a success-rate dist other than fixed.',
        oneOf: successRateForms(true),
      },
      attempts: attemptsSchema(),
      amount: {
        description: `A per-attempt amount: a number ≥ 0, or one of dist ${AMOUNT_DISTS.join(', ')}.`,
        oneOf: [
          { type: 'number', minimum: 0, description: 'The same amount for every attempt.' },
          tagged('dist', 'constant', 'The same amount for every attempt.', { value: { type: 'number', minimum: 0 } }),
          tagged('dist', 'lognormal', 'Lognormal amounts: exp(N(ln median, sigma²)).', {
            median: { type: 'number', exclusiveMinimum: 0 },
            sigma: { type: 'number', minimum: 0 },
          }),
          tagged('dist', 'empirical', 'Amounts drawn uniformly from observed values (e.g. the per-attempt costs of a log).', {
            values: { type: 'array', minItems: 1, items: { type: 'number', minimum: 0 } },
          }),
        ],
      },
      rate: {
        description: `A verifier error rate: a number in [0, 1] for every task, or per task from dist ${RATE_DISTS.join(', ')}.`,
        oneOf: [
          { type: 'number', minimum: 0, maximum: 1, description: 'The same rate for every task.' },
          tagged('dist', 'point', 'The same rate for every task.', { p: probability() }),
          ...betaForms('Rates drawn per task from a Beta distribution'),
        ],
      },
      verifier: verifierSchema(),
      selector: selectorSchema(),
      policy: policySchema(),
    },
  };
}

function probability(): JsonSchema {
  return { type: 'number', minimum: 0, maximum: 1 };
}

/** An object tagged by `tagKey: tag` with exactly the given properties (all required unless listed optional). */
function tagged(
  tagKey: string,
  tag: string,
  description: string,
  properties: Record<string, JsonSchema>,
  optional: readonly string[] = [],
): JsonSchema {
  return {
    type: 'object',
    description,
    additionalProperties: false,
    required: [tagKey, ...Object.keys(properties).filter((key) => !optional.includes(key))],
    properties: { [tagKey]: { const: tag }, ...properties },
  };
}

function betaForms(what: string): JsonSchema[] {
  return [
    tagged('dist', 'beta', `${what}, by mean and concentration (a = mean·concentration, b = (1 − mean)·concentration).`, {
      mean: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
      concentration: { type: 'number', exclusiveMinimum: 0 },
    }),
    tagged('dist', 'beta', `${what}, Beta(a, b).`, {
      a: { type: 'number', exclusiveMinimum: 0 },
      b: { type: 'number', exclusiveMinimum: 0 },
    }),
  ];
}

/** The success-rate forms; as mixture components (`weight` added, `fixed` left out) when `component`. */
function successRateForms(component: boolean): JsonSchema[] {
  const forms: JsonSchema[] = [
    tagged('dist', 'fixed', 'Explicit per-task rates, one per task (tasks.count may be left out).', {
      values: { type: 'array', minItems: 1, items: probability() },
    }),
    tagged('dist', 'point', 'Every task has the same rate p.', { p: probability() }),
    ...betaForms('Per-task rates from a Beta distribution'),
    tagged('dist', 'logitNormal', 'logit(p_t) ~ N(mu, sigma²).', {
      mu: { type: 'number' },
      sigma: { type: 'number', minimum: 0 },
    }),
    tagged('dist', 'mixture', 'A mixture: each task draws its rate from one component, chosen by weight.', {
      components: { type: 'array', minItems: 1, items: { $ref: '#/$defs/mixtureComponent' } },
    }),
  ];
  if (!component) return forms;
  return forms
    .filter((form) => (form.properties as Record<string, JsonSchema>).dist.const !== 'fixed')
    .map((form) => ({
      ...form,
      required: ['weight', ...(form.required as string[])],
      properties: { weight: { type: 'number', exclusiveMinimum: 0 }, ...(form.properties as object) },
    }));
}

function tasksSchema(): JsonSchema {
  return {
    type: 'object',
    description: 'The tasks: how many, and how hard.',
    additionalProperties: false,
    required: ['successRate'],
    properties: {
      count: { type: 'integer', minimum: 1, description: 'Number of tasks (with dist fixed: the number of values).' },
      successRate: { $ref: '#/$defs/successRate' },
      resample: {
        type: 'boolean',
        description: 'false: one fixed benchmark of tasks drawn once; true: fresh tasks every replicate.',
        default: SCENARIO_DEFAULTS.resample,
      },
    },
    if: { required: ['successRate'], properties: { successRate: { required: ['dist'], properties: { dist: { const: 'fixed' } } } } },
    else: { required: ['count'] },
  };
}

function attemptsSchema(): JsonSchema {
  const perAttempt = (what: string, fallback: number): JsonSchema => ({
    type: 'object',
    description: `${what} of one attempt.`,
    additionalProperties: false,
    properties: { perAttempt: { $ref: '#/$defs/amount', default: fallback } },
  });
  return {
    type: 'object',
    description: 'How the attempts of one episode behave.',
    additionalProperties: false,
    properties: {
      correlation: {
        description: `Dependence between the attempts on one task: model ${CORRELATION_MODELS.join(', ')}.`,
        default: { model: SCENARIO_DEFAULTS.correlationModel },
        oneOf: [
          tagged('model', 'independent', 'Attempts are iid Bernoulli(p_t).', {}),
          tagged('model', 'exchangeable', 'Each episode draws q ~ Beta with mean p_t and intra-class correlation icc; attempts are iid Bernoulli(q).', {
            icc: { type: 'number', minimum: 0, exclusiveMaximum: 1 },
          }),
          tagged('model', 'markov', 'Each later attempt repeats the previous outcome with probability stickiness, else is a fresh Bernoulli(p_t).', {
            stickiness: probability(),
          }),
          tagged('model', 'feedback', 'After each failed attempt p ← p + afterFailure·(1 − p).', { afterFailure: probability() }),
        ],
      },
      cost: perAttempt('Cost', SCENARIO_DEFAULTS.costPerAttempt),
      latency: perAttempt('Latency (in rounds or seconds)', SCENARIO_DEFAULTS.latencyPerAttempt),
    },
  };
}

function verifierSchema(): JsonSchema {
  return {
    type: 'object',
    description: 'The verifier that judges each attempt. Omit it for a perfect, free verifier.',
    additionalProperties: false,
    properties: {
      falseAccept: { $ref: '#/$defs/rate', description: 'P(accept | wrong attempt).', default: SCENARIO_DEFAULTS.falseAccept },
      falseReject: { $ref: '#/$defs/rate', description: 'P(reject | correct attempt).', default: SCENARIO_DEFAULTS.falseReject },
      cost: { type: 'number', minimum: 0, description: 'Cost of one verification.', default: SCENARIO_DEFAULTS.verifierCost },
    },
  };
}

function selectorSchema(): JsonSchema {
  return {
    description: `Which candidate a parallel or batched episode delivers: kind ${SELECTOR_KINDS.join(', ')}. Mode sequential requires firstAccepted.`,
    default: { kind: SCENARIO_DEFAULTS.selectorKind },
    oneOf: [
      tagged('kind', 'firstAccepted', 'The first attempt the verifier accepts.', {}),
      tagged('kind', 'oracle', 'A correct attempt whenever one exists.', {}),
      tagged('kind', 'random', 'A uniformly random accepted attempt.', {}),
      tagged(
        'kind',
        'majorityVote',
        'The most frequent answer; wrong answers fall on distinctWrong values with Dirichlet(concentration) weights.',
        {
          distinctWrong: { type: 'integer', minimum: 1, default: SCENARIO_DEFAULTS.distinctWrong },
          concentration: { type: 'number', exclusiveMinimum: 0, default: SCENARIO_DEFAULTS.voteConcentration },
        },
        ['distinctWrong', 'concentration'],
      ),
      tagged(
        'kind',
        'bestScore',
        'The top reward-model score (correct ~ N(separation, 1), wrong ~ N(0, 1)), delivered if ≥ threshold.',
        {
          separation: { type: 'number', default: SCENARIO_DEFAULTS.separation },
          threshold: { type: ['number', 'null'], default: SCENARIO_DEFAULTS.threshold },
        },
        ['separation', 'threshold'],
      ),
    ],
  };
}

function policySchema(): JsonSchema {
  return {
    type: 'object',
    description: 'The retry policy of one episode.',
    additionalProperties: false,
    required: ['maxAttempts'],
    properties: {
      maxAttempts: { type: 'integer', minimum: 1, maximum: MAX_ATTEMPTS_LIMIT, description: 'At most this many attempts per episode.' },
      mode: {
        enum: [...POLICY_MODES],
        description: 'sequential: one at a time, stop at the first accepted; parallel: all at once, then select; batches: rounds of batchSize.',
        default: SCENARIO_DEFAULTS.mode,
      },
      batchSize: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_ATTEMPTS_LIMIT,
        description: 'Attempts per round: required in mode batches (≤ maxAttempts); 1 in sequential, maxAttempts in parallel.',
      },
      onNoAccept: {
        enum: [...NO_ACCEPT_ACTIONS],
        description: 'When no attempt is accepted: deliver nothing (abstain) or the last attempt (deliverLast).',
        default: SCENARIO_DEFAULTS.onNoAccept,
      },
      budget: {
        type: 'object',
        description:
          'Caps per episode. soft (default): an attempt starts while the spend (a round starts while the elapsed latency) is below the cap and is completed in full, so an episode may end above it (reported: P(over) and the mean overshoot). hard: an attempt that would cross a cap is cut off there and counts as not accepted.',
        additionalProperties: false,
        properties: {
          cost: { type: ['number', 'null'], exclusiveMinimum: 0, default: SCENARIO_DEFAULTS.budgetCost, description: 'Spend cap per episode (attempt costs plus verification).' },
          latency: { type: ['number', 'null'], exclusiveMinimum: 0, default: SCENARIO_DEFAULTS.budgetLatency, description: 'Deadline per episode, in latency units (rounds of the slowest attempt).' },
          mode: { enum: [...BUDGET_MODES], default: SCENARIO_DEFAULTS.budgetMode, description: 'soft: checked before each attempt; hard: an attempt that would cross is cut off and not accepted.' },
        },
      },
    },
    allOf: [
      { if: { required: ['mode'], properties: { mode: { const: 'batches' } } }, then: { required: ['batchSize'] } },
      {
        if: { required: ['mode'], properties: { mode: { enum: ['parallel', 'batches'] } } },
        else: { properties: { batchSize: { const: 1 } } },
      },
    ],
  };
}
