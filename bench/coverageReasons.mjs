// Why a coverage-study cell is outside the target band [94 %, 97 %] (issue #42, Checks: "in every
// cell, or the output says why a cell cannot be reached"). `pnpm coverage-study` prints, after its
// tables, every cell of a default interval or bound outside the band with one of these reasons;
// `--report` prints the same list for the cells already in --out, measuring nothing.
//
// Reasons, tried in this order:
// - 'discreteness' (above): the point estimate takes few values, so no interval monotone in it can
//   cover less: C ≤ A + 2·√(A(1 − A)/D), A the attainable coverage at 94 % (two-sided:
//   `attainable.atLeast94`; one-sided lower bound: `attainable.lowerBound94`; bench/attainableCoverage.mjs).
// - 'equal tails' (above, two-sided): the same against what an equal-tailed interval can attain
//   (`attainable.equalTailed95`).
// - 'MC error': within 2 Monte Carlo SE of the band's nearer edge e (SE √(e(1 − e)/D), D the cell's
//   datasets: a true coverage at the edge measures this far out in about 1 cell of 40).
// - 'PART needed' (task-population cells and compare's difference, above; PART a candidate's name
//   below, + between several): the interval is wider than this cell needs because of PART, and PART
//   cannot be taken out without losing coverage elsewhere. Checked per cell from the study's own
//   measurements (`narrower` fields; bench/coverageCells.mjs NARROWER, DIFFERENCE_NARROWER): the
//   default with one part switched off is measured on the same datasets (and all parts at once,
//   `all`, looked at only when no single part brings the cell in). The reason holds when at least
//   one candidate brings this cell to within 2 SE of 97 % or below (it is the part that makes the
//   cell conservative), and every such candidate has more cells of the part (same estimand and
//   method, two-sided or lower bound) below 94 % − 2 SE than the default has (taking it out would
//   lose coverage elsewhere; the count is printed per candidate). A candidate that brings the cell
//   in and loses nothing elsewhere leaves the cell 'no stated reason': the change should then be made.
// - 'any valid bound' (above, one-sided lower bound of the task population): no lower bound that
//   holds for every task population can cover less: C ≤ A + 2·√(A(1 − A)/D), A = `attainable.validLowerBound94`,
//   the larger of `lowerBound94` and the share of datasets whose estimate x̄ of T tasks has the
//   Clopper–Pearson bound at ⌈T·x̄⌉ of T still ≤ the truth (0/1 values are a task population too, and
//   at them no monotone valid bound exceeds Clopper–Pearson; bench/attainableCoverage.mjs
//   `forcedLowerBoundShare`): at T = 10 the 95 % bound at 10 of 10 is 0.741, below a truth of 0.8;
//   or whose bound under the two-point populations "p = q or 0" is ≤ the truth (`twoPointBoundCap`:
//   one task of 5 at 8 of 10 allows a 95 % bound on pass^8 of at most 0.00053, below a truth of 0.001).
// - 'MC error (fresh)' (below or above): the cell measured again on fresh datasets (`pnpm coverage-study
//   --recheck --first F`, the record's `recheck` field: F and its datasets D′ beside the coverage)
//   covers at least 94 % − 2 SE (below), at most 97 % + 2 SE (above; SE at D′): the first
//   measurement was chance, not a real miss.
// - 'wider than noise' (this-benchmark cells, above): the interval is wider than the trial noise
//   calls for, and that explains the coverage: the cell's `noise.redrawCoverage[method]` (bench/coverageCells.mjs
//   `redrawCoverage`; records without it: `noise.normalCoverage`, its normal approximation) is the
//   coverage the interval's own half-width h = q·SE would have, dataset by dataset, against the
//   estimate's true trial noise: the share of 200 fresh draws of the dataset's trials from its true
//   rates whose estimate is within h of the truth (below x̄* − h ≤ θ for the lower bound), averaged
//   over the datasets (the normal approximation: 2Φ(q·SE/√v) − 1 two-sided, Φ(q·SE/√v) for the lower
//   bound, v = Σ_t Var(θ̂_t | p_t)/T² the true trial noise, q the interval's own t quantile).
//   The reason holds when that N is above the band and C ≤ N + 2·√(N(1 − N)/D): a t quantile
//   at T − 1 df on an SE that is not estimated from T squared deviations (T 10: 2Φ(2.262) − 1 = 97.6 %
//   with SE = √v), and an SE above √v (the cell's `noise.ratio` = E[SE²]/E[v]) where the larger of the
//   two task-population fits (`benchmarkTrialNoise`) is the conservative one.
// - 'SE follows the error' (this-benchmark cells, above): the width is not what makes the bound
//   conservative (C > N + 2·√(N(1 − N)/D), N = `noise.redrawCoverage`, the width held fixed), the SE
//   moves with the error: across the cell's datasets the correlation of x̄ − θ with the SE
//   (`noise.errorSeCorrelation`) is above 2/√D (its SE is about 1/√D when there is none). Tasks near
//   p = 0 make the trial noise right-skewed: a dataset whose estimate overshoots has more successes and
//   so a larger SE, and x̄ − q·SE seldom passes θ; the upper end of the same interval then misses
//   more, so the two-sided interval is in the band (kumaraswamy(0.5,3), T 10, pass@1, 1000 fresh
//   datasets: lower bound 98.8 % and two-sided 96.1 % at n 16, 98.2 % and 95.8 % at n 10;
//   docs/uncertainty-history.md). Two-sided (this benchmark or compare's), the same with |x̄ − θ|
//   (`noise.absErrorSeCorrelation`): the interval misses where |x̄ − θ| is large, and there the SE is
//   large too. Compare's pass@4 of Beta(4, 1), n 10, T 10: C 99.5 %, N 97.0 %, correlation of |x̄ − θ|
//   with the SE 0.69 (0.61 on datasets 1000–1999, C 99.1 %): a task's pass@4 estimate is exactly 1
//   at 7 or more successes of 10 (error (1 − p)⁴ per agent, near 0, and little posterior noise), so both a
//   dataset's error and its SE come from its few tasks below 7 of 10 (bench/decisions/compareSeFollowsError.mjs).
// - 'k > n/2' (this-benchmark cells, above or below): the trial noise Var(θ̂ | p) = E[g(C)² | p] −
//   p^{2k} of a task with n trials has no unbiased estimator when 2k > n, since an estimator's
//   expectation under Binomial(n, p) is a polynomial of degree ≤ n (Lehmann & Casella 1998,
//   "Theory of point estimation", §2.1): the interval rests on the fitted task population
//   (`benchmarkTrialNoise`, the larger of two fits), conservative on most populations and short on some.
//   Below the band this is a stated cause, not a guarantee: the summary counts those cells apart.
// - 'no stated reason': a failure.
// The candidates' names: t (the Student t quantile at T − 1, replaced by the normal one), Beta (the
// moment-fitted Beta's variance floor), ratio (the floor r̂ ≥ 1/n), CP (the lower bound's
// Clopper–Pearson floor on 0/1 values, `binaryExactBounds`), equal (r̂ = 1 when every value is 0 or
// every value is 1: without it such a dataset gives the point), all (t, Beta, ratio, CP at once). Compare's
// task-population difference has its own (bench/coverageCells.mjs DIFFERENCE_NARROWER, written by
// `pnpm coverage-study --only compare --narrower`): EL (the empirical-likelihood union), floors (the
// trial-noise and (σ_A − σ_B)² floors), quantile (the calibrated quantile replaced by the normal one),
// exact (the bounds where an agent is sparse, at most 2 estimates above 0 and none at 1 or mirrored,
// `degenerateDifferenceBounds`, left out), sparse (those bounds only where an agent's estimates are
// all 0 or all 1, as before the cells3 round) and all (EL, floors, quantile and exact at once).

