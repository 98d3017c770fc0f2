import { AmountSketch } from './amountSketch.js';

/**
 * A per-attempt amount read from a log (cost or latency), accumulated as it streams: per task (by
 * the counts builder's task index) its sum and count, and over the read (and per `by` group) an
 * `AmountSketch`: the count, the sum in reading order and the empirical distribution that `fit --out`
 * and `simulate --tasks-from` resample, within a fixed size. Memory grows with the tasks, not the
 * attempts. Only values > 0 are kept: a 0 is read as "not recorded", like a blank (harnesses write 0
 * where they did not count; io/amountRecorded.ts), so it never enters a mean or the empirical
 * distribution as a real 0.
 */
export class AttemptAmounts {
  private sums = new Float64Array(1024);
  private counts = new Int32Array(1024);
  /** Every amount of the read. */
  private readonly whole = new AmountSketch();
  /** The amounts of each `by` group (only when the read has groups). */
  private readonly groups = new Map<string, AmountSketch>();

  /** Adds one attempt's amount for task index `task` of `group` (with `by`; a finite number ≥ 0; a 0 is not recorded). */
  add(task: number, value: number, group?: string): void {
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
    this.whole.add(value);
    if (group !== undefined) {
      let sketch = this.groups.get(group);
      if (sketch === undefined) {
        sketch = new AmountSketch();
        this.groups.set(group, sketch);
      }
      sketch.add(value);
    }
  }

  /** Attempts with an amount (> 0). */
  get size(): number {
    return this.whole.count;
  }

  /** Sum and number of amounts of task index `task`. */
  ofTask(task: number): { sum: number; count: number } {
    return task < this.sums.length ? { sum: this.sums[task], count: this.counts[task] } : { sum: 0, count: 0 };
  }

  /** The amounts of `group` (read with `by`), or of the whole read; an empty sketch when there are none. */
  of(group?: string): AmountSketch {
    return group === undefined ? this.whole : (this.groups.get(group) ?? new AmountSketch());
  }
}
