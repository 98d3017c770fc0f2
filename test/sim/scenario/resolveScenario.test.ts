import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import type { PolicySpec, Scenario } from '../../../packages/sim/src/scenario/types.js';
import { fixtureNames, parseYaml, readFixture } from './scenarioFixtures.js';

// Expected values come from the rules of the brief / docs/design.md §3 (defaults, canonical forms).
// Beta from {mean, concentration}: a = mean·concentration, b = (1 − mean)·concentration,
// evaluated in IEEE doubles by python3 (printed values quoted next to each use).

const PERFECT = {
  perfect: true,
  falseAccept: { dist: 'point', p: 0 },
  falseReject: { dist: 'point', p: 0 },
  cost: 0,
} as const;
const INDEPENDENT_FREE = {
  correlation: { model: 'independent' },
  cost: { dist: 'constant', value: 0 },
  latency: { dist: 'constant', value: 1 },
} as const;

function sequential(maxAttempts: number, extra: Partial<PolicySpec> = {}): PolicySpec {
  return { maxAttempts, mode: 'sequential', batchSize: 1, onNoAccept: 'abstain', budget: { cost: null, latency: null, mode: 'soft' }, ...extra };
}

/** The defaults of every top-level block, overridden by `parts`. */
function scenario(parts: Partial<Scenario> & Pick<Scenario, 'tasks' | 'policy'>): Scenario {
  return {
    seed: 1,
    name: null,
    attempts: INDEPENDENT_FREE,
    verifier: PERFECT,
    selector: { kind: 'firstAccepted' },
    run: { replicates: 10000 },
    ...parts,
  };
}

const EXPECTED: Record<string, Scenario> = {
  'best-score.yaml': scenario({
    tasks: { count: 100, successRate: { dist: 'beta', a: 2, b: 3 }, resample: false },
    selector: { kind: 'bestScore', separation: 1.5, threshold: 0.5 },
    policy: { maxAttempts: 9, mode: 'batches', batchSize: 3, onNoAccept: 'abstain', budget: { cost: null, latency: null, mode: 'soft' } },
  }),
  'beta-ab.yaml': scenario({
    seed: 'nightly-2024-06',
    name: 'beta by shape, resampled',
    tasks: { count: 100, successRate: { dist: 'beta', a: 2.8, b: 1.2 }, resample: true },
    policy: sequential(4),
    run: { replicates: 500 },
  }),
  'budget.yaml': scenario({
    tasks: { count: 100, successRate: { dist: 'beta', a: 2, b: 2 }, resample: false },
    attempts: { ...INDEPENDENT_FREE, cost: { dist: 'constant', value: 0.1 } },
    verifier: { perfect: false, falseAccept: { dist: 'point', p: 0.05 }, falseReject: { dist: 'point', p: 0.1 }, cost: 0 },
    policy: sequential(20, { onNoAccept: 'deliverLast', budget: { cost: 0.5, latency: null, mode: 'soft' } }),
  }),
  'default.yaml': {
    seed: 42,
    name: 'default: agent with a 5 % false-accept verifier',
    tasks: {
      count: 200,
      successRate: {
        dist: 'mixture',
        components: [
          { weight: 0.15, dist: { dist: 'point', p: 0 } },
          { weight: 0.1, dist: { dist: 'point', p: 1 } },
          // python3 -c 'print(0.6*3, (1-0.6)*3)' → 1.7999999999999998 1.2000000000000002
          { weight: 0.75, dist: { dist: 'beta', a: 1.7999999999999998, b: 1.2000000000000002 } },
        ],
      },
      resample: false,
    },
    attempts: {
      correlation: { model: 'exchangeable', icc: 0.2 },
      cost: { dist: 'lognormal', median: 0.02, sigma: 0.5 },
      latency: { dist: 'constant', value: 1 },
    },
    verifier: { perfect: false, falseAccept: { dist: 'point', p: 0.05 }, falseReject: { dist: 'point', p: 0.1 }, cost: 0.001 },
    selector: { kind: 'firstAccepted' },
    policy: sequential(8),
    run: { replicates: 2000 },
  },
  'design-example.yaml': {
    seed: 42,
    name: null,
    // python3 -c 'print(0.7*4, (1-0.7)*4)' → 2.8 1.2000000000000002
    tasks: { count: 200, successRate: { dist: 'beta', a: 2.8, b: 1.2000000000000002 }, resample: false },
    attempts: { ...INDEPENDENT_FREE, cost: { dist: 'constant', value: 0.02 } },
    verifier: { perfect: false, falseAccept: { dist: 'point', p: 0.05 }, falseReject: { dist: 'point', p: 0.1 }, cost: 0.001 },
    selector: { kind: 'firstAccepted' },
    policy: sequential(8),
    run: { replicates: 10000 },
  },
  'exchangeable.yaml': scenario({
    // python3 -c 'print(0.75*4, (1-0.75)*4)' → 3.0 1.0
    tasks: { count: 200, successRate: { dist: 'beta', a: 3, b: 1 }, resample: false },
    attempts: { ...INDEPENDENT_FREE, correlation: { model: 'exchangeable', icc: 0.3 } },
    policy: sequential(8),
  }),
  'feedback.yaml': scenario({
    tasks: { count: 200, successRate: { dist: 'point', p: 0.3 }, resample: false },
    attempts: { ...INDEPENDENT_FREE, correlation: { model: 'feedback', afterFailure: 0.1 } },
    policy: sequential(8),
  }),
  'fixed-no-count.json': scenario({
    tasks: { count: 4, successRate: { dist: 'fixed', values: [1, 0.25, 0.5, 0.75] }, resample: false },
    policy: sequential(2),
  }),
  'fixed.yaml': scenario({
    tasks: { count: 3, successRate: { dist: 'fixed', values: [0.9, 0.5, 0] }, resample: false },
    policy: sequential(5),
  }),
  'logit-normal.yaml': scenario({
    tasks: { count: 300, successRate: { dist: 'logitNormal', mu: 0.5, sigma: 1.2 }, resample: false },
    policy: sequential(10),
  }),
  'lognormal-cost.yaml': scenario({
    tasks: { count: 100, successRate: { dist: 'point', p: 0.6 }, resample: false },
    attempts: {
      correlation: { model: 'independent' },
      cost: { dist: 'lognormal', median: 0.02, sigma: 0.5 },
      latency: { dist: 'constant', value: 30 },
    },
    policy: sequential(6),
  }),
  'majority-vote.yaml': scenario({
    tasks: { count: 100, successRate: { dist: 'beta', a: 2, b: 2 }, resample: false },
    selector: { kind: 'majorityVote', distinctWrong: 3, concentration: 1 },
    policy: { maxAttempts: 5, mode: 'parallel', batchSize: 5, onNoAccept: 'deliverLast', budget: { cost: null, latency: null, mode: 'soft' } },
  }),
  'markov.yaml': scenario({
    tasks: { count: 200, successRate: { dist: 'point', p: 0.5 }, resample: false },
    attempts: { ...INDEPENDENT_FREE, correlation: { model: 'markov', stickiness: 0.5 } },
    policy: sequential(8),
  }),
  'minimal.yaml': scenario({
    tasks: { count: 50, successRate: { dist: 'point', p: 0.9 }, resample: false },
    policy: sequential(8),
  }),
  'mixture-nested.json': scenario({
    tasks: {
      count: 40,
      successRate: {
        dist: 'mixture',
        components: [
          // weights 1 : 3 normalised → 1/4, 3/4; inner 1 : 1 → 1/2, 1/2
          { weight: 0.25, dist: { dist: 'point', p: 0 } },
          {
            weight: 0.75,
            dist: {
              dist: 'mixture',
              components: [
                { weight: 0.5, dist: { dist: 'beta', a: 3, b: 1 } },
                { weight: 0.5, dist: { dist: 'logitNormal', mu: -1, sigma: 0.5 } },
              ],
            },
          },
        ],
      },
      resample: false,
    },
    policy: sequential(3),
  }),
  'mixture.yaml': scenario({
    tasks: {
      count: 200,
      successRate: {
        dist: 'mixture',
        components: [
          { weight: 0.2, dist: { dist: 'point', p: 0 } },
          { weight: 0.1, dist: { dist: 'point', p: 1 } },
          { weight: 0.7, dist: { dist: 'beta', a: 2, b: 2 } },
        ],
      },
      resample: false,
    },
    policy: sequential(8),
  }),
  'oracle-parallel.yaml': scenario({
    tasks: { count: 100, successRate: { dist: 'beta', a: 1, b: 1 }, resample: false },
    selector: { kind: 'oracle' },
    policy: { maxAttempts: 5, mode: 'parallel', batchSize: 5, onNoAccept: 'abstain', budget: { cost: null, latency: null, mode: 'soft' } },
  }),
  'point.yaml': scenario({
    tasks: { count: 1, successRate: { dist: 'point', p: 0.9 }, resample: false },
    policy: sequential(8),
    run: { replicates: 100000 },
  }),
  'random-parallel.json': scenario({
    tasks: { count: 10, successRate: { dist: 'point', p: 0.4 }, resample: false },
    verifier: { perfect: false, falseAccept: { dist: 'point', p: 0.2 }, falseReject: { dist: 'point', p: 0 }, cost: 0 },
    selector: { kind: 'random' },
    policy: { maxAttempts: 4, mode: 'parallel', batchSize: 4, onNoAccept: 'abstain', budget: { cost: null, latency: null, mode: 'soft' } },
  }),
  'verifier-beta.yaml': scenario({
    tasks: { count: 100, successRate: { dist: 'beta', a: 3, b: 1 }, resample: false },
    verifier: {
      perfect: false,
      // python3 -c 'print(0.25*8, (1-0.25)*8)' → 2.0 6.0
      falseAccept: { dist: 'beta', a: 2, b: 6 },
      falseReject: { dist: 'beta', a: 1, b: 9 },
      cost: 0,
    },
    policy: sequential(8),
  }),
};

