import { describe, expect, it } from 'vitest';
import { curvesSvg } from '../../../packages/cli/src/report/explorer/curvesSvg.js';
import { calculatorTexts, curveTexts } from '../../../packages/cli/src/report/explorer/explorerValues.js';

// The explorer's numbers (what the page shows; the browser test checks the page shows them).
describe('curveTexts: the p and k sliders', () => {
  it('p = 90 %, k = 8: pass^8 43.0 %, pass@8 >99.9 %, gap 57 points (seed 000, §1 and its table)', () => {
    expect(curveTexts(0.9, 8)).toEqual({ p: '90.0%', k: '8', passAtK: '>99.9%', passHatK: '43.0%', gap: '57.0%' });
  });

  it("the seed's table: 50/80/99 % at k = 3 and 8 (seed 000, §2)", () => {
    expect(curveTexts(0.5, 3)).toMatchObject({ passAtK: '87.5%', passHatK: '12.5%' });
    expect(curveTexts(0.5, 8)).toMatchObject({ passAtK: '99.6%', passHatK: '0.4%' });
    expect(curveTexts(0.8, 3)).toMatchObject({ passAtK: '99.2%', passHatK: '51.2%' });
    expect(curveTexts(0.8, 8)).toMatchObject({ passAtK: '>99.9%', passHatK: '16.8%' });
    expect(curveTexts(0.99, 8)).toMatchObject({ passAtK: '>99.9%', passHatK: '92.3%' });
    // k = 3 at p = 90 %: the gap is 27 points (seed 000, §2 "k = 3 差 27 个百分点").
    expect(curveTexts(0.9, 3)).toMatchObject({ passAtK: '99.9%', passHatK: '72.9%', gap: '27.0%' });
  });

  it("the seed's exercises: 0.8^5 = 32.8 %; p = 30 %, k = 10: pass@10 = 97.2 % (seed 000, exercises 1 and 2)", () => {
    expect(curveTexts(0.8, 5).passHatK).toBe('32.8%');
    expect(curveTexts(0.3, 10).passAtK).toBe('97.2%');
  });

  it('k = 1: both equal p (seed 000, §2)', () => {
    expect(curveTexts(0.37, 1)).toMatchObject({ passAtK: '37.0%', passHatK: '37.0%', gap: '0.0%' });
  });
});

describe('calculatorTexts: n trials, c successes', () => {
  const wilson = { method: 'wilson' as const, confidence: 0.95, sides: 2 };

  it('27 of 30, k = 8: pass^8 37.9 % (plug-in 43.0 %), Wilson p ∈ [74.4 %, 96.5 %], pass^8 ∈ [9.4 %, 75.4 %] (seed 000, §5)', () => {
    // The seed prints 75.5 % for the upper end (z rounded to 1.96); exact z gives 0.9654001^8 = 75.45 % (README note).
    expect(calculatorTexts({ n: 30, c: 27, k: 8, ...wilson })).toEqual({
      error: '',
      interval: '95% two-sided Wilson interval for p, mapped through 1 − (1 − p)^k and p^k',
      p: '90.0%',
      pInterval: '[74.4%, 96.5%]',
      passAtK: '100.0%',
      passAtKPlugin: '>99.9%',
      passAtKInterval: '[>99.9%, >99.9%]',
      passHatK: '37.9%',
      passHatKPlugin: '43.0%',
      passHatKInterval: '[9.4%, 75.4%]',
    });
  });

  it('3 of 10, k = 5: pass@5 91.7 % unbiased against 83.2 % plug-in (seed 000, §4); pass^5 exactly 0 (seed 002)', () => {
    const texts = calculatorTexts({ n: 10, c: 3, k: 5, ...wilson });
    expect(texts).toMatchObject({ passAtK: '91.7%', passAtKPlugin: '83.2%', passHatK: '0.0%', passHatKPlugin: '0.2%' });
    // scipy: r = binomtest(3, 10).proportion_ci(0.95, 'wilson') → (0.10779, 0.60322);
    // 1-(1-r.low)**5 = 0.43463, 1-(1-r.high)**5 = 0.99017; r.low**5 = 1.46e-05, r.high**5 = 0.07987
    expect(texts).toMatchObject({ pInterval: '[10.8%, 60.3%]', passAtKInterval: '[43.5%, 99.0%]', passHatKInterval: '[<0.1%, 8.0%]' });
  });

  it('one-sided Clopper–Pearson: 27 of 30 → p ≥ 76.1 %, pass^8 ≥ 11.3 %', () => {
    // scipy: lo = beta.ppf(0.05, 27, 4) = 0.761402; lo**8 = 0.112957
    const texts = calculatorTexts({ n: 30, c: 27, k: 8, method: 'clopper-pearson', confidence: 0.95, sides: 1 });
    expect(texts.interval).toBe('95% one-sided (lower bound) Clopper–Pearson (exact) interval for p, mapped through 1 − (1 − p)^k and p^k');
    expect(texts.pInterval).toBe('[76.1%, 100.0%]');
    expect(texts.passHatKInterval).toBe('[11.3%, 100.0%]');
  });

  it('bad input shows the library message and dashes, never a number', () => {
    const over = calculatorTexts({ n: 10, c: 11, k: 2, ...wilson });
    expect(over.error).toBe('c: must be ≤ n (10), got 11');
    expect(over.passHatK).toBe('—');
    expect(calculatorTexts({ n: 5, c: 2, k: 8, ...wilson }).error).toMatch(/^k: must be ≤ n \(5\).*not estimable.*got 8$/);
    expect(calculatorTexts({ n: Number.NaN, c: 2, k: 1, ...wilson }).error).toMatch(/^n: .*got NaN$/);
    expect(calculatorTexts({ n: 10, c: 2, k: 1, ...wilson, confidence: 1 }).error).toBe('confidence: must be a number strictly between 0 and 1, got 1');
  });
});

describe('curvesSvg', () => {
  it('marks the chosen k at its two values: p = 0.9, k = 8 → dots at 1 − 0.1^8 and 0.9^8 of the plot height', () => {
    // Plot: y = 16 + (1 − v)·204 (margins 16 and 40 of 260); 0.9^8 = 0.43047 → y = 132.18 (closed form).
    const svg = curvesSvg(0.9, 8);
    const dot = (cls: string) => Number(new RegExp(`cy="([\\d.]+)" r="4.5" class="${cls}"`).exec(svg)![1]);
    expect(dot('dot-hat')).toBeCloseTo(16 + (1 - 0.43046721) * 204, 6);
    expect(dot('dot-at')).toBeCloseTo(16 + (1 - (1 - 1e-8)) * 204, 6);
    expect(svg).not.toMatch(/NaN|undefined/);
  });

  it('keeps the curve labels apart when the curves meet (p = 1)', () => {
    const ys = [...curvesSvg(1, 4).matchAll(/y="([\d.]+)" class="label-(?:at|hat)"/g)].map((m) => Number(m[1]));
    expect(ys[1]! - ys[0]!).toBeGreaterThanOrEqual(14);
  });
});
