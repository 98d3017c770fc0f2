// The policy explorer's feedback slider over [−1, 1] (issue #40): a negative afterFailure shrinks
// the success rate after a failure, p ← p·(1 + a); the curves against that closed form, the slider's
// range per correlation, and the URL fragment.
import { describe, expect, it } from 'vitest';
import { decodeFragment, encodeFragment, startState } from '../../../packages/cli/src/report/explorer/explorerFragment.js';
import { EXPLORER_START } from '../../../packages/cli/src/report/explorer/explorerPresets.js';
import { policyMarkup } from '../../../packages/cli/src/report/explorer/policyMarkup.js';
import { POLICY_START, strengthRange, type PolicySettings } from '../../../packages/cli/src/report/explorer/policySettings.js';
import { policyCurves } from '../../../packages/cli/src/report/explorer/policyValues.js';

const base: PolicySettings = {
  ...POLICY_START,
  population: 'p',
  p: 0.6,
  correlation: 'feedback',
  strength: -0.4,
  falseAccept: 0,
  falseReject: 0,
  mode: 'sequential',
};

describe('feedback below 0 in the explorer', () => {
  it('coverage@k = 1 − Π_{j<k} (1 − p_j) with p_0 = 0.6, p_{j+1} = p_j·(1 − 0.4); pass^k = 0.6^k (no failure, no change)', () => {
    const curves = policyCurves(base);
    let allFail = 1;
    let p = 0.6;
    curves.forEach((row, i) => {
      allFail *= 1 - p;
      p *= 1 - 0.4;
      expect(row.coverage).toBeCloseTo(1 - allFail, 12);
      expect(row.passHatK).toBeCloseTo(0.6 ** (i + 1), 12);
    });
    // Worse than independent retries at every k ≥ 2.
    const independent = policyCurves({ ...base, correlation: 'independent' });
    expect(curves[3]!.coverage!).toBeLessThan(independent[3]!.coverage!);
  });

  it('the strength slider spans [−1, 1] for feedback and [0, 0.95] for icc and stickiness', () => {
    expect(strengthRange('feedback')).toEqual([-1, 1, 0.01]);
    expect(strengthRange('exchangeable')).toEqual([0, 0.95, 0.01]);
    expect(String(policyMarkup([], base))).toMatch(/id="pe-strength" min="-1" max="1"/);
    expect(String(policyMarkup([], { ...base, correlation: 'markov', strength: 0.3 }))).toMatch(/id="pe-strength" min="0" max="0.95"/);
  });

  it('a link keeps a negative afterFailure for feedback, and not as an icc', () => {
    const start = startState(EXPLORER_START);
    const state = { ...start, policy: base };
    expect(decodeFragment(encodeFragment(state), start).policy.strength).toBe(-0.4);
    const asIcc = decodeFragment(encodeFragment({ ...state, policy: { ...base, correlation: 'exchangeable' } }), start);
    expect(asIcc.policy.correlation).toBe('exchangeable');
    expect(asIcc.policy.strength).toBe(start.policy.strength);
  });
});