/** Every node of a parsed file with its config path (`tasks.successRate.components[1].weight`). */
function* nodes(value: unknown, path = ''): Generator<{ path: string; value: unknown }> {
  yield { path, value };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* nodes(value[i], `${path}[${i}]`);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) yield* nodes(child, path === '' ? key : `${path}.${key}`);
  }
}

/** A deep copy of `input` with the node at `path` replaced by `replace(node)`. */
function replaced(input: unknown, path: string, replace: (node: unknown) => unknown): unknown {
  if (path === '') return replace(input);
  const copy = structuredClone(input) as Record<string, unknown>;
  const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let parent: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  const last = keys[keys.length - 1];
  parent[last] = replace(parent[last]);
  return copy;
}

function errorOf(input: unknown, source?: string): InputError {
  try {
    resolveScenario(input, source === undefined ? {} : { source });
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error(`resolved without error: ${JSON.stringify(input)}`);
}

function isDeeplyFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeeplyFrozen);
}

const { valid, bad } = fixtureNames();

describe('resolveScenario on the fixtures', () => {
  it('has an expected object for every valid fixture and a fixture for every expected object', () => {
    expect(valid).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(valid)('%s resolves to the expected scenario, deeply frozen', (name) => {
    const resolved = resolveScenario(readFixture(name), { source: name });
    expect(resolved).toStrictEqual(EXPECTED[name]);
    expect(isDeeplyFrozen(resolved)).toBe(true);
  });

  it.each(valid)('%s: NaN, ±Infinity and a string in any number are rejected at that number', (name) => {
    const input = readFixture(name);
    for (const { path } of [...nodes(input)].filter((node) => typeof node.value === 'number')) {
      // A string is a valid seed, so only the non-finite numbers are tried there.
      for (const bogus of path === 'seed' ? [NaN, Infinity, -Infinity] : [NaN, Infinity, -Infinity, '1']) {
        const error = errorOf(
          replaced(input, path, () => bogus),
          name,
        );
        expect(error.where).toBe(`${name}: ${path}`);
        expect(error.message.endsWith(`, got ${typeof bogus === 'string' ? '"1"' : String(bogus)}`)).toBe(true);
      }
    }
  });

  it.each(valid)('%s: an unknown key in any object is rejected at that key', (name) => {
    const input = readFixture(name);
    for (const { path, value } of [...nodes(input)]) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
      const error = errorOf(replaced(input, path, (node) => ({ ...(node as object), zzz: 1 })));
      expect(error.where).toBe(path === '' ? 'zzz' : `${path}.zzz`);
      expect(error.rule).toMatch(/^unknown key/);
    }
  });

  it.each([
    ['bad-typo.yaml', 'bad-typo.yaml: policy.maxAtempts: unknown key (did you mean maxAttempts?)'],
    [
      'bad-sequential-selector.yaml',
      'bad-sequential-selector.yaml: selector.kind: must be firstAccepted in mode sequential (sequential delivers the first accepted attempt; a selector applies to mode parallel or batches), got "majorityVote"',
    ],
    ['bad-nan.yaml', 'bad-nan.yaml: attempts.correlation.icc: must be a number ≥ 0 and < 1, got NaN'],
    [
      'bad-mixture-fixed.yaml',
      'bad-mixture-fixed.yaml: tasks.successRate.components[1].dist: must be one of point, beta, logitNormal, mixture (fixed cannot be a mixture component), got "fixed"',
    ],
  ])('%s is rejected with the exact message', (name, message) => {
    expect(bad).toContain(name);
    expect(() => resolveScenario(readFixture(name), { source: name })).toThrow(message);
    expect(errorOf(readFixture(name), name).message).toBe(message);
  });
});

describe('resolveScenario', () => {
  it('resolves the docs/design.md §3 example YAML, parsed from the text of the doc', () => {
    const design = `
seed: 42
tasks:
  count: 200
  successRate: { dist: beta, mean: 0.7, concentration: 4 }     # or { dist: beta, a: 2.8, b: 1.2 }
  resample: false
attempts:
  correlation: { model: independent }
  cost: { perAttempt: 0.02 }
  latency: { perAttempt: 1 }
verifier: { falseAccept: 0.05, falseReject: 0.10, cost: 0.001 }
selector: { kind: firstAccepted }
policy: { maxAttempts: 8, mode: sequential, onNoAccept: abstain }
run: { replicates: 10000 }
`;
    expect(resolveScenario(parseYaml(design))).toStrictEqual(EXPECTED['design-example.yaml']);
  });

  it('resolves each alternative written in the comments of the docs/design.md §3 example', () => {
    const base = parseYaml('tasks: { count: 3 }\npolicy: { maxAttempts: 8, mode: parallel }') as {
      tasks: Record<string, unknown>;
      policy: Record<string, unknown>;
    };
    const alternatives: Array<[string, string, unknown]> = [
      ['tasks.successRate', '{ dist: beta, a: 2.8, b: 1.2 }', { dist: 'beta', a: 2.8, b: 1.2 }],
      ['tasks.successRate', '{ dist: fixed, values: [0.9, 0.5, 0.0] }', { dist: 'fixed', values: [0.9, 0.5, 0] }],
      ['tasks.successRate', '{ dist: point, p: 1 }', { dist: 'point', p: 1 }],
      ['tasks.successRate', '{ dist: logitNormal, mu: 0.5, sigma: 1.2 }', { dist: 'logitNormal', mu: 0.5, sigma: 1.2 }],
      [
        'tasks.successRate',
        '{ dist: mixture, components: [ {weight: 0.2, dist: point, p: 0}, {weight: 0.1, dist: point, p: 1}, {weight: 0.7, dist: beta, a: 2, b: 2} ] }',
        {
          dist: 'mixture',
          components: [
            { weight: 0.2, dist: { dist: 'point', p: 0 } },
            { weight: 0.1, dist: { dist: 'point', p: 1 } },
            { weight: 0.7, dist: { dist: 'beta', a: 2, b: 2 } },
          ],
        },
      ],
      ['attempts.correlation', '{ model: exchangeable, icc: 0.3 }', { model: 'exchangeable', icc: 0.3 }],
      ['attempts.correlation', '{ model: markov, stickiness: 0.5 }', { model: 'markov', stickiness: 0.5 }],
      ['attempts.correlation', '{ model: feedback, afterFailure: 0.1 }', { model: 'feedback', afterFailure: 0.1 }],
      ['attempts.cost', '{ perAttempt: { dist: lognormal, median: 0.02, sigma: 0.5 } }', { dist: 'lognormal', median: 0.02, sigma: 0.5 }],
      ['selector', '{ kind: oracle }', { kind: 'oracle' }],
      ['selector', '{ kind: random }', { kind: 'random' }],
      ['policy.budget', '{ cost: 0.5 }', { cost: 0.5, latency: null, mode: 'soft' }],
    ];
    for (const [path, yaml, expected] of alternatives) {
      const [section, key] = path.split('.');
      const input: Record<string, unknown> = structuredClone(base);
      if (path === 'tasks.successRate') input.tasks = { ...base.tasks, successRate: parseYaml(yaml) };
      else input.tasks = { ...base.tasks, successRate: { dist: 'point', p: 0.5 } };
      if (section === 'attempts') input.attempts = { [key]: parseYaml(yaml) };
      if (section === 'selector') input.selector = parseYaml(yaml);
      if (path === 'policy.budget') input.policy = { ...base.policy, budget: parseYaml(yaml) };
      const resolved = resolveScenario(input) as unknown as Record<string, Record<string, unknown>>;
      expect(key === undefined ? resolved[section] : resolved[section][key]).toStrictEqual(expected);
    }
  });

  it('fills every default of docs/design.md §3 and the brief (the JSDoc example)', () => {
    const resolved = resolveScenario({
      tasks: { count: 10, successRate: { dist: 'point', p: 0.5 } },
      policy: { maxAttempts: 4 },
    });
    expect(resolved).toStrictEqual(scenario({ tasks: { count: 10, successRate: { dist: 'point', p: 0.5 }, resample: false }, policy: sequential(4) }));
  });

  it('defaults the parts of a partial block', () => {
    const resolved = resolveScenario({
      tasks: { count: 10, successRate: { dist: 'point', p: 0.5 } },
      attempts: { cost: {}, latency: { perAttempt: 2 } },
      verifier: { falseReject: 0.2 },
      selector: { kind: 'bestScore', threshold: null },
      policy: { maxAttempts: 4, mode: 'parallel', budget: {} },
      run: {},
    });
    expect(resolved.attempts).toStrictEqual({ ...INDEPENDENT_FREE, latency: { dist: 'constant', value: 2 } });
    expect(resolved.verifier).toStrictEqual({
      perfect: false,
      falseAccept: { dist: 'point', p: 0 },
      falseReject: { dist: 'point', p: 0.2 },
      cost: 0,
    });
    expect(resolved.selector).toStrictEqual({ kind: 'bestScore', separation: 1, threshold: null });
    expect(resolved.policy).toStrictEqual({
      maxAttempts: 4,
      mode: 'parallel',
      batchSize: 4,
      onNoAccept: 'abstain',
      budget: { cost: null, latency: null, mode: 'soft' },
    });
    expect(resolved.run).toStrictEqual({ replicates: 10000 });
  });

  it('accepts the explicit forms the file writer produces (null name/budget/threshold, implied batchSize, $schema)', () => {
    const resolved = resolveScenario({
      $schema: './scenario.schema.json',
      name: null,
      tasks: { count: 10, successRate: { dist: 'point', p: 0.5 } },
      attempts: { cost: { perAttempt: { dist: 'constant', value: 0.5 } } },
      verifier: { falseAccept: { dist: 'point', p: 0.1 } },
      policy: { maxAttempts: 4, batchSize: 1, budget: { cost: null } },
    });
    expect(resolved.name).toBeNull();
    expect(resolved.attempts.cost).toStrictEqual({ dist: 'constant', value: 0.5 });
    expect(resolved.verifier.falseAccept).toStrictEqual({ dist: 'point', p: 0.1 });
    expect(resolved.policy.batchSize).toBe(1);
    expect(resolved.policy.budget.cost).toBeNull();
    expect(Object.keys(resolved)).not.toContain('$schema');
  });

  it('normalises mixture weights that do not sum to 1 (the resolveSuccessRate JSDoc example)', () => {
    const resolved = resolveScenario({
      tasks: {
        count: 5,
        successRate: {
          dist: 'mixture',
          components: [
            { weight: 1, dist: 'point', p: 0 },
            { weight: 3, dist: 'beta', a: 2, b: 2 },
          ],
        },
      },
      policy: { maxAttempts: 1 },
    });
    // 1/(1+3) and 3/(1+3), exact in binary.
    expect(resolved.tasks.successRate).toStrictEqual({
      dist: 'mixture',
      components: [
        { weight: 0.25, dist: { dist: 'point', p: 0 } },
        { weight: 0.75, dist: { dist: 'beta', a: 2, b: 2 } },
      ],
    });
  });

  it('neither mutates nor keeps references into its input', () => {
    const input = readFixture('fixed.yaml') as { tasks: { successRate: { values: number[] } } };
    const before = structuredClone(input);
    const resolved = resolveScenario(input);
    expect(input).toStrictEqual(before);
    expect(Object.isFrozen(input)).toBe(false);
    expect(resolved.tasks.successRate).not.toBe(input.tasks.successRate);
    expect((resolved.tasks.successRate as { values: readonly number[] }).values).not.toBe(input.tasks.successRate.values);
  });

  it('reports the first error in a fixed order', () => {
    // Two problems each: the earlier section (or key order for unknown keys) wins.
    expect(errorOf({ tasks: 1, policy: { maxAttempts: 0 } }).where).toBe('tasks');
    expect(errorOf({ tasks: { count: 1, successRate: { dist: 'point', p: 0.5 } }, policy: 1, run: 0 }).where).toBe('policy');
    expect(errorOf({ policy: { maxAttempts: 0 }, zzz: 1 }).where).toBe('zzz');
    expect(errorOf({ policy: { b: 1, a: 2 } }).where).toBe('tasks');
    expect(errorOf({ tasks: { count: 0, successRate: { dist: 'beta' } }, policy: { maxAttempts: 1 } }).where).toBe('tasks.count');
  });

  it('prefixes where with the source file', () => {
    const error = errorOf({ tasks: { count: 3, successRate: { dist: 'point', p: 1 } }, policy: { maxAttempts: 0 } }, 'scenario.yaml');
    expect(error.where).toBe('scenario.yaml: policy.maxAttempts');
    expect(error.rule).toBe('must be an integer ≥ 1');
    expect(error.value).toBe(0);
    expect(error.message).toBe('scenario.yaml: policy.maxAttempts: must be an integer ≥ 1, got 0');
    expect(errorOf(null, 'scenario.yaml').message).toBe('scenario.yaml: must be an object, got null');
  });
});

// Every rule, with the exact message. Each case edits a valid base scenario at one path.
const BASE = {
  tasks: { count: 10, successRate: { dist: 'point', p: 0.5 } },
  policy: { maxAttempts: 8 },
};
const DELETE = Symbol('delete');

/** BASE with the value at each dotted path set (or deleted), in order. */
function edited(...edits: Array<[string, unknown]>): unknown {
  let input: unknown = BASE;
  for (const [path, value] of edits) {
    input = replaced(input, path, () => value);
    if (value === DELETE) {
      const keys = path.split('.');
      let parent = input as Record<string, unknown>;
      for (const key of keys.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
      delete parent[keys[keys.length - 1]];
    }
  }
  return input;
}

const RATE = 'tasks.successRate';
const ALL_DISTS = 'fixed, point, beta, logitNormal, mixture';
const COMPONENT = '{ weight: 0.2, dist: point, p: 0 }';

const BAD_CASES: Array<[string, unknown, string]> = [
  // root
  ['a number', 42, 'scenario: must be an object, got 42'],
  ['a list', [], 'scenario: must be an object, got []'],
  ['a top-level typo', edited(['polcy', 1]), 'polcy: unknown key (did you mean policy?)'],
  ['an unknown top-level key', edited(['foo', 1]), 'foo: unknown key (allowed: $schema, seed, name, tasks, attempts, verifier, selector, policy, run)'],
  ['$schema not a string', edited(['$schema', 3]), '$schema: must be a string, got 3'],
  ['a negative seed', edited(['seed', -1]), 'seed: must be an integer ≥ 0 or a non-empty string, got -1'],
  ['a fractional seed', edited(['seed', 1.5]), 'seed: must be an integer ≥ 0 or a non-empty string, got 1.5'],
  ['an empty seed', edited(['seed', '']), 'seed: must be an integer ≥ 0 or a non-empty string, got ""'],
  ['an unsafe seed', edited(['seed', 2 ** 53]), 'seed: must be an integer ≥ 0 or a non-empty string, got 9007199254740992'],
  ['a name that is not a string', edited(['name', 5]), 'name: must be a string or null, got 5'],
  // tasks
  ['missing tasks', edited(['tasks', DELETE]), 'tasks: is required (an object)'],
  [
    'tasks not an object',
    edited(['tasks', []]),
    'tasks: must be an object like { count: 200, successRate: { dist: beta, mean: 0.7, concentration: 4 } }, got []',
  ],
  ['count 0', edited(['tasks.count', 0]), 'tasks.count: must be an integer ≥ 1, got 0'],
  ['a fractional count', edited(['tasks.count', 2.5]), 'tasks.count: must be an integer ≥ 1, got 2.5'],
  ['a missing count', edited(['tasks.count', DELETE]), 'tasks.count: is required (an integer ≥ 1)'],
  ['a missing successRate', edited([RATE, DELETE]), 'tasks.successRate: is required (an object like { dist: beta, mean: 0.7, concentration: 4 })'],
  ['resample not boolean', edited(['tasks.resample', 'yes']), 'tasks.resample: must be true or false, got "yes"'],
  ['successRate a number', edited([RATE, 0.5]), 'tasks.successRate: must be an object like { dist: beta, mean: 0.7, concentration: 4 }, got 0.5'],
  ['a missing dist', edited([`${RATE}.dist`, DELETE]), `tasks.successRate.dist: is required (one of ${ALL_DISTS})`],
  ['a misspelt dist', edited([`${RATE}.dist`, 'betta']), `tasks.successRate.dist: must be one of ${ALL_DISTS} (did you mean beta?), got "betta"`],
  ['an unknown dist', edited([`${RATE}.dist`, 'gamma']), `tasks.successRate.dist: must be one of ${ALL_DISTS}, got "gamma"`],
  ['a dist that is not a string', edited([`${RATE}.dist`, 1]), `tasks.successRate.dist: must be one of ${ALL_DISTS}, got 1`],
  // point
  ['p above 1', edited([`${RATE}.p`, 1.5]), 'tasks.successRate.p: must be a number between 0 and 1, got 1.5'],
  ['p missing', edited([`${RATE}.p`, DELETE]), 'tasks.successRate.p: is required (a number between 0 and 1)'],
  ['a key of another dist', edited([`${RATE}.mean`, 0.5]), 'tasks.successRate.mean: unknown key for dist point (allowed: dist, p)'],
  // beta
  [
    'beta in both forms',
    edited([RATE, { dist: 'beta', mean: 0.5, concentration: 2, a: 1 }]),
    'tasks.successRate: must give either mean and concentration, or a and b, not both, got {"dist":"beta","mean":0.5,"concentration":2,"a":1}',
  ],
  ['beta in neither form', edited([RATE, { dist: 'beta' }]), 'tasks.successRate: must give either mean and concentration, or a and b, got {"dist":"beta"}'],
  ['beta mean 1', edited([RATE, { dist: 'beta', mean: 1, concentration: 2 }]), 'tasks.successRate.mean: must be a number strictly between 0 and 1, got 1'],
  ['beta mean 0', edited([RATE, { dist: 'beta', mean: 0, concentration: 2 }]), 'tasks.successRate.mean: must be a number strictly between 0 and 1, got 0'],
  ['beta concentration missing', edited([RATE, { dist: 'beta', mean: 0.5 }]), 'tasks.successRate.concentration: is required (a number > 0 and at most 1e15)'],
  ['beta mean missing', edited([RATE, { dist: 'beta', concentration: 2 }]), 'tasks.successRate.mean: is required (a number strictly between 0 and 1)'],
  [
    'beta concentration 0',
    edited([RATE, { dist: 'beta', mean: 0.5, concentration: 0 }]),
    'tasks.successRate.concentration: must be a number > 0 and at most 1e15, got 0',
  ],
  ['beta a negative', edited([RATE, { dist: 'beta', a: -1, b: 1 }]), 'tasks.successRate.a: must be a number > 0 and at most 1e15, got -1'],
  ['beta b infinite', edited([RATE, { dist: 'beta', a: 1, b: Infinity }]), 'tasks.successRate.b: must be a number > 0 and at most 1e15, got Infinity'],
  ['beta b missing', edited([RATE, { dist: 'beta', a: 1 }]), 'tasks.successRate.b: is required (a number > 0 and at most 1e15)'],
  // A Beta's quadrature (exact values of resampled tasks) stopped converging near 1e200: 1e300 ended simulate in an internal error (issue 43).
  ['beta a of 1e300', edited([RATE, { dist: 'beta', a: 1e300, b: 1 }]), 'tasks.successRate.a: must be a number > 0 and at most 1e15, got 1e+300'],
  [
    'a beta key typo',
    edited([RATE, { dist: 'beta', mean: 0.5, concentraton: 2 }]),
    'tasks.successRate.concentraton: unknown key for dist beta (did you mean concentration?)',
  ],
  [
    'a beta whose a underflows',
    edited([RATE, { dist: 'beta', mean: 1e-200, concentration: 1e-200 }]),
    'tasks.successRate: must give a mean and concentration whose a and b are > 0, got {"dist":"beta","mean":1e-200,"concentration":1e-200}',
  ],
  // fixed
  ['fixed without values', edited([RATE, { dist: 'fixed' }]), 'tasks.successRate.values: is required (a non-empty list of numbers between 0 and 1)'],
  [
    'fixed with no values',
    edited([RATE, { dist: 'fixed', values: [] }]),
    'tasks.successRate.values: must be a non-empty list of numbers between 0 and 1, got []',
  ],
  [
    'fixed values not a list',
    edited([RATE, { dist: 'fixed', values: 0.5 }]),
    'tasks.successRate.values: must be a non-empty list of numbers between 0 and 1, got 0.5',
  ],
  [
    'a fixed value above 1',
    edited(['tasks.count', DELETE], [RATE, { dist: 'fixed', values: [0.5, 2] }]),
    'tasks.successRate.values[1]: must be a number between 0 and 1, got 2',
  ],
  [
    'a count that disagrees with the fixed values',
    edited(['tasks.count', 5], [RATE, { dist: 'fixed', values: [0.9, 0.5, 0] }]),
    'tasks.count: must equal the number of fixed values (3), got 5',
  ],
  // logitNormal
  ['mu NaN', edited([RATE, { dist: 'logitNormal', mu: NaN, sigma: 1 }]), 'tasks.successRate.mu: must be a finite number, got NaN'],
  ['mu missing', edited([RATE, { dist: 'logitNormal', sigma: 1 }]), 'tasks.successRate.mu: is required (a finite number)'],
  ['sigma negative', edited([RATE, { dist: 'logitNormal', mu: 0, sigma: -1 }]), 'tasks.successRate.sigma: must be a finite number ≥ 0, got -1'],
  // mixture
  [
    'mixture without components',
    edited([RATE, { dist: 'mixture' }]),
    `tasks.successRate.components: is required (a non-empty list of components like ${COMPONENT})`,
  ],
  [
    'mixture with no components',
    edited([RATE, { dist: 'mixture', components: [] }]),
    `tasks.successRate.components: must be a non-empty list of components like ${COMPONENT}, got []`,
  ],
  [
    'a component that is not an object',
    edited([RATE, { dist: 'mixture', components: [0.5] }]),
    `tasks.successRate.components[0]: must be an object like ${COMPONENT}, got 0.5`,
  ],
  [
    'a zero weight',
    edited([
      RATE,
      {
        dist: 'mixture',
        components: [
          { weight: 1, dist: 'point', p: 0 },
          { weight: 0, dist: 'point', p: 1 },
        ],
      },
    ]),
    'tasks.successRate.components[1].weight: must be a finite number > 0, got 0',
  ],
  [
    'a missing weight',
    edited([RATE, { dist: 'mixture', components: [{ dist: 'point', p: 0 }] }]),
    'tasks.successRate.components[0].weight: is required (a finite number > 0)',
  ],
  [
    'a component without dist',
    edited([RATE, { dist: 'mixture', components: [{ weight: 1, p: 0 }] }]),
    'tasks.successRate.components[0].dist: is required (one of point, beta, logitNormal, mixture)',
  ],
  [
    'a fixed component',
    edited([RATE, { dist: 'mixture', components: [{ weight: 1, dist: 'fixed', values: [0.5] }] }]),
    'tasks.successRate.components[0].dist: must be one of point, beta, logitNormal, mixture (fixed cannot be a mixture component), got "fixed"',
  ],
  [
    'a component key typo',
    edited([RATE, { dist: 'mixture', components: [{ wieght: 1, dist: 'point', p: 0 }] }]),
    'tasks.successRate.components[0].wieght: unknown key for a point component (did you mean weight?)',
  ],
  [
    'an error inside a nested mixture',
    edited([
      RATE,
      {
        dist: 'mixture',
        components: [
          { weight: 1, dist: 'point', p: 0 },
          { weight: 1, dist: 'mixture', components: [{ weight: 1, dist: 'point', p: -0.5 }] },
        ],
      },
    ]),
    'tasks.successRate.components[1].components[0].p: must be a number between 0 and 1, got -0.5',
  ],
  [
    'weights whose sum overflows',
    edited([
      RATE,
      {
        dist: 'mixture',
        components: [
          { weight: 1e308, dist: 'point', p: 0 },
          { weight: 1e308, dist: 'point', p: 1 },
        ],
      },
    ]),
    'tasks.successRate.components: must have weights with a finite sum, got Infinity',
  ],
  // attempts
  [
    'attempts not an object',
    edited(['attempts', 5]),
    'attempts: must be an object like { correlation: { model: independent }, cost: { perAttempt: 0.02 } }, got 5',
  ],
  ['an attempts typo', edited(['attempts', { corelation: {} }]), 'attempts.corelation: unknown key (did you mean correlation?)'],
  [
    'correlation not an object',
    edited(['attempts', { correlation: 'independent' }]),
    'attempts.correlation: must be an object like { model: exchangeable, icc: 0.3 }, got "independent"',
  ],
  [
    'a missing model',
    edited(['attempts', { correlation: { icc: 0.3 } }]),
    'attempts.correlation.model: is required (one of independent, exchangeable, markov, feedback)',
  ],
  [
    'an unknown model',
    edited(['attempts', { correlation: { model: 'ar1' } }]),
    'attempts.correlation.model: must be one of independent, exchangeable, markov, feedback, got "ar1"',
  ],
  ['icc 1', edited(['attempts', { correlation: { model: 'exchangeable', icc: 1 } }]), 'attempts.correlation.icc: must be a number ≥ 0 and < 1, got 1'],
  [
    'icc negative',
    edited(['attempts', { correlation: { model: 'exchangeable', icc: -0.1 } }]),
    'attempts.correlation.icc: must be a number ≥ 0 and < 1, got -0.1',
  ],
  ['icc missing', edited(['attempts', { correlation: { model: 'exchangeable' } }]), 'attempts.correlation.icc: is required (a number ≥ 0 and < 1)'],
  [
    'stickiness above 1',
    edited(['attempts', { correlation: { model: 'markov', stickiness: 1.5 } }]),
    'attempts.correlation.stickiness: must be a number between 0 and 1, got 1.5',
  ],
  [
    'afterFailure below -1',
    edited(['attempts', { correlation: { model: 'feedback', afterFailure: -1.1 } }]),
    'attempts.correlation.afterFailure: must be a number ≥ -1 and at most 1, got -1.1',
  ],
  [
    'a parameter on independent',
    edited(['attempts', { correlation: { model: 'independent', icc: 0.3 } }]),
    'attempts.correlation.icc: unknown key for model independent (allowed: model)',
  ],
  ['cost as a bare number', edited(['attempts', { cost: 0.02 }]), 'attempts.cost: must be an object like { perAttempt: 0.02 }, got 0.02'],
  ['a cost key typo', edited(['attempts', { cost: { perAtempt: 1 } }]), 'attempts.cost.perAtempt: unknown key (did you mean perAttempt?)'],
  ['a negative cost', edited(['attempts', { cost: { perAttempt: -1 } }]), 'attempts.cost.perAttempt: must be a number ≥ 0 and at most 1e15, got -1'],
  [
    'an infinite latency',
    edited(['attempts', { latency: { perAttempt: Infinity } }]),
    'attempts.latency.perAttempt: must be a number ≥ 0 and at most 1e15, got Infinity',
  ],
  // 1e308 ran, with a mean cost of Infinity ± NaN (sums of squares overflow).
  ['a cost of 1e308', edited(['attempts', { cost: { perAttempt: 1e308 } }]), 'attempts.cost.perAttempt: must be a number ≥ 0 and at most 1e15, got 1e+308'],
  [
    'a lognormal sigma of 50 (exp overflows)',
    edited(['attempts', { cost: { perAttempt: { dist: 'lognormal', median: 1, sigma: 50 } } }]),
    'attempts.cost.perAttempt.sigma: must be a number ≥ 0 and at most 10, got 50',
  ],
  [
    'an empirical amount of 2e300',
    edited(['attempts', { latency: { perAttempt: { dist: 'empirical', values: [1, 2e300] } } }]),
    'attempts.latency.perAttempt.values[1]: must be a number ≥ 0 and at most 1e15, got 2e+300',
  ],
  [
    'a cost given as a string',
    edited(['attempts', { cost: { perAttempt: '0.02' } }]),
    'attempts.cost.perAttempt: must be an object like 0.02 or { dist: lognormal, median: 0.02, sigma: 0.5 }, got "0.02"',
  ],
  [
    'an unknown amount dist',
    edited(['attempts', { cost: { perAttempt: { dist: 'normal', mean: 1 } } }]),
    'attempts.cost.perAttempt.dist: must be one of constant, lognormal, empirical, got "normal"',
  ],
  [
    'a lognormal median of 0',
    edited(['attempts', { cost: { perAttempt: { dist: 'lognormal', median: 0, sigma: 1 } } }]),
    'attempts.cost.perAttempt.median: must be a number > 0 and at most 1e15, got 0',
  ],
  [
    'a lognormal without sigma',
    edited(['attempts', { cost: { perAttempt: { dist: 'lognormal', median: 1 } } }]),
    'attempts.cost.perAttempt.sigma: is required (a number ≥ 0 and at most 10)',
  ],
  [
    'a lognormal with mean',
    edited(['attempts', { cost: { perAttempt: { dist: 'lognormal', mean: 1, sigma: 1 } } }]),
    'attempts.cost.perAttempt.mean: unknown key for dist lognormal (allowed: dist, median, sigma)',
  ],
  [
    'a constant without value',
    edited(['attempts', { latency: { perAttempt: { dist: 'constant' } } }]),
    'attempts.latency.perAttempt.value: is required (a number ≥ 0 and at most 1e15)',
  ],
  // verifier
  ['verifier not an object', edited(['verifier', true]), 'verifier: must be an object like { falseAccept: 0.05, falseReject: 0.1, cost: 0.001 }, got true'],
  ['a verifier typo', edited(['verifier', { falseAcept: 0.1 }]), 'verifier.falseAcept: unknown key (did you mean falseAccept?)'],
  ['falseAccept above 1', edited(['verifier', { falseAccept: 1.2 }]), 'verifier.falseAccept: must be a number between 0 and 1, got 1.2'],
  [
    'falseReject as a string',
    edited(['verifier', { falseReject: 'low' }]),
    'verifier.falseReject: must be an object like 0.05 or { dist: beta, mean: 0.05, concentration: 20 }, got "low"',
  ],
  [
    'a beta falseReject with mean 0',
    edited(['verifier', { falseReject: { dist: 'beta', mean: 0, concentration: 10 } }]),
    'verifier.falseReject.mean: must be a number strictly between 0 and 1, got 0',
  ],
  ['an unknown rate dist', edited(['verifier', { falseAccept: { dist: 'uniform' } }]), 'verifier.falseAccept.dist: must be one of point, beta, got "uniform"'],
  ['a point rate above 1', edited(['verifier', { falseAccept: { dist: 'point', p: 2 } }]), 'verifier.falseAccept.p: must be a number between 0 and 1, got 2'],
  [
    'a point rate with a beta key',
    edited(['verifier', { falseAccept: { dist: 'point', p: 0.1, a: 1 } }]),
    'verifier.falseAccept.a: unknown key for dist point (allowed: dist, p)',
  ],
  ['a negative verifier cost', edited(['verifier', { cost: -0.001 }]), 'verifier.cost: must be a number ≥ 0 and at most 1e15, got -0.001'],
  // selector
  ['selector a string', edited(['selector', 'oracle']), 'selector: must be an object like { kind: majorityVote }, got "oracle"'],
  ['a missing kind', edited(['selector', {}]), 'selector.kind: is required (one of firstAccepted, oracle, random, majorityVote, bestScore)'],
  [
    'a misspelt kind',
    edited(['selector', { kind: 'oracel' }]),
    'selector.kind: must be one of firstAccepted, oracle, random, majorityVote, bestScore (did you mean oracle?), got "oracel"',
  ],
  [
    'an unknown kind',
    edited(['selector', { kind: 'majority' }]),
    'selector.kind: must be one of firstAccepted, oracle, random, majorityVote, bestScore, got "majority"',
  ],
  ['a parameter on oracle', edited(['selector', { kind: 'oracle', k: 1 }]), 'selector.k: unknown key for kind oracle (allowed: kind)'],
  [
    'distinctWrong 0',
    edited(['selector', { kind: 'majorityVote', distinctWrong: 0 }], ['policy.mode', 'parallel']),
    'selector.distinctWrong: must be an integer ≥ 1, got 0',
  ],
  [
    'a fractional distinctWrong',
    edited(['selector', { kind: 'majorityVote', distinctWrong: 2.5 }], ['policy.mode', 'parallel']),
    'selector.distinctWrong: must be an integer ≥ 1, got 2.5',
  ],
  [
    'a vote concentration of 0',
    edited(['selector', { kind: 'majorityVote', concentration: 0 }], ['policy.mode', 'parallel']),
    'selector.concentration: must be a finite number > 0, got 0',
  ],
  [
    'separation NaN',
    edited(['selector', { kind: 'bestScore', separation: NaN }], ['policy.mode', 'parallel']),
    'selector.separation: must be a finite number, got NaN',
  ],
  [
    'a threshold string',
    edited(['selector', { kind: 'bestScore', threshold: 'high' }], ['policy.mode', 'parallel']),
    'selector.threshold: must be a finite number or null, got "high"',
  ],
  [
    'a bestScore key typo',
    edited(['selector', { kind: 'bestScore', treshold: 0 }], ['policy.mode', 'parallel']),
    'selector.treshold: unknown key for kind bestScore (did you mean threshold?)',
  ],
  [
    'a selector in mode sequential',
    edited(['selector', { kind: 'oracle' }]),
    'selector.kind: must be firstAccepted in mode sequential (sequential delivers the first accepted attempt; a selector applies to mode parallel or batches), got "oracle"',
  ],
  // policy
  ['missing policy', edited(['policy', DELETE]), 'policy: is required (an object)'],
  ['policy not an object', edited(['policy', 8]), 'policy: must be an object like { maxAttempts: 8 }, got 8'],
  ['maxAttempts 0', edited(['policy.maxAttempts', 0]), 'policy.maxAttempts: must be an integer ≥ 1, got 0'],
  ['maxAttempts above the cap', edited(['policy.maxAttempts', 1001]), 'policy.maxAttempts: must be ≤ 1000, got 1001'],
  ['maxAttempts as a string', edited(['policy.maxAttempts', '8']), 'policy.maxAttempts: must be an integer ≥ 1, got "8"'],
  ['maxAttempts missing', edited(['policy', {}]), 'policy.maxAttempts: is required (an integer ≥ 1)'],
  ['a maxAttempts typo', edited(['policy', { maxAtempts: 8 }]), 'policy.maxAtempts: unknown key (did you mean maxAttempts?)'],
  ['an unknown policy key', edited(['policy.retries', 3]), 'policy.retries: unknown key (allowed: maxAttempts, mode, batchSize, onNoAccept, budget)'],
  ['an unknown mode', edited(['policy.mode', 'serial']), 'policy.mode: must be one of sequential, parallel, batches, got "serial"'],
  ['a misspelt mode', edited(['policy.mode', 'paralel']), 'policy.mode: must be one of sequential, parallel, batches (did you mean parallel?), got "paralel"'],
  ['batches without batchSize', edited(['policy.mode', 'batches']), 'policy.batchSize: is required in mode batches (an integer in 1..8)'],
  ['a batchSize above maxAttempts', edited(['policy.mode', 'batches'], ['policy.batchSize', 10]), 'policy.batchSize: must be ≤ maxAttempts (8), got 10'],
  ['a batchSize of 0', edited(['policy.mode', 'batches'], ['policy.batchSize', 0]), 'policy.batchSize: must be an integer ≥ 1, got 0'],
  [
    'a batchSize in mode sequential',
    edited(['policy.batchSize', 2]),
    'policy.batchSize: must be 1 in mode sequential (attempts run one at a time; use mode batches), got 2',
  ],
  [
    'a batchSize in mode parallel',
    edited(['policy.mode', 'parallel'], ['policy.batchSize', 4]),
    'policy.batchSize: must equal maxAttempts (8) in mode parallel (use mode batches), got 4',
  ],
  ['an unknown onNoAccept', edited(['policy.onNoAccept', 'retry']), 'policy.onNoAccept: must be one of abstain, deliverLast, got "retry"'],
  ['a bare budget', edited(['policy.budget', 0.5]), 'policy.budget: must be an object like { cost: 0.5 }, got 0.5'],
  ['a zero budget', edited(['policy.budget', { cost: 0 }]), 'policy.budget.cost: must be a finite number > 0 or null, got 0'],
  ['a budget in tokens', edited(['policy.budget', { tokens: 5 }]), 'policy.budget.tokens: unknown key (allowed: cost, latency, mode)'],
  ['a zero deadline', edited(['policy.budget', { latency: 0 }]), 'policy.budget.latency: must be a finite number > 0 or null, got 0'],
  [
    'a budget mode that is not soft or hard',
    edited(['policy.budget', { cost: 1, mode: 'strict' }]),
    'policy.budget.mode: must be one of soft, hard, got "strict"',
  ],
  // run
  ['run not an object', edited(['run', 100]), 'run: must be an object like { replicates: 10000 }, got 100'],
  ['replicates 0', edited(['run', { replicates: 0 }]), 'run.replicates: must be an integer ≥ 1, got 0'],
  ['fractional replicates', edited(['run', { replicates: 1.5 }]), 'run.replicates: must be an integer ≥ 1, got 1.5'],
  ['a replicates typo', edited(['run', { replicate: 10 }]), 'run.replicate: unknown key (did you mean replicates?)'],
  // inherited names are not keys
  [
    'an inherited name',
    edited(['tasks', Object.assign(Object.create({ count: 10 }) as object, { successRate: { dist: 'point', p: 0.5 } })]),
    'tasks.count: is required (an integer ≥ 1)',
  ],
];

describe('resolveScenario rejects each broken rule with the exact message', () => {
  it.each(BAD_CASES)('%s', (_label, input, message) => {
    const error = errorOf(input);
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe(message);
    expect(errorOf(input, 'my.yaml').message).toBe(`my.yaml: ${message.startsWith('scenario: ') ? message.slice(10) : message}`);
  });

  it('checks options.source', () => {
    expect(() => resolveScenario(BASE, { source: 5 as unknown as string })).toThrow('options.source: must be a string, got 5');
  });

  it('the base of the cases is valid', () => {
    expect(resolveScenario(BASE).tasks.count).toBe(10);
  });
});
