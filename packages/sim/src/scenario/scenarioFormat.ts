import type { Field, FormatNode, NumberNode, ObjectNode, TaggedNode, Variant } from './formatNodes.js';

/**
 * THE declaration of the scenario FILE format (docs/design.md §3): every key, what it holds,
 * its range, its default and its meaning. `resolveScenario` reads its keys, ranges and defaults
 * from here; the JSON Schema (`passk schema`), the list of key paths (`sweep --vary`) and
 * docs/scenario.md (`pnpm docs:scenario`) are generated from it. Adding a key: add it here, read
 * it in its resolve*.ts (and scenarioToInput.ts when it resolves to a new field), then
 * `pnpm docs:scenario`; the tests then check the schema (ajv), the paths and the docs.
 */

const probability = { type: 'number', min: 0, max: 1 } as const satisfies NumberNode;
const nonNegative = { type: 'number', min: 0 } as const satisfies NumberNode;
const positive = { type: 'number', min: 0, minExclusive: true } as const satisfies NumberNode;
/**
 * Beta shapes and concentrations: a Beta of a + b = 10¹⁵ is a point to within 10⁻⁷, and the
 * quadrature over it (exact values of resampled tasks, planning) stops converging near 10²⁰⁰ (1e300
 * ended `simulate` of resampled tasks in an internal error).
 */
export const MAX_BETA_SHAPE = 1e15;
const shape = { type: 'number', min: 0, max: MAX_BETA_SHAPE, minExclusive: true } as const satisfies NumberNode;
const finite = { type: 'number' } as const satisfies NumberNode;
/**
 * Costs and latencies: far above any real one (10¹⁵ dollars, tokens or ms per attempt), and low
 * enough that sums of squares over 10⁹ episodes of 10⁶ attempts stay finite (an amount of 1e308
 * made the mean cost Infinity and its SE NaN).
 */
const MAX_AMOUNT = 1e15;
const amountValue = { type: 'number', min: 0, max: MAX_AMOUNT } as const satisfies NumberNode;
const positiveAmount = { ...amountValue, minExclusive: true } as const satisfies NumberNode;

/** The largest `policy.maxAttempts` a scenario may ask for. */
export const MAX_ATTEMPTS_LIMIT = 1000;

const betaFields = {
  mean: {
    node: { type: 'number', min: 0, max: 1, minExclusive: true, maxExclusive: true },
    doc: 'Mean of the Beta, a/(a + b).',
    required: 'with concentration',
  },
  concentration: { node: shape, doc: 'a + b: larger is less spread (mean/precision form, Ferrari & Cribari-Neto 2004).', required: 'with mean' },
  a: { node: shape, doc: 'First shape parameter.', required: 'with b' },
  b: { node: shape, doc: 'Second shape parameter.', required: 'with a' },
} as const satisfies Record<string, Field>;
const betaForms = [
  ['mean', 'concentration'],
  ['a', 'b'],
] as const;

const successRateVariants = {
  fixed: {
    doc: 'Explicit per-task rates, one per task (tasks.count may be left out). Not allowed inside a mixture.',
    fields: { values: { node: { type: 'list', item: probability }, doc: 'The rate of each task.', required: true } },
  },
  point: { doc: 'Every task has the same rate p.', fields: { p: { node: probability, doc: 'The rate.', required: true } } },
  beta: {
    doc: 'Per-task rates from a Beta distribution, by mean and concentration or by a and b (a = mean·concentration, b = (1 − mean)·concentration).',
    fields: betaFields,
    forms: betaForms,
  },
  logitNormal: {
    doc: 'logit(p_t) ~ N(mu, sigma²).',
    fields: {
      mu: { node: finite, doc: 'Mean of logit(p_t).', required: true },
      sigma: { node: nonNegative, doc: 'Standard deviation of logit(p_t).', required: true },
    },
  },
  mixture: {
    doc: 'A mixture: each task draws its rate from one component, chosen by weight (weights are normalised to sum to 1; a mixture may nest).',
    fields: {
      components: {
        node: { type: 'list', item: { type: 'ref', name: 'mixtureComponent' } },
        doc: 'The components: each a weight and, inline, a success-rate dist other than fixed.',
        required: true,
      },
    },
  },
} as const satisfies Record<string, Variant>;

