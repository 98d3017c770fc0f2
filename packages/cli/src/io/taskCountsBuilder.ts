import { isAscii } from 'node:buffer';

/** `TaskCountsBuilder.result`: per counted task n and c, and a way to the tasks' ids. */
export interface CountedTasks {
  /** Trials per task (≥ 1), tasks in order of first appearance. */
  n: number[];
  /** Successes per task. */
  c: number[];
  /** Data rows counted (= the sum of n). */
  rows: number;
  /** Tasks seen only on dropped rows (left out). */
  emptyTasks: number;
  /** The tasks' ids, aligned with n and c (decoded at each call). */
  ids(): string[];
}

/**
 * Per-task trial and success counts accumulated row by row. Task ids are interned by their UTF-8
 * bytes in an open-addressing hash table (FNV-1a hash, linear probing), so the fast CSV path can
 * count a row straight from the read buffer without making a string; a task's id is decoded once,
 * at the end. Layout is chosen for few cache misses when rows come in random task order: a table
 * slot holds (hash, task + 1) side by side, and a task's (key start, key length, n, c) sit together
 * in one growable Int32Array. Tasks keep the order of their first appearance. Callers that see the
 * same task on consecutive rows (the usual layout) pass its index to `addTo` and skip the lookup.
 *
 * Ids are compared after Unicode normalisation (NFC): `é` written as one code point or as `e` and a
 * combining accent is one task, named in NFC. This is the one place where an id becomes a key, for
 * every reader. An id with a byte ≥ 0x80 not yet in the table is decoded once; if it is not in NFC
 * it is remembered as an alias of its NFC form's task (`normalizedIds` counts them, for a note), so
 * the ASCII ids of most logs cost nothing more.
 */
export class TaskCountsBuilder {
  /** Data rows (attempts) counted so far. */
  rows = 0;
  private size = 0;
  // The arrays start small: they grow on a file's first tasks, so V8 has seen the growing paths
  // before it optimises `add` and its callers (a path first met in optimised code deoptimises them).
  /** UTF-8 bytes of all task ids, back to back. */
  private arena = Buffer.allocUnsafe(1 << 8);
  private arenaLength = 0;
  /** Per task, 4 entries: key start in `arena`, key length, trials n, successes c. */
  private tasks = new Int32Array(4 << 4);
  /** Per slot, 2 entries: hash, task index + 1 (0 = empty). At most half the slots are used. */
  private table = new Int32Array(2 << 5);
  private scratch = Buffer.allocUnsafe(256);
  /** Ids met in a form other than NFC → the index of their NFC form's task. */
  private readonly aliases = new Map<string, number>();

  /** Distinct ids met in a form other than Unicode NFC, each read as its NFC form. */
  get normalizedIds(): number {
    return this.aliases.size;
  }

  /** Number of distinct tasks seen. */
  get taskCount(): number {
    return this.size;
  }

  /**
   * Counts one attempt (success 1 or 0) of the task whose UTF-8 id is `bytes[start, end)`;
   * returns the task's index, for `addTo` on the following rows of the same task.
   */
  add(bytes: Uint8Array, start: number, end: number, success: number): number {
    const task = this.indexOf(bytes, start, end);
    this.addTo(task, success);
    return task;
  }

  /** Counts one attempt (success 1 or 0) of the task with index `task` (from `add`). */
  addTo(task: number, success: number): void {
    const tasks = this.tasks;
    tasks[4 * task + 2]++;
    tasks[4 * task + 3] += success;
    this.rows++;
  }

  /** Counts `trials` attempts, `successes` of them successful, of the task with index `task` (from `add`). */
  addRun(task: number, trials: number, successes: number): void {
    const tasks = this.tasks;
    tasks[4 * task + 2] += trials;
    tasks[4 * task + 3] += successes;
    this.rows += trials;
  }

  /** Counts one attempt (success 1 or 0) of the task `id`; returns the task's index. */
  addId(id: string, success: number): number {
    const task = this.touchId(id);
    this.addTo(task, success);
    return task;
  }

  /**
   * The index of the task whose UTF-8 id is `bytes[start, end)`, added (with no attempts) if new:
   * a task seen only on dropped rows keeps its place, and `result` reports it as empty.
   */
  touch(bytes: Uint8Array, start: number, end: number): number {
    return this.indexOf(bytes, start, end);
  }

  /** `touch` for an id given as a string. */
  touchId(id: string): number {
    const length = Buffer.byteLength(id, 'utf8');
    if (length > this.scratch.length) this.scratch = Buffer.allocUnsafe(Math.max(length, this.scratch.length * 2));
    this.scratch.write(id, 0, 'utf8');
    return this.indexOf(this.scratch, 0, length);
  }

  /** The id of the task with index `task`. */
  idOf(task: number): string {
    const start = this.tasks[4 * task];
    return this.arena.toString('utf8', start, start + this.tasks[4 * task + 1]);
  }

  /**
   * The counts so far, tasks in order of first appearance. Tasks without a counted attempt (seen
   * only on dropped rows) are left out and counted in `emptyTasks`. `ids()` decodes their ids, in
   * the same order: apart, because an estimate prints none of them (100 000 strings were a tenth
   * of the 10M-row estimate's time after the read, with the garbage collection they caused).
   */
  result(): CountedTasks {
    const size = this.size;
    const tasks = this.tasks;
    // Filled arrays, not push: on a first (unoptimised) call push cost about twice as much per task.
    const n: number[] = new Array<number>(size).fill(0);
    const c: number[] = new Array<number>(size).fill(0);
    let counted = 0;
    for (let t = 0; t < size; t++) {
      const trials = tasks[4 * t + 2];
      if (trials === 0) continue;
      n[counted] = trials;
      c[counted] = tasks[4 * t + 3];
      counted++;
    }
    n.length = counted;
    c.length = counted;
    // The builder may count on after this: the ids are those of the tasks counted now.
    const indices = counted === size ? undefined : this.countedIndices();
    return { n, c, rows: this.rows, emptyTasks: size - counted, ids: () => this.idsOf(indices ?? size) };
  }

