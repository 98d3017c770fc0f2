import { describe, expect, it } from 'vitest';
import { judgeCorrectedEstimates, judgeCorrectedMean } from '../../../packages/sim/src/internal.js';
import { InputError } from '../../../packages/sim/src/errors.js';

// Expected values: test/reference/ppi.py (own PPI++ over tasks from the formulas, scipy's t quantile),
// its printed lines quoted beside each case.
const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-12);

describe('judgeCorrectedMean: prediction-powered task average (PPI++)', () => {
  const f = [0.25, 0.5, 1, 0.75, 0, 0.5, 1, 1, 0.25, 0.75, 0.5, 0];
  const y = [0, 0.5, 0.75, 0.75, 0];
  const values = f.map((judged, i) => (i < y.length ? { judged, truth: y[i]! } : { judged }));

  it('matches the Python reference, two-sided 95 %', () => {
    // mean 0.95 2 {'estimate': '0.44166666666666665', 'lower': '0.1534945764080325', 'upper': '0.7753289334384454', 'lam': '1.0', 'se': '0.12474511049573282'}
    const r = judgeCorrectedMean(values, { confidence: 0.95, sides: 2 });
    close(r.estimate, 0.44166666666666665);
    close(r.interval!.lower, 0.1534945764080325);
    close(r.interval!.upper, 0.7753289334384454);
    close(r.se!, 0.12474511049573282);
    expect(r.lambda).toBe(1);
    expect({ tasks: r.tasks, audited: r.audited, df: r.df }).toEqual({ tasks: 12, audited: 5, df: 3 });
  });

  it('matches the Python reference, one-sided 90 %', () => {
    // mean 0.9 1 {'lower': '0.2609864055419617', 'upper': '1.0'}
    const r = judgeCorrectedMean(values, { confidence: 0.9, sides: 1 });
    close(r.interval!.lower, 0.2609864055419617);
    expect(r.interval!.upper).toBe(1);
  });

  it('with fewer than 10 audited tasks reaches as far as the audit-only interval', () => {
    const r = judgeCorrectedMean(values, { confidence: 0.95, sides: 2, auditOnly: { lower: 0.05, upper: 0.7 } });
    expect(r.interval!.lower).toBe(0.05);
    close(r.interval!.upper, 0.7753289334384454);
  });

  it('nothing varies (every value 0.5, 12 audited): V = 0, the audit-only interval instead of a point', () => {
    const flat = Array.from({ length: 20 }, (_, i) => (i < 12 ? { judged: 0.5, truth: 0.5 } : { judged: 0.5 }));
    const r = judgeCorrectedMean(flat, { confidence: 0.95, sides: 2, auditOnly: { lower: 0.3, upper: 0.7 } });
    expect(r.interval).toEqual({ lower: 0.3, upper: 0.7 });
  });

  it('no interval with fewer than 3 audited tasks; an error with none', () => {
    expect(judgeCorrectedMean([{ judged: 1, truth: 1 }, { judged: 0, truth: 0 }, { judged: 1 }], { confidence: 0.95, sides: 2 }).interval).toBeNull();
    expect(() => judgeCorrectedMean([{ judged: 1 }, { judged: 0 }], { confidence: 0.95, sides: 2 })).toThrow(InputError);
  });
});

describe('judgeCorrectedEstimates: per k from counts', () => {
  // 24 tasks, n = 4, the first 12 audited (test/reference/ppi.py).
  const judge = [4, 3, 4, 2, 1, 0, 4, 3, 2, 4, 1, 3, 4, 4, 2, 0, 3, 3, 4, 1, 2, 4, 3, 2];
  const truth = [3, 3, 2, 2, 0, 0, 4, 1, 2, 3, 0, 3];
  const tasks = judge.map((c, i) => (i < truth.length ? { n: 4, c, truth: truth[i]! } : { n: 4, c }));
  const rows = judgeCorrectedEstimates(tasks, [1, 2], { confidence: 0.95, sides: 2 });

  it('the corrected pass@1, pass@2 and pass^2 match the Python reference', () => {
    // estimates at 1 {'estimate': '0.4888315329955708', 'lower': '0.3194313121116836', 'upper': '0.6608364382098846', 'lam': '0.9278271675748015'}
    const at1 = rows[0]!.passAtK.corrected!;
    close(at1.estimate, 0.4888315329955708);
    close(at1.interval!.lower, 0.3194313121116836);
    close(at1.interval!.upper, 0.6608364382098846);
    close(at1.lambda, 0.9278271675748015);
    // estimates at 2 {'estimate': '0.6805555555555555', 'lower': '0.440842568746924', 'upper': '0.8520026669367398', 'lam': '1.0'}
    const at2 = rows[1]!.passAtK.corrected!;
    close(at2.estimate, 0.6805555555555555);
    close(at2.interval!.lower, 0.440842568746924);
    close(at2.interval!.upper, 0.8520026669367398);
    // estimates hat 2 {'estimate': '0.2955628693383484', 'lower': '0.15387784513780847', 'upper': '0.4918681247603566', 'lam': '0.5610531847221839'}
    const hat2 = rows[1]!.passHatK.corrected!;
    close(hat2.estimate, 0.2955628693383484);
    close(hat2.interval!.lower, 0.15387784513780847);
    close(hat2.interval!.upper, 0.4918681247603566);
    close(hat2.lambda, 0.5610531847221839);
  });

  it('judge-only and audit-only are the plain task averages (closed form: mean of c/n)', () => {
    // judge: 63 of 96 attempts; truth on the audited 12: 23 of 48.
    close(rows[0]!.passAtK.judgeOnly!.estimate, 63 / 96);
    close(rows[0]!.passAtK.auditOnly!.estimate, 23 / 48);
    expect(rows[0]!.passAtK.auditOnly!.tasks).toBe(12);
    expect(rows[0]!.passAtK.judgeOnly!.tasks).toBe(24);
  });

  it('refuses a log with no audited task, and truth counts above n', () => {
    expect(() => judgeCorrectedEstimates([{ n: 4, c: 2 }], [1], { confidence: 0.95, sides: 2 })).toThrow(
      'tasks: must have at least one audited task (truth given), got 0',
    );
    expect(() => judgeCorrectedEstimates([{ n: 4, c: 2, truth: 5 }], [1], { confidence: 0.95, sides: 2 })).toThrow(InputError);
  });
});
