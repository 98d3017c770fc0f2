import { describe, expect, it } from 'vitest';
import { sampleSuccessRate } from '../../../packages/sim/src/distributions/sampleSuccessRate.js';
import { taskRates } from '../../../packages/sim/src/distributions/taskRates.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';

describe('taskRates(tasks, rng)', () => {
  it('fixed (docs/design.md §3 example [0.9, 0.5, 0.0]): the values themselves, a copy, rng untouched', () => {
    const values = [0.9, 0.5, 0];
    const used = streamRng(1, 'rates');
    const fresh = streamRng(1, 'rates');
    const rates = taskRates({ count: 3, successRate: { dist: 'fixed', values }, resample: false }, used);
    expect(Array.from(rates)).toEqual(values);
    rates[0] = 0.1;
    expect(values[0]).toBe(0.9);
    expect(used.uint32()).toBe(fresh.uint32());
  });

  it('other distributions: count draws of sampleSuccessRate in task order from the one stream', () => {
    const successRate = { dist: 'beta', a: 2.8, b: 1.2 } as const;
    const rates = taskRates({ count: 5, successRate, resample: true }, streamRng(2, 'rates'));
    const rng = streamRng(2, 'rates');
    expect(Array.from(rates)).toEqual(Array.from({ length: 5 }, () => sampleSuccessRate(successRate, rng)));
    expect(taskRates({ count: 0, successRate, resample: true }, rng).length).toBe(0);
  });

  it('rejects a count that disagrees with the fixed values, and a bad count', () => {
    const rng = streamRng(3, 'rates');
    expect(() => taskRates({ count: 2, successRate: { dist: 'fixed', values: [0.5] }, resample: false }, rng)).toThrow(
      'tasks.count: must equal the number of fixed values (1), got 2',
    );
    expect(() => taskRates({ count: -1, successRate: { dist: 'point', p: 0.5 }, resample: false }, rng)).toThrow(InputError);
    expect(() => taskRates({ count: 2, successRate: { dist: 'fixed', values: [0.5, 1.5] }, resample: false }, rng)).toThrow(
      'tasks.successRate.values[1]: must be a number between 0 and 1, got 1.5',
    );
  });
});
