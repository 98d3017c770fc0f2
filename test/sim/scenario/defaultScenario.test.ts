import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO_INPUT, defaultScenario } from '../../../packages/sim/src/scenario/defaultScenario.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import { readFixture } from './scenarioFixtures.js';

function isDeeplyFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeeplyFrozen);
}

describe('defaultScenario', () => {
  it('is the scenario the brief specifies', () => {
    const s = defaultScenario();
    expect(s.name).toBe('default: agent with a 5 % false-accept verifier');
    expect(s.seed).toBe(42);
    expect(s.tasks.count).toBe(200);
    expect(s.tasks.resample).toBe(false);
    expect(s.tasks.successRate).toStrictEqual({
      dist: 'mixture',
      components: [
        { weight: 0.15, dist: { dist: 'point', p: 0 } },
        { weight: 0.1, dist: { dist: 'point', p: 1 } },
        // Beta(mean 0.6, concentration 3): python3 -c 'print(0.6*3, (1-0.6)*3)' → 1.7999999999999998 1.2000000000000002
        { weight: 0.75, dist: { dist: 'beta', a: 1.7999999999999998, b: 1.2000000000000002 } },
      ],
    });
    expect(s.attempts).toStrictEqual({
      correlation: { model: 'exchangeable', icc: 0.2 },
      cost: { dist: 'lognormal', median: 0.02, sigma: 0.5 },
      latency: { dist: 'constant', value: 1 },
    });
    expect(s.verifier).toStrictEqual({
      perfect: false,
      falseAccept: { dist: 'point', p: 0.05 },
      falseReject: { dist: 'point', p: 0.1 },
      cost: 0.001,
    });
    expect(s.selector).toStrictEqual({ kind: 'firstAccepted' });
    expect(s.policy).toStrictEqual({
      maxAttempts: 8,
      mode: 'sequential',
      batchSize: 1,
      onNoAccept: 'abstain',
      budget: { cost: null, latency: null, mode: 'soft' },
    });
    expect(s.run).toStrictEqual({ replicates: 2000 });
  });

  it('equals the default.yaml fixture, so the file users copy is the built-in default', () => {
    expect(resolveScenario(readFixture('default.yaml'))).toStrictEqual(defaultScenario());
  });

  it('is deeply frozen, and so is its file form', () => {
    expect(isDeeplyFrozen(defaultScenario())).toBe(true);
    expect(isDeeplyFrozen(DEFAULT_SCENARIO_INPUT)).toBe(true);
    expect(() => {
      (DEFAULT_SCENARIO_INPUT.policy as { maxAttempts: number }).maxAttempts = 1;
    }).toThrow(TypeError);
  });

  it('makes the point of the tool: on never-solved tasks retries turn abstentions into wrong deliveries', () => {
    // Closed form of docs/design.md §3 (sequential, stop at first accept) with p = 0: a = 0, b = FA,
    // β = 1 − FA; P(wrong) = b(1 − β^K)/(1 − β) = 1 − 0.95^8. python3 -c 'print(1-0.95**8)' → 0.33657...
    const s = defaultScenario();
    const fa = (s.verifier.falseAccept as { p: number }).p;
    const k = s.policy.maxAttempts;
    expect(1 - (1 - fa) ** k).toBeCloseTo(0.3365796, 6);
  });
});
