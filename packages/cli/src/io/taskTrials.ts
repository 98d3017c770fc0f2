import type { TrialCheck } from './trialCheck.js';

/** Trials below this are kept in per-task bitmaps; larger ones in per-task sets. */
const BITMAP_TRIALS = 1024;

/**
 * The trial numbers seen per task, to find a repeated (task, trial) pair. Trial numbers below 1024
 * live in one flat Int32Array of per-task bitmaps (`stride` 32-bit words per task, doubled as larger
 * trials appear), so the usual 0..n−1 numbering costs n bits per task and no allocation per row;
 * larger numbers go to a Set per task.
 */
export class TaskTrials implements TrialCheck {
  private stride = 1;
  private bits = new Int32Array(1024);
  private readonly large = new Map<number, Set<number>>();

  /** Notes `trial` (an integer ≥ 0) for `task` (an index ≥ 0); false when the pair was seen before. */
  mark(task: number, trial: number): boolean {
    if (trial >= BITMAP_TRIALS) return this.markLarge(task, trial);
    const word = trial >>> 5;
    if (word >= this.stride) this.widen(word + 1);
    const at = task * this.stride + word;
    if (at >= this.bits.length) this.grow(at + 1);
    const bit = 1 << (trial & 31);
    const bits = this.bits;
    if ((bits[at] & bit) !== 0) return false;
    bits[at] |= bit;
    return true;
  }

  private markLarge(task: number, trial: number): boolean {
    let set = this.large.get(task);
    if (set === undefined) {
      set = new Set();
      this.large.set(task, set);
    }
    if (set.has(trial)) return false;
    set.add(trial);
    return true;
  }

  private grow(needed: number): void {
    const words = Math.max(needed, this.bits.length * 2);
    const bits = new Int32Array(Math.ceil(words / this.stride) * this.stride);
    bits.set(this.bits);
    this.bits = bits;
  }

  /** Re-lays the bitmaps out with at least `words` words per task (a power of two). */
  private widen(words: number): void {
    let stride = this.stride;
    while (stride < words) stride *= 2;
    const tasks = Math.ceil(this.bits.length / this.stride);
    const bits = new Int32Array(tasks * stride);
    for (let t = 0; t < tasks; t++) {
      for (let w = 0; w < this.stride; w++) bits[t * stride + w] = this.bits[t * this.stride + w];
    }
    this.bits = bits;
    this.stride = stride;
  }
}
