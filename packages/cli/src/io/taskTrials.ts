import { SET_ENTRY_BYTES, TrialBudget } from './trialBudget.js';
import type { TrialCheck } from './trialCheck.js';

/** Trials below this are kept in per-task bitmaps; larger ones in per-task sets. */
const BITMAP_TRIALS = 1024;

/** A large range is kept as a bitmap while it is at most this many bits per trial seen (plus a little): 8 bytes per trial at worst. */
const DENSITY = 64;
const SLACK_BITS = 4096;

/**
 * One task's trials ≥ 1024: a bitmap over `[base, base + 32·bits.length)`, grown (up or down)
 * while the range stays dense enough (at most `DENSITY` bits per trial seen), so that 0..n−1, a
 * block starting at 5000 or text ids (numbers from 2^50, see TrialIds) cost about a bit each;
 * only trials too scattered for that go to a Set. Arithmetic, not bit operators, on trial numbers
 * (they go up to 2^53).
 */
class LargeTrials {
  private base: number;
  private bits = new Int32Array(4);
  private set: Set<number> | undefined;
  private count = 0;

  constructor(
    first: number,
    private readonly budget: TrialBudget,
  ) {
    this.base = first - (first % 32);
  }

  /** False for a pair seen before, or when holding the trial would pass the budget (`budget.exceeded`). */
  mark(trial: number): boolean {
    let at = trial - this.base;
    if (at < 0 || at >= this.bits.length * 32) {
      if (this.set?.has(trial)) return false;
      if (!this.cover(trial)) {
        if (this.budget.exceeded || !this.budget.take(SET_ENTRY_BYTES)) return false;
        (this.set ??= new Set()).add(trial);
        this.count++;
        return true;
      }
      at = trial - this.base;
    }
    const word = at >>> 5;
    const bit = 1 << (at & 31);
    if ((this.bits[word] & bit) !== 0) return false;
    this.bits[word] |= bit;
    this.count++;
    return true;
  }

  /** Widens the bitmap to hold `trial` when the range stays dense enough (moving Set members it now covers); false otherwise. */
  private cover(trial: number): boolean {
    const low = Math.min(this.base, trial - (trial % 32));
    const high = Math.max(this.base + this.bits.length * 32, trial + 1);
    if (high - low > DENSITY * this.count + SLACK_BITS) return false;
    const words = Math.max(Math.ceil((high - low) / 32), this.bits.length * 2);
    if (!this.budget.take(4 * (words - this.bits.length))) return false;
    const bits = new Int32Array(words);
    bits.set(this.bits, (this.base - low) / 32);
    this.bits = bits;
    this.base = low;
    if (this.set !== undefined) {
      for (const t of this.set) {
        const at = t - low;
        if (at >= 0 && at < words * 32) {
          bits[at >>> 5] |= 1 << (at & 31);
          this.set.delete(t);
          this.budget.give(SET_ENTRY_BYTES);
        }
      }
    }
    return true;
  }
}

/**
 * The trial numbers seen per task, to find a repeated (task, trial) pair. Trial numbers below 1024
 * live in one flat Int32Array of per-task bitmaps (`stride` 32-bit words per task, doubled as larger
 * trials appear), so the usual 0..n−1 numbering costs n bits per task and no allocation per row;
 * larger numbers go to a per-task `LargeTrials` (a movable bitmap while dense, else a Set), so
 * memory grows with the tasks and the spread of their trials, not with the rows (3.7 M rows of 100
 * tasks × 37 000 trials: 281 MB with a Set per task, see bench/hostileInputs.mjs for the figures now).
 */
export class TaskTrials implements TrialCheck {
  private stride = 1;
  /** Small at first: it grows (and widens) on a file's first rows, so V8 has seen those paths before it optimises `mark`. */
  private bits = new Int32Array(32);
  private readonly large = new Map<number, LargeTrials>();

  /**
   * `budget`: the memory the large trials may take (the flat bitmaps, 128 bytes per task at most,
   * are not counted). Without one, unlimited.
   */
  constructor(private readonly budget: TrialBudget = new TrialBudget(Number.POSITIVE_INFINITY)) {}

  /**
   * Notes `trial` (an integer ≥ 0) for `task` (an index ≥ 0); false when the pair was seen before,
   * or when the budget is spent (`budget.exceeded` tells which).
   */
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

  /**
   * `mark` for the trials first..last in turn (the interface's contract): below 1024, a word of the
   * task's bitmap at a time, the bits of the range in that word tested and set together; the first
   * repeat is the lowest of the word's bits already set, and the bits below it are set as `mark`
   * would have (trials from 1024 on go through `mark` one by one).
   */
  markRange(task: number, first: number, last: number): number {
    if (last >= BITMAP_TRIALS) {
      for (let trial = first; trial <= last; trial++) if (!this.mark(task, trial)) return trial;
      return -1;
    }
    const lastWord = last >>> 5;
    if (lastWord >= this.stride) this.widen(lastWord + 1);
    const base = task * this.stride;
    if (base + lastWord >= this.bits.length) this.grow(base + lastWord + 1);
    const bits = this.bits;
    for (let word = first >>> 5; word <= lastWord; word++) {
      const low = word === first >>> 5 ? first & 31 : 0;
      const high = word === lastWord ? last & 31 : 31;
      const range = (-1 >>> (31 - high + low)) << low; // bits low..high
      const seen = bits[base + word] & range;
      if (seen !== 0) {
        const repeat = 31 - Math.clz32(seen & -seen);
        bits[base + word] |= range & ((1 << repeat) - 1);
        return 32 * word + repeat;
      }
      bits[base + word] |= range;
    }
    return -1;
  }

  private markLarge(task: number, trial: number): boolean {
    let large = this.large.get(task);
    if (large === undefined) {
      large = new LargeTrials(trial, this.budget);
      this.large.set(task, large);
    }
    return large.mark(trial);
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