const successRate = {
  type: 'tagged',
  doc: 'Distribution of the per-task single-attempt success rate p_t.',
  tag: 'dist',
  variants: successRateVariants,
  example: '{ dist: beta, mean: 0.7, concentration: 4 }',
} as const satisfies TaggedNode;

const { fixed: _fixed, ...componentVariants } = successRateVariants;
const mixtureComponent = {
  type: 'tagged',
  doc: 'A mixture component: its weight and, inline, a success-rate dist other than fixed.',
  tag: 'dist',
  variants: componentVariants,
  common: { weight: { node: positive, doc: 'Relative weight of the component (weights are normalised).', required: true } },
  docsSameAs: 'tasks.successRate',
  example: '{ weight: 0.2, dist: point, p: 0 }',
} as const satisfies TaggedNode;

const tasks = {
  type: 'object',
  doc: 'The tasks: how many, and how hard.',
  example: '{ count: 200, successRate: { dist: beta, mean: 0.7, concentration: 4 } }',
  fields: {
    count: {
      node: { type: 'number', integer: true, min: 1 },
      doc: 'Number of tasks.',
      required: 'unless successRate is fixed (then, if given, it must equal the number of values)',
    },
    successRate: { node: { type: 'ref', name: 'successRate' }, doc: 'How hard each task is: its single-attempt success rate p_t.', required: true },
    resample: { node: { type: 'boolean' }, doc: 'false: one fixed benchmark of tasks drawn once per run; true: fresh tasks every replicate.', default: false },
    measured: {
      node: { type: 'ref', name: 'taskMeasurement' },
      doc: 'What successRate was fitted to (as `simulate --tasks-from` and `fit --out` write it); the engine then refits it per block of 64 replicates to a bootstrap resample of these tasks, and every metric gets an interval that includes the fit and task-sample uncertainty.',
      defaultDoc: '(none): successRate is taken as given',
    },
  },
  rules: [
    {
      doc: 'count is required unless successRate is fixed.',
      schema: {
        if: {
          type: 'object',
          required: ['successRate'],
          properties: { successRate: { type: 'object', required: ['dist'], properties: { dist: { const: 'fixed' } } } },
        },
        else: { required: ['count'] },
      },
    },
  ],
} as const satisfies ObjectNode;

/** The per-task counts a fitted task population rests on (`simulate --tasks-from`, `fit --out`; docs/what-ifs.md). */
const taskMeasurement = {
  type: 'object',
  doc: "The log's per-task counts the success rates were fitted to: task i had trials[i] attempts, successes[i] of them correct. Per block of 64 replicates the engine resamples the tasks with replacement and refits the population (uncertainty/drawTaskPopulation.ts).",
  example: '{ trials: [5, 5, 5], successes: [0, 3, 5], population: fitted }',
  fields: {
    trials: { node: { type: 'list', item: { type: 'number', integer: true, min: 1 } }, doc: 'Attempts recorded per task (n_t).', required: true },
    successes: {
      node: { type: 'list', item: { type: 'number', integer: true, min: 0 } },
      doc: 'Correct attempts per task (c_t ≤ n_t), in the order of trials.',
      required: true,
    },
    population: {
      node: { type: 'enum', values: ['fitted', 'perTask'] },
      doc: "fitted: each block's refit population (the model of lower AIC); perTask: each resampled task's posterior under the refitted beta-binomial prior (`--per-task`).",
      default: 'fitted',
    },
    source: { node: { type: 'string' }, doc: 'What was measured, in words (the log file); free text.' },
    episodes: {
      node: { type: 'ref', name: 'episodeMeasurement' },
      doc: "The log's attempt-ordered episodes and the retry-dependence model fitted to them (as `simulate --tasks-from` and `fit --out` write them for a log with episodes); the engine then refits that model and its task population per block, and attempts.correlation and successRate are each block's refit.",
      defaultDoc: '(none): a log of separate runs',
    },
  },
  rules: [
    {
      doc: 'trials and successes have the same length, successes[i] ≤ trials[i], some task has n ≥ 2, some attempt succeeded and some failed, Σ (n + 1) over the distinct n ≤ 10⁷ (as passk fit), and tasks.resample is true (checked by the resolver only).',
    },
  ],
} as const satisfies ObjectNode;

