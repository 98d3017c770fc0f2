import { describe, expect, it } from 'vitest';
import { successFromJson, successFromRewardJson, successFromRewardText, successFromText } from '../../../packages/cli/src/io/successValue.js';

// Expected values: the accepted spellings listed in the specification of the results reader
// (1/0, true/false in any case, 1.0/0.0; JSON booleans and the numbers 0/1); anything else is -1.
describe('successFromText', () => {
  it.each(['1', '1.0', 'true', 'True', 'TRUE', 'tRuE'])('%j → 1', (text) => expect(successFromText(text)).toBe(1));
  it.each(['0', '0.0', 'false', 'False', 'FALSE', 'fAlSe'])('%j → 0', (text) => expect(successFromText(text)).toBe(0));
  it.each(['', ' 1', '1 ', '2', '-1', '1.00', '0.5', 'yes', 'no', 't', 'f', 'truee', 'NaN'])('%j → -1 (not accepted)', (text) =>
    expect(successFromText(text)).toBe(-1),
  );
});

describe('successFromJson', () => {
  it.each<[unknown, number]>([
    [true, 1],
    [1, 1],
    [false, 0],
    [0, 0],
    ['1', 1],
    ['false', 0],
    ['0.0', 0],
    [2, -1],
    [0.5, -1],
    [-0, 0],
    [null, -1],
    [undefined, -1],
    ['yes', -1],
    [[1], -1],
    [{}, -1],
  ])('%j → %i', (value, expected) => expect(successFromJson(value)).toBe(expected));
});

describe('successFromReward*: reward ≥ threshold', () => {
  it.each<[string, number, number]>([
    ['1', 1, 1],
    ['0.999999', 1, 0],
    ['1e0', 1, 1],
    ['0.5', 0.5, 1],
    ['0.49', 0.5, 0],
    ['-3', -5, 1],
    ['', 1, -1],
    ['  ', 1, -1],
    ['abc', 1, -1],
    ['Infinity', 1, -1],
    ['NaN', 0, -1],
  ])('text %j at %d → %i', (text, threshold, expected) => expect(successFromRewardText(text, threshold)).toBe(expected));
  it.each<[unknown, number, number]>([
    [1, 1, 1],
    [0.75, 0.8, 0],
    ['0.9', 0.8, 1],
    [Number.NaN, 0, -1],
    [true, 1, -1],
    [null, 1, -1],
  ])('JSON %j at %d → %i', (value, threshold, expected) => expect(successFromRewardJson(value, threshold)).toBe(expected));
});
