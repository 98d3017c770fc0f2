import type { Xoshiro128 } from '../rng/xoshiro128.js';
import type { Scenario } from '../scenario/types.js';
import type { BlockRunner } from './blockRunner.js';
import { METRIC_COUNT } from './engineMetrics.js';
import { GeneralEpisode } from './generalEpisode.js';
import { drawsOutcomePatterns, OutcomePatterns } from './outcomePatterns.js';
import { benchmarkTasks, replicateTasks, type TaskParameters } from './taskParameters.js';

/**
 * The general path: every episode attempt by attempt (`GeneralEpisode`). On a fixed benchmark the
 * block's stream is used task by task, replicate by replicate within a task; with resample, replicate
 * by replicate (each replicate's tasks come from the stream (seed, 'tasks', r)), task by task within it.
 */
export class GeneralRunner implements BlockRunner {
  readonly path = 'general' as const;
  private readonly scenario: Scenario;
  private readonly episode: GeneralEpisode;
  private readonly fixedTasks: TaskParameters | null;
  private readonly patterns: OutcomePatterns | null;

  constructor(scenario: Scenario) {
    this.scenario = scenario;
    this.episode = new GeneralEpisode(scenario);
    this.fixedTasks = scenario.tasks.resample ? null : benchmarkTasks(scenario);
    this.patterns =
      this.fixedTasks !== null && drawsOutcomePatterns(scenario)
        ? new OutcomePatterns(scenario.attempts.correlation, this.fixedTasks, scenario.policy.maxAttempts)
        : null;
  }

  run(rng: Xoshiro128, firstReplicate: number, count: number, out: Float64Array): void {
    const width = METRIC_COUNT * this.scenario.policy.maxAttempts;
    const fixed = this.fixedTasks;
    if (fixed !== null) {
      const patterns = this.patterns;
      for (let t = 0; t < fixed.count; t++) {
        const p = fixed.successRate[t],
          fa = fixed.falseAccept[t],
          fr = fixed.falseReject[t];
        const at = patterns === null ? 0 : patterns.at(t);
        for (let r = 0; r < count; r++) this.episode.run(p, fa, fr, rng, out, r * width, patterns?.words ?? null, at);
      }
      return;
    }
    for (let r = 0; r < count; r++) {
      const tasks = replicateTasks(this.scenario, firstReplicate + r);
      for (let t = 0; t < tasks.count; t++) {
        this.episode.run(tasks.successRate[t], tasks.falseAccept[t], tasks.falseReject[t], rng, out, r * width);
      }
    }
  }
}