/** The target band of every default's coverage. */
export const BAND = [0.94, 0.97];

/** Monte Carlo SE of a coverage `level` measured on `datasets` datasets. */
export const coverageSe = (datasets, level) => Math.sqrt((level * (1 - level)) / datasets);

/**
 * The reason a cell's `coverage` is outside the band, or null inside it. `attainable` is the cell's
 * attainable-coverage summary for the estimand, `sides` 1 for a lower bound, `nMin` the fewest trials
 * of a task in the cell, `benchmark` whether the estimand is "this benchmark" (per-task trial noise),
 * `normalCoverage` its normal-theory coverage at the true trial noise, `redrawCoverage` the same from
 * fresh draws of the trials, `errorSeCorrelation` the correlation of the error with the SE over the
 * cell's datasets, `absErrorSeCorrelation` that of the error's absolute value with the SE (each
 * undefined when not measured).
 */
export function outOfBandReason({
  coverage,
  datasets,
  attainable,
  sides,
  k,
  nMin,
  benchmark,
  narrower,
  recheck,
  normalCoverage,
  redrawCoverage,
  errorSeCorrelation,
  absErrorSeCorrelation,
}) {
  if (coverage >= BAND[0] && coverage <= BAND[1]) return null;
  const reachable = (a) => a !== undefined && coverage <= a + 2 * Math.sqrt((a * (1 - a)) / datasets);
  const identified = !(benchmark && 2 * k > nMin);
  if (coverage > BAND[1]) {
    if (reachable(sides === 1 ? attainable?.lowerBound94 : attainable?.atLeast94)) return 'discreteness';
    if (sides === 2 && reachable(attainable?.equalTailed95)) return 'equal tails';
  }
  const edge = coverage < BAND[0] ? BAND[0] : BAND[1];
  if (Math.abs(coverage - edge) <= 2 * coverageSe(datasets, edge)) return 'MC error';
  if (coverage < BAND[0] && recheck && recheck.coverage >= BAND[0] - 2 * coverageSe(recheck.datasets, BAND[0])) return 'MC error (fresh)';
  if (coverage > BAND[1] && recheck && recheck.coverage <= BAND[1] + 2 * coverageSe(recheck.datasets, BAND[1])) return 'MC error (fresh)';
  if (coverage > BAND[1] && narrower) {
    // The single parts that bring the cell in; only when none does, all of them at once.
    const reaches = (c) => c.coverage <= BAND[1] + 2 * coverageSe(datasets, BAND[1]);
    const single = narrower.filter((c) => c.name !== 'all' && reaches(c));
    const inBand = single.length > 0 ? single : narrower.filter((c) => c.name === 'all' && reaches(c));
    if (inBand.length > 0 && inBand.every((c) => c.failsElsewhere)) return `${inBand.map((c) => c.name).join('+')} needed`;
  }
  if (coverage > BAND[1] && sides === 1 && reachable(attainable?.validLowerBound94)) return 'any valid bound';
  // The redrawn (exact) noise coverage where measured, else its normal approximation.
  const noise = redrawCoverage ?? normalCoverage;
  if (benchmark && coverage > BAND[1] && noise > BAND[1] && coverage <= noise + 2 * coverageSe(datasets, noise)) return 'wider than noise';
  // The lower bound misses when the error is large and positive, the two-sided interval when |error| is large.
  const follows = sides === 1 ? errorSeCorrelation : absErrorSeCorrelation;
  if (
    benchmark &&
    coverage > BAND[1] &&
    redrawCoverage !== undefined &&
    coverage > redrawCoverage + 2 * coverageSe(datasets, redrawCoverage) &&
    follows > 2 / Math.sqrt(datasets)
  )
    return 'SE follows the error';
  return identified ? 'no stated reason' : 'k > n/2';
}

