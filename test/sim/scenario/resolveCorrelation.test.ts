import { describe, expect, it } from 'vitest';
import { rootPath } from '../../../packages/sim/src/scenario/configReader.js';
import { resolveCorrelation } from '../../../packages/sim/src/scenario/resolveCorrelation.js';

describe('resolveCorrelation', () => {
  it('keeps {model: exchangeable, icc: 0.3} (the JSDoc example)', () => {
    expect(resolveCorrelation({ model: 'exchangeable', icc: 0.3 }, rootPath(undefined))).toStrictEqual({ model: 'exchangeable', icc: 0.3 });
  });

  it('accepts the edges of each range: icc 0, stickiness 0 and 1, afterFailure -1, 0 and 1', () => {
    const at = rootPath(undefined);
    expect(resolveCorrelation({ model: 'exchangeable', icc: 0 }, at)).toStrictEqual({ model: 'exchangeable', icc: 0 });
    expect(resolveCorrelation({ model: 'markov', stickiness: 1 }, at)).toStrictEqual({ model: 'markov', stickiness: 1 });
    expect(resolveCorrelation({ model: 'markov', stickiness: 0 }, at)).toStrictEqual({ model: 'markov', stickiness: 0 });
    expect(resolveCorrelation({ model: 'feedback', afterFailure: 1 }, at)).toStrictEqual({ model: 'feedback', afterFailure: 1 });
    expect(resolveCorrelation({ model: 'feedback', afterFailure: 0 }, at)).toStrictEqual({ model: 'feedback', afterFailure: 0 });
    expect(resolveCorrelation({ model: 'feedback', afterFailure: -1 }, at)).toStrictEqual({ model: 'feedback', afterFailure: -1 });
    expect(resolveCorrelation({ model: 'feedback', afterFailure: -0.5 }, at)).toStrictEqual({ model: 'feedback', afterFailure: -0.5 });
    expect(() => resolveCorrelation({ model: 'exchangeable', icc: 0.9999999 }, at)).not.toThrow();
  });
});
