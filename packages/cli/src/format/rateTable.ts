import { formatPercent } from './percent.js';
import type { Table } from './table.js';

/** The closed forms for a known p per k (the seeds' first table): pass@k, pass^k and the gap between them. */
export function rateTable(rows: readonly { readonly k: number; readonly passAtK: number; readonly passHatK: number }[]): Table {
  return {
    title: 'At least one of k attempts correct (pass@k) against all k correct (pass^k)',
    columns: [{ header: 'k' }, { header: 'pass@k' }, { header: 'pass^k' }, { header: 'gap' }],
    rows: rows.map((row) => [String(row.k), formatPercent(row.passAtK), formatPercent(row.passHatK), formatPercent(row.passAtK - row.passHatK)]),
  };
}
