const TWO_POW_32 = 4294967296;

/**
 * Inversion tables that turn one 32-bit uniform into a class index 0..C−1 for many distributions
 * at once (one slot per task), with a guide table so a draw costs about one comparison.
 *
 * Formula: class = #{i : x ≥ 2^32·F_i} for x uniform on 0..2^32 − 1 and cumulative probabilities
 * F_0 ≤ … ≤ F_{C−2} (class c has probability F_c − F_{c−1}, resolved to 2^-32); the guide entry of
 * bucket [i·2^(32−g), (i + 1)·2^(32−g)) is the class of its lowest value, so the search starts there
 * (indexed search: Chen & Asau 1974, "On generating random variates from an empirical
 * distribution", AIIE Trans. 6:163–166; Devroye 1986, §III.2.4).
 * Example: one slot with F = [0.25, 0.5] maps x < 2^30 to 0, x < 2^31 to 1, the rest to 2 (tested).
 *
 * Hot loops read `thresholds`, `guide`, `stride`, `guideSize` and `shift` directly:
 * `c = guide[slot·guideSize + (x >>> shift)]; while (x >= thresholds[slot·stride + c]) c++`.
 */
export class ClassTable {
  /** Number of classes C. */
  readonly classes: number;
  /** Thresholds per slot: C − 1 scaled cumulative probabilities and a +Infinity sentinel. */
  readonly stride: number;
  readonly guideBits: number;
  readonly guideSize: number;
  /** 32 − guideBits: the guide bucket of x is x >>> shift. */
  readonly shift: number;
  readonly thresholds: Float64Array;
  readonly guide: Uint16Array;

  constructor(classes: number, slots: number) {
    this.classes = classes;
    this.stride = classes;
    this.guideBits = Math.min(12, Math.max(6, Math.ceil(Math.log2(classes)) + 3));
    this.guideSize = 1 << this.guideBits;
    this.shift = 32 - this.guideBits;
    this.thresholds = new Float64Array(classes * slots);
    this.guide = new Uint16Array(this.guideSize * slots);
  }

  /** Fills slot `slot` from ascending cumulative probabilities cumulative[0..C−2] (a running max guards rounding). */
  set(slot: number, cumulative: ArrayLike<number>): void {
    const base = slot * this.stride;
    const last = this.classes - 1;
    let previous = 0;
    for (let i = 0; i < last; i++) {
      const value = Math.max(previous, cumulative[i] * TWO_POW_32);
      this.thresholds[base + i] = value;
      previous = value;
    }
    this.thresholds[base + last] = Infinity;
    // Bucket b gets the class of its lowest value b·width: class c for the buckets with
    // threshold_{c−1} ≤ b·width < threshold_c, i.e. b from ⌈threshold_{c−1}/width⌉ to ⌈threshold_c/width⌉ − 1
    // (a native fill per class: the tables of 1000 tasks are built before the kernel's code is optimised).
    const guideBase = slot * this.guideSize;
    const inverseWidth = 2 ** -this.shift;
    let from = 0;
    for (let c = 0; c < last && from < this.guideSize; c++) {
      const to = Math.min(this.guideSize, Math.ceil(this.thresholds[base + c] * inverseWidth));
      if (to > from) {
        this.guide.fill(c, guideBase + from, guideBase + to);
        from = to;
      }
    }
    this.guide.fill(last, guideBase + from, guideBase + this.guideSize);
  }

  /** The class of the 32-bit value x (an unsigned integer) in slot `slot`. */
  draw(slot: number, x: number): number {
    let c = this.guide[slot * this.guideSize + (x >>> this.shift)];
    const base = slot * this.stride;
    while (x >= this.thresholds[base + c]) c++;
    return c;
  }
}
