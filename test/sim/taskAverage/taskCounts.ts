import { groupTaskCounts, type CountGroup } from '../../../packages/sim/src/estimators/taskAverage.js';

/** Count groups from (n, c) per task (`groupTaskCounts`). */
export function groupsFrom(tasks: readonly (readonly [number, number])[]): readonly CountGroup[] {
  return groupTaskCounts(
    tasks.map(([n]) => n),
    tasks.map(([, c]) => c),
  ).groups;
}

/** `times` tasks with the same (n, c). */
export const repeat = (task: readonly [number, number], times: number) => Array.from({ length: times }, () => task);

/** C(n, c) as a product (exact for the small n of these tests). */
export function binomial(n: number, c: number): number {
  let value = 1;
  for (let i = 1; i <= c; i++) value = (value * (n - c + i)) / i;
  return value;
}
