import { describe, expect, it } from 'vitest';
import { schemaMisfit } from '../../../packages/cli/src/results/schemaMisfit.js';
import { ObservedSchema } from '../../../packages/cli/src/results/simulateSchema.js';

// The one check of parsed JSON against a TypeBox schema (result documents, a shard's `observed`).
const metric = { value: 0.5, se: 0.1, interval: { lower: 0.3, upper: 0.7, level: 0.95, method: 'score interval over tasks' } };
const observed = { file: 'log.csv', rows: [{ k: 1, estimableTasks: 6, passAtK: metric, passHatK: metric }] };

describe('schemaMisfit', () => {
  it('null when the value fits', () => {
    expect(schemaMisfit(ObservedSchema, observed)).toBeNull();
    // The nullable fields of one task (no SE, no interval) fit too.
    expect(schemaMisfit(ObservedSchema, { ...observed, rows: [{ ...observed.rows[0], passAtK: { value: 1, se: null, interval: null } }] })).toBeNull();
  });

  it('names the field as rows[0].k and gives the value found there', () => {
    expect(schemaMisfit(ObservedSchema, { ...observed, rows: [{ ...observed.rows[0], k: '1' }] })).toEqual({
      path: 'rows[0].k',
      message: 'Expected integer',
      value: '1',
    });
  });

  it('inside a union (interval or null), the field of the variant the value comes closest to, not "expected union value"', () => {
    const bad = { ...observed, rows: [{ ...observed.rows[0], passHatK: { ...metric, interval: { ...metric.interval, lower: 'low' } } }] };
    expect(schemaMisfit(ObservedSchema, bad)).toEqual({ path: 'rows[0].passHatK.interval.lower', message: 'Expected number', value: 'low' });
  });

  it("the whole value: path ''; a missing field: its path, no value", () => {
    expect(schemaMisfit(ObservedSchema, null)).toMatchObject({ path: '', value: null });
    const { passAtK: _gone, ...row } = observed.rows[0]!;
    expect(schemaMisfit(ObservedSchema, { ...observed, rows: [row] })).toMatchObject({ path: 'rows[0].passAtK', value: undefined });
    expect(schemaMisfit(ObservedSchema, { ...observed, rows: [observed.rows[0], 'x'] })).toMatchObject({ path: 'rows[1]', value: 'x' });
  });
});
