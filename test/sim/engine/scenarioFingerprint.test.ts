import { describe, expect, it } from 'vitest';
import { scenarioFingerprint } from '../../../packages/sim/src/engine/scenarioFingerprint.js';
import { scenarioOf } from './engineChecks.js';

describe('scenarioFingerprint', () => {
  it('is 16 hex digits, equal for equal scenarios, different when anything changes', () => {
    const a = scenarioFingerprint(scenarioOf([0.5], {}, 100), 'f/1');
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(scenarioFingerprint(scenarioOf([0.5], {}, 100), 'f/1')).toBe(a);
    expect(scenarioFingerprint(scenarioOf([0.5], {}, 101), 'f/1')).not.toBe(a);
    expect(scenarioFingerprint(scenarioOf([0.5000001], {}, 100), 'f/1')).not.toBe(a);
    expect(scenarioFingerprint(scenarioOf([0.5], {}, 100), 'f/2')).not.toBe(a);
  });
});
