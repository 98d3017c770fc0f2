// Attainable coverage of a coverage-study cell (bench/coverage.mjs, docs/uncertainty.md, "Attainable
// coverage"): how close to a target level any interval can come when the point estimate is discrete.
//
// An interval [L(x), U(x)] whose bounds are non-decreasing functions of the point estimate x and
// contain it (L(x) ≤ x ≤ U(x)) covers θ exactly when x lies in an interval of estimate values that
// contains θ: {x : L(x) ≤ θ} is a down-set, {x : U(x) ≥ θ} an up-set, and x = θ is in both. Over
// the atoms x₁ < … < x_m of the estimate's distribution (masses w_i) the covered atoms are then a
// run x_i, …, x_j with no atom strictly between the run and θ: x_{i−1} < θ (or i = 1) and
// x_{j+1} > θ (or j = m); an atom equal to θ is always covered. The coverage is the run's mass, so
// the attainable coverage at `level` is the smallest mass ≥ level over these runs: ≈ level where x
// is near-continuous (1/D above it at most, D the number of datasets), and higher where a few atoms
// carry the mass.

import { clopperPearsonBounds } from '../packages/sim/dist/intervals/clopperPearson.js';
import { binomialSf } from '../packages/sim/dist/math/binomialCdf.js';
import { taskEstimate } from '../packages/sim/dist/taskAverage/taskValues.js';

/** Estimates closer than this are one atom (they are rational numbers computed in floating point). */
export const ATOM_TOLERANCE = 1e-12;

/**
 * The attainable coverage at each of `levels` of an estimate with the empirical distribution of
 * `values` (one per dataset; or with masses `weights`, e.g. a pmf) against the truth `truth`: the smallest mass ≥ level of a run of atoms
 * that an interval monotone in the estimate and containing it can cover (see above). Returns
 * { atoms, largest, byLevel: [{ level, coverage, lower, upper }], equalTailed: [{ level, coverage }] }:
 * the number of distinct values, the largest atom's mass, per level the attainable coverage with the
 * run's lowest and highest atoms (coverage 1 and the full range when no run reaches the level, which
 * needs level > 1), and per level the mass of the shortest run whose tails below and above each
 * carry at most (1 − level)/2 (what an equal-tailed interval can attain).
 */
export function attainableCoverage(values, truth, levels, weights) {
  if (values.length === 0) throw new Error('attainableCoverage: no values');
  const order = Array.from(values, (_, i) => i).sort((a, b) => values[a] - values[b]);
  const atoms = [];
  const masses = [];
  let total = 0;
  for (const index of order) {
    const value = values[index];
    const weight = weights ? weights[index] : 1;
    total += weight;
    if (atoms.length > 0 && value - atoms.at(-1) <= ATOM_TOLERANCE) masses[masses.length - 1] += weight;
    else {
      atoms.push(value);
      masses.push(weight);
    }
  }
  const m = atoms.length;
  // prefix[i] = mass of atoms 0 … i − 1 (0-based atoms).
  const prefix = new Float64Array(m + 1);
  for (let i = 0; i < m; i++) prefix[i + 1] = prefix[i] + masses[i];
  // Runs i … j (0-based, j = i − 1 for the empty run): i ≤ below (atoms 0 … below − 1 are < θ),
  // j ≥ m − above − 1 (atoms m − above … m − 1 are > θ).
  let below = 0;
  while (below < m && atoms[below] < truth - ATOM_TOLERANCE) below++;
  let above = 0;
  while (above < m - below && atoms[m - 1 - above] > truth + ATOM_TOLERANCE) above++;
  const byLevel = levels.map((level) => {
    const need = level * total * (1 - 1e-12); // level·D datasets, against rounding of level·D
    let best = { mass: total, i: 0, j: m - 1 };
    // As i decreases the smallest j that reaches `need` does not increase: one pass over j.
    let j = m - 1;
    for (let i = below; i >= 0; i--) {
      const jMin = Math.max(m - above - 1, i - 1);
      if (j < jMin) j = jMin;
      while (j - 1 >= jMin && prefix[j] - prefix[i] >= need) j--;
      const mass = prefix[j + 1] - prefix[i];
      if (mass >= need && mass < best.mass) best = { mass, i, j };
    }
    return { level, coverage: best.mass / total, lower: atoms[best.i], upper: atoms[best.j] };
  });
  // Equal tails: the shortest run whose two tails each carry at most (1 − level)/2 (a two-sided
  // equal-tailed interval aims at that; Clopper–Pearson guarantees it for every θ).
  const equalTailed = levels.map((level) => {
    const tail = ((1 - level) / 2) * total * (1 + 1e-12);
    let i = 0;
    while (i < below && prefix[i + 1] <= tail) i++;
    let j = m - 1;
    while (j > m - above - 1 && total - prefix[j] <= tail) j--;
    return { level, coverage: (prefix[j + 1] - prefix[i]) / total };
  });
  return { atoms: m, largest: Math.max(...masses) / total, byLevel, equalTailed };
}

