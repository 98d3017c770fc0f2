import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../../../packages/sim/src/scenario/defaultScenario.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import { scenarioToInput } from '../../../packages/sim/src/scenario/scenarioToInput.js';
import { fixtureNames, parseYaml, readFixture, stringifyYaml } from './scenarioFixtures.js';

describe('scenarioToInput', () => {
  it.each(fixtureNames().valid)('%s: resolving the written-back file gives the same scenario', (name) => {
    const scenario = resolveScenario(readFixture(name));
    const input = scenarioToInput(scenario);
    expect(resolveScenario(input)).toStrictEqual(scenario);
    // …also after a trip through the text formats the CLI writes.
    expect(resolveScenario(JSON.parse(JSON.stringify(input)))).toStrictEqual(scenario);
    expect(resolveScenario(parseYaml(stringifyYaml(input)))).toStrictEqual(scenario);
  });

  it('writes the canonical, fully explicit form (the JSDoc example: beta as a, b)', () => {
    expect(scenarioToInput(defaultScenario())).toStrictEqual({
      seed: 42,
      name: 'default: agent with a 5 % false-accept verifier',
      tasks: {
        count: 200,
        successRate: {
          dist: 'mixture',
          components: [
            { weight: 0.15, dist: 'point', p: 0 },
            { weight: 0.1, dist: 'point', p: 1 },
            // python3 -c 'print(0.6*3, (1-0.6)*3)' → 1.7999999999999998 1.2000000000000002
            { weight: 0.75, dist: 'beta', a: 1.7999999999999998, b: 1.2000000000000002 },
          ],
        },
        resample: false,
      },
      attempts: {
        correlation: { model: 'exchangeable', icc: 0.2 },
        cost: { perAttempt: { dist: 'lognormal', median: 0.02, sigma: 0.5 } },
        latency: { perAttempt: 1 },
      },
      verifier: { falseAccept: 0.05, falseReject: 0.1, cost: 0.001 },
      selector: { kind: 'firstAccepted' },
      policy: { maxAttempts: 8, mode: 'sequential', batchSize: 1, onNoAccept: 'abstain', budget: { cost: null, latency: null, mode: 'soft' } },
      run: { replicates: 2000 },
    });
  });

  it('leaves out the name when null and the verifier when perfect', () => {
    const input = scenarioToInput(resolveScenario(readFixture('minimal.yaml')));
    expect(Object.keys(input)).toEqual(['seed', 'tasks', 'attempts', 'selector', 'policy', 'run']);
  });

  it('writes a verifier that was given, even when it is error-free', () => {
    const scenario = resolveScenario({
      tasks: { count: 1, successRate: { dist: 'point', p: 0.5 } },
      verifier: {},
      policy: { maxAttempts: 1 },
    });
    expect(scenarioToInput(scenario).verifier).toStrictEqual({ falseAccept: 0, falseReject: 0, cost: 0 });
    expect(resolveScenario(scenarioToInput(scenario)).verifier.perfect).toBe(false);
  });

  it('keeps mixture weights bit for bit when they are normalised only to rounding', () => {
    // 1/3 three times sums to 1 in doubles; 0.1 ten times does not (0.9999999999999999).
    const weights = Array.from({ length: 10 }, () => 0.1);
    const scenario = resolveScenario({
      tasks: {
        count: 1,
        successRate: { dist: 'mixture', components: weights.map((weight) => ({ weight, dist: 'point', p: 0.5 })) },
      },
      policy: { maxAttempts: 1 },
    });
    const written = scenarioToInput(scenario).tasks.successRate as { components: ReadonlyArray<{ weight: number }> };
    expect(written.components.map((c) => c.weight)).toEqual(weights);
    expect(resolveScenario(scenarioToInput(scenario))).toStrictEqual(scenario);
  });
});
