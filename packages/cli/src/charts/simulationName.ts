import { numberAt, optionalStringAt, valueAt } from './resultFields.js';

/** How a simulate result is named on a chart: its scenario's name, else its seed. */
export function simulationName(result: object): string {
  const name = optionalStringAt(result, ['scenario', 'name']);
  if (name !== null && name.trim() !== '') return name;
  const seed = valueAt(result, ['seed']);
  return `scenario with seed ${typeof seed === 'string' ? seed : numberAt(result, ['seed'])}`;
}
