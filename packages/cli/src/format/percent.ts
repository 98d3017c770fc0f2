/**
 * A probability as a percentage with `digits` decimals. Values that would round to 100 % or 0 %
 * without being exactly 1 or 0 are shown as ">99.9%" / "<0.1%" (the seeds' convention), so a
 * table never claims certainty the numbers do not have.
 */
export function formatPercent(value: number | null, digits = 1): string {
  if (value === null || Number.isNaN(value)) return '—';
  if (value === 1 || value === 0) return `${(value * 100).toFixed(digits)}%`;
  const text = (value * 100).toFixed(digits);
  const edge = (100 - 10 ** -digits).toFixed(digits);
  const floor = (10 ** -digits).toFixed(digits);
  if (Number(text) >= 100) return `>${edge}%`;
  if (Number(text) <= 0) return `<${floor}%`;
  return `${text}%`;
}

/** An interval of probabilities as "[lower, upper]" in percent. */
export function formatPercentInterval(lower: number, upper: number, digits = 1): string {
  return `[${formatPercent(lower, digits)}, ${formatPercent(upper, digits)}]`;
}

/** A number with a fixed count of significant decimals, without trailing noise. */
export function formatNumber(value: number | null, digits = 4): string {
  if (value === null || Number.isNaN(value)) return '—';
  return value.toFixed(digits);
}
