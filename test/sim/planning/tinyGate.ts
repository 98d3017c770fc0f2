import { expect } from 'vitest';
import { gateDesign, type GateDesignOptions } from '../../../packages/sim/src/planning/gateDesign.js';
import type { GateRequirement } from '../../../packages/sim/src/gate/judgeRequirement.js';

// The tiny design of test/reference/gate_false_fail.py, shared by gateDesign.test.ts and its slow
// sibling: the pilot's 12 tasks (n = 4), 1 trial each, `pass@1 >= 0.25` at 95 %. Exact false-fail
// by enumeration there: 0.4335479462, prior Beta(1.3768656716, 1.0708955224), the gate passing at
// s = 7..12 successes.
const PILOT_C = [0, 1, 1, 2, 2, 2, 3, 3, 4, 4, 4, 1];
export const pilot = PILOT_C.map((c) => ({ n: 4, c }));
export const own: GateRequirement = { delta: false, metric: 'passAtK', k: 1, op: '>=', threshold: 0.25 };
export const rule = { confidence: 0.95, estimand: 'population', minOverlap: 0.5 } as const;
export const tiny = (simulations: number, extra: Partial<GateDesignOptions> = {}): GateDesignOptions => ({
  requirements: [own],
  rule,
  pilot,
  tasks: 12,
  trials: 1,
  regressions: [],
  simulations,
  seed: 7,
  ...extra,
});

/**
 * The tiny design's false-fail rate at `simulations` against the enumeration of gate_false_fail.py
 * (0.4335479462) within 4 SE, its moment prior to 8 digits, and the one requirement's fail rate
 * being the false-fail rate.
 */
export function expectFalseFailMatchesEnumeration(simulations: number): void {
  const design = gateDesign(tiny(simulations));
  expect(design.prior.a).toBeCloseTo(1.3768656716, 8);
  expect(design.prior.b).toBeCloseTo(1.0708955224, 8);
  expect(Math.abs(design.falseFail.value - 0.4335479462)).toBeLessThanOrEqual(4 * design.falseFail.se);
  expect(design.failByRequirement[0]).toEqual(design.falseFail);
}
