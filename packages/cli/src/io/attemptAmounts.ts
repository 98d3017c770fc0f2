/**
 * A per-attempt amount read from a log (cost or latency), accumulated per task (by the counts
 * builder's task index) and kept as the list of all values: the empirical distribution that
 * `fit --out` and `simulate --tasks-from` resample. Only values > 0 are kept: a 0 is read as "not
 * recorded", like a blank (harnesses write 0 where they did not count; io/amountRecorded.ts), so it
 * never enters a mean or the empirical distribution as a real 0.
 */
export class AttemptAmounts {
  private sums = new Float64Array(1024);
  private counts = new Int32Array(1024);
  private all = new Float64Array(1024);
  /** The task index of each value in `all`. */
  private taskOf = new Int32Array(1024);
  private length = 0;

  /** Adds one attempt's amount for task index `task` (a finite number ≥ 0; a 0 is not recorded). */
  add(task: number, value: number): void {
    if (value === 0) return;
    if (task >= this.sums.length) {
      const size = Math.max(task + 1, this.sums.length * 2);
      const sums = new Float64Array(size);
      sums.set(this.sums);
      this.sums = sums;
      const counts = new Int32Array(size);
      counts.set(this.counts);
      this.counts = counts;
    }
    this.sums[task] += value;
    this.counts[task]++;
    if (this.length === this.all.length) {
      const all = new Float64Array(this.all.length * 2);
      all.set(this.all);
      this.all = all;
      const taskOf = new Int32Array(this.all.length);
      taskOf.set(this.taskOf);
      this.taskOf = taskOf;
    }
    this.taskOf[this.length] = task;
    this.all[this.length++] = value;
  }

  /** Attempts with an amount (> 0). */
  get size(): number {
    return this.length;
  }

  /** Sum and number of amounts of task index `task`. */
  ofTask(task: number): { sum: number; count: number } {
    return task < this.sums.length ? { sum: this.sums[task], count: this.counts[task] } : { sum: 0, count: 0 };
  }

  /** The amounts of the attempts of the given tasks, in reading order. */
  valuesOf(tasks: ReadonlySet<number>): number[] {
    const values: number[] = [];
    for (let i = 0; i < this.length; i++) if (tasks.has(this.taskOf[i])) values.push(this.all[i]);
    return values;
  }

  /** All amounts in reading order. */
  values(): Float64Array {
    return this.all.slice(0, this.length);
  }
}