/**
 * A cell's attainable coverage at 94 % (the target band's lower end) and 95 %, with equal tails at
 * 95 %, for bench/coverage.json; with `covered` (per value, whether the default interval covered),
 * also `splitShare`: the share of datasets in atoms the default covers for some datasets and not
 * others. passk's intervals depend on more than the estimate (the spread s², the fitted
 * population), so they can split an atom, which an interval of the estimate alone cannot; where
 * splitShare is 0 the default behaved as a function of the estimate and A bounds it.
 */
export function attainableSummary(values, truth, covered, tasks, design) {
  const { atoms, largest, byLevel, equalTailed } = attainableCoverage(values, truth, [0.94, 0.95]);
  const lowerBound94 = attainableLowerBound(values, truth, 0.94);
  return {
    atoms,
    largest,
    atLeast94: byLevel[0].coverage,
    run94: [byLevel[0].lower, byLevel[0].upper],
    atLeast95: byLevel[1].coverage,
    equalTailed95: equalTailed[1].coverage,
    lowerBound94,
    ...(tasks === undefined ? {} : { validLowerBound94: Math.max(lowerBound94, forcedLowerBoundShare(values, truth, tasks, 0.05, design)) }),
    ...(covered ? { splitShare: splitShare(values, covered) } : {}),
  };
}

/**
 * The attainable coverage at `level` of a one-sided lower bound L(x), non-decreasing in the estimate x
 * with L(x) ≤ x: it covers θ exactly when x ≤ some threshold, so the covered atoms are those up to
 * some atom, every atom ≤ θ among them; the smallest such mass ≥ level (a share of `values`).
 */
export function attainableLowerBound(values, truth, level) {
  const sorted = Float64Array.from(values).sort();
  const D = sorted.length;
  const need = level * D * (1 - 1e-12);
  // Atoms ≤ θ are always covered; then whole atoms, in order, until the mass reaches the level.
  let j = 0;
  while (j < D && sorted[j] <= truth + ATOM_TOLERANCE) j++;
  while (j < D && j < need) {
    const atom = sorted[j];
    while (j < D && sorted[j] - atom <= ATOM_TOLERANCE) j++;
  }
  return j / D;
}

/**
 * The share of `values` (task averages of `tasks` tasks, each task's value in [0, 1]) at which every
 * lower bound at tail `alpha` that holds for every task population and is non-decreasing in the
 * estimate covers `truth`: a bound valid for all populations is valid for 0/1 values, where the
 * average is j/T with j ~ Binomial(T, μ), and there no monotone bound valid at every μ exceeds the
 * Clopper–Pearson bound L_CP(j) (if L(j) > L_CP(j), a μ in between has P_μ(X ≥ j) > alpha by the
 * definition of L_CP, so L(X) > μ with probability > alpha). So L(x) ≤ L(⌈T·x⌉/T) ≤ L_CP(⌈T·x⌉), and
 * an estimate with L_CP(⌈T·x⌉) ≤ truth is covered by any such bound. `validLowerBound94` of
 * `attainableSummary` is the larger of this share and `lowerBound94`: what a valid lower bound can
 * attain (one-sided cells at T = 10 near 1: the 95 % bound at 10 of 10 is 0.05^{1/10} = 0.741).
 */
export function forcedLowerBoundShare(values, truth, tasks, alpha, design) {
  let forced = 0;
  const caps = new Map(); // twoPointBoundCap per distinct estimate (the estimates take few values)
  for (const x of values) {
    const j = Math.ceil(tasks * x - 1e-9);
    if (clopperPearsonBounds(tasks, Math.min(tasks, Math.max(0, j)), alpha).lower <= truth) forced++;
    else if (design !== undefined) {
      const key = x.toPrecision(12);
      if (!caps.has(key)) caps.set(key, twoPointBoundCap(x, design, alpha));
      if (caps.get(key) <= truth) forced++;
    }
  }
  return forced / values.length;
}

/** The success rates q of `twoPointBoundCap`'s populations: 1/400, 2/400, …, 1. */
const TWO_POINT_RATES = Array.from({ length: 400 }, (_, i) => (i + 1) / 400);

/** The most tasks m `twoPointBoundCap` asks to reach T·x/m each (a smaller set still gives a valid cap). */
const TWO_POINT_TASKS = 10;

