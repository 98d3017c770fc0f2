import { InputError } from '@passk/sim/internal';

/**
 * A number the chart cannot be drawn without, where the result's schema allows null (a Monte Carlo
 * estimate without replicates, a metric not estimable): null is one InputError naming the field.
 * Example: requireNumber(row.cost.se, 'rows[0].cost.se') throws "--from: must have a number at rows[0].cost.se, got null".
 */
export function requireNumber(value: number | null, field: string): number {
  if (value === null) throw new InputError('--from', `must have a number at ${field}`, null);
  return value;
}
