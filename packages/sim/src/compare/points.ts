/**
 * A difference of two probabilities in percentage points, signed: 0.075 → "+7.5 pt", −0.02 → "−2.0 pt"
 * (a true minus sign, so columns of signed numbers line up). Null or NaN → "—".
 */
export function formatPoints(value: number | null, digits = 1, unit = ' pt'): string {
  if (value === null || Number.isNaN(value)) return '—';
  const text = (Math.abs(value) * 100).toFixed(digits);
  const sign = Number(text) === 0 ? '±' : value > 0 ? '+' : '−';
  return `${sign}${text}${unit}`;
}

/** An interval of differences as "[−1.2, +8.7] pt". */
export function formatPointsInterval(lower: number, upper: number, digits = 1): string {
  return `[${formatPoints(lower, digits, '')}, ${formatPoints(upper, digits, '')}] pt`;
}
