import { describe, expect, it } from 'vitest';
import { passk, passkWide } from '../helpers/runPassk.js';

describe('passk plan: the text tells rates near 1 apart and flags a delta method that is no plan', () => {
  it('demonstrate --target 0.99999999 --k 1000000: the target, the rate and its failure rate are not rounded to >99.9 % / <0.1 %', async () => {
    const run = await passkWide('plan', 'demonstrate', '--target', '0.99999999', '--k', '1000000');
    expect(run.code).toBe(0);
    // mpmath at 50 digits (test/reference/demonstrate_reference.py's method): q = −expm1(ln(0.99999999)/10⁶)
    // = 1.00000001002e-14; n = ⌈ln 0.05/ln p₀⌉ = 299573224352250.
    expect(run.stdout).toMatch(/^To show pass\^1000000 ≥ 99\.9999990% at 95\.0% confidence/);
    expect(run.stdout).toMatch(/the single-attempt rate must be ≥ 99\.9999999999990% \(failure rate ≤ 1\.000e-14\)/);
    expect(run.stdout).toMatch(/\n {15}0 {2}299573224352250\n/);
  });

  it('demonstrate at ordinary targets reads as before (98.7 %, 1.3 %)', async () => {
    const run = await passkWide('plan', 'demonstrate', '--target', '0.9', '--k', '8');
    expect(run.stdout).toMatch(/the single-attempt rate must be ≥ 98\.7% \(failure rate ≤ 1\.3%\)/);
  });

  it('precision --metric passAtK --k 8 --rate 0.5 --half-width 0.1: 12 trials (exact), the delta method’s 1 trial marked as no plan', async () => {
    const run = await passkWide('plan', 'precision', '--metric', 'passAtK', '--k', '8', '--rate', '0.5', '--half-width', '0.1');
    expect(run.code).toBe(0);
    // Brute force over n with scipy (binom.pmf, Wilson bounds mapped through 1 − (1 − p)^8): n = 12 is the
    // smallest with P(half-width ≤ 0.1) ≥ 0.8 (0.806); the delta method n = ⌈(1.96·8·0.5⁷)²·0.25/0.01⌉ = 1.
    expect(run.stdout).toMatch(/^12 trials per task give pass@8 .* with probability 80\.6%/);
    expect(run.stdout).toMatch(/Normal approximation \(delta method, at the expected count\): 1 trial — not a plan: pass@8 is too curved at p = 50\.0%/);
  });

  it('precision where the delta method agrees: no warning', async () => {
    const run = await passkWide('plan', 'precision', '--metric', 'passHatK', '--k', '8', '--rate', '0.9', '--half-width', '0.1');
    expect(run.stdout).toMatch(/Normal approximation \(delta method, at the expected count\): 507 trials\.\n/);
  });
});

describe('passk plan precision --trials: how often the task plan reaches its half-width (issue #42)', () => {
  it('text and JSON: the share of 1000 simulated benchmarks at the planned tasks, and the tasks for the assurance asked', async () => {
    const args = ['plan', 'precision', '--metric', 'passHatK', '--k', '4', '--rate', '0.7', '--half-width', '0.1', '--trials', '8'];
    const text = await passkWide(...args);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^ {2}Reached \(half-width ≤ 10\.00%\) in \d+\.\d% ±\d\.\d of 1000 simulated benchmarks \(seed 1\);$/m);
    expect(text.stdout).toMatch(/^ {2}\d+ tasks reach it with the assurance asked, 80\.0% \(simulated \d+\.\d% ±\d\.\d\)\.$/m);
    const json = JSON.parse((await passk(...args, '--json')).stdout);
    const { planned, assured } = json.tasks.simulated;
    expect(planned.tasks).toBe(json.tasks.tasks);
    // At the expected spread the plan's interval is that narrow in well under 80 % of benchmarks; the assured plan reaches 80 %.
    expect(planned.assurance).toBeLessThan(0.8 - 3 * planned.se);
    expect(assured.assurance).toBeGreaterThanOrEqual(0.8);
    expect(assured.tasks).toBeGreaterThan(planned.tasks);
  });
});