/**
 * Per narrower candidate of a part (`row.narrower[estimand][candidate][method]`, bench/coverageCells.mjs
 * NARROWER): the cells below 94 % − 2 SE with it and with the default, its lowest cell, and
 * `failsElsewhere` (more such cells than the default). null when the rows hold no candidates.
 */
export function narrowerStats(rows, { estimand, method }, fallbackDatasets) {
  const measured = rows.filter((r) => r.narrower?.[estimand] && r[estimand]?.[method]);
  if (measured.length === 0) return null;
  const low = (r, coverage) => coverage < BAND[0] - 2 * coverageSe(r.datasets ?? fallbackDatasets, BAND[0]);
  const defaultLow = measured.filter((r) => low(r, r[estimand][method].coverage)).length;
  return Object.keys(measured[0].narrower[estimand]).map((name) => {
    const coverageOf = (r) => r.narrower[estimand][name][method].coverage;
    const lowest = measured.reduce((w, r) => (coverageOf(r) < coverageOf(w) ? r : w));
    const below = measured.filter((r) => low(r, coverageOf(r))).length;
    return { name, below, defaultBelow: defaultLow, lowest, lowestCoverage: coverageOf(lowest), failsElsewhere: below > defaultLow };
  });
}

/**
 * A study row's verdict for `estimand` and `method`: 'in band', or 'below: REASON' / 'above: REASON'
 * (`outOfBandReason`). `sides` 1 for a lower bound; `benchmark` whether the estimand is "this
 * benchmark"; the row's own `datasets`, else `fallbackDatasets`; `stats` the part's `narrowerStats`
 * (without them no cell is given '… needed').
 */
