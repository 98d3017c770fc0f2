import { describe, expect, it } from 'vitest';
import { checkResultDocument } from '../../../packages/cli/src/results/checkResultDocument.js';
import { fixture, passkProcess } from '../../helpers/runPassk.js';

// `passk gate --json` (issue 43): the passk.gate result document for tools — the verdict, and each
// requirement with its value, the one-sided bound it was judged by and the outcome (results/gateSchema.ts).
describe('passk gate --json: the passk.gate document', () => {
  // small-b, pass^2 over its 12 tasks: 0.553571, one-sided 95 % lower bound 0.351452 (task-population
  // score interval; python3 test/fixtures/compare/gate_reference.py). delta(pass^2) against small-a
  // over the 11 tasks in both: +13.9 pt (reference.py), one-sided 95 % lower bound −0.0095637 (the
  // lower end of the two-sided 90 % paired-difference score interval, reference.difference_interval).
  const args = [
    'gate',
    fixture('compare/small-b.csv'),
    '--baseline',
    fixture('compare/small-a.csv'),
    '--require',
    'passHat@2 >= 0.35',
    '--require',
    'delta(passHat@2) >= 0.10',
    '--json',
  ];
  const run = passkProcess(args);

  it('exit 1 (one requirement fails), the JSON alone on stdout, and it fits its schema', () => {
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    const document = checkResultDocument(JSON.parse(run.stdout), 'gate --json');
    expect(document.kind).toBe('passk.gate');
  });

  it('the verdict, and each requirement with its value, bound and outcome', () => {
    const document = JSON.parse(run.stdout);
    expect(document).toMatchObject({ schemaVersion: 3, confidence: 0.95, estimand: 'population', verdict: 'fail', passed: 1, failed: 1 });
    // delta(passHat@2) >= 0.10 asks for a gain: with no change a FAIL is right, so there is no false-fail rate to check.
    expect(document.design).toBeNull();
    const [own, delta] = document.requirements;
    expect(own).toMatchObject({
      requirement: 'passHat@2 >= 0.35',
      metric: 'passHatK',
      k: 2,
      delta: false,
      op: '>=',
      threshold: 0.35,
      side: 'lower',
      pass: true,
    });
    expect(own.value).toBeCloseTo(0.553571, 6);
    expect(own.bound).toBeCloseTo(0.351452, 6);
    expect(own.interval).toEqual({ lower: own.bound, upper: 1, level: 0.95, method: 'task-population score interval, 12 tasks' });
    expect(delta).toMatchObject({ metric: 'passHatK', k: 2, delta: true, threshold: 0.1, side: 'lower', pass: false });
    expect(delta.value).toBeCloseTo(0.139, 3);
    expect(delta.bound).toBeCloseTo(-0.0095637, 6);
  });

  it('exit 0 and verdict pass when every requirement holds', () => {
    const pass = passkProcess(['gate', fixture('compare/small-b.csv'), '--require', 'pass@1 <= 0.99', '--json']);
    expect(pass.code).toBe(0);
    const document = JSON.parse(pass.stdout);
    expect(document.verdict).toBe('pass');
    expect(document.requirements[0]).toMatchObject({ side: 'upper', op: '<=', pass: true });
    expect(document.requirements[0].interval.lower).toBe(0);
  });
});
