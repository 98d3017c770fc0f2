import { optionalStringAt } from './resultFields.js';

/**
 * The unit costs of a simulate or sweep result are counted in, for axis titles: the scenario's
 * `cost.unit` (e.g. "USD", "tokens") where the result carries one, else the neutral "cost units".
 */
export function costUnit(result: object): string {
  return optionalStringAt(result, ['scenario', 'attempts', 'cost', 'unit']) ?? optionalStringAt(result, ['scenario', 'cost', 'unit']) ?? 'cost units';
}

/** One unit for several results: theirs when they agree, else "cost units". */
export function sharedCostUnit(results: readonly object[]): string {
  const units = [...new Set(results.map(costUnit))];
  return units.length === 1 ? units[0]! : 'cost units';
}
