import { describe, expect, it } from 'vitest';
import { judgeCorrectedDifference } from '../../../packages/sim/src/internal.js';
import { pairedDifferenceInterval } from '../../../packages/sim/src/taskAverage/differenceInterval.js';

// Expected values: test/reference/ppi.py (PPI on (D + 1)/2 of the per-task differences, mapped back
// by 2x − 1), its printed lines quoted.
const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-12);

describe('judgeCorrectedDifference: paired B − A by prediction-powered inference', () => {
  const ja = [3, 2, 1, 0, 3, 2, 2, 1, 3, 0, 1, 2, 3, 3, 1, 2];
  const jb = [3, 3, 2, 1, 3, 2, 3, 1, 3, 1, 2, 2, 2, 3, 2, 3];
  const ta = [2, 2, 1, 0, 3, 2, 2, 0, 3, 0, 1, 2];
  const tb = [3, 3, 2, 1, 3, 2, 2, 1, 3, 1, 1, 2];
  const pairs = ja.map((c, i) =>
    i < ta.length ? { a: { n: 3, c, truth: ta[i]! }, b: { n: 3, c: jb[i]!, truth: tb[i]! } } : { a: { n: 3, c }, b: { n: 3, c: jb[i]! } },
  );
  const rows = judgeCorrectedDifference(pairs, [1, 2], { confidence: 0.95, sides: 2 });

  it('pass@1 and pass^2 match the reference', () => {
    // difference at 1 0.1618819776714513 0.043273999308538036 0.27599016832749657 0.2296650717703351
    const at1 = rows[0]!.passAtK.corrected!;
    close(at1.estimate, 0.1618819776714513);
    close(at1.interval!.lower, 0.043273999308538036);
    close(at1.interval!.upper, 0.27599016832749657);
    close(at1.lambda, 0.2296650717703351);
    // difference hat 2 0.13443256090314892 -0.04536402203999923 0.3057929463643767 0.21390374331550793
    const hat2 = rows[1]!.passHatK.corrected!;
    close(hat2.estimate, 0.13443256090314892);
    close(hat2.interval!.lower, -0.04536402203999923);
    close(hat2.interval!.upper, 0.3057929463643767);
    expect(rows[0]!.passAtK.verdict).toBe('higher');
    expect(rows[1]!.passHatK.verdict).toBe('no difference shown');
  });

  it('judge-only and audit-only are the paired differences of the judge and truth counts', () => {
    // Judge: (Σ jb − Σ ja)/(3·16) = (36 − 29)/48; audit: (Σ tb − Σ ta)/(3·12) = (24 − 18)/36.
    close(rows[0]!.passAtK.judgeOnly!.estimate, 7 / 48);
    close(rows[0]!.passAtK.auditOnly!.estimate, 6 / 36);
    expect(rows[0]!.passAtK.auditOnly!.tasks).toBe(12);
    const judged = pairedDifferenceInterval(
      pairs.map(({ a, b }) => ({ a: { n: a.n, c: a.c }, b: { n: b.n, c: b.c } })),
      'passAtK',
      1,
      { confidence: 0.95, sides: 2 },
    )!;
    expect(rows[0]!.passAtK.judgeOnly!.interval).toEqual({ lower: judged.lower, upper: judged.upper });
  });

  it('the verdict follows the interval: higher when it lies above 0', () => {
    const better = Array.from({ length: 30 }, (_, i) => ({ a: { n: 3, c: 0, truth: 0 }, b: { n: 3, c: 3, truth: i % 5 === 0 ? 2 : 3 } }));
    expect(judgeCorrectedDifference(better, [1], { confidence: 0.95, sides: 2 })[0]!.passAtK.verdict).toBe('higher');
  });

  it('refuses pairs with no task audited in both runs', () => {
    expect(() => judgeCorrectedDifference([{ a: { n: 3, c: 1, truth: 1 }, b: { n: 3, c: 2 } }], [1], { confidence: 0.95, sides: 2 })).toThrow(
      'pairs: must have at least one task audited in both runs (truth given for both), got 0',
    );
  });
});
