/** Short labels of the task-distribution models, for table columns. */
const SHORT: Readonly<Record<string, string>> = { betaBinomial: 'BB', zeroOneInflatedBetaBinomial: 'ZOIBB' };

/** A model's short label for a table column: 'betaBinomial' → 'BB' (an unknown name as is). */
export function shortModelName(name: string): string {
  return SHORT[name] ?? name;
}