export function cellVerdict(r, { estimand, method, sides, benchmark }, fallbackDatasets, stats = null) {
  const coverage = r[estimand]?.[method]?.coverage;
  if (coverage === undefined) return undefined;
  const datasets = r.datasets ?? fallbackDatasets;
  // Tasks with n < k are left out of the cell's estimate: the fewest trials among those used.
  const nMin = r.unequal && r.k <= Math.ceil(r.n / 2) ? Math.ceil(r.n / 2) : r.n;
  const normalCoverage = benchmark ? r.noise?.normalCoverage?.[method] : undefined;
  const redrawCoverage = benchmark ? r.noise?.redrawCoverage?.[method] : undefined;
  const errorSeCorrelation = benchmark ? r.noise?.errorSeCorrelation : undefined;
  const absErrorSeCorrelation = benchmark ? r.noise?.absErrorSeCorrelation : undefined;
  const candidates = r.narrower?.[estimand];
  const narrower =
    stats && candidates ? stats.map(({ name, failsElsewhere }) => ({ name, coverage: candidates[name][method].coverage, failsElsewhere })) : undefined;
  const again = r.recheck?.[estimand]?.[method];
  const recheck = again ? { coverage: again.coverage, datasets: r.recheck.datasets } : undefined;
  const reason = outOfBandReason({
    coverage,
    datasets,
    attainable: r.attainable?.[estimand],
    sides,
    k: r.k,
    nMin,
    benchmark,
    narrower,
    recheck,
    normalCoverage,
    redrawCoverage,
    errorSeCorrelation,
    absErrorSeCorrelation,
  });
  return reason === null ? 'in band' : `${coverage < BAND[0] ? 'below' : 'above'}: ${reason}`;
}

/**
 * The lines listing every cell outside the band, one per cell and method, then a tally per verdict.
 * `parts`: [{ label, rows, method, sides, estimand, benchmark }] (rows: the study's records, each with
 * `coverage` under row[estimand][method], `datasets`, `attainable[estimand]`, k, n, unequal).
 */