  /** The ids of the tasks at `indices`, or of the first `indices` tasks. */
  private idsOf(indices: readonly number[] | number): string[] {
    const count = typeof indices === 'number' ? indices : indices.length;
    const ids: string[] = new Array<string>(count).fill('');
    const tasks = this.tasks;
    const keys = this.arena.subarray(0, this.arenaLength);
    // All-ASCII ids (the usual case): decode the arena once and cut it, instead of once per task.
    const ascii = isAscii(keys) ? keys.toString('latin1') : undefined;
    for (let i = 0; i < count; i++) {
      const t = typeof indices === 'number' ? i : indices[i];
      const start = tasks[4 * t];
      const end = start + tasks[4 * t + 1];
      ids[i] = ascii !== undefined ? ascii.slice(start, end) : keys.toString('utf8', start, end);
    }
    return ids;
  }

  /** The ids of the tasks `result` leaves out: seen only on dropped rows. */
  emptyIds(): string[] {
    const ids: string[] = [];
    for (let t = 0; t < this.size; t++) if (this.tasks[4 * t + 2] === 0) ids.push(this.idOf(t));
    return ids;
  }

  /** The indices of the tasks `result` reports, in its order (tasks with at least one counted attempt). */
  countedIndices(): number[] {
    const indices: number[] = [];
    for (let t = 0; t < this.size; t++) if (this.tasks[4 * t + 2] > 0) indices.push(t);
    return indices;
  }

  private indexOf(bytes: Uint8Array, start: number, end: number): number {
    const length = end - start;
    let hash = 0x811c9dc5 | 0;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i], 0x01000193);
    const table = this.table;
    const tasks = this.tasks;
    const mask = (table.length >> 1) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = table[2 * slot + 1];
      if (entry === 0) return this.missed(bytes, start, length, hash);
      if (table[2 * slot] !== hash) continue;
      const task = entry - 1;
      if (tasks[4 * task + 1] === length && sameBytes(this.arena, tasks[4 * task], bytes, start, length)) return task;
    }
  }

  /** A key not in the table: a new task, unless it has non-ASCII bytes and is not in NFC (`normalized`). */
  private missed(bytes: Uint8Array, start: number, length: number, hash: number): number {
    for (let i = start; i < start + length; i++) if (bytes[i] >= 0x80) return this.normalized(bytes, start, length, hash);
    return this.insert(bytes, start, length, hash);
  }

  /** A key with non-ASCII bytes not in the table: a new task when it is in NFC, else (an alias) the task of its NFC form. */
  private normalized(bytes: Uint8Array, start: number, length: number, hash: number): number {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset + start, length).toString('utf8');
    const known = this.aliases.get(text);
    if (known !== undefined) return known;
    const nfc = text.normalize('NFC');
    if (nfc === text) return this.insert(bytes, start, length, hash);
    // `bytes` may be the scratch buffer touchId reuses: it is not read after this.
    const task = this.touchId(nfc);
    this.aliases.set(text, task);
    return task;
  }

  private insert(bytes: Uint8Array, start: number, length: number, hash: number): number {
    const task = this.size;
    if (4 * task === this.tasks.length) {
      const tasks = new Int32Array(this.tasks.length * 2);
      tasks.set(this.tasks);
      this.tasks = tasks;
    }
    if (this.arenaLength + length > this.arena.length) {
      const arena = Buffer.allocUnsafe(Math.max(this.arena.length * 2, this.arenaLength + length));
      this.arena.copy(arena, 0, 0, this.arenaLength);
      this.arena = arena;
    }
    const arena = this.arena;
    const at = this.arenaLength;
    for (let i = 0; i < length; i++) arena[at + i] = bytes[start + i];
    this.tasks[4 * task] = this.arenaLength;
    this.tasks[4 * task + 1] = length;
    this.arenaLength += length;
    this.size = task + 1;
    placeInTable(this.table, hash, task);
    if (4 * this.size > this.table.length) this.rehash(this.table.length * 2);
    return task;
  }

  /**
   * Rebuilds the table with twice the slots. Entries are moved in slot order using their stored
   * hashes, so both tables are walked nearly sequentially (an entry in slot s lands near s or
   * s + old size): far fewer cache misses than re-inserting the tasks in their own order.
   */
  private rehash(entries: number): void {
    const old = this.table;
    const table = new Int32Array(entries);
    for (let slot = 0; slot < old.length; slot += 2) {
      const entry = old[slot + 1];
      if (entry !== 0) placeInTable(table, old[slot], entry - 1);
    }
    this.table = table;
  }
}

function placeInTable(table: Int32Array, hash: number, task: number): void {
  const mask = (table.length >> 1) - 1;
  let slot = hash & mask;
  while (table[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
  table[2 * slot] = hash;
  table[2 * slot + 1] = task + 1;
}

/** Compares from the end: ids usually share a prefix (`task-123`, `task-124`), so a mismatch shows at once. */
function sameBytes(a: Uint8Array, aStart: number, b: Uint8Array, bStart: number, length: number): boolean {
  for (let i = length - 1; i >= 0; i--) if (a[aStart + i] !== b[bStart + i]) return false;
  return true;
}