/** The attempt-ordered episodes a retry-dependence model was fitted to (docs/what-ifs.md, docs/dependence.md). */
const episodeMeasurement = {
  type: 'object',
  doc: "The log's episodes in attempt order and the within-episode model fitted to them. Per block of 64 replicates the engine resamples the tasks (each with all its episodes) with replacement and refits the model with its Beta task population by maximum likelihood (uncertainty/drawDependencePopulation.ts).",
  example: "{ outcomes: ['001', '1 01'], stopping: untilSuccess, model: feedback }",
  fields: {
    outcomes: {
      node: { type: 'list', item: { type: 'string', minLength: 1 } },
      doc: "Per task, in the order of trials, its episodes: each a run of 1 (success) and 0 (failure) in attempt order, episodes separated by a space (e.g. '001 1').",
      required: true,
    },
    stopping: {
      node: { type: 'enum', values: ['fixed', 'untilSuccess'] },
      doc: 'fixed: every planned attempt ran; untilSuccess: an episode stops at its first success.',
      required: true,
    },
    model: {
      node: { type: 'enum', values: ['aic', 'independent', 'exchangeable', 'markov', 'feedback'] },
      doc: 'The within-episode model refitted per block: aic refits all four and keeps the lowest AIC (the choice redrawn too, as `simulate --tasks-from` writes it); a model name refits that one alone.',
      required: true,
    },
  },
  rules: [
    {
      doc: "One entry per task of trials; each task's attempts and successes are its trials and successes; with untilSuccess a 1 ends its episode; some episode has 2 attempts or more; at most 10⁶ attempts in all; population is fitted (checked by the resolver only).",
    },
  ],
} as const satisfies ObjectNode;

const amount = {
  type: 'tagged',
  doc: 'A per-attempt amount (cost or latency): a number ≥ 0, or a distribution.',
  tag: 'dist',
  shorthand: { node: amountValue, variant: 'constant', key: 'value' },
  variants: {
    constant: { doc: 'The same amount for every attempt.', fields: { value: { node: amountValue, doc: 'The amount.', required: true } } },
    lognormal: {
      doc: 'Lognormal amounts: exp(N(ln median, sigma²)).',
      fields: {
        median: { node: positiveAmount, doc: 'The median amount.', required: true },
        // σ = 10 already spreads the middle 95 % over 10^±8.5 of the median; larger σ overflows exp().
        sigma: { node: { type: 'number', min: 0, max: 10 }, doc: 'Standard deviation of the log amount.', required: true },
      },
    },
    empirical: {
      doc: 'Amounts drawn uniformly from observed values (e.g. the per-attempt costs of a log).',
      fields: { values: { node: { type: 'list', item: amountValue }, doc: 'The observed amounts.', required: true } },
    },
  },
  example: '0.02 or { dist: lognormal, median: 0.02, sigma: 0.5 }',
} as const satisfies TaggedNode;

const correlation = {
  type: 'tagged',
  doc: 'Dependence between the attempts on one task.',
  tag: 'model',
  variants: {
    independent: { doc: 'Attempts are iid Bernoulli(p_t).', fields: {} },
    exchangeable: {
      doc: 'Each episode draws q ~ Beta with mean p_t and intra-class correlation icc; attempts are iid Bernoulli(q).',
      fields: {
        icc: {
          node: { type: 'number', min: 0, max: 1, maxExclusive: true },
          doc: "Correlation of two attempts of one episode given the task's p_t (within-episode); not passk fit's between-task correlation.",
          required: true,
        },
      },
    },
    markov: {
      doc: 'Each later attempt repeats the previous outcome with probability stickiness, else is a fresh Bernoulli(p_t).',
      fields: { stickiness: { node: probability, doc: 'P(repeat the previous outcome).', required: true } },
    },
    feedback: {
      doc: 'After each failed attempt p ← p + afterFailure·(1 − p) when afterFailure ≥ 0 (retries learn), p ← p·(1 + afterFailure) when it is negative (retries get worse).',
      fields: {
        afterFailure: {
          node: { type: 'number', min: -1, max: 1 },
          doc: 'In [−1, 1]: ≥ 0 the share of the remaining gap closed after a failure; < 0 the share of p lost after a failure (a polluted context).',
          required: true,
        },
      },
    },
  },
  example: '{ model: exchangeable, icc: 0.3 }',
} as const satisfies TaggedNode;

