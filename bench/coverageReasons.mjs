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
// - 'wider than noise' (this-benchmark cells, above): the interval is wider than the trial noise
//   calls for, and that explains the coverage: the cell's `noise.normalCoverage[method]` (bench/coverageCells.mjs
//   `noiseCheck`) is the coverage the interval would have, dataset by dataset, if the estimate's error
//   were normal with the true trial noise v = Σ_t Var(θ̂_t | p_t)/T² as its variance — 2Φ(q·SE/√v) − 1
//   two-sided, Φ(q·SE/√v) for the lower bound, q the interval's own t quantile — averaged over the
//   datasets. The reason holds when that is above the band and C ≤ it + 2·√(N(1 − N)/D): a t quantile
//   at T − 1 df on an SE that is not estimated from T squared deviations (T 10: 2Φ(2.262) − 1 = 97.6 %
//   with SE = √v), and an SE above √v (the cell's `noise.ratio` = E[SE²]/E[v]) where the larger of the
//   two task-population fits (`benchmarkTrialNoise`) is the conservative one.
// - 'k > n/2' (this-benchmark cells, above or below): the trial noise Var(θ̂ | p) = E[g(C)² | p] −
//   p^{2k} of a task with n trials has no unbiased estimator when 2k > n, since an estimator's
//   expectation under Binomial(n, p) is a polynomial of degree ≤ n (Lehmann & Casella 1998,
//   "Theory of point estimation", §2.1): the interval rests on the fitted task population
//   (`benchmarkTrialNoise`, the larger of two fits), conservative on most populations and short on some.
//   Below the band this is a stated cause, not a guarantee: the summary counts those cells apart.
// - 'no stated reason': a failure.

/** The target band of every default's coverage. */
export const BAND = [0.94, 0.97];

/** Monte Carlo SE of a coverage `level` measured on `datasets` datasets. */
export const coverageSe = (datasets, level) => Math.sqrt((level * (1 - level)) / datasets);

/**
 * The reason a cell's `coverage` is outside the band, or null inside it. `attainable` is the cell's
 * attainable-coverage summary for the estimand, `sides` 1 for a lower bound, `nMin` the fewest trials
 * of a task in the cell, `benchmark` whether the estimand is "this benchmark" (per-task trial noise),
 * `normalCoverage` its normal-theory coverage at the true trial noise (undefined when not measured).
 */
export function outOfBandReason({ coverage, datasets, attainable, sides, k, nMin, benchmark, normalCoverage }) {
  if (coverage >= BAND[0] && coverage <= BAND[1]) return null;
  const reachable = (a) => a !== undefined && coverage <= a + 2 * Math.sqrt((a * (1 - a)) / datasets);
  const identified = !(benchmark && 2 * k > nMin);
  if (coverage > BAND[1]) {
    if (reachable(sides === 1 ? attainable?.lowerBound94 : attainable?.atLeast94)) return 'discreteness';
    if (sides === 2 && reachable(attainable?.equalTailed95)) return 'equal tails';
  }
  const edge = coverage < BAND[0] ? BAND[0] : BAND[1];
  if (Math.abs(coverage - edge) <= 2 * coverageSe(datasets, edge)) return 'MC error';
  if (benchmark && coverage > BAND[1] && normalCoverage > BAND[1] && coverage <= normalCoverage + 2 * coverageSe(datasets, normalCoverage))
    return 'wider than noise';
  return identified ? 'no stated reason' : 'k > n/2';
}

/**
 * A study row's verdict for `estimand` and `method`: 'in band', or 'below: REASON' / 'above: REASON'
 * (`outOfBandReason`). `sides` 1 for a lower bound; `benchmark` whether the estimand is "this
 * benchmark"; the row's own `datasets`, else `fallbackDatasets`.
 */
export function cellVerdict(r, { estimand, method, sides, benchmark }, fallbackDatasets) {
  const coverage = r[estimand]?.[method]?.coverage;
  if (coverage === undefined) return undefined;
  const datasets = r.datasets ?? fallbackDatasets;
  // Tasks with n < k are left out of the cell's estimate: the fewest trials among those used.
  const nMin = r.unequal && r.k <= Math.ceil(r.n / 2) ? Math.ceil(r.n / 2) : r.n;
  const normalCoverage = benchmark ? r.noise?.normalCoverage?.[method] : undefined;
  const reason = outOfBandReason({ coverage, datasets, attainable: r.attainable?.[estimand], sides, k: r.k, nMin, benchmark, normalCoverage });
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
    lines.push(`\n${label} (${method}): cells outside [94 %, 97 %] and why`);
    for (const r of rows) {
      const verdict = cellVerdict(r, part, fallbackDatasets);
      if (verdict === undefined) continue;
      tally[verdict] = (tally[verdict] ?? 0) + 1;
      if (verdict !== 'in band')
        lines.push(
          `  ${r.distribution.padEnd(36)} n ${(r.unequal ? `${r.n}/${Math.ceil(r.n / 2)}` : String(r.n)).padStart(5)} T ${String(r.T).padStart(4)} ` +
            `k ${String(r.k).padStart(2)} ${r.metric.padEnd(8)} ${(100 * r[part.estimand][method].coverage).toFixed(1).padStart(5)} %  ${verdict}`,
        );
    }
    lines.push(...wrap(`  ${label} (${method}): ${verdictCounts(tally)}`, 100, '    '));
  }
  return lines;
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
