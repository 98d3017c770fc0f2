import { InputError } from '@passk/sim/errors';
import type { EpisodeStopping, TaskEpisodes } from '@passk/sim/internal';
import { rowWhere } from './rowWhere.js';

/** Most attempts kept in attempt order in one read (about 25 bytes each while reading, and the sort after it). */
export const MAX_EPISODE_ATTEMPTS = 4_000_000;

/** Where the attempt order came from and what it holds: per counted task, its episodes in attempt order. */
export interface ReadEpisodes {
  /** Aligned with `TaskCounts.taskIds`: each task's episodes, each its outcomes in attempt order. */
  readonly tasks: TaskEpisodes[];
  readonly stopping: EpisodeStopping;
  /** `format`: the harness's loop (Aider, LDB); `option`: --stopping; `inferred`: from the episodes (see `inferStopping`). */
  readonly stoppingFrom: 'format' | 'option' | 'inferred';
  /** In words: `episode "run", attempt "try"`, or `each record's "tests_outcomes" (one episode per record)`. */
  readonly from: string;
  readonly episodes: number;
  readonly attempts: number;
  /** The longest episode. */
  readonly maxLength: number;
}

/** Separate runs of each task in run order (one outcome per run), for the drift test. */
export interface ReadRunOrder {
  /** Aligned with `TaskCounts.taskIds`: the task's trials in run order. */
  readonly trials: boolean[][];
  /** In words: `column "run"` or `the order of the 5 files, one run each`. */
  readonly from: string;
}

/** What a read kept of the attempts' order: episodes, a run order, or why neither. */
export interface AttemptOrder {
  readonly episodes?: ReadEpisodes;
  readonly runOrder?: ReadRunOrder;
  /** Why no run order was kept, when one was looked for (several files) and is not there. */
  readonly runOrderMissing?: string;
}

/** The episode slot of an attempt kept as a run (no episode): ordered per task by its run index. */
const NO_EPISODE = -1;

/**
 * Keeps the attempts of a read with their place in an episode, in typed arrays that grow (bounded by
 * MAX_EPISODE_ATTEMPTS), and at the end puts each task's episodes in attempt order. Three ways in:
 * - `addRow(task, episode, attempt)`: a row of a log with `--episode-col` (and `--attempt-col`, else
 *   the rows' order is the attempts' order); an episode belongs to one task (checked as rows come);
 * - `addList(task, outcomes)`: one record holding a whole episode (Aider's `tests_outcomes`);
 * - `addRun(task, order)`: a separate run, ordered by `--attempt-col` alone or by its file, for the
 *   drift test; beyond the limit the run order is given up (`soft`), never the read.
 * `finish` checks each episode's attempt indices (consecutive from 0 or 1, none repeated: the
 * places of the first problem are named) and returns the episodes per counted task.
 */
export class EpisodeCollector {
  private size = 0;
  private task = new Int32Array(1024);
  private episode = new Int32Array(1024);
  private attempt = new Int32Array(1024);
  private line = new Int32Array(1024);
  private file = new Int32Array(1024);
  private success = new Uint8Array(1024);
  private readonly files: string[] = [];
  private readonly fileIndex = new Map<string, number>();
  private readonly episodeNumber = new Map<string, number>();
  private readonly episodeNames: string[] = [];
  /** Per episode: its task, the slot of its first row (for errors) and the next row-order index. */
  private readonly episodeTask: number[] = [];
  private readonly episodeFirst: number[] = [];
  private readonly episodeNext: number[] = [];
  /** What was fed: rows of named episodes, whole-episode lists, or runs. */
  private kind: 'rows' | 'lists' | 'runs' | undefined;
  /** Runs beyond the limit: the run order is given up. */
  private overflow = false;

  constructor(private readonly limit = MAX_EPISODE_ATTEMPTS) {}

  /** True once anything was kept. */
  get holds(): 'rows' | 'lists' | 'runs' | undefined {
    return this.kind;
  }

  /** An attempt of the episode named `name` of task `task` (builder index), at `attempt` (≥ 0) or, with -1, after the episode's rows so far. */
  addRow(task: number, name: string, attempt: number, success: number, file: string, line: number): void {
    this.kind ??= 'rows';
    let episode = this.episodeNumber.get(name);
    if (episode === undefined) {
      episode = this.episodeNames.length;
      this.episodeNumber.set(name, episode);
      this.episodeNames.push(name);
      this.episodeTask.push(task);
      this.episodeFirst.push(this.size);
      this.episodeNext.push(1);
    } else if (this.episodeTask[episode] !== task) {
      const first = this.episodeFirst[episode]!;
      throw new InputError(
        rowWhere(file, line),
        `episode ${JSON.stringify(name)} must belong to one task, but it also has attempts of another task (first at ${this.place(first)})`,
        name,
      );
    }
    const at = attempt >= 0 ? attempt : this.episodeNext[episode]!;
    this.episodeNext[episode] = at + 1;
    this.push(task, episode, at, success, file, line, 'hard');
  }