export function outOfBandLines(parts, fallbackDatasets) {
  const lines = [];
  for (const part of parts) {
    const { label, rows, method } = part;
    const tally = {};
    const stats = narrowerStats(rows, part, fallbackDatasets);
    lines.push(`\n${label} (${method}): cells outside [94 %, 97 %] and why`);
    for (const r of rows) {
      const verdict = cellVerdict(r, part, fallbackDatasets, stats);
      if (verdict === undefined) continue;
      tally[verdict] = (tally[verdict] ?? 0) + 1;
      if (verdict !== 'in band')
        lines.push(
          `  ${r.distribution.padEnd(36)} n ${(r.unequal ? `${r.n}/${Math.ceil(r.n / 2)}` : String(r.n)).padStart(5)} T ${String(r.T).padStart(4)} ` +
            `k ${String(r.k).padStart(2)} ${r.metric.padEnd(8)} ${(100 * r[part.estimand][method].coverage).toFixed(1).padStart(5)} %  ${verdict}`,
        );
    }
    lines.push(...wrap(`  ${label} (${method}): ${verdictCounts(tally)}`, 100, '    '));
    for (const line of narrowerLines(stats)) lines.push(...wrap(line, 100, '    '));
  }
  return lines;
}

/** What each narrower candidate leaves out, in words. */
const CANDIDATE_TEXT = {
  t: 'the t quantile (normal)',
  Beta: 'the Beta variance floor',
  ratio: 'the ratio floor 1/n',
  CP: 'Clopper–Pearson on 0/1 values',
  equal: 'the width at all-0 or all-1 values',
  EL: 'the empirical-likelihood union',
  floors: 'the variance floors',
  quantile: 'the calibrated quantile (normal)',
  exact: 'the bounds of a sparse arm',
  sparse: 'the bounds of an arm with 1 or 2 tasks off 0 (or 1)',
  all: 'all of them at once',
  tail: 'the bound valid for every population at the edge (one-sided)',
};

/** The rows of a part (as `outOfBandLines` takes it) outside the band for no stated reason (what --recheck remeasures). */
export function outsideWithoutReason(part, fallbackDatasets) {
  const stats = narrowerStats(part.rows, part, fallbackDatasets);
  return part.rows.filter((r) => cellVerdict(r, part, fallbackDatasets, stats)?.endsWith(': no stated reason'));
}

/** One line per narrower candidate: its cells below 94 % − 2 SE against the default's, and its lowest cell. */
export function narrowerLines(stats) {
  return (stats ?? []).map(
    ({ name, below, defaultBelow, lowest: r, lowestCoverage }) =>
      `  without ${CANDIDATE_TEXT[name] ?? name}: cells < 94 % − 2 SE ${below} ` +
      `(default ${defaultBelow}), lowest ${(100 * lowestCoverage).toFixed(1)} % (${r.distribution}, n ${r.unequal ? `${r.n}/${Math.ceil(r.n / 2)}` : r.n}, ` +
      `T ${r.T}, k ${r.k}, ${r.metric})${below > defaultBelow ? ': loses coverage' : ''}`,
  );
}

/** "in band 421, above: MC error 130, …; outside for no stated reason: 17" from a tally per verdict. */
export function verdictCounts(tally) {
  const failures = Object.entries(tally)
    .filter(([verdict]) => verdict.endsWith('no stated reason'))
    .reduce((s, [, n]) => s + n, 0);
  const listed = Object.entries(tally).sort(([a], [b]) => (a === 'in band' ? -1 : b === 'in band' ? 1 : a.localeCompare(b)));
  return `${listed.map(([verdict, n]) => `${verdict} ${n}`).join(', ')}; outside for no stated reason: ${failures}`;
}

/** `text` broken after ', ' or '; ' into lines of at most `width` columns, continuations indented. */
function wrap(text, width, indent) {
  const lines = [];
  let line = '';
  for (const piece of text.split(/(?<=[,;] )/)) {
    if (line !== '' && line.length + piece.length > width) {
      lines.push(line.trimEnd());
      line = indent;
    }
    line += piece;
  }
  lines.push(line.trimEnd());
  return lines;
}
