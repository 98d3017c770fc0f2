import { InputError } from '../errors.js';
import { requireCounts } from '../checks.js';
import { requireList, requireObject, requireTaskList } from '../checkArgs.js';
import type { TaskTrials } from '../estimators/taskAverage.js';
import type { MixtureComponentInput } from '../scenario/scenarioInput.js';
import type { TaskFit } from './fitResult.js';
import type { ScenarioTasksInput } from './fitScenarioTasks.js';

/**
 * Tasks "like these ones, each with its own uncertainty": a `tasks` block whose success rate is
 * the mixture, over the observed tasks, of each task's posterior Beta(a + c, b + n − c) under the
 * fitted beta-binomial prior Beta(a, b) (empirical Bayes). Tasks with the same (n, c) share one
 * component, weighted by how many they are. Meant for `resample: true`: each replicate draws its
 * tasks afresh from these posteriors.
 * Example: prior Beta(1, 1), tasks (4, 4) and (4, 0) → components Beta(5, 1) and Beta(1, 5), ½ each.
 */
export function posteriorTasks(tasks: readonly TaskTrials[], fit: TaskFit): ScenarioTasksInput {
  requireTaskList('tasks', tasks, 1).forEach((task, i) => requireCounts(task.n, task.c, `tasks[${i}]`));
  const models = requireList('fit.models', requireObject('fit', fit).models);
  models.forEach((model, i) => requireObject(`fit.models[${i}]`, model));
  const betaBinomial = fit.models.find((model) => model.name === 'betaBinomial');
  const a = betaBinomial?.params?.a?.value;
  const b = betaBinomial?.params?.b?.value;
  if (typeof a !== 'number' || typeof b !== 'number' || !(a > 0 && b > 0 && Number.isFinite(a + b))) {
    throw new InputError('--per-task', 'needs a beta-binomial fit with finite a, b > 0 (these tasks are too uniform or too extreme for one)');
  }
  return posteriorTasksOf(tasks, a, b);
}

/**
 * `posteriorTasks` with the prior's a, b given (finite, > 0) and the tasks already checked: the
 * mixture over the tasks of Beta(a + c, b + n − c), tasks with the same (n, c) one component.
 * Example: prior Beta(1, 1), tasks (4, 4) and (4, 0) → components Beta(5, 1) and Beta(1, 5), ½ each.
 */
export function posteriorTasksOf(tasks: readonly TaskTrials[], a: number, b: number): ScenarioTasksInput {
  const counts = new Map<string, { n: number; c: number; size: number }>();
  for (const { n, c } of tasks) {
    const key = `${n},${c}`;
    const group = counts.get(key);
    if (group) group.size++;
    else counts.set(key, { n, c, size: 1 });
  }
  const components: MixtureComponentInput[] = [...counts.values()].map(({ n, c, size }) => ({
    weight: size / tasks.length,
    dist: 'beta',
    a: a + c,
    b: b + (n - c),
  }));
  if (components.length === 1) {
    const { weight: _weight, ...only } = components[0]!;
    return { count: tasks.length, successRate: only };
  }
  return { count: tasks.length, successRate: { dist: 'mixture', components } };
}
