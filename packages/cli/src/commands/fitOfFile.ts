import { fit, InputError, type TaskFit } from '@passk/sim/internal';

/** The fit job on a results file's tasks: its errors about the tasks (`tasks: must include a task with n ≥ 2 …`) name the file. */
export function fitOfFile(tasks: Parameters<typeof fit>[0], options: Parameters<typeof fit>[1], file: string): TaskFit {
  try {
    return fit(tasks, options);
  } catch (error) {
    if (error instanceof InputError && error.where === 'tasks') throw new InputError(file, error.rule, error.value);
    throw error;
  }
}