const perAttempt = (what: string, fallback: number) =>
  ({
    type: 'object',
    doc: `${what} of one attempt.`,
    example: '{ perAttempt: 0.02 }',
    fields: { perAttempt: { node: { type: 'ref', name: 'amount' }, doc: `${what} of each attempt.`, default: fallback } },
  }) as const satisfies ObjectNode;

const attempts = {
  type: 'object',
  doc: 'How the attempts of one episode behave.',
  example: '{ correlation: { model: independent }, cost: { perAttempt: 0.02 } }',
  fields: {
    correlation: { node: correlation, doc: 'Dependence between the attempts on one task.', default: { model: 'independent' } },
    cost: { node: perAttempt('Cost', 0), doc: 'What an attempt costs.', default: { perAttempt: 0 } },
    latency: { node: perAttempt('Latency (in rounds or seconds)', 1), doc: 'How long an attempt takes.', default: { perAttempt: 1 } },
  },
} as const satisfies ObjectNode;

const rate = {
  type: 'tagged',
  doc: 'A verifier error rate: a number in [0, 1] for every task, or per task from a Beta.',
  tag: 'dist',
  shorthand: { node: probability, variant: 'point', key: 'p' },
  variants: {
    point: { doc: 'The same rate for every task.', fields: { p: { node: probability, doc: 'The rate.', required: true } } },
    beta: { doc: 'Rates drawn per task from a Beta distribution, by mean and concentration or by a and b.', fields: betaFields, forms: betaForms },
  },
  example: '0.05 or { dist: beta, mean: 0.05, concentration: 20 }',
} as const satisfies TaggedNode;

const count = { type: 'number', integer: true, min: 0 } as const satisfies NumberNode;
const positiveCount = { type: 'number', integer: true, min: 1 } as const satisfies NumberNode;

/** The counts a verifier's rates were measured on (`passk verifier --out`; docs/verifiers.md). */
const measured = {
  type: 'object',
  doc: 'What the error rates were measured on (as `passk verifier --out` writes it); the engine then draws the rates from their Jeffreys posteriors once per block of 64 replicates, and every metric gets an interval that includes this uncertainty.',
  example: '{ falseAccept: { accepted: 2375, wrong: 10018 }, falseReject: { rejected: 156, right: 12284 } }',
  fields: {
    falseAccept: {
      node: {
        type: 'object',
        doc: 'The wrong attempts judged and how many of them the verifier accepted.',
        example: '{ accepted: 2375, wrong: 10018 }',
        fields: {
          accepted: { node: count, doc: 'Wrong attempts the verifier accepted (≤ wrong).', required: true },
          wrong: { node: positiveCount, doc: 'Wrong attempts judged.', required: true },
        },
      },
      doc: 'The false-accept count: accepted of wrong.',
      required: true,
    },
    falseReject: {
      node: {
        type: 'object',
        doc: 'The right attempts judged and how many of them the verifier rejected.',
        example: '{ rejected: 156, right: 12284 }',
        fields: {
          rejected: { node: count, doc: 'Right attempts the verifier rejected (≤ right).', required: true },
          right: { node: positiveCount, doc: 'Right attempts judged.', required: true },
        },
      },
      doc: 'The false-reject count: rejected of right.',
      required: true,
    },
    source: { node: { type: 'string' }, doc: 'What was measured, in words (files, group); free text.' },
  },
  rules: [{ doc: 'accepted ≤ wrong and rejected ≤ right (checked by the resolver only).' }],
} as const satisfies ObjectNode;

