import type { SimulateDocument } from '../results/simulateSchema.js';
import { simulationName } from './simulationName.js';

/** Scenario names of simulate results as series labels, made distinct ("name (2)") when two share one. */
export function seriesNames(results: readonly SimulateDocument[]): string[] {
  const seen = new Map<string, number>();
  return results.map((result) => {
    const name = simulationName(result);
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name} (${count})`;
  });
}