  /** A whole episode of task `task`: its outcomes (1 or 0) in attempt order, from one record. */
  addList(task: number, outcomes: readonly number[], file: string, line: number): void {
    this.kind ??= 'lists';
    const episode = this.episodeNames.length;
    this.episodeNames.push(`${file}:${line}`);
    this.episodeTask.push(task);
    this.episodeFirst.push(this.size);
    this.episodeNext.push(outcomes.length + 1);
    for (let i = 0; i < outcomes.length; i++) this.push(task, episode, i + 1, outcomes[i]!, file, line, 'hard');
  }

  /** A separate run of task `task` at run index `order` (a column's value, or the file's place). */
  addRun(task: number, order: number, success: number, file: string, line: number): void {
    this.kind ??= 'runs';
    if (this.overflow) return;
    this.push(task, NO_EPISODE, order, success, file, line, 'soft');
  }

  /** The index of `file` among the files read so far (a new file gets the next). */
  fileOrder(file: string): number {
    let index = this.fileIndex.get(file);
    if (index === undefined) {
      index = this.files.length;
      this.fileIndex.set(file, index);
      this.files.push(file);
    }
    return index;
  }

  private push(task: number, episode: number, attempt: number, success: number, file: string, line: number, limit: 'hard' | 'soft'): void {
    if (this.size === this.limit) {
      if (limit === 'soft') {
        this.overflow = true;
        return;
      }
      throw new InputError(
        rowWhere(file, line),
        `episodes must hold at most ${this.limit.toLocaleString('en-US')} attempts in one read (each is kept in attempt order for the dependence of retries); read a part of the log (--where)`,
      );
    }
    if (this.size === this.task.length) this.grow();
    const i = this.size++;
    this.task[i] = task;
    this.episode[i] = episode;
    this.attempt[i] = attempt;
    this.line[i] = line;
    this.file[i] = this.fileOrder(file);
    this.success[i] = success;
  }

  private grow(): void {
    const n = Math.min(this.task.length * 2, this.limit);
    const widen = <A extends Int32Array | Uint8Array>(array: A, make: (n: number) => A): A => {
      const next = make(n);
      next.set(array);
      return next;
    };
    this.task = widen(this.task, (m) => new Int32Array(m));
    this.episode = widen(this.episode, (m) => new Int32Array(m));
    this.attempt = widen(this.attempt, (m) => new Int32Array(m));
    this.line = widen(this.line, (m) => new Int32Array(m));
    this.file = widen(this.file, (m) => new Int32Array(m));
    this.success = widen(this.success, (m) => new Uint8Array(m));
  }

  private place(slot: number): string {
    return rowWhere(this.files[this.file[slot]!]!, this.line[slot]!);
  }

  /**
   * The kept order per counted task: `counted` are the builder indices of the tasks a read reports
   * (TaskCountsBuilder.countedIndices), in its order. `stopping`: as asked (--stopping), else the
   * format's (`formatStopping`), else inferred. `from` says in words where the order came from.
   */
  finish(counted: readonly number[], options: { stopping?: EpisodeStopping; formatStopping?: EpisodeStopping; from: string }): AttemptOrder {
    if (this.kind === undefined) return {};
    const position = new Map<number, number>();
    counted.forEach((builderIndex, i) => position.set(builderIndex, i));
    if (this.kind === 'runs') return this.runOrder(position, counted.length, options.from);
    const slots = Array.from({ length: this.size }, (_, i) => i);
    const { episode, attempt } = this;
    slots.sort((x, y) => episode[x]! - episode[y]! || attempt[x]! - attempt[y]! || x - y);
    const tasks: boolean[][][] = Array.from({ length: counted.length }, () => []);
    let base = Infinity;
    for (let i = 0; i < this.size; i++) base = Math.min(base, attempt[i]!);
    if (base > 1) {
      const first = slots[0]!;
      throw new InputError(this.place(first), `attempts must be numbered from 0 or 1 in each episode (--attempt-col), but the lowest is ${base}`, base);
    }
    let maxLength = 0;
    for (let at = 0; at < slots.length; ) {
      const e = episode[slots[at]!]!;
      let end = at;
      while (end < slots.length && episode[slots[end]!] === e) end++;
      this.checkEpisode(slots, at, end, base);
      const outcomes: boolean[] = [];
      for (let i = at; i < end; i++) outcomes.push(this.success[slots[i]!] === 1);
      const t = position.get(this.episodeTask[e]!);
      if (t !== undefined) tasks[t]!.push(outcomes);
      maxLength = Math.max(maxLength, outcomes.length);
      at = end;
    }
    const stopping = options.stopping ?? options.formatStopping ?? inferStopping(tasks);
    if (stopping === 'untilSuccess') this.checkUntilSuccess(slots);
    return {
      episodes: {
        tasks: tasks.map((episodes) => ({ episodes })),
        stopping,
        stoppingFrom: options.stopping !== undefined ? 'option' : options.formatStopping !== undefined ? 'format' : 'inferred',
        from: options.from,
        episodes: this.episodeNames.length,
        attempts: this.size,
        maxLength,
      },
    };
  }

