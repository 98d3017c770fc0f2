const TWO_POW_32 = 4294967296;

/**
 * Alias tables that turn one 32-bit uniform into a class index 0..C−1 for many distributions at
 * once (one slot per task), with no data-dependent branch: a draw is one multiply, one subtraction
 * and an arithmetic select.
 *
 * Formula (Walker's alias method: Walker 1977, "An efficient method for generating discrete random
 * variables with general distributions", ACM TOMS 3:253–256; the stable construction of Vose 1991,
 * IEEE TSE 17:972–975): for x uniform on 0..2^32 − 1, column i = ⌊x·C/2^32⌋ and fraction
 * f = x·C mod 2^32 (uniform within the column); class = i if ⌊f/2⌋ < cut_i, else alias_i. Each
 * column holds probability 1/C split between its own class and one alias.
 * Resolution: the class weights are integers summing to C·2^32 (round-off ≤ 2^-33/C each); a column's
 * cut is kept to 31 bits so that ⌊f/2⌋ − cut fits an int32 whose sign bit is the select mask, and
 * its count of x values is then off by less than 2 of its ≈ 2^32/C; so each class probability is
 * exact to 2C·2^-32 (2^-27 for K = 8: C = 16; in practice ≈ 2^-32), against 2^-32 for the inversion
 * tables of `ClassTable`. Classes of probability 0 are never drawn.
 * Example: one slot with cumulative F = [0.25, 0.5, 0.75] (C = 4) maps x to x >>> 30 (tested).
 *
 * Hot loops read `entries` directly: slot s's column i is entries[2·(s·C + i)] = cut_i (0..2^31 − 1)
 * and entries[2·(s·C + i) + 1] = alias_i:
 * `xc = x·C; i = (xc·2^-32) | 0; c = alias ^ ((i ^ alias) & ((((xc | 0) >>> 1) − cut) >> 31))`
 * (for C = 2^s, `pack` gives one word per column and a cheaper select with the same law).
 * `entries` may be longer than the table (`extra`): hot loops keep their counters there, since V8
 * re-checks every typed array on each loop iteration and one array is cheaper than two.
 */
export class AliasTable {
  /** Number of classes C. */
  readonly classes: number;
  /** Per slot and column: the 31-bit cut and the alias (2·C int32 per slot), then `extra` zeros for the caller. */
  readonly entries: Int32Array;
  private readonly weights: Float64Array;
  private readonly small: Int32Array;
  private readonly large: Int32Array;

  constructor(classes: number, slots: number, extra = 0) {
    this.classes = classes;
    this.entries = new Int32Array(2 * classes * slots + extra);
    this.weights = new Float64Array(classes);
    this.small = new Int32Array(classes);
    this.large = new Int32Array(classes);
  }

  /** Fills slot `slot` from ascending cumulative probabilities cumulative[0..C−2] (a running max guards rounding). */
  set(slot: number, cumulative: ArrayLike<number>): void {
    const C = this.classes;
    const total = C * TWO_POW_32;
    const w = this.weights;
    // Integer weights (units of 2^-32/C) summing to exactly C·2^32.
    let previous = 0;
    for (let c = 0; c < C; c++) {
      const scaled = c < C - 1 ? Math.min(total, Math.max(previous, Math.round(cumulative[c] * total))) : total;
      w[c] = scaled - previous;
      previous = scaled;
    }
    // Vose: pair each under-full column (weight < 2^32) with an over-full class that tops it up.
    let smallCount = 0;
    let largeCount = 0;
    for (let c = 0; c < C; c++) {
      if (w[c] < TWO_POW_32) this.small[smallCount++] = c;
      else this.large[largeCount++] = c;
    }
    const base = 2 * slot * C;
    while (smallCount > 0 && largeCount > 0) {
      const s = this.small[--smallCount];
      const l = this.large[largeCount - 1];
      this.entries[base + 2 * s] = Math.floor(w[s] / 2);
      this.entries[base + 2 * s + 1] = l;
      w[l] -= TWO_POW_32 - w[s];
      if (w[l] < TWO_POW_32) {
        largeCount--;
        this.small[smallCount++] = l;
      }
    }
    // Full columns (weight exactly 2^32; integer arithmetic leaves no rounding residue): always their own class.
    while (largeCount > 0) this.fill(base, this.large[--largeCount]);
    while (smallCount > 0) this.fill(base, this.small[--smallCount]);
  }

  private fill(base: number, c: number): void {
    this.entries[base + 2 * c] = 0;
    this.entries[base + 2 * c + 1] = c;
  }

  /**
   * For C = 2^s (s ≥ 1), slot `slot` packed one int32 per column into out[at..at + C − 1], for hot
   * loops (one load, constant shifts): word_i = (n_i << s) | alias_i, where n_i = ⌈2·cut_i/C⌉ is the
   * number of x in column i that keep class i. Column and position are read the other way round:
   * i = x & (C − 1), class = i if (x >>> s) < n_i else alias_i, computed as
   * `a = w & (C − 1); c = a ^ ((i ^ a) & ((((x >>> 1) | (C/2 − 1)) − (w >>> 1)) >> 31))`.
   * Each column keeps the same n_i of its 2^(32−s) values, so the law is exactly that of `draw` (tested).
   */
  pack(slot: number, out: Int32Array, at: number): void {
    const C = this.classes;
    const s = 31 - Math.clz32(C);
    const columnSize = TWO_POW_32 / C;
    const base = 2 * slot * C;
    for (let i = 0; i < C; i++) {
      const n = Math.ceil((2 * this.entries[base + 2 * i]) / C);
      // A column that keeps all its values (n = 2^(32−s) does not fit) is its own class: n = 0, alias i.
      out[at + i] = n >= columnSize ? i : (n << s) | this.entries[base + 2 * i + 1];
    }
  }

  /** The class of the 32-bit value x (an unsigned integer) in slot `slot`. */
  draw(slot: number, x: number): number {
    const C = this.classes;
    const xc = x * C;
    const i = (xc / TWO_POW_32) | 0;
    const at = 2 * (slot * C + i);
    const alias = this.entries[at + 1];
    return alias ^ ((i ^ alias) & ((((xc | 0) >>> 1) - this.entries[at]) >> 31));
  }
}
