import { InputError } from './errors.js';

/**
 * A long computation (planning searches, the bootstrap) that can be driven step by step: it yields how far it is (done of total)
 * between steps and returns its result. The plain functions run it to the end at once (`runSteps`);
 * the CLI drives it between its own checkpoints, to show progress and let a Ctrl-C in.
 */
export type Steps<T> = Generator<{ readonly done: number; readonly total: number }, T, void>;

/**
 * Runs a stepwise computation to its end and returns its result.
 *
 * @category Building blocks
 * @param steps - The steps of a computation (`estimateSteps`, `compareSteps`, `planSteps.*`).
 * @returns Its result.
 * @example
 * ```ts
 * import { planSteps, runSteps } from '@passk/sim';
 * console.log(runSteps(planSteps.demonstrate({ target: 0.9, k: 8 })).runs); // → 228
 * ```
 */
export function runSteps<T>(steps: Steps<T>): T {
  if (typeof steps !== 'object' || steps === null || typeof steps.next !== 'function') {
    throw new InputError(
      'steps',
      'must be the steps of a computation (e.g. planComparisonSteps(options))',
      typeof steps === 'object' && steps !== null ? 'an object without next()' : steps,
    );
  }
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** The steps of one part of a larger computation, counted within it: `done` moved on by `before`, out of `total`. */
export function* partOfSteps<T>(steps: Steps<T>, before: number, total: number): Steps<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    yield { done: before + next.value.done, total };
  }
}
