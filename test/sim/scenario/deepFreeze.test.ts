import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../../packages/sim/src/scenario/deepFreeze.js';

describe('deepFreeze', () => {
  it('freezes nested objects and arrays and returns its argument', () => {
    const value = { a: { b: [1, { c: 2 }] }, d: null };
    expect(deepFreeze(value)).toBe(value);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.a)).toBe(true);
    expect(Object.isFrozen(value.a.b)).toBe(true);
    expect(Object.isFrozen(value.a.b[1])).toBe(true);
    expect(() => {
      (value.a.b as unknown[]).push(3);
    }).toThrow(TypeError);
  });
});
