import { describe, expect, it } from 'vitest';
import { fitScenarioTasks } from '../../../packages/sim/src/fit/fitScenarioTasks.js';
import { mixtureParameters } from '../../../packages/sim/src/fit/mixtureParameters.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';

const accepted = (tasks: unknown) => resolveScenario({ tasks, policy: { maxAttempts: 8 } }).tasks;

describe('fitScenarioTasks', () => {
  it('doc example: π0 = 0.2, π1 = 0.1, Beta(2, 3) with w = 0.7 → a three-component mixture that resolveScenario accepts', () => {
    const block = fitScenarioTasks(mixtureParameters([Math.log(2 / 3), Math.log(5), Math.log(0.2 / 0.7), Math.log(0.1 / 0.7)]), 50);
    expect(block).toEqual({
      count: 50,
      successRate: {
        dist: 'mixture',
        components: [
          { weight: expect.closeTo(0.2, 14), dist: 'point', p: 0 },
          { weight: expect.closeTo(0.1, 14), dist: 'point', p: 1 },
          { weight: expect.closeTo(0.7, 14), dist: 'beta', a: expect.closeTo(2, 13), b: expect.closeTo(3, 13) },
        ],
      },
    });
    const tasks = accepted(block);
    expect(tasks.count).toBe(50);
    expect(tasks.successRate.dist).toBe('mixture');
  });

  it('a beta-binomial fit is a plain beta', () => {
    const block = fitScenarioTasks(mixtureParameters([0, Math.log(4), -Infinity, -Infinity]), 7);
    expect(block).toEqual({ count: 7, successRate: { dist: 'beta', a: expect.closeTo(2, 13), b: expect.closeTo(2, 13) } });
    expect(accepted(block).successRate).toEqual({ dist: 'beta', a: expect.closeTo(2, 13), b: expect.closeTo(2, 13) });
  });

  it('limits: binomial → a point at the mean; two-point → point masses at 0 and 1; zero weights left out', () => {
    const binomial = fitScenarioTasks(mixtureParameters([0, Infinity, -Infinity, -Infinity]), 3);
    expect(binomial.successRate).toEqual({ dist: 'point', p: 0.5 });
    const twoPoint = fitScenarioTasks(mixtureParameters([Math.log(0.25 / 0.75), -Infinity, -Infinity, -Infinity]), 3);
    expect(twoPoint.successRate).toEqual({
      dist: 'mixture',
      components: [
        { weight: expect.closeTo(0.75, 14), dist: 'point', p: 0 },
        { weight: expect.closeTo(0.25, 14), dist: 'point', p: 1 },
      ],
    });
    const noZero = fitScenarioTasks(mixtureParameters([0, Infinity, -Infinity, 0]), 3);
    expect(noZero.successRate).toEqual({
      dist: 'mixture',
      components: [
        { weight: 0.5, dist: 'point', p: 1 },
        { weight: 0.5, dist: 'point', p: 0.5 },
      ],
    });
    for (const block of [binomial, twoPoint, noZero]) expect(() => accepted(block)).not.toThrow();
  });
});
