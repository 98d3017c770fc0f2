/** Values a level of the sketch holds: the first SKETCH_EXACT_VALUES amounts of a log are kept as they are. */
export const SKETCH_EXACT_VALUES = 1 << 14;

/** Capacity the first level starts with (it doubles up to SKETCH_EXACT_VALUES): a small log costs little. */
const FIRST_CAPACITY = 256;

/**
 * A log's per-attempt amounts (costs, latencies) summarised in a fixed size while they stream: their
 * count and sum (added in reading order, so the sum is the same double as summing the whole list),
 * and their empirical distribution as a deterministic quantile sketch.
 *
 * Up to K = SKETCH_EXACT_VALUES (16 384) amounts every value is kept in reading order: `values()`
 * and `quantiles()` are exact. Past K the sketch compacts (Manku, Rajagopalan & Lindsay 1998's
 * merge-and-reduce, deterministic): level h holds up to K values of weight 2^h; a full level is sorted
 * and every other value (starting at 0 and 1 in turn) goes up to level h + 1 with twice the weight.
 * The total weight stays the count. A compaction at level h moves the weighted count of values ≤ x
 * by at most 2^h for any x, and level h compacts at most N/(K·2^h) times, so every rank the sketch
 * gives is within E = Σ_h 2^h·(compactions at level h) ≤ N·L/K of the true rank, L the number of
 * levels that compacted (at most ⌊log2(N/K)⌋ + 1): a quantile it returns is the true quantile at a
 * probability within E/N ≤ (⌊log2(N/K)⌋ + 1)/K (0.061 % at 15 M amounts, 0.13 % at 2^35; `rankError`
 * gives E/N of the amounts read). Memory: at most L + 1 levels of K doubles (1.4 MB at 15 M amounts).
 * No randomness: the same amounts in the same order give the same values, bit for bit.
 */
export class AmountSketch {
  /** Amounts added. */
  count = 0;
  /** Their sum, in reading order. */
  sum = 0;
  /** Level h: values of weight 2^h (level 0 in reading order until it first compacts). */
  private readonly levels: Float64Array[] = [new Float64Array(FIRST_CAPACITY)];
  private readonly lengths: number[] = [0];
  /** Per level, the offset (0 or 1) of its next compaction; and how often it compacted. */
  private readonly offsets: number[] = [0];
  private readonly compactions: number[] = [0];

  /** A sketch of `values` added in order (for tests and callers with a list at hand). */
  static of(values: Iterable<number>): AmountSketch {
    const sketch = new AmountSketch();
    for (const value of values) sketch.add(value);
    return sketch;
  }

  /** Adds one amount. */
  add(value: number): void {
    this.count++;
    this.sum += value;
    this.push(0, value);
  }

  /** True while every amount is kept (at most SKETCH_EXACT_VALUES of them). */
  get exact(): boolean {
    return this.compactions[0] === 0;
  }

  /**
   * The bound on |rank error| / count of `quantiles` (0 while exact): Σ_h 2^h·compactions_h / count,
   * at most (⌊log2(count/K)⌋ + 1)/K.
   */
  get rankError(): number {
    let error = 0;
    for (let h = 0; h < this.compactions.length; h++) error += 2 ** h * this.compactions[h];
    return this.count === 0 ? 0 : error / this.count;
  }

  /** Every amount in reading order; only while `exact`. */
  values(): number[] {
    if (!this.exact) throw new Error('AmountSketch.values: the sketch has compacted (use quantiles)');
    return Array.from(this.levels[0].subarray(0, this.lengths[0]));
  }

  /**
   * The m quantiles at probabilities (i + 0.5)/m, i = 0..m − 1: for each, the value at 0-based rank
   * ⌊(i + 0.5)/m · count⌋ in sorted order (exact while `exact`, else within `rankError` in probability).
   */
  quantiles(m: number): number[] {
    const size = this.lengths.reduce((a, b) => a + b, 0);
    const values = new Float64Array(size);
    const weights = new Float64Array(size);
    const order = new Uint32Array(size);
    let at = 0;
    for (let h = 0; h < this.levels.length; h++) {
      values.set(this.levels[h].subarray(0, this.lengths[h]), at);
      weights.fill(2 ** h, at, at + this.lengths[h]);
      at += this.lengths[h];
    }
    for (let i = 0; i < size; i++) order[i] = i;
    order.sort((a, b) => values[a] - values[b] || a - b);
    const picked: number[] = [];
    let cumulative = 0;
    let j = -1;
    for (let i = 0; i < m; i++) {
      // The value of 0-based rank r: the first whose cumulative weight exceeds r.
      const rank = Math.floor(((i + 0.5) / m) * this.count);
      while (cumulative <= rank && j + 1 < size) cumulative += weights[order[++j]];
      picked.push(values[order[j]]);
    }
    return picked;
  }

  private push(level: number, value: number): void {
    // A full level makes room first: up to K amounts stay exact.
    if (this.lengths[level] === SKETCH_EXACT_VALUES) this.compact(level);
    let buffer = this.levels[level];
    const length = this.lengths[level];
    if (length === buffer.length) {
      // Only level 0 starts below K: it doubles until then.
      const grown = new Float64Array(Math.min(SKETCH_EXACT_VALUES, buffer.length * 2));
      grown.set(buffer);
      this.levels[level] = grown;
      buffer = grown;
    }
    buffer[length] = value;
    this.lengths[level] = length + 1;
  }

  /** Sorts full level h and moves every other value (from its offset, alternating) up a level. */
  private compact(level: number): void {
    const buffer = this.levels[level];
    buffer.sort();
    if (level + 1 === this.levels.length) {
      this.levels.push(new Float64Array(SKETCH_EXACT_VALUES));
      this.lengths.push(0);
      this.offsets.push(0);
      this.compactions.push(0);
    }
    const offset = this.offsets[level];
    this.offsets[level] = 1 - offset;
    this.compactions[level]++;
    this.lengths[level] = 0;
    for (let i = offset; i < SKETCH_EXACT_VALUES; i += 2) this.push(level + 1, buffer[i]);
  }
}
