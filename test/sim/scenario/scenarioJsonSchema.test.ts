import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { DEFAULT_SCENARIO_INPUT } from '../../../packages/sim/src/scenario/defaultScenario.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import { scenarioJsonSchema, type JsonSchema } from '../../../packages/sim/src/scenario/scenarioJsonSchema.js';
import { scenarioToInput } from '../../../packages/sim/src/scenario/scenarioToInput.js';
import { fixtureNames, readFixture } from './scenarioFixtures.js';

const schema = scenarioJsonSchema();
// ajv (draft 2020-12) in strict mode: an unknown keyword, or a keyword on a value whose type the
// schema leaves open, fails to compile. strictRequired is off: `if mode is batches then required:
// [batchSize]` names a key declared beside the condition, not inside it (the usual form).
const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true, allErrors: true });
const validate = ajv.compile(schema);
/** ajv's errors for `value` (empty: valid). */
const check = (value: unknown): string[] => (validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
const defs = schema.$defs as Record<string, JsonSchema>;

/** The tag values (`dist`, `model`, `kind`) of the object forms of a oneOf. */
function tags(union: JsonSchema, key: string): string[] {
  const values = (union.oneOf as JsonSchema[])
    .map((form) => (form.properties as Record<string, { const?: string }> | undefined)?.[key]?.const)
    .filter((tag): tag is string => tag !== undefined);
  return [...new Set(values)];
}

/** The names listed by resolveScenario's error for an unknown name at `path` (`must be one of a, b, c`). */
function namesAccepted(input: unknown): string[] {
  try {
    resolveScenario(input);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const match = /^must be one of (.*?)(?: \(.*\))?$/.exec(error.rule);
    if (match) return match[1].split(', ');
    throw new Error(`unexpected rule: ${error.rule}`);
  }
  throw new Error('resolved without error');
}

const tasks = (successRate: unknown) => ({ tasks: { count: 1, successRate }, policy: { maxAttempts: 2, mode: 'parallel' } });
const withTasks = (extra: Record<string, unknown>) => ({ ...tasks({ dist: 'point', p: 0.5 }), ...extra });

const { valid, bad } = fixtureNames();

describe('scenarioJsonSchema', () => {
  it('is a draft 2020-12 schema of an object requiring tasks and policy', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(['tasks', 'policy']);
    expect(Object.keys(schema.properties as object)).toEqual(['$schema', 'seed', 'name', 'tasks', 'attempts', 'verifier', 'selector', 'policy', 'run']);
  });

  it('is plain JSON (survives JSON.stringify unchanged)', () => {
    expect(JSON.parse(JSON.stringify(schema))).toStrictEqual(schema);
  });

  it.each(valid)('accepts the valid fixture %s', (name) => {
    expect(check(readFixture(name))).toEqual([]);
  });

  it.each(valid)('accepts the file form written back from %s', (name) => {
    expect(check(JSON.parse(JSON.stringify(scenarioToInput(resolveScenario(readFixture(name))))))).toEqual([]);
  });

  it('accepts DEFAULT_SCENARIO_INPUT', () => {
    expect(check(DEFAULT_SCENARIO_INPUT)).toEqual([]);
  });

  it.each(bad)('rejects the bad fixture %s', (name) => {
    expect(check(readFixture(name))).not.toEqual([]);
  });

  it('rejects what resolveScenario rejects where a schema can say so', () => {
    const rejected = [
      withTasks({ seed: -1 }),
      tasks({ dist: 'beta', mean: 0.5, concentration: 2, a: 1 }),
      tasks({ dist: 'beta', mean: 0.5 }),
      tasks({ dist: 'mixture', components: [] }),
      { tasks: { successRate: { dist: 'point', p: 0.5 } }, policy: { maxAttempts: 2 } },
      withTasks({ attempts: { correlation: { model: 'exchangeable', icc: 1 } } }),
      withTasks({ attempts: { cost: 0.02 } }),
      withTasks({ verifier: { falseAccept: 1.5 } }),
      withTasks({ selector: { kind: 'majorityVote', distinctWrong: 0 } }),
      { ...tasks({ dist: 'point', p: 0.5 }), policy: { maxAttempts: 2, mode: 'batches' } },
      { ...tasks({ dist: 'point', p: 0.5 }), policy: { maxAttempts: 2, batchSize: 2 } },
      { ...tasks({ dist: 'point', p: 0.5 }), policy: { maxAttempts: 1001, mode: 'parallel' } },
      { ...tasks({ dist: 'point', p: 0.5 }), policy: { maxAttempts: 2, mode: 'parallel', budget: { cost: 0 } } },
    ];
    for (const input of rejected) {
      expect(() => resolveScenario(input)).toThrow(InputError);
      expect(check(input)).not.toEqual([]);
    }
  });

  it('lists exactly the names resolveScenario accepts (and those of docs/design.md §3)', () => {
    const cases: Array<[string[], string[], string[]]> = [
      [tags(defs.successRate, 'dist'), namesAccepted(tasks({ dist: '?' })), ['fixed', 'point', 'beta', 'logitNormal', 'mixture']],
      [
        tags(defs.mixtureComponent, 'dist'),
        namesAccepted(tasks({ dist: 'mixture', components: [{ weight: 1, dist: '?' }] })),
        ['point', 'beta', 'logitNormal', 'mixture'],
      ],
      [
        tags((defs.attempts.properties as Record<string, JsonSchema>).correlation, 'model'),
        namesAccepted(withTasks({ attempts: { correlation: { model: '?' } } })),
        ['independent', 'exchangeable', 'markov', 'feedback'],
      ],
      [tags(defs.amount, 'dist'), namesAccepted(withTasks({ attempts: { cost: { perAttempt: { dist: '?' } } } })), ['constant', 'lognormal', 'empirical']],
      [tags(defs.rate, 'dist'), namesAccepted(withTasks({ verifier: { falseAccept: { dist: '?' } } })), ['point', 'beta']],
      [tags(defs.selector, 'kind'), namesAccepted(withTasks({ selector: { kind: '?' } })), ['firstAccepted', 'oracle', 'random', 'majorityVote', 'bestScore']],
      [
        (defs.policy.properties as Record<string, JsonSchema>).mode.enum as string[],
        namesAccepted({ ...tasks({ dist: 'point', p: 0.5 }), policy: { maxAttempts: 2, mode: '?' } }),
        ['sequential', 'parallel', 'batches'],
      ],
      [
        (defs.policy.properties as Record<string, JsonSchema>).onNoAccept.enum as string[],
        namesAccepted({ ...tasks({ dist: 'point', p: 0.5 }), policy: { maxAttempts: 2, mode: 'parallel', onNoAccept: '?' } }),
        ['abstain', 'deliverLast'],
      ],
    ];
    for (const [inSchema, inResolver, inDesign] of cases) {
      expect(inSchema).toEqual(inDesign);
      expect(inResolver).toEqual(inDesign);
    }
  });

  it('publishes the defaults resolveScenario applies', () => {
    const resolved = resolveScenario({
      tasks: { count: 1, successRate: { dist: 'point', p: 0.5 } },
      verifier: {},
      selector: { kind: 'majorityVote' },
      policy: { maxAttempts: 3, mode: 'parallel' },
    });
    const bestScore = resolveScenario(withTasks({ selector: { kind: 'bestScore' } })).selector;
    const properties = schema.properties as Record<string, JsonSchema>;
    const prop = (def: string, key: string) => (defs[def].properties as Record<string, JsonSchema>)[key];
    const selectorForm = (kind: string) =>
      (defs.selector.oneOf as JsonSchema[]).find((form) => (form.properties as Record<string, { const: string }>).kind.const === kind)!.properties as Record<
        string,
        JsonSchema
      >;
    const sequential = resolveScenario({ tasks: { count: 1, successRate: { dist: 'point', p: 0.5 } }, policy: { maxAttempts: 1 } });
    expect(properties.seed.default).toBe(resolved.seed);
    expect(properties.name.default).toBe(resolved.name);
    expect(prop('tasks', 'resample').default).toBe(resolved.tasks.resample);
    expect(prop('attempts', 'correlation').default).toStrictEqual(resolved.attempts.correlation);
    expect((prop('attempts', 'cost').properties as Record<string, JsonSchema>).perAttempt.default).toBe((resolved.attempts.cost as { value: number }).value);
    expect((prop('attempts', 'latency').properties as Record<string, JsonSchema>).perAttempt.default).toBe(
      (resolved.attempts.latency as { value: number }).value,
    );
    expect(prop('verifier', 'falseAccept').default).toBe((resolved.verifier.falseAccept as { p: number }).p);
    expect(prop('verifier', 'falseReject').default).toBe((resolved.verifier.falseReject as { p: number }).p);
    expect(prop('verifier', 'cost').default).toBe(resolved.verifier.cost);
    expect(properties.selector.default).toStrictEqual(sequential.selector);
    expect(selectorForm('majorityVote').distinctWrong.default).toBe((resolved.selector as { distinctWrong: number }).distinctWrong);
    expect(selectorForm('majorityVote').concentration.default).toBe((resolved.selector as { concentration: number }).concentration);
    expect(selectorForm('bestScore').separation.default).toBe((bestScore as { separation: number }).separation);
    expect(selectorForm('bestScore').threshold.default).toBe((bestScore as { threshold: null }).threshold);
    expect(prop('policy', 'mode').default).toBe(sequential.policy.mode);
    expect(prop('policy', 'onNoAccept').default).toBe(resolved.policy.onNoAccept);
    expect((prop('policy', 'budget').properties as Record<string, JsonSchema>).cost.default).toBe(resolved.policy.budget.cost);
    expect((properties.run.properties as Record<string, JsonSchema>).replicates.default).toBe(resolved.run.replicates);
  });

  it('returns a fresh object on each call', () => {
    expect(scenarioJsonSchema()).not.toBe(scenarioJsonSchema());
    expect(scenarioJsonSchema()).toStrictEqual(scenarioJsonSchema());
  });
});