const verifier = {
  type: 'object',
  doc: 'The verifier that judges each attempt.',
  defaultDoc: 'omitted: a perfect verifier that accepts exactly the correct attempts, for free',
  example: '{ falseAccept: 0.05, falseReject: 0.1, cost: 0.001 }',
  fields: {
    falseAccept: {
      node: { type: 'ref', name: 'rate' },
      doc: 'P(accept | wrong attempt).',
      default: 0,
      defaultDoc: '0; with measured, accepted/wrong',
    },
    falseReject: {
      node: { type: 'ref', name: 'rate' },
      doc: 'P(reject | correct attempt).',
      default: 0,
      defaultDoc: '0; with measured, rejected/right',
    },
    cost: { node: amountValue, doc: 'Cost of one verification (added per attempt).', default: 0 },
    measured: { node: measured, doc: measured.doc, defaultDoc: '(none): the rates are taken as given' },
  },
  rules: [
    {
      doc: 'With measured, falseAccept and falseReject must be point rates (numbers) when given.',
      schema: {
        if: { type: 'object', required: ['measured'] },
        // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword (if/then), never awaited
        then: { properties: { falseAccept: { type: 'number' }, falseReject: { type: 'number' } } },
      },
    },
  ],
} as const satisfies ObjectNode;

const selector = {
  type: 'tagged',
  doc: 'Which candidate a parallel or batched episode delivers. Mode sequential requires firstAccepted.',
  tag: 'kind',
  variants: {
    firstAccepted: { doc: 'The first attempt the verifier accepts.', fields: {} },
    oracle: { doc: 'A correct attempt whenever one exists.', fields: {} },
    random: { doc: 'A uniformly random accepted attempt.', fields: {} },
    majorityVote: {
      doc: 'The most frequent answer; wrong answers fall on distinctWrong values with Dirichlet(concentration) weights, so wrong answers can agree.',
      fields: {
        distinctWrong: { node: { type: 'number', integer: true, min: 1 }, doc: 'How many distinct wrong answers there are.', default: 3 },
        concentration: { node: positive, doc: 'Dirichlet concentration of the wrong answers’ weights.', default: 1 },
      },
    },
    bestScore: {
      doc: 'The top reward-model score (correct ~ N(separation, 1), wrong ~ N(0, 1)), delivered if ≥ threshold.',
      fields: {
        separation: { node: finite, doc: 'Mean score of a correct attempt (a wrong one has mean 0).', default: 1 },
        threshold: { node: { type: 'number', nullable: true }, doc: 'Lowest score delivered (null: no threshold).', default: null },
      },
    },
  },
  example: '{ kind: majorityVote }',
} as const satisfies TaggedNode;

const budget = {
  type: 'object',
  doc: 'Caps per episode. soft (default): an attempt starts while the spend (a round starts while the elapsed latency) is below the cap and is completed in full, so an episode may end above it (reported: P(over) and the mean overshoot). hard: an attempt that would cross a cap is cut off there and counts as not accepted.',
  example: '{ cost: 0.5 }',
  fields: {
    cost: { node: { ...positive, nullable: true }, doc: 'Spend cap per episode (attempt costs plus verification); null: none.', default: null },
    latency: {
      node: { ...positive, nullable: true },
      doc: 'Deadline per episode, in latency units (rounds of the slowest attempt); null: none.',
      default: null,
    },
    mode: {
      node: { type: 'enum', values: ['soft', 'hard'] },
      doc: 'soft: checked before each attempt; hard: an attempt that would cross is cut off and not accepted.',
      default: 'soft',
    },
  },
} as const satisfies ObjectNode;

const policy = {
  type: 'object',
  doc: 'The retry policy of one episode.',
  example: '{ maxAttempts: 8 }',
  fields: {
    maxAttempts: { node: { type: 'number', integer: true, min: 1, max: MAX_ATTEMPTS_LIMIT }, doc: 'At most this many attempts per episode.', required: true },
    mode: {
      node: { type: 'enum', values: ['sequential', 'parallel', 'batches'] },
      doc: 'sequential: one at a time, stop at the first accepted; parallel: all at once, then select; batches: rounds of batchSize.',
      default: 'sequential',
    },
    batchSize: {
      node: { type: 'number', integer: true, min: 1, max: MAX_ATTEMPTS_LIMIT },
      doc: 'Attempts per round (≤ maxAttempts).',
      required: 'in mode batches',
      defaultDoc: '1 in mode sequential, maxAttempts in mode parallel (the only values those modes accept)',
    },
    onNoAccept: {
      node: { type: 'enum', values: ['abstain', 'deliverLast'] },
      doc: 'When no attempt is accepted: deliver nothing (abstain) or the last attempt (deliverLast).',
      default: 'abstain',
    },
    budget: { node: budget, doc: 'Caps per episode on spend and elapsed latency.', default: { cost: null, latency: null, mode: 'soft' } },
  },
  rules: [
    {
      doc: 'batchSize is required in mode batches.',
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword (if/then), never awaited
      schema: { if: { type: 'object', required: ['mode'], properties: { mode: { const: 'batches' } } }, then: { required: ['batchSize'] } },
    },
    {
      doc: 'batchSize is 1 in mode sequential (and maxAttempts in mode parallel: checked by the resolver only).',
      schema: {
        if: { type: 'object', required: ['mode'], properties: { mode: { enum: ['parallel', 'batches'] } } },
        else: { type: 'object', properties: { batchSize: { const: 1 } } },
      },
    },
  ],
} as const satisfies ObjectNode;

