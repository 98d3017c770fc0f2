import { describe, expect, it } from 'vitest';
import { rootPath } from '../../../packages/sim/src/scenario/configReader.js';
import { resolveSelector } from '../../../packages/sim/src/scenario/resolveSelector.js';

describe('resolveSelector', () => {
  it('fills majorityVote defaults (the JSDoc example)', () => {
    expect(resolveSelector({ kind: 'majorityVote' }, rootPath(undefined))).toStrictEqual({
      kind: 'majorityVote',
      distinctWrong: 3,
      concentration: 1,
    });
  });

  it('fills bestScore defaults and keeps given values, including a negative separation', () => {
    const at = rootPath(undefined);
    expect(resolveSelector({ kind: 'bestScore' }, at)).toStrictEqual({ kind: 'bestScore', separation: 1, threshold: null });
    expect(resolveSelector({ kind: 'bestScore', separation: -0.5, threshold: -2 }, at)).toStrictEqual({
      kind: 'bestScore',
      separation: -0.5,
      threshold: -2,
    });
  });
});
