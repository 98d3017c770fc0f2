/** Engine estimates must lie within this many of their own standard errors of the peer's exact values. */
export const Z_LIMIT = 4;

/**
 * Checks the engine against the peer's closed forms: for every metric the peer reports "exact"
 * for and every k, z = (engine value − peer exact) / engine SE. Also the largest difference
 * between the engine's own closed forms (exactValuesFor) and the peer's (expected ~1e-12).
 */
export function agreement(summary, engineExact, peerExact) {
  let worst = { z: 0, metric: null, k: null };
  let exactDiff = { diff: 0, metric: null, k: null };
  let comparisons = 0;
  for (const [metric, values] of Object.entries(peerExact)) {
    values.forEach((exact, i) => {
      const k = i + 1;
      const row = summary.rows[i];
      const estimate = row?.[metric];
      if (!estimate || estimate.value === null || estimate.se === null) {
        throw new Error(`bench: the engine has no estimate of ${metric} at k = ${k}`);
      }
      const delta = estimate.value - exact;
      const z = delta === 0 ? 0 : estimate.se > 0 ? delta / estimate.se : Math.sign(delta) * Infinity;
      comparisons++;
      if (Math.abs(z) > Math.abs(worst.z)) worst = { z, metric, k };
      const own = engineExact[metric]?.[i];
      const diff = typeof own === 'number' ? Math.abs(own - exact) : Infinity;
      if (diff > exactDiff.diff || exactDiff.metric === null) exactDiff = { diff, metric, k };
    });
  }
  return { comparisons, worst, pass: Math.abs(worst.z) <= Z_LIMIT, exactDiff };
}
