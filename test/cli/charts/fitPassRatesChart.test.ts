// fit-pass-rates: observed rates with their CI (tasks) bars (as fit and estimate print them), model lines split at n into a fitted and
// a model-based part, the model-based region and bands. Goldens and compile checks: chartSpecs.test.ts.
import { describe, expect, it } from 'vitest';
import { fitPassRatesChart } from '../../../packages/cli/src/charts/fitPassRatesChart.js';
import { chartFixture, checked, type Fixture } from './chartFixture.js';

const loadResult = (name: string) => chartFixture(name, 'passk.fit');

const tau = loadResult('fit-tau-bench');
const rowsOf = (result: Fixture<'passk.fit'>): any[] => (fitPassRatesChart(result).spec as any).data.values;

describe('fit-pass-rates', () => {
  it('observed points: the unbiased task averages of the 50 tasks, bars the CI (tasks) of predictions (τ-bench: pass^2 = 27.3 %, 41 of 150 pairs)', () => {
    const observed = rowsOf(tau).filter((row) => row.role === 'observed');
    expect(observed).toHaveLength(2 * tau.goodnessOfFit.passRates.length);
    const hat2 = observed.find((row) => row.metric === 'pass^k' && row.k === 2);
    // Closed form: Σ C(c, 2)/C(4, 2) over the counts 14, 12, 10, 4, 10 of c = 0…4, / 50 = (0 + 0 + 10 + 12 + 60)/6/50 = 0.27333…
    expect(hat2.value).toBeCloseTo(82 / 6 / 50, 12);
    const source = tau.goodnessOfFit.passRates[1]!.observed.passHatK;
    const se = source.se!;
    expect([hat2.value, hat2.se]).toEqual([source.value, source.se]);
    expect(se).toBeGreaterThan(0);
    const cli = tau.predictions.find((row) => row.k === 2 && row.basis === 'observed')!.passHatK.interval!;
    expect([hat2.lower, hat2.upper]).toEqual([cli.lower, cli.upper]);
    expect(hat2.tasks).toBe(50);
  });

  it("model lines: the result's predictions and intervals; pass^8 of the beta-binomial is B(a + 8, b)/B(a, b) (scipy)", () => {
    const models = rowsOf(tau).filter((row) => row.role === 'model');
    const hat8 = models.find((row) => row.metric === 'pass^k' && row.k === 8 && row.chosen);
    // python3 -c "from scipy.special import beta as B; a, b = 0.6418081012901888, 0.8575206325586613; print(B(a + 8, b) / B(a, b))"
    expect(hat8.value).toBeCloseTo(0.10025266814644535, 12);
    const interval8 = tau.models[0]!.intervals!.passHatK['8']!;
    expect([hat8.lower, hat8.upper]).toEqual([interval8.lower, interval8.upper]);
    const at8 = models.find((row) => row.metric === 'pass@k' && row.k === 8 && row.chosen);
    // python3 -c "from scipy.special import beta as B; a, b = 0.6418081012901888, 0.8575206325586613; print(1 - B(a, b + 8) / B(a, b))"
    expect(at8.value).toBeCloseTo(0.7997285356641368, 12);
    for (const model of tau.models) {
      for (const k of [1, 2, 3, 4, 5, 6, 7, 8]) {
        const row = models.find((r) => r.series.startsWith(model.name === 'betaBinomial' ? 'beta-binomial' : 'zero/one') && r.metric === 'pass@k' && r.k === k);
        expect(row.value).toBe(model.predicted.passAtK[String(k)]);
      }
    }
  });

  it('lines split at n = 4: k < 4 fitted, k > 4 model-based, k = 4 in both so the two styles join', () => {
    const chosen = rowsOf(tau).filter((row) => row.role === 'model' && row.chosen && row.metric === 'pass^k');
    const ks = (segment: string) => chosen.filter((row) => row.segment === segment).map((row) => row.k);
    expect(ks('k ≤ n: fitted')).toEqual([1, 2, 3, 4]);
    expect(ks('k > n: model-based')).toEqual([4, 5, 6, 7, 8]);
  });

  it('the model-based region spans k = 4 … 8 in both panels, labelled, and the caption says the values are not measured', () => {
    const regions = rowsOf(tau).filter((row) => row.role === 'region');
    expect(regions.map((row) => [row.metric, row.from, row.to, row.label, row.label2])).toEqual([
      ['pass@k', 4, 8, 'model-based', 'beyond n = 4'],
      ['pass^k', 4, 8, 'model-based', 'beyond n = 4'],
    ]);
    const chart = fitPassRatesChart(tau);
    expect(chart.caption).toContain('Beyond n = 4 trials the dashed lines are model-based, not measured');
    expect(chart.caption).toContain('the chosen beta-binomial puts pass^8 at 10.0% [3.9%, 23.2%]');
    expect(chart.caption).toContain('the zero/one-inflated beta-binomial at 18.7% [9.5%, 33.5%]');
    // Dashed where model-based.
    const lines = (chart.spec as any).spec.layer.filter((layer: any) => layer.mark.type === 'line');
    expect(lines[0].encoding.strokeDash.scale).toEqual({
      domain: ['k ≤ n: fitted', 'k > n: model-based'],
      range: [
        [1, 0],
        [6, 4],
      ],
    });
  });

  it('without extrapolated k: no region, no band, and the caption reads the models at the largest n', () => {
    const none = structuredClone(tau);
    none.extrapolation.ks = [];
    for (const model of none.models) {
      for (const metric of ['passAtK', 'passHatK'] as const) {
        for (const k of ['5', '6', '7', '8']) {
          delete model.predicted[metric][k];
          delete model.intervals![metric][k];
        }
      }
    }
    const chart = fitPassRatesChart(checked(none));
    const rows = (chart.spec as any).data.values;
    expect(rows.some((row: any) => row.role === 'region')).toBe(false);
    expect(rows.some((row: any) => row.segment === 'k > n: model-based')).toBe(false);
    expect((chart.spec as any).spec.layer.some((layer: any) => layer.mark.type === 'area')).toBe(false);
    expect(chart.caption).toMatch(/^At k = 4 the chosen beta-binomial puts pass\^4 at 17\.2% /);
  });

  it('a model without intervals (no covariance) keeps its line and loses its band', () => {
    const bare = structuredClone(tau);
    bare.models[1].intervals = null;
    const other = rowsOf(checked(bare)).filter((row) => row.role === 'model' && !row.chosen);
    expect(other.length).toBeGreaterThan(0);
    expect(other.every((row) => row.lower === null && row.upper === null)).toBe(true);
  });
});
