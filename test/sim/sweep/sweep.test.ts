import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { applySweepPoint } from '../../../packages/sim/src/sweep/applySweepPoint.js';
import { bestUnderConstraints } from '../../../packages/sim/src/sweep/bestUnderConstraints.js';
import { efficientFrontier } from '../../../packages/sim/src/sweep/efficientFrontier.js';
import { parseSweepAxis, sweepGrid } from '../../../packages/sim/src/sweep/sweepGrid.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import { scenarioToInput } from '../../../packages/sim/src/scenario/scenarioToInput.js';

describe('parseSweepAxis', () => {
  it('reads ranges, lists and their mix; numbers, null, booleans and words', () => {
    expect(parseSweepAxis('policy.maxAttempts=1..4')).toEqual({ path: 'policy.maxAttempts', values: [1, 2, 3, 4] });
    expect(parseSweepAxis('verifier.falseAccept=0,0.02, .05')).toEqual({ path: 'verifier.falseAccept', values: [0, 0.02, 0.05] });
    expect(parseSweepAxis('policy.maxAttempts=1..2,8')).toEqual({ path: 'policy.maxAttempts', values: [1, 2, 8] });
    expect(parseSweepAxis('policy.mode=sequential,parallel').values).toEqual(['sequential', 'parallel']);
    expect(parseSweepAxis('policy.budget.cost=null,0.5').values).toEqual([null, 0.5]);
    expect(parseSweepAxis('tasks.resample=true,false').values).toEqual([true, false]);
  });

  it('rejects malformed axes with one clear message', () => {
    expect(() => parseSweepAxis('maxAttempts')).toThrow(InputError);
    expect(() => parseSweepAxis('policy.maxAttempts=4..1')).toThrow('--vary: range 4..1 must go up');
    expect(() => parseSweepAxis('policy.maxAttempts=1,,2')).toThrow('--vary: has an empty value in its list');
  });

  it('takes only paths of scenario keys, so no path reaches a prototype', () => {
    expect(() => parseSweepAxis('__proto__.polluted=1')).toThrow(
      '--vary: must be the dotted path of a scenario key (e.g. policy.maxAttempts; see passk schema), got "__proto__.polluted"',
    );
    expect(() => parseSweepAxis('constructor.prototype.x=1')).toThrow('got "constructor.prototype.x"');
    expect(() => parseSweepAxis('policy.maxAtempts=1')).toThrow('(did you mean policy.maxAttempts?)');
    expect(parseSweepAxis('tasks.successRate.mean=0.5').path).toBe('tasks.successRate.mean');
  });
});

describe('sweepGrid', () => {
  it('is the Cartesian product, first axis slowest', () => {
    const grid = sweepGrid([parseSweepAxis('policy.maxAttempts=1..2'), parseSweepAxis('policy.mode=p,q')]);
    expect(grid).toEqual([
      { 'policy.maxAttempts': 1, 'policy.mode': 'p' },
      { 'policy.maxAttempts': 1, 'policy.mode': 'q' },
      { 'policy.maxAttempts': 2, 'policy.mode': 'p' },
      { 'policy.maxAttempts': 2, 'policy.mode': 'q' },
    ]);
    expect(() => sweepGrid([parseSweepAxis('run.replicates=1'), parseSweepAxis('run.replicates=2')])).toThrow(
      '--vary: names each path once, got "run.replicates"',
    );
  });
});

describe('applySweepPoint', () => {
  const base = scenarioToInput(resolveScenario({ tasks: { count: 3, successRate: { dist: 'point', p: 0.5 } }, policy: { maxAttempts: 4 } }));

  it('sets values at dotted paths, creating objects, without touching the base', () => {
    const changed = applySweepPoint(base, { 'policy.maxAttempts': 6, 'verifier.falseAccept': 0.1 });
    expect(changed.policy.maxAttempts).toBe(6);
    expect((changed as { verifier?: { falseAccept: number } }).verifier?.falseAccept).toBe(0.1);
    expect(base.policy.maxAttempts).toBe(4);
  });

  it('lets mode and maxAttempts vary without tripping the batch-size rules', () => {
    const parallel = resolveScenario(applySweepPoint(base, { 'policy.mode': 'parallel', 'policy.maxAttempts': 6 }));
    expect(parallel.policy).toMatchObject({ mode: 'parallel', maxAttempts: 6, batchSize: 6 });
    const batches = resolveScenario(applySweepPoint(base, { 'policy.mode': 'batches', 'policy.batchSize': 2 }));
    expect(batches.policy).toMatchObject({ mode: 'batches', batchSize: 2 });
  });

  it('refuses paths that are no scenario key and leaves Object.prototype untouched', () => {
    const hostile = ['__proto__.polluted', 'constructor.prototype.polluted', '__proto__', 'policy.__proto__.polluted', 'tasks.constructor.prototype.polluted'];
    for (const path of hostile) {
      expect(() => applySweepPoint(base, { [path]: 1 }), path).toThrow(`sweep point ${path}: must be the dotted path of a scenario key`);
    }
    // A point built with JSON.parse holds "__proto__" as an own key, as a sweep file could.
    expect(() => applySweepPoint(base, JSON.parse('{"__proto__": {"polluted": 1}}'))).toThrow(InputError);
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('efficientFrontier and bestUnderConstraints (hand-checked examples)', () => {
  const points = [
    { cost: 1, deliveredCorrect: 0.5, deliveredWrong: 0.01 },
    { cost: 2, deliveredCorrect: 0.4, deliveredWrong: 0.01 }, // dominated by the first
    { cost: 3, deliveredCorrect: 0.7, deliveredWrong: 0.05 },
    { cost: 3, deliveredCorrect: 0.6, deliveredWrong: 0.0 }, // same cost, worse: dominated
    { cost: 5, deliveredCorrect: 0.9, deliveredWrong: 0.08 },
  ];

  it('keeps the points no other point beats on both cost and delivery, by increasing cost', () => {
    expect(efficientFrontier(points)).toEqual([0, 2, 4]);
    expect(
      efficientFrontier([
        { cost: 1, deliveredCorrect: 0.5 },
        { cost: 1, deliveredCorrect: 0.5 },
      ]),
    ).toEqual([0]);
  });

  it('picks the best delivery among points meeting the constraints', () => {
    expect(bestUnderConstraints(points, { maxCost: null, maxWrongDelivery: null })).toBe(4);
    expect(bestUnderConstraints(points, { maxCost: 3, maxWrongDelivery: null })).toBe(2);
    expect(bestUnderConstraints(points, { maxCost: 3, maxWrongDelivery: 0.02 })).toBe(3);
    expect(bestUnderConstraints(points, { maxCost: 0.5, maxWrongDelivery: null })).toBeNull();
  });
});
