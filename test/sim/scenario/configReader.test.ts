import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { childPath, orNull, requireFinite, rootPath, whereOf } from '../../../packages/sim/src/scenario/configReader.js';

describe('configReader', () => {
  it('spells paths as config paths, prefixed by the source', () => {
    const at = childPath(childPath(childPath(childPath(rootPath(undefined), 'tasks'), 'successRate'), 'components'), 1);
    expect(whereOf(childPath(at, 'weight'))).toBe('tasks.successRate.components[1].weight');
    expect(whereOf(childPath(childPath(rootPath('scenario.yaml'), 'policy'), 'maxAttempts'))).toBe('scenario.yaml: policy.maxAttempts');
    expect(whereOf(rootPath(undefined))).toBe('scenario');
    expect(whereOf(rootPath('s.json'))).toBe('s.json');
  });

  it('orNull accepts null and names null in the rule otherwise', () => {
    const check = orNull(requireFinite);
    expect(check('x', null)).toBeNull();
    expect(check('x', 2)).toBe(2);
    expect(() => check('x', 'a')).toThrow(new InputError('x', 'must be a finite number or null', 'a'));
    expect(() => check('x', 'a')).toThrow('x: must be a finite number or null, got "a"');
  });
});
