import { textIdBytes, type TrialBudget } from './trialBudget.js';

/** Text trial ids (`task.1-of-5`) become numbers above every numeric trial. */
const TEXT_BASE = 2 ** 50;

/**
 * Interns text trial ids so that (task, trial) pairs can be checked like numeric ones, and named
 * back. Numbers are given per task (its first text id is 2^50, the next 2^50 + 1, …), so a task's
 * text ids stay dense and the per-task bitmaps of TaskTrials hold them in a bit each, whatever
 * the other tasks' ids are. Each (task, text) costs one Map entry and its text, taken from the trial budget.
 */
export class TrialIds {
  /** Per task, its text ids → their numbers above 2^50 (small integers, no heap number per entry). */
  private readonly tasks: (Map<string, number> | undefined)[] = [];

  /** `budget`: the memory the ids may take (shared with the per-task trial bitmaps). */
  constructor(private readonly budget: TrialBudget) {}

  /** The number standing for text id `text` of task `task`; -1 when keeping a new one would pass the budget (`budget.exceeded`). */
  of(task: number, text: string): number {
    let ids = this.tasks[task];
    if (ids === undefined) {
      ids = new Map();
      this.tasks[task] = ids;
    }
    let id = ids.get(text);
    if (id === undefined) {
      if (!this.budget.take(textIdBytes(text))) return -1;
      id = ids.size;
      ids.set(text, id);
    }
    return TEXT_BASE + id;
  }

  /** Trial `trial` of task `task` as written: the number, or the text it stands for (looked up once, for an error). */
  name(task: number, trial: number): string {
    if (trial < TEXT_BASE) return String(trial);
    for (const [text, id] of this.tasks[task] ?? []) if (TEXT_BASE + id === trial) return JSON.stringify(text);
    return String(trial);
  }
}