/**
 * The largest value a lower bound at tail `alpha`, valid for every task population and
 * non-decreasing in the estimate, can take at the estimate x (a task average of pass@k or pass^k
 * estimates, `design`: { trials: each averaged task's n, metric, k }): under the two-point population
 * "p = q with probability π, else p = 0" the estimand is π·θ(q) (θ(q) = q^k or 1 − (1 − q)^k), and
 * the estimate is ≥ x whenever m tasks each have an estimate g(C) ≥ T·x/m (every g ≥ 0), which has
 * probability ≥ P(Binomial(T, π·s) ≥ m), s = the smallest over the tasks' n of P(g(C) ≥ T·x/m | q).
 * For π·s above L_CP(m), the Clopper–Pearson lower bound at m of T (tail alpha), that exceeds alpha,
 * so a bound L(x) > π·θ(q) would miss with probability > alpha: L(x) ≤ L_CP(m)/s·θ(q) for every q
 * and m with L_CP(m) ≤ s. Returns the least of those over TWO_POINT_RATES and m ≤ TWO_POINT_TASKS
 * (∞ when none applies). At q = 1 and m = 1 this is Clopper–Pearson at one task; q < 1 reaches
 * further at small estimates of pass^k: one task of 5 with 8 of 10 successes (x = 1/225 for
 * pass^8) allows a bound of at most 0.00053, where Clopper–Pearson at 1 of 5 allows 0.0102.
 */
export function twoPointBoundCap(x, { trials, metric, k }, alpha) {
  const T = trials.length;
  if (!(x > 0)) return Number.POSITIVE_INFINITY;
  const distinct = [...new Set(trials)];
  let cap = Number.POSITIVE_INFINITY;
  for (let m = 1; m <= Math.min(T, TWO_POINT_TASKS); m++) {
    const need = (T * x) / m - 1e-12;
    if (need > 1) continue;
    const share = clopperPearsonBounds(T, m, alpha).lower;
    // Per distinct n: the fewest successes c whose estimate reaches T·x/m (g is non-decreasing in c).
    const fewest = distinct.map((n) => {
      let c = 0;
      while (c <= n && taskEstimate(metric, n, c, k) < need) c++;
      return { n, c };
    });
    for (const q of TWO_POINT_RATES) {
      let s = 1;
      for (const { n, c } of fewest) s = Math.min(s, c > n ? 0 : c === 0 ? 1 : binomialSf(c - 1, n, q));
      if (!(share <= s)) continue;
      cap = Math.min(cap, (share / s) * (metric === 'passHatK' ? q ** k : -Math.expm1(k * Math.log1p(-q))));
    }
  }
  return cap;
}

/** The share of values in atoms (equal up to ATOM_TOLERANCE) whose `covered` flags differ. */
export function splitShare(values, covered) {
  const order = Array.from(values, (_, i) => i).sort((a, b) => values[a] - values[b]);
  let split = 0;
  for (let start = 0; start < order.length; ) {
    let end = start + 1;
    let some = covered[order[start]];
    let all = some;
    while (end < order.length && values[order[end]] - values[order[end - 1]] <= ATOM_TOLERANCE) {
      some ||= covered[order[end]];
      all &&= covered[order[end]];
      end++;
    }
    if (some && !all) split += end - start;
    start = end;
  }
  return split / order.length;
}

/**
 * Where a default's coverage C of a cell of D datasets stands against the target [94 %, 97 %]:
 * 'in band' within Monte Carlo error (2 SE of a coverage of 95 %: [92.62 %, 98.38 %] at D = 1000),
 * 'below', or above it: 'discreteness-limited' when C ≤ A + 2·√(A(1 − A)/D), A the attainable
 * coverage at 94 % (`attainable.atLeast94`; the SE is the one C would have if the interval attained
 * A), 'limited by equal tails' when the same holds for the attainable coverage with each tail at
 * most 2.5 % (`attainable.equalTailed95`: what an equal-tailed interval can reach), else 'wider
 * than needed'.
 */
export function coverageVerdict(coverage, attainable, datasets) {
  const se = Math.sqrt((0.95 * 0.05) / datasets);
  const within = (a) => coverage <= a + 2 * Math.sqrt((a * (1 - a)) / datasets);
  if (coverage < 0.94 - 2 * se) return 'below';
  if (coverage <= 0.97 + 2 * se) return 'in band';
  if (within(attainable.atLeast94)) return 'discreteness-limited';
  return within(attainable.equalTailed95) ? 'limited by equal tails' : 'wider than needed';
}

/** The verdicts of `coverageVerdict`, in the order tables list them. */
export const VERDICTS = ['in band', 'discreteness-limited', 'limited by equal tails', 'wider than needed', 'below'];
