/** Engine estimates must lie within this many of their own standard errors of the peer's exact values. */
export const Z_LIMIT = 4;

/** The peer's metric names (../shared/bench/numpy_peer.py) where the engine's differ. */
const ENGINE_NAMES = { passHat: 'passHatK' };
const engineName = (metric) => ENGINE_NAMES[metric] ?? metric;

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
      const estimate = row?.[engineName(metric)];
      if (!estimate || estimate.value === null || estimate.se === null) {
        throw new Error(`bench: the engine has no estimate of ${metric} at k = ${k}`);
      }
      const delta = estimate.value - exact;
      const z = delta === 0 ? 0 : estimate.se > 0 ? delta / estimate.se : Math.sign(delta) * Infinity;
      comparisons++;
      if (Math.abs(z) > Math.abs(worst.z)) worst = { z, metric, k };
      const own = engineExact[engineName(metric)]?.[i];
      const diff = typeof own === 'number' ? Math.abs(own - exact) : Infinity;
      if (diff > exactDiff.diff || exactDiff.metric === null) exactDiff = { diff, metric, k };
    });
  }
  return { comparisons, worst, pass: Math.abs(worst.z) <= Z_LIMIT, exactDiff };
}

/** Engine and peer Monte Carlo estimates must agree within this many combined SEs (no closed form). */
export const PEER_Z_LIMIT = 4.5;

/**
 * Checks the engine against the peer's own simulation where there is no closed form: for every
 * metric the peer simulates and every k, z = (engine − peer)/√(SE_engine² + SE_peer²), both SEs as
 * each side reports them (the peer's from its per-episode variances, "se").
 */
export function peerAgreement(summary, peerSimulated) {
  let worst = { z: 0, metric: null, k: null };
  let comparisons = 0;
  for (const [metric, values] of Object.entries(peerSimulated)) {
    if (metric === 'se') continue;
    const ses = peerSimulated.se?.[metric];
    if (!Array.isArray(ses)) throw new Error(`bench: the peer gave no SE for ${metric}`);
    values.forEach((peerValue, i) => {
      const k = i + 1;
      const estimate = summary.rows[i]?.[engineName(metric)];
      if (!estimate || estimate.value === null || estimate.se === null) throw new Error(`bench: the engine has no estimate of ${metric} at k = ${k}`);
      const se = Math.hypot(estimate.se, ses[i]);
      const delta = estimate.value - peerValue;
      const z = delta === 0 ? 0 : se > 0 ? delta / se : Math.sign(delta) * Infinity;
      comparisons++;
      if (Math.abs(z) > Math.abs(worst.z)) worst = { z, metric, k };
    });
  }
  return { comparisons, worst, pass: Math.abs(worst.z) <= PEER_Z_LIMIT };
}
