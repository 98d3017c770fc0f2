import { describe, expect, it } from 'vitest';
import { gateDesign } from '../../../packages/sim/src/planning/gateDesign.js';
import { judgeRequirement, type GateRequirement } from '../../../packages/sim/src/gate/judgeRequirement.js';
import type { Run } from '../../../packages/sim/src/compare/runTasks.js';

// Reduced bench/decisions/gateDesign.mjs (pnpm decision-study:gate runs the full one): plan gate's
// simulation (gateDesign, from a pilot of 1000 trials per task, so its posteriors sit on the truth)
// against independent gate runs drawn from the known rates with an own generator (mulberry32), an
// own log-odds bisection for the regression, each pair judged by the gate's rule. Agreement within
// 4 combined Monte Carlo SE.

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shiftedRates(rates: number[], x: number): number[] {
  const mean = (r: number[]) => r.reduce((s, p) => s + p, 0) / r.length;
  const target = mean(rates) - x;
  const shift = (d: number) => rates.map((p) => 1 / (1 + Math.exp(-(Math.log(p / (1 - p)) - d))));
  let lo = 0;
  let hi = 64;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (mean(shift(mid)) > target) lo = mid;
    else hi = mid;
  }
  return shift(hi);
}

const bernoulliRun = (u: () => number, name: string, rates: number[], trials: number): Run => ({
  name,
  tasks: rates.map((p, id) => {
    let c = 0;
    for (let j = 0; j < trials; j++) if (u() < p) c++;
    return { id, n: trials, c };
  }),
});

describe('plan gate agrees with independently simulated gate runs (reduced decision study)', () => {
  it('30 tasks × 5 trials, delta(pass@1) >= -0.06: false-fail and pass at a 3-point regression within 4 SE', () => {
    const u = mulberry32(41);
    // Rates spread over (0.05, 0.95), away from 0 and 1 so the log-odds shift is defined for every task.
    const rates = Array.from({ length: 30 }, () => 0.05 + 0.9 * u());
    const pilot = rates.map((p) => {
      let c = 0;
      for (let j = 0; j < 1000; j++) if (u() < p) c++;
      return { n: 1000, c };
    });
    const requirement: GateRequirement = { delta: true, metric: 'passAtK', k: 1, op: '>=', threshold: -0.06 };
    const rule = { confidence: 0.95, estimand: 'population', minOverlap: 0.5 } as const;
    const S = 150;
    const planned = gateDesign({ requirements: [requirement], rule, pilot, tasks: 30, trials: 5, regressions: [0.03], simulations: S, seed: 3 });
    const regressed = shiftedRates(rates, 0.03);
    let fails = 0;
    let passes = 0;
    for (let i = 0; i < S; i++) {
      const baseline = bernoulliRun(u, 'baseline', rates, 5);
      const same = judgeRequirement(requirement, bernoulliRun(u, 'candidate', rates, 5), baseline, rule);
      const worse = judgeRequirement(requirement, bernoulliRun(u, 'candidate', regressed, 5), baseline, rule);
      if (same.status === 'judged' && !same.pass) fails++;
      if (worse.status === 'judged' && worse.pass) passes++;
    }
    const se = (q: number) => Math.sqrt((q * (1 - q)) / S);
    const agree = (a: { value: number; se: number }, q: number) => expect(Math.abs(a.value - q)).toBeLessThanOrEqual(4 * Math.hypot(a.se, se(q)));
    agree(planned.falseFail, fails / S);
    agree(planned.passUnderRegression[0]!.pass, passes / S);
    // Not a test that cannot fail: both rates are far from 0 and 1 here.
    expect(fails / S).toBeGreaterThan(0.3);
    expect(passes / S).toBeGreaterThan(0.02);
  });
});
