// attempt-success: observed success at each attempt after all earlier ones failed, with
// Clopper–Pearson intervals (checked against scipy), against each fitted model's hazard.
// The fixture is `passk fit test/fixtures/episodes/ldb-gpt35.jsonl --json` (test/fixtures/charts/README.md).
import { describe, expect, it } from 'vitest';
import { attemptSuccessChart } from '../../../packages/cli/src/charts/attemptSuccessChart.js';
import { chartFits } from '../../../packages/cli/src/charts/chartFits.js';
import { chartFixture } from './chartFixture.js';

const ldb = chartFixture('fit-episodes-ldb', 'passk.fit');

describe('attempt-success', () => {
  it('the observed squares are the visible passes by attempt 391/500, 27/109, 7/82, 4/75, 6/71, 0/65, 1/65, 0/64, 1/64, 0/63', () => {
    const rows = (attemptSuccessChart(ldb).spec as any).data.values.filter((row: any) => row.role === 'observed');
    expect(rows.map((row: any) => `${row.successes}/${row.atRisk}`)).toEqual([
      '391/500',
      '27/109',
      '7/82',
      '4/75',
      '6/71',
      '0/65',
      '1/65',
      '0/64',
      '1/64',
      '0/63',
    ]);
    expect(rows[1].value).toBe(27 / 109);
  });

  it('Clopper–Pearson bounds as scipy gives them', () => {
    // python3: beta.ppf(0.025, c, n − c + 1), beta.ppf(0.975, c + 1, n − c)
    const scipy: Record<number, [number, number]> = {
      1: [0.7431945650011731, 0.8174326993337718],
      2: [0.17001985225679717, 0.33956850781080833],
      6: [0, 0.055171634318813376],
    };
    const rows = (attemptSuccessChart(ldb).spec as any).data.values.filter((row: any) => row.role === 'observed');
    for (const [attempt, [lower, upper]] of Object.entries(scipy)) {
      const row = rows.find((r: any) => r.attempt === Number(attempt));
      expect(row.lower).toBeCloseTo(lower, 9);
      expect(row.upper).toBeCloseTo(upper, 9);
    }
  });

  it("every model's line is its hazard in the result, the chosen one marked", () => {
    const rows = (attemptSuccessChart(ldb).spec as any).data.values.filter((row: any) => row.role === 'model');
    const d = ldb.dependence!;
    for (const model of d.models) {
      const mine = rows.filter((row: any) => row.model === model.model);
      expect(mine.map((row: any) => row.value)).toEqual(model.hazard);
      expect(mine.every((row: any) => row.chosen === (model.model === d.chosen))).toBe(true);
    }
    expect(attemptSuccessChart(ldb).caption).toMatch(/^After a failed first attempt, 24\.8% \[17\.0%, 34\.0%\] of 109 succeed at the second/);
  });

  it('fits only a fit of episodes', () => {
    expect(chartFits('attempt-success', ldb)).toBe(true);
    expect(chartFits('attempt-success', chartFixture('fit-tau-bench', 'passk.fit'))).toBe(false);
  });
});
