import { describe, expect, it } from 'vitest';
import { auditMomentsFromPilot, auditMomentsFromRates, planAudit } from '../../../packages/sim/src/internal.js';

// Expected values: test/reference/ppi.py (moments_from_rates, plan_audit), its lines quoted.
// The planned variance against the variance of 12 000 simulated datasets: planAudit.variance.slow.test.ts.
const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-12);
const rates = { mean: 0.6, concentration: 3, trials: 5, falseAccept: 0.3, falseReject: 0.2 };

describe('planAudit: tasks to audit for a half-width of the judge-corrected interval', () => {
  it('moments from rates (closed form)', () => {
    // moments 0.096 0.06 0.047999999999999994
    const m = auditMomentsFromRates(rates);
    close(m.truthVariance, 0.096);
    close(m.judgedVariance, 0.06);
    close(m.covariance, 0.048);
  });

  it('the plan matches the reference', () => {
    // plan T=200 h=0.08 (42, 0.0799137546763056, 61, 0.8)
    const plan = planAudit(auditMomentsFromRates(rates), { tasks: 200, halfWidth: 0.08, confidence: 0.95 });
    expect(plan.audited).toBe(42);
    expect(plan.auditOnly).toBe(61);
    close(plan.halfWidth, 0.0799137546763056);
    // plan good judge T=500 h=0.03 (130, 0.029988239452920278, 413, 1.0)
    const good = planAudit(auditMomentsFromRates({ ...rates, falseAccept: 0.05, falseReject: 0.02 }), { tasks: 500, halfWidth: 0.03, confidence: 0.95 });
    expect([good.audited, good.auditOnly, good.lambda]).toEqual([130, 413, 1]);
    // plan unreachable T=50 h=0.01 (None, 0.08810160093237793, None, 0.8)
    const out = planAudit(auditMomentsFromRates(rates), { tasks: 50, halfWidth: 0.01, confidence: 0.95 });
    expect([out.audited, out.auditOnly]).toEqual([null, null]);
    close(out.halfWidth, 0.08810160093237793);
  });

  it('moments from a pilot: sample moments of the audited pairs and of all judged values', () => {
    const m = auditMomentsFromPilot([{ judged: 1, truth: 1 }, { judged: 0, truth: 0 }, { judged: 1, truth: 0 }, { judged: 0 }]);
    // y = (1, 0, 0), f_A = (1, 0, 1): var y = 1/3, cov = (2/3·1/3 + (−1/3)(−2/3) + (−1/3)(1/3))/2 = 1/6; f = (1, 0, 1, 0): var = 1/3.
    close(m.truthVariance, 1 / 3);
    close(m.covariance, 1 / 6);
    close(m.judgedVariance, 1 / 3);
  });
});
