import { AttemptAmounts } from './attemptAmounts.js';
import { DistinctValues } from './distinctValues.js';
import { EpisodeCollector } from './episodeCollector.js';
import type { ResolvedResultsReadOptions } from './resultsReadOptions.js';
import { TrialBudget } from './trialBudget.js';
import { TrialIds } from './trialIds.js';

/** Separates a group's value from the task id in the counts builder's keys when rows are grouped (`by`). */
export const GROUP_SEPARATOR = '\u001f';

/**
 * What one read over all its inputs shares beyond the counts: the system columns' values (for the
 * one-system guard), per-attempt cost and latency by task, and the text trial ids.
 */
export class ReadState {
  readonly distinct: DistinctValues;
  readonly cost = new AttemptAmounts();
  readonly latency = new AttemptAmounts();
  /** The memory the (task, trial) check may hold: text ids here and the per-task trials share it. */
  readonly trialBudget: TrialBudget;
  readonly trialIds: TrialIds;
  /** Attempts in episode or run order, when the read keeps them (--episode-col, --attempt-col, a harness's retry lists, or run order by file). */
  readonly episodes = new EpisodeCollector();
  /** Keep each counted attempt's file as its run index (several files, one run each; set by the read before the first file). */
  runOrderByFile = false;

  constructor(readonly options: ResolvedResultsReadOptions) {
    this.distinct = new DistinctValues(options.systemColumns, options.by);
    this.trialBudget = new TrialBudget(options.maxTrialMemory);
    this.trialIds = new TrialIds(this.trialBudget);
  }

  /** The builder key of a task in a group (`by`), or the task id itself. */
  key(group: string | undefined, id: string): string {
    return group === undefined ? id : `${group}${GROUP_SEPARATOR}${id}`;
  }
}
