import { InputError } from '../errors.js';
import type { EpisodeStopping, HazardRow, TaskEpisodes } from './types.js';

/** Tasks with the same episodes (as a multiset) share one likelihood term; `count` of them. */
export interface EpisodeGroup {
  readonly episodes: readonly (readonly boolean[])[];
  readonly count: number;
  /** Total attempts of one such task (the degree of its likelihood as a polynomial in p). */
  readonly attempts: number;
  /** Its episodes as indices into `EpisodeData.distinct`, each with how often it occurs. */
  readonly distinct: readonly number[];
  readonly multiplicity: readonly number[];
}

/** Checked, grouped episodes with their sizes. */
export interface EpisodeData {
  readonly stopping: EpisodeStopping;
  readonly groups: readonly EpisodeGroup[];
  /** Every distinct episode of the data once (the likelihood evaluates each once per p). */
  readonly distinct: readonly (readonly boolean[])[];
  readonly tasks: number;
  readonly episodes: number;
  readonly attempts: number;
  /** The longest episode. */
  readonly maxLength: number;
  /** The most attempts of one task (all its episodes). */
  readonly maxTaskAttempts: number;
}

const key = (episode: readonly boolean[]) => episode.map((x) => (x ? '1' : '0')).join('');

/**
 * Checks attempt-ordered episodes and groups tasks with identical episodes: every task holds at
 * least one episode, every episode at least one boolean outcome; with 'untilSuccess' an episode
 * stops at its first success, so a success may only be its last outcome. Throws InputError
 * naming `tasks[i].episodes[j]` (the task's id when given).
 * Example: [{episodes: [[false, true]]}, {episodes: [[false, true]]}] → one group of count 2.
 */
export function episodeData(tasks: readonly TaskEpisodes[], stopping: EpisodeStopping): EpisodeData {
  if (stopping !== 'fixed' && stopping !== 'untilSuccess') throw new InputError('stopping', "must be 'fixed' or 'untilSuccess'", stopping);
  if (!Array.isArray(tasks) || tasks.length === 0) throw new InputError('tasks', 'must hold at least one task with episodes', tasks);
  const groups = new Map<string, { episodes: (readonly boolean[])[]; count: number; attempts: number; distinct: number[]; multiplicity: number[] }>();
  const distinctIndex = new Map<string, number>();
  const distinct: (readonly boolean[])[] = [];
  let episodes = 0;
  let attempts = 0;
  let maxLength = 0;
  let maxTaskAttempts = 0;
  tasks.forEach((task, i) => {
    const where = `tasks[${i}]${task?.id === undefined ? '' : ` (${task.id})`}.episodes`;
    if (!Array.isArray(task?.episodes) || task.episodes.length === 0) throw new InputError(where, 'must hold at least one episode', task?.episodes);
    let taskAttempts = 0;
    task.episodes.forEach((episode: readonly boolean[], j: number) => {
      if (!Array.isArray(episode) || episode.length === 0) throw new InputError(`${where}[${j}]`, 'must hold at least one attempt outcome', episode);
      episode.forEach((x, a) => {
        if (typeof x !== 'boolean') throw new InputError(`${where}[${j}][${a}]`, 'must be true (success) or false', x);
        if (stopping === 'untilSuccess' && x && a < episode.length - 1) {
          throw new InputError(`${where}[${j}]`, 'must stop at its first success (stopping untilSuccess), but has attempts after it', key(episode));
        }
      });
      taskAttempts += episode.length;
      maxLength = Math.max(maxLength, episode.length);
    });
    episodes += task.episodes.length;
    attempts += taskAttempts;
    maxTaskAttempts = Math.max(maxTaskAttempts, taskAttempts);
    const keys = task.episodes.map(key);
    const sorted = keys.slice().sort().join('|');
    const group = groups.get(sorted);
    if (group) group.count++;
    else {
      const tally = new Map<number, number>();
      keys.forEach((k: string, j: number) => {
        let index = distinctIndex.get(k);
        if (index === undefined) {
          index = distinct.length;
          distinctIndex.set(k, index);
          distinct.push(task.episodes[j].slice());
        }
        tally.set(index, (tally.get(index) ?? 0) + 1);
      });
      groups.set(sorted, {
        episodes: task.episodes.map((e: readonly boolean[]) => e.slice()),
        count: 1,
        attempts: taskAttempts,
        distinct: [...tally.keys()],
        multiplicity: [...tally.values()],
      });
    }
  });
  return { stopping, groups: [...groups.values()], distinct, tasks: tasks.length, episodes, attempts, maxLength, maxTaskAttempts };
}

/**
 * Observed hazard: for attempt j = 1..maxLength, the episodes whose attempts 1..j − 1 all failed
 * and that reached attempt j (`atRisk`), and how many of them succeeded at j. Under 'untilSuccess'
 * these are the retry loop's own figures (LDB: 391/500, 27/109, …).
 * Example: episodes [F, S], [S], [F, F] → attempt 1: 3 at risk, 1 success; attempt 2: 2, 1.
 */
export function observedHazard(tasks: readonly TaskEpisodes[], maxLength: number): HazardRow[] {
  const rows: HazardRow[] = Array.from({ length: maxLength }, (_, j) => ({ attempt: j + 1, atRisk: 0, successes: 0 }));
  for (const task of tasks) {
    for (const episode of task.episodes) {
      for (let j = 0; j < episode.length; j++) {
        rows[j].atRisk++;
        if (episode[j]) {
          rows[j].successes++;
          break;
        }
      }
    }
  }
  return rows;
}
