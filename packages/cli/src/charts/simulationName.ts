import type { ResultDocumentOf } from '../results/resultSchemas.js';

/** How a simulate or sweep result is named on a chart: its scenario's name, else its seed. */
export function simulationName(result: ResultDocumentOf<'passk.simulate' | 'passk.sweep'>): string {
  const name = result.scenario.name;
  if (typeof name === 'string' && name.trim() !== '') return name;
  return `scenario with seed ${result.seed}`;
}
