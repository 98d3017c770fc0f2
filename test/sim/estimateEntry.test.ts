import { describe, expect, it } from 'vitest';
import * as errors from '../../packages/sim/src/errors.js';
import * as errorsEntry from '../../packages/sim/src/errorsEntry.js';
import * as estimate from '../../packages/sim/src/estimateEntry.js';

// The CLI's estimate command loads `@passk/sim/estimate`, its readers `@passk/sim/errors`: an
// InputError from either must be the one class the CLI tests with instanceof (exit code 2).
describe('@passk/sim/estimate entry', () => {
  it('re-exports the error classes of errors.ts (the same class as @passk/sim/errors)', () => {
    expect(estimate.InputError).toBe(errors.InputError);
    expect(estimate.InputError).toBe(errorsEntry.InputError);
    expect(estimate.NotEstimableError).toBe(errors.NotEstimableError);
  });

  it("its estimators' input errors are instances of that class", () => {
    expect(() => estimate.averageOverTasks([{ n: 5, c: 7 }], [1])).toThrow(errorsEntry.InputError);
    expect(() => estimate.averageOverTasks([{ n: 5, c: 7 }], [1])).toThrow('tasks[0].c: must be ≤ n (5), got 7');
  });
});
