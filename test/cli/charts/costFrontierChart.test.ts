// cost-frontier: the efficient frontier only among the budgets within the stated wrong-delivery
// limit (#45); the others grey. Checked by brute force over the chart's own data.
import { describe, expect, it } from 'vitest';
import { costFrontierChart } from '../../../packages/cli/src/charts/costFrontierChart.js';
import { chartFixture } from './chartFixture.js';

const results = [chartFixture('simulate-refund', 'passk.simulate'), chartFixture('simulate-parallel', 'passk.simulate')];
const rows = (limit: number | null): any[] => (costFrontierChart(results, { maxWrongDelivery: limit }).spec as any).data.values;

describe('cost-frontier', () => {
  it('with a limit: a budget is on the frontier iff it is within the limit and no budget within it beats it on cost and delivery', () => {
    const all = rows(null)
      .map((row) => row.deliveredWrong)
      .sort((a, b) => a - b);
    // A limit between the smallest and the largest wrong delivery, so that some budgets fail it.
    const limit = all[Math.floor(all.length / 2)]!;
    const points = rows(limit);
    expect(points.some((point) => !point.meets)).toBe(true);
    for (const point of points) {
      expect(point.meets).toBe(point.deliveredWrong <= limit);
      const beaten = points.some(
        (o) =>
          o.meets &&
          o.cost <= point.cost &&
          o.deliveredCorrect >= point.deliveredCorrect &&
          (o.cost < point.cost || o.deliveredCorrect > point.deliveredCorrect),
      );
      expect(point.frontier, `${point.series} k=${point.k}`).toBe(point.meets && !beaten);
    }
    expect(costFrontierChart(results, { maxWrongDelivery: limit }).caption).toMatch(/Grey: \d+ budgets? over the limit, never on the frontier/);
  });

  it('without a limit every budget meets it and the frontier is the plain Pareto set', () => {
    const points = rows(null);
    expect(points.every((point) => point.meets)).toBe(true);
    expect(points.filter((point) => point.frontier).length).toBeGreaterThan(0);
  });
});
