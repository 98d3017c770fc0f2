/**
 * The unit costs of a simulate or sweep result are counted in, for axis titles and tables: a
 * scenario declares its costs as plain numbers (docs/scenario.md has no unit key), so the neutral
 * "cost units".
 */
export const COST_UNIT = 'cost units';
