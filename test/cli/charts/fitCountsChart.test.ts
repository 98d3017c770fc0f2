// fit-counts: the bars and points are the fit result's count tables, and the models' points are
// tasks × the beta-binomial pmf (checked against scipy). Goldens and compile checks: chartSpecs.test.ts.
import { describe, expect, it } from 'vitest';
import { fitCountsChart } from '../../../packages/cli/src/charts/fitCountsChart.js';
import { chartFixture } from './chartFixture.js';

const loadResult = (name: string) => chartFixture(name, 'passk.fit');

const tau = loadResult('fit-tau-bench');
const mixed = loadResult('fit-mixed-n');

describe('fit-counts', () => {
  it('τ-bench airline: observed bars are the counts 14, 12, 10, 4, 10 of c = 0…4 (the fixture, 50 tasks × 4 trials)', () => {
    const rows = (fitCountsChart(tau).spec as any).data.values;
    const observed = rows.filter((row: any) => row.role === 'observed');
    expect(observed.map((row: any) => [row.c, row.tasks])).toEqual([
      [0, 14],
      [1, 12],
      [2, 10],
      [3, 4],
      [4, 10],
    ]);
    expect(new Set(rows.map((row: any) => row.group))).toEqual(new Set(['n = 4 (50 tasks)']));
  });

  it("the beta-binomial's points are 50 × BetaBinomial(c; 4, a, b) at the fitted a, b (scipy)", () => {
    const { a, b } = tau.models[0].params;
    expect([a.value, b.value]).toEqual([0.6418081012901888, 0.8575206325586613]);
    // python3 -c "from scipy.stats import betabinom; print([50*betabinom.pmf(c, 4, 0.6418081012901888, 0.8575206325586613) for c in range(5)])"
    const scipy = [14.879664782879981, 9.902619129531734, 8.53442672938739, 8.091903898982618, 8.59138545921827];
    const rows = (fitCountsChart(tau).spec as any).data.values.filter((row: any) => row.role === 'model' && row.chosen);
    expect(rows.map((row: any) => row.c)).toEqual([0, 1, 2, 3, 4]);
    rows.forEach((row: any, c: number) => expect(row.tasks).toBeCloseTo(scipy[c]!, 9));
    expect(rows[0].series).toBe('beta-binomial (chosen, AIC 161.95)');
  });

  it('every model point is the result’s predicted count, and only the chosen model is marked chosen', () => {
    const rows = (fitCountsChart(tau).spec as any).data.values.filter((row: any) => row.role === 'model');
    for (const model of tau.models) {
      const mine = rows.filter((row: any) => row.series.startsWith(model.name === 'betaBinomial' ? 'beta-binomial' : 'zero/one-inflated'));
      expect(mine.map((row: any) => row.tasks)).toEqual(tau.goodnessOfFit.counts[0].rows.map((row: any) => row.predicted[model.name]));
      expect(mine.every((row: any) => row.chosen === (model.name === tau.chosen))).toBe(true);
    }
  });

  it('caption: the largest gap of the chosen model (c = 3: 8.1 expected, 4 observed) and the saturated model named', () => {
    const { caption } = fitCountsChart(tau);
    expect(caption).toContain('misses most at c = 3: 8.1 expected, 4 observed.');
    // 4 parameters, one table of n = 4 with 4 free cells (the fit's own note says the same).
    expect(tau.notes[0]).toContain('reproduces the observed counts exactly');
    expect(caption).toContain('The zero/one-inflated beta-binomial has as many parameters as the counts have free cells');
    expect(fitCountsChart(mixed).caption).not.toContain('free cells');
  });

  it('several n: one panel per n in increasing n, each with its own counts (n = 3: 6 tasks, 4: 16, 8: 24 by construction)', () => {
    const chart = fitCountsChart(mixed);
    const spec = chart.spec as any;
    expect(spec.facet.column.sort).toEqual(['n = 3 (6 tasks)', 'n = 4 (16 tasks)', 'n = 8 (24 tasks)']);
    const observed = (n: number) => spec.data.values.filter((row: any) => row.role === 'observed' && row.n === n).map((row: any) => row.tasks);
    expect(observed(3)).toEqual([2, 1, 2, 1]);
    expect(observed(4)).toEqual([3, 3, 4, 3, 3]);
    expect(observed(8)).toEqual([5, 2, 2, 1, 2, 2, 3, 3, 4]);
    expect(spec.resolve.scale).toEqual({ x: 'independent', y: 'independent' });
  });

  it('more than three values of n: the three with the most tasks, said in the caption', () => {
    const extra = structuredClone(mixed);
    extra.goodnessOfFit.counts.push({
      n: 2,
      tasks: 1,
      rows: [0, 1, 2].map((c) => ({ c, observed: c === 1 ? 1 : 0, predicted: { betaBinomial: 0.3, zeroOneInflatedBetaBinomial: 0.3 } })),
    });
    const chart = fitCountsChart(extra);
    expect((chart.spec as any).facet.column.sort).toEqual(['n = 3 (6 tasks)', 'n = 4 (16 tasks)', 'n = 8 (24 tasks)']);
    expect(chart.caption).toContain('Shown: the 3 values of n with the most tasks, of 4.');
  });
});
