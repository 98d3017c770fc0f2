import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { measureVerifier } from '../../../packages/sim/src/verifier/measureVerifier.js';
import { verdictReader } from '../../../packages/sim/src/verifier/verdictLabels.js';
import { verifierFragment } from '../../../packages/sim/src/verifier/verifierFragment.js';

// Reference bounds from scipy (python3, scipy.stats.beta.ppf):
//   def cp(x, n, level=0.95):
//       a = (1 - level) / 2
//       lo = 0.0 if x == 0 else beta.ppf(a, x, n - x + 1)
//       hi = 1.0 if x == n else beta.ppf(1 - a, x + 1, n - x)
//       return lo, hi
const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1e-3, expected));

describe('measureVerifier', () => {
  it('MBPP base tests judged by MBPP+ (59 models pooled): rates and exact bounds as scipy gives them', () => {
    const m = measureVerifier({ wrong: 10018, wrongAccepted: 2375, right: 12284, rightRejected: 156, unparsed: 0 });
    expect(m.falseAccept!.rate).toBe(2375 / 10018);
    expect(m.falseReject!.rate).toBe(156 / 12284);
    close(m.falseAccept!.interval.lower, 0.228772734112563); // cp(2375, 10018)
    close(m.falseAccept!.interval.upper, 0.24552690925620124);
    close(m.falseReject!.interval.lower, 0.010794727208684962); // cp(156, 12284)
    close(m.falseReject!.interval.upper, 0.014839957820381906);
    expect(m.falseAccept!.posterior).toEqual({ a: 2375.5, b: 7643.5 });
    expect(m.falseReject!.posterior).toEqual({ a: 156.5, b: 12128.5 });
  });

  it('τ²-bench-sized counts: accuracy, judged and true pass@1 with their bounds, at 95 % and 90 %', () => {
    const counts = { wrong: 23, wrongAccepted: 17, right: 68, rightRejected: 7, unparsed: 4 };
    const m = measureVerifier(counts);
    close(m.falseAccept!.interval.lower, 0.5159480295975618); // cp(17, 23)
    close(m.falseAccept!.interval.upper, 0.8977138660846415);
    close(m.falseReject!.interval.lower, 0.0424004880746124); // cp(7, 68)
    close(m.falseReject!.interval.upper, 0.20066529806477587);
    expect(m.accuracy!.value).toBe(67 / 91);
    close(m.accuracy!.interval.lower, 0.6334508335773619); // cp(67, 91)
    close(m.accuracy!.interval.upper, 0.8231451651250296);
    expect(m.judgedPassAt1!.value).toBe(78 / 91);
    close(m.judgedPassAt1!.interval.lower, 0.7681055333950034); // cp(78, 91)
    close(m.judgedPassAt1!.interval.upper, 0.9216838835769757);
    expect(m.truePassAt1!.value).toBe(68 / 91);
    close(m.truePassAt1!.interval.upper, 0.8325449185950915); // cp(68, 91)
    const at90 = measureVerifier(counts, 0.9);
    close(at90.falseAccept!.interval.lower, 0.5490246037784279); // cp(17, 23, 0.9)
    close(at90.falseAccept!.interval.upper, 0.8797854252462353);
    expect(at90.falseAccept!.interval.level).toBe(0.9);
  });

  it('the ends: 0 of 46 and 46 of 46, and a rate without attempts is not measured', () => {
    const m = measureVerifier({ wrong: 46, wrongAccepted: 0, right: 46, rightRejected: 46, unparsed: 0 });
    expect(m.falseAccept!.interval.lower).toBe(0);
    close(m.falseAccept!.interval.upper, 0.0770618270519007); // cp(0, 46)
    close(m.falseReject!.interval.lower, 0.9229381729480993); // cp(46, 46)
    expect(m.falseReject!.interval.upper).toBe(1);
    const noWrong = measureVerifier({ wrong: 0, wrongAccepted: 0, right: 5, rightRejected: 1, unparsed: 0 });
    expect(noWrong.falseAccept).toBeUndefined();
    expect(noWrong.falseReject!.rate).toBe(0.2);
    const none = measureVerifier({ wrong: 0, wrongAccepted: 0, right: 0, rightRejected: 0, unparsed: 9 });
    expect([none.falseAccept, none.falseReject, none.accuracy, none.judgedPassAt1]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it.each([
    [{ wrong: 3, wrongAccepted: 4, right: 1, rightRejected: 0, unparsed: 0 }, 'counts.wrongAccepted'],
    [{ wrong: 1.5, wrongAccepted: 0, right: 1, rightRejected: 0, unparsed: 0 }, 'counts.wrong'],
  ])('refuses %j (InputError at %s)', (counts, where) => {
    expect(() => measureVerifier(counts)).toThrow(InputError);
    try {
      measureVerifier(counts);
    } catch (error) {
      expect((error as InputError).where).toBe(where);
    }
  });
});

describe('verdictReader', () => {
  it('reads booleans, 0/1, pass/fail and C/I by default, in any case; anything else is unparsed', () => {
    const read = verdictReader();
    expect(['true', '1', 'PASS', 'C', ' passed '].map(read)).toEqual(['accept', 'accept', 'accept', 'accept', 'accept']);
    expect(['false', '0', 'Fail', 'I'].map(read)).toEqual(['reject', 'reject', 'reject', 'reject']);
    expect(['compliant', '', 'null', 'P'].map(read)).toEqual(['unparsed', 'unparsed', 'unparsed', 'unparsed']);
  });

  it('uses the given labels of a side instead of its defaults (τ²-bench run_custom_judge.py mapping)', () => {
    const read = verdictReader({ accept: ['pass', 'satisfied', 'success', 'resolved'], reject: ['fail', 'unsatisfied', 'error', 'rejected'] });
    expect(['Satisfied', 'unsatisfied', 'compliant', 'true'].map(read)).toEqual(['accept', 'reject', 'unparsed', 'unparsed']);
    expect(verdictReader({ accept: ['compliant'] })('fail')).toBe('reject');
  });

  it('refuses a label on both sides, naming it', () => {
    expect(() => verdictReader({ accept: ['ok', 'Pass'], reject: ['pass'] })).toThrow(/--accept: must not share a label with --reject, got "pass"/);
    expect(() => verdictReader({ accept: ['fail'] })).toThrow(/--reject defaults to/);
  });
});

describe('verifierFragment', () => {
  it('writes the observed rates and the counts; refuses a rate that was not measured', () => {
    const m = measureVerifier({ wrong: 10018, wrongAccepted: 2375, right: 12284, rightRejected: 156, unparsed: 0 });
    expect(verifierFragment(m, 'mbpp')).toEqual({
      falseAccept: 2375 / 10018,
      falseReject: 156 / 12284,
      measured: { falseAccept: { accepted: 2375, wrong: 10018 }, falseReject: { rejected: 156, right: 12284 }, source: 'mbpp' },
    });
    const noRight = measureVerifier({ wrong: 4, wrongAccepted: 1, right: 0, rightRejected: 0, unparsed: 0 });
    expect(() => verifierFragment(noRight)).toThrow(/--out: needs both rates measured, but false reject \(no right attempt\) was not/);
  });
});
