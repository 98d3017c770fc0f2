// The log's own pass@k of an episode beside the what-if: the product-limit estimate from the
// success by attempt after earlier failures.
import { describe, expect, it } from 'vitest';
import { observedPassAtK } from '../../../packages/cli/src/format/dependenceWhatIf.js';

// LDB gpt-3.5 (test/fixtures/episodes/README.md): visible passes by attempt.
const LDB = [
  [391, 500],
  [27, 109],
  [7, 82],
  [4, 75],
  [6, 71],
  [0, 65],
  [1, 65],
  [0, 64],
  [1, 64],
  [0, 63],
].map(([successes, atRisk], j) => ({ attempt: j + 1, successes: successes!, atRisk: atRisk! }));

describe('observedPassAtK', () => {
  it('episodes that stop at their first success, none cut short: the share solved within k (437 of 500 by attempt 10)', () => {
    expect(observedPassAtK(LDB, 1)).toBeCloseTo(391 / 500, 12);
    expect(observedPassAtK(LDB, 2)).toBeCloseTo((391 + 27) / 500, 12);
    expect(observedPassAtK(LDB, 10)).toBeCloseTo(437 / 500, 12);
  });

  it('beyond the longest episode: null', () => {
    expect(observedPassAtK(LDB, 11)).toBeNull();
  });
});