const run = {
  type: 'object',
  doc: 'How much to simulate.',
  example: '{ replicates: 10000 }',
  fields: { replicates: { node: { type: 'number', integer: true, min: 1 }, doc: 'Monte Carlo repetitions of all episodes.', default: 10000 } },
} as const satisfies ObjectNode;

/** The named nodes (`$defs` of the JSON Schema; `ref` nodes point here). */
export const SCENARIO_DEFS = {
  tasks,
  taskMeasurement,
  episodeMeasurement,
  successRate,
  mixtureComponent,
  attempts,
  amount,
  rate,
  verifier,
  selector,
  policy,
} as const satisfies Readonly<Record<string, FormatNode>>;

/** The scenario file: the root object. */
export const SCENARIO_FORMAT = {
  type: 'object',
  doc: 'A Monte Carlo scenario for passk: tasks with per-task success rates, how attempts behave, the verifier, the selector and the retry policy.',
  fields: {
    $schema: { node: { type: 'string' }, doc: 'The schema of this file, for editors (ignored by passk).' },
    seed: { node: { type: 'seed' }, doc: 'Seed of every random stream: the same seed gives the same results.', default: 1 },
    name: { node: { type: 'string', nullable: true }, doc: 'A label shown in reports.', default: null },
    tasks: { node: { type: 'ref', name: 'tasks' }, doc: SCENARIO_DEFS.tasks.doc, required: true },
    attempts: { node: { type: 'ref', name: 'attempts' }, doc: SCENARIO_DEFS.attempts.doc },
    verifier: { node: { type: 'ref', name: 'verifier' }, doc: SCENARIO_DEFS.verifier.doc, defaultDoc: verifier.defaultDoc },
    selector: { node: { type: 'ref', name: 'selector' }, doc: SCENARIO_DEFS.selector.doc, default: { kind: 'firstAccepted' } },
    policy: { node: { type: 'ref', name: 'policy' }, doc: SCENARIO_DEFS.policy.doc, required: true },
    run: { node: run, doc: run.doc },
  },
  rules: [
    {
      doc: 'Mode sequential delivers the first accepted attempt: its selector must be firstAccepted.',
      schema: {
        if: {
          type: 'object',
          required: ['policy'],
          properties: { policy: { type: 'object', required: ['mode'], properties: { mode: { enum: ['parallel', 'batches'] } } } },
        },
        else: { type: 'object', properties: { selector: { type: 'object', properties: { kind: { const: 'firstAccepted' } } } } },
      },
    },
  ],
} as const satisfies ObjectNode;

/** A named node of the declaration. */
export function scenarioDef(name: string): FormatNode {
  const node = (SCENARIO_DEFS as Readonly<Record<string, FormatNode>>)[name];
  if (node === undefined) throw new Error(`scenarioDef: no node ${name}`);
  return node;
}

/** Follows a `ref` node to the node it names. */
export function deref(node: FormatNode): Exclude<FormatNode, { type: 'ref' }> {
  return node.type === 'ref' ? (deref(scenarioDef(node.name)) as Exclude<FormatNode, { type: 'ref' }>) : node;
}

/** The keys a tagged node's variant allows: the tag, the common keys, then the variant's own. */
export function variantKeys(node: TaggedNode, variant: string): string[] {
  return [...Object.keys(node.common ?? {}), node.tag, ...Object.keys(node.variants[variant]!.fields)];
}

/** The tag values of a tagged node, in declaration order. */
export function tagValues(node: TaggedNode): string[] {
  return Object.keys(node.variants);
}