  /** An episode's attempts (slots[at, end), sorted by attempt): consecutive from `base`, none repeated. */
  private checkEpisode(slots: readonly number[], at: number, end: number, base: number): void {
    const name = JSON.stringify(this.episodeNames[this.episode[slots[at]!]!]);
    for (let i = at; i < end; i++) {
      const slot = slots[i]!;
      const expected = base + (i - at);
      const got = this.attempt[slot]!;
      if (got === expected) continue;
      if (i > at && got === this.attempt[slots[i - 1]!]) {
        throw new InputError(this.place(slot), `episode ${name} must number each attempt once: attempt ${got} is also at ${this.place(slots[i - 1]!)}`, got);
      }
      const where = i > at ? ` after attempt ${expected - 1} at ${this.place(slots[i - 1]!)}` : '';
      throw new InputError(
        this.place(slot),
        `episode ${name} must number its attempts without gaps from ${base}: attempt ${expected} is missing${where} (a row left out by --where or --missing drop leaves a gap too)`,
        got,
      );
    }
  }

  /** Under untilSuccess no attempt follows a success in its episode. */
  private checkUntilSuccess(slots: readonly number[]): void {
    for (let i = 0; i + 1 < slots.length; i++) {
      const slot = slots[i]!;
      const next = slots[i + 1]!;
      if (this.success[slot] === 1 && this.episode[next] === this.episode[slot]) {
        throw new InputError(
          this.place(next),
          `episode ${JSON.stringify(this.episodeNames[this.episode[slot]!])} goes on after its success at ${this.place(slot)}, so it does not stop at its first success (--stopping fixed reads it)`,
          this.attempt[next],
        );
      }
    }
  }

  /** Separate runs ordered per task; a task with two runs at one index has no run order (given up, with the reason). */
  private runOrder(position: ReadonlyMap<number, number>, tasks: number, from: string): AttemptOrder {
    if (this.overflow) return { runOrderMissing: `more than ${this.limit.toLocaleString('en-US')} attempts: the run order is not kept` };
    const slots = Array.from({ length: this.size }, (_, i) => i);
    const { task, attempt } = this;
    slots.sort((x, y) => task[x]! - task[y]! || attempt[x]! - attempt[y]! || x - y);
    const trials: boolean[][] = Array.from({ length: tasks }, () => []);
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      if (i > 0 && task[slots[i - 1]!] === task[slot] && attempt[slots[i - 1]!] === attempt[slot]) {
        return { runOrderMissing: `${this.place(slot)} and ${this.place(slots[i - 1]!)} are both run ${attempt[slot]} of one task: no run order` };
      }
      const t = position.get(task[slot]!);
      if (t !== undefined) trials[t]!.push(this.success[slot] === 1);
    }
    return { runOrder: { trials, from } };
  }
}

/**
 * untilSuccess when no episode goes on after a success and some episode has more than one attempt
 * (a retry loop that stops at its first success), else fixed.
 */
export function inferStopping(tasks: readonly (readonly (readonly boolean[])[])[]): EpisodeStopping {
  let retried = false;
  for (const episodes of tasks) {
    for (const outcomes of episodes) {
      if (outcomes.length > 1) retried = true;
      for (let i = 0; i + 1 < outcomes.length; i++) if (outcomes[i]) return 'fixed';
    }
  }
  return retried ? 'untilSuccess' : 'fixed';
}
